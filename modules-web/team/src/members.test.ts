import { describe, expect, it } from 'vitest';

import {
  DEFAULT_SORT,
  clearedFilters,
  filtersFromParams,
  isFiltered,
  membersCsv,
  pageOf,
  seatsText,
  visibleMembers,
  withFilters,
  type MemberFilters,
} from './members';
import { ANN, BOB, CY, DORA } from './testFixtures';

const ALL = [DORA, CY, BOB, ANN];
const NONE: MemberFilters = { q: '', role: null, status: null, sort: DEFAULT_SORT };
const names = (filters: Partial<MemberFilters>) =>
  visibleMembers(ALL, { ...NONE, ...filters }).map((member) => member.firstname);

describe('visibleMembers', () => {
  it('sorts by name by default, and by any column both ways', () => {
    expect(names({})).toEqual(['Ann', 'Bob', 'Cy', 'Dora']);
    expect(names({ sort: '-name' })).toEqual(['Dora', 'Cy', 'Bob', 'Ann']);
    expect(names({ sort: 'department' })).toEqual(['Bob', 'Dora', 'Ann', 'Cy']);
    expect(names({ sort: '-joined_at' })).toEqual(['Bob', 'Cy', 'Dora', 'Ann']);
  });

  it('keeps the blank and the never signed in last, whichever way', () => {
    expect(names({ sort: 'last_signin_at' }).at(-1)).toBe('Cy');
    expect(names({ sort: '-last_signin_at' }).at(-1)).toBe('Cy');
    expect(names({ sort: 'job_title' }).at(-1)).toBe('Cy');
    expect(names({ sort: '-job_title' }).at(-1)).toBe('Cy');
  });

  it('searches names and e-mails, and filters by role and status', () => {
    expect(names({ q: ' BAK ' })).toEqual(['Bob']);
    expect(names({ q: 'ann@acme' })).toEqual(['Ann']);
    expect(names({ role: 'r-user' })).toEqual(['Bob', 'Cy', 'Dora']);
    expect(names({ status: 'removed' })).toEqual(['Dora']);
    expect(names({ role: 'r-user', status: 'active' })).toEqual(['Bob']);
  });
});

describe('the filters in the URL', () => {
  it('reads them, leaving out what is unknown', () => {
    const params = new URLSearchParams('q=bo&role=r-user&status=gone&sort=-bogus');
    expect(filtersFromParams(params)).toEqual({ q: 'bo', role: 'r-user', status: null, sort: DEFAULT_SORT });
  });

  it('writes them without defaults, keeping other parameters', () => {
    const params = withFilters(new URLSearchParams('tab=members&q=old'), {
      q: ' ann ',
      role: null,
      status: 'active',
      sort: DEFAULT_SORT,
    });
    expect(params.toString()).toBe('tab=members&q=ann&status=active');
    expect(filtersFromParams(params)).toEqual({ q: 'ann', role: null, status: 'active', sort: DEFAULT_SORT });
  });

  it('tells and clears what narrows the list, not the sort', () => {
    expect(isFiltered({ ...NONE, sort: '-name' })).toBe(false);
    const filtered = { q: 'a', role: 'r', status: 'active', sort: '-name' } as const;
    expect(isFiltered(filtered)).toBe(true);
    expect(clearedFilters(filtered)).toEqual({ ...NONE, sort: '-name' });
  });
});

describe('pageOf', () => {
  const rows = Array.from({ length: 7 }, (_, index) => index);

  it('pages by offsets', () => {
    expect(pageOf(rows, null, 3)).toEqual({ items: [0, 1, 2], next_cursor: '3', total: 7 });
    expect(pageOf(rows, '6', 3)).toEqual({ items: [6], next_cursor: null, total: 7 });
  });

  it('stays within the rows', () => {
    expect(pageOf(rows, '40', 3).items).toEqual([]);
    expect(pageOf(rows, 'x', 3).items).toEqual([0, 1, 2]);
  });
});

describe('membersCsv', () => {
  it('writes a row per member with the table’s words', () => {
    const lines = membersCsv([ANN, CY]).replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Name,E-mail,Role,Company admin,Department,Job title,Status,Last sign-in,Joined');
    expect(lines[1]).toMatch(/^Ann Archer,ann@acme\.test,Admin,Yes,Information Technology,Head of IT,Active,\d/);
    expect(lines[2]).toMatch(/^Cy Cole,cy@acme\.test,User,No,Legal,,Deactivated,,\d\d\/\d\d\/\d{4}$/);
  });
});

describe('seatsText', () => {
  it('says the seats left on the community edition, nothing without a limit', () => {
    expect(seatsText(null)).toBeNull();
    expect(seatsText(1)).toBe('1 seat left on the community edition');
    expect(seatsText(3)).toBe('3 seats left on the community edition');
    expect(seatsText(0)).toBe('No seats left: the community edition allows 5 users');
  });
});
