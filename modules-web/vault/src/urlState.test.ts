import { describe, expect, it } from 'vitest';

import type { ProcessFilters } from './types';
import { DEFAULT_SORT, clearedFilters, filtersFromParams, isFiltered, withFilters } from './urlState';

const NONE: ProcessFilters = { q: '', stage: null, health: null, department: null, owner_id: null, sort: DEFAULT_SORT };

describe('the URL state', () => {
  it('reads no filters and the newest first from an empty URL', () => {
    expect(filtersFromParams(new URLSearchParams())).toEqual(NONE);
  });

  it('reads every filter and the sort', () => {
    const params = new URLSearchParams('q=pay&stage=live&health=delayed&department=HR&owner_id=u1&sort=-benefit_money');
    expect(filtersFromParams(params)).toEqual({
      q: 'pay',
      stage: 'live',
      health: 'delayed',
      department: 'HR',
      owner_id: 'u1',
      sort: '-benefit_money',
    });
  });

  it('drops values the list cannot filter or sort by', () => {
    const params = new URLSearchParams('stage=closed&health=fine&sort=-secret&department=');
    expect(filtersFromParams(params)).toEqual(NONE);
    expect(filtersFromParams(new URLSearchParams('sort=name')).sort).toBe('name');
  });

  it('writes only what differs from the defaults and keeps the other parameters', () => {
    const next = withFilters(new URLSearchParams('process=p1&q=old&stage=idea'), {
      ...NONE,
      q: '  invoice ',
      health: 'at_risk',
    });
    expect(next.toString()).toBe('process=p1&q=invoice&health=at_risk');
    expect(withFilters(new URLSearchParams(), { ...NONE, sort: 'name' }).toString()).toBe('sort=name');
  });

  it('reads back what it writes', () => {
    const filters: ProcessFilters = { ...NONE, q: 'a b', stage: 'testing', owner_id: 'u9', sort: 'ease' };
    expect(filtersFromParams(withFilters(new URLSearchParams(), filters))).toEqual(filters);
  });

  it('counts a narrowing filter, not the sort or a blank search', () => {
    expect(isFiltered(NONE)).toBe(false);
    expect(isFiltered({ ...NONE, q: '   ', sort: 'name' })).toBe(false);
    expect(isFiltered({ ...NONE, department: 'IT' })).toBe(true);
  });

  it('clears the filters and keeps the sort', () => {
    expect(clearedFilters({ ...NONE, q: 'x', stage: 'idea', sort: 'name' })).toEqual({ ...NONE, sort: 'name' });
  });
});
