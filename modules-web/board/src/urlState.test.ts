import { describe, expect, it } from 'vitest';

import { NO_FILTERS, filtersFromParams, laneModeFromParams, withFilters, withLaneMode } from './urlState';

describe('the filters in the URL', () => {
  it('reads each filter, and none for what is missing or unknown', () => {
    expect(filtersFromParams(new URLSearchParams('q=invoice&department=Finance&owner_id=u1&health=at_risk'))).toEqual({
      q: 'invoice',
      department: 'Finance',
      owner_id: 'u1',
      assignee_id: null,
      health: 'at_risk',
    });
    expect(filtersFromParams(new URLSearchParams('health=sunny&department='))).toEqual(NO_FILTERS);
  });

  it('writes the set filters, trimmed, and keeps the other parameters', () => {
    const next = withFilters(new URLSearchParams('lanes=owner&q=old&health=delayed'), {
      ...NO_FILTERS,
      q: ' audit ',
      assignee_id: 'u2',
    });
    expect(next.toString()).toBe('lanes=owner&q=audit&assignee_id=u2');
    expect(withFilters(next, NO_FILTERS).toString()).toBe('lanes=owner');
  });

  it('reads back what it wrote', () => {
    const filters = { q: 'a&b', department: 'R&D', owner_id: 'u1', assignee_id: 'u2', health: 'on_track' };
    expect(filtersFromParams(withFilters(new URLSearchParams(), filters))).toEqual(filters);
  });
});

describe('the swimlanes in the URL', () => {
  it('are none unless the URL names a known kind', () => {
    expect(laneModeFromParams(new URLSearchParams())).toBe('none');
    expect(laneModeFromParams(new URLSearchParams('lanes=colour'))).toBe('none');
    expect(laneModeFromParams(new URLSearchParams('lanes=department'))).toBe('department');
  });

  it('leave none out of the URL', () => {
    const owner = withLaneMode(new URLSearchParams('q=x'), 'owner');
    expect(owner.toString()).toBe('q=x&lanes=owner');
    expect(withLaneMode(owner, 'none').toString()).toBe('q=x');
  });
});
