import { describe, expect, it } from 'vitest';

import {
  currentCursor,
  firstPage,
  nextPage,
  pageCount,
  pageNumber,
  pagingFor,
  previousPage,
  rangeText,
} from './pagination';

describe('paging by cursor', () => {
  it('starts on page 1 without a cursor', () => {
    const paging = firstPage('a');
    expect([pageNumber(paging), currentCursor(paging)]).toEqual([1, null]);
  });

  it('goes on with the next cursor and back to the one before', () => {
    const third = nextPage(nextPage(firstPage('a'), 'c2'), 'c3');
    expect([pageNumber(third), currentCursor(third)]).toEqual([3, 'c3']);
    const second = previousPage(third);
    expect([pageNumber(second), currentCursor(second)]).toEqual([2, 'c2']);
    expect(previousPage(previousPage(second))).toEqual(firstPage('a'));
  });

  it('starts over when the filters change, and stays put when they do not', () => {
    const second = nextPage(firstPage('a'), 'c2');
    expect(pagingFor(second, 'a')).toBe(second);
    expect(pagingFor(second, 'b')).toEqual(firstPage('b'));
  });

  it('counts pages of 50, at least one', () => {
    expect([pageCount(0), pageCount(50), pageCount(51), pageCount(230)]).toEqual([1, 1, 2, 5]);
  });

  it('says which rows show, of how many', () => {
    expect(rangeText(1, 50, 230)).toBe('1–50 of 230 tickets');
    expect(rangeText(5, 30, 230)).toBe('201–230 of 230 tickets');
    expect(rangeText(1, 1, 1)).toBe('1–1 of 1 ticket');
    expect(rangeText(2, 50, null)).toBe('51–100');
    expect(rangeText(1, 0, 0)).toBe('0 of 0 tickets');
  });
});
