import { describe, expect, it } from 'vitest';

import { departmentOptions, matchingItems, sortedItems } from './shown';
import { aRanked } from './testFixtures';
import type { RankingFilters } from './urlState';

const ITEMS = [
  aRanked({ rank: 1, id: 'p1', name: 'Invoice matching', department: 'Finance', bucket: 'quick_win', ease: 71 }),
  aRanked({ rank: 2, id: 'p2', name: 'Claims intake', department: 'Operations', bucket: 'strategic', ease: 24 }),
  aRanked({ rank: 3, id: 'p3', name: 'Vendor invoices', department: null, bucket: 'long_term', ease: 71 }),
];
const NONE: RankingFilters = { q: '', department: null, bucket: null, sort: 'rank' };
const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe('the ranking shown', () => {
  it('leaves the processes a search, department or bucket names, in rank order', () => {
    expect(ids(matchingItems(ITEMS, NONE))).toEqual(['p1', 'p2', 'p3']);
    expect(ids(matchingItems(ITEMS, { ...NONE, q: ' INVOICE ' }))).toEqual(['p1', 'p3']);
    expect(ids(matchingItems(ITEMS, { ...NONE, department: 'Operations' }))).toEqual(['p2']);
    expect(ids(matchingItems(ITEMS, { ...NONE, q: 'invoice', bucket: 'long_term' }))).toEqual(['p3']);
  });

  it('sorts by a column either way, by rank among equals, blanks last', () => {
    expect(ids(sortedItems(ITEMS, '-rank'))).toEqual(['p3', 'p2', 'p1']);
    expect(ids(sortedItems(ITEMS, 'ease'))).toEqual(['p2', 'p1', 'p3']);
    expect(ids(sortedItems(ITEMS, '-ease'))).toEqual(['p1', 'p3', 'p2']);
    expect(ids(sortedItems(ITEMS, 'name'))).toEqual(['p2', 'p1', 'p3']);
    expect(ids(sortedItems(ITEMS, '-department'))).toEqual(['p2', 'p1', 'p3']);
  });

  it("offers the ranked processes' departments, and the one chosen", () => {
    expect(departmentOptions(ITEMS, null)).toEqual(['Finance', 'Operations']);
    expect(departmentOptions(ITEMS, 'Legal')).toEqual(['Finance', 'Legal', 'Operations']);
  });
});
