import { describe, expect, it } from 'vitest';

import {
  clearedFilters,
  filtersFromParams,
  isFiltered,
  runsViewFromParams,
  tabFromParams,
  withFilters,
  withRunsView,
  withTab,
} from './urlState';

describe('the URL state of the page', () => {
  it('reads the filters, dropping unknown values', () => {
    const params = new URLSearchParams('q=inv&type=attended&vendor=UiPath&owner_id=u1&sort=-licence_cost');
    expect(filtersFromParams(params)).toEqual({
      q: 'inv',
      type: 'attended',
      vendor: 'UiPath',
      owner_id: 'u1',
      sort: '-licence_cost',
    });
    const odd = filtersFromParams(new URLSearchParams('type=robot&vendor=uipath&sort=notes'));
    expect(odd).toEqual({ q: '', type: null, vendor: null, owner_id: null, sort: 'name' });
  });

  it('writes only what narrows or differs from the default, and keeps the rest', () => {
    const filters = { q: ' claims ', type: null, vendor: 'Blue Prism' as const, owner_id: null, sort: 'name' };
    expect(withFilters(new URLSearchParams('tab=utilisation&q=x'), filters).toString()).toBe(
      'tab=utilisation&q=claims&vendor=Blue+Prism',
    );
    expect(isFiltered(filters)).toBe(true);
    expect(isFiltered(clearedFilters(filters))).toBe(false);
    expect(clearedFilters({ ...filters, sort: '-name' }).sort).toBe('-name');
  });

  it('opens the API keys tab for company administrators only', () => {
    expect(tabFromParams(new URLSearchParams('tab=keys'), true)).toBe('keys');
    expect(tabFromParams(new URLSearchParams('tab=keys'), false)).toBe('inventory');
    expect(tabFromParams(new URLSearchParams('tab=calculation'), false)).toBe('calculation');
    expect(tabFromParams(new URLSearchParams('tab=nope'), true)).toBe('inventory');
    expect(withTab(new URLSearchParams('tab=keys&q=a'), 'inventory').toString()).toBe('q=a');
    expect(withTab(new URLSearchParams(), 'utilisation').toString()).toBe('tab=utilisation');
  });

  it('reads the open bot’s runs view: a status, all of them, or none (the overview)', () => {
    expect(runsViewFromParams(new URLSearchParams('bot=b1&runs=failed'))).toBe('failed');
    expect(runsViewFromParams(new URLSearchParams('runs=all'))).toBe('all');
    expect(runsViewFromParams(new URLSearchParams('runs=broken'))).toBeNull();
    expect(withRunsView(new URLSearchParams('bot=b1&runs=all'), null).toString()).toBe('bot=b1');
  });
});
