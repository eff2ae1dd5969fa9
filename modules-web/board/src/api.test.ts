import { describe, expect, it } from 'vitest';

import { COLUMN_KEYS, COLUMN_LABELS, columnLabel, filtersQuery, hasFilters, type BoardFilters } from './api';

const NONE: BoardFilters = { q: '', department: null, owner_id: null, assignee_id: null, health: null };

describe('board columns', () => {
  it('has a column per stage up to live, then the one of retired and rejected', () => {
    expect(COLUMN_KEYS).toEqual(['idea', 'assessment', 'analysis', 'development', 'testing', 'live', 'closed']);
    expect(COLUMN_LABELS.closed).toBe('Retired or Rejected');
    expect(COLUMN_LABELS.testing).toBe('Testing');
  });

  it("uses the board's own label, else the built-in one", () => {
    const columns = [{ key: 'idea' as const, label: 'Ideas', wip_limit: null, count: 0 }];
    expect(columnLabel(columns, 'idea')).toBe('Ideas');
    expect(columnLabel(columns, 'closed')).toBe('Retired or Rejected');
  });
});

describe('board filters', () => {
  it('sends the set filters only, the search trimmed', () => {
    expect(filtersQuery({ ...NONE, q: '  pay ', health: 'delayed' })).toEqual({
      q: 'pay',
      department: undefined,
      owner_id: undefined,
      assignee_id: undefined,
      health: 'delayed',
    });
  });

  it('counts a blank search as no filter', () => {
    expect(hasFilters(NONE)).toBe(false);
    expect(hasFilters({ ...NONE, q: '   ' })).toBe(false);
    expect(hasFilters({ ...NONE, assignee_id: 'u1' })).toBe(true);
  });
});
