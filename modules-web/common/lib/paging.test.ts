import { describe, expect, it } from 'vitest';

import { currentCursor, firstPage, nextPage, pageNumber, pagingFor, previousPage, rowsText } from './paging';

describe('paging by cursor', () => {
  it('starts on page 1 without a cursor', () => {
    const paging = firstPage('{"bot":"A"}');
    expect([currentCursor(paging), pageNumber(paging)]).toEqual([null, 1]);
  });

  it('goes on with the next cursor and back to the one before', () => {
    const second = nextPage(firstPage('k'), 'c2');
    const third = nextPage(second, 'c3');
    expect([currentCursor(third), pageNumber(third)]).toEqual(['c3', 3]);
    expect(previousPage(third)).toEqual(second);
    expect(previousPage(previousPage(second))).toEqual(firstPage('k'));
  });

  it('starts over for other filters, and stays put for the same', () => {
    const second = nextPage(firstPage('a'), 'c2');
    expect(pagingFor(second, 'a')).toBe(second);
    expect(pagingFor(second, 'b')).toEqual(firstPage('b'));
  });

  it('says which rows are shown', () => {
    expect(rowsText(1, 25, 25)).toBe('1–25');
    expect(rowsText(3, 4, 25)).toBe('51–54');
    expect(rowsText(1, 0, 25)).toBe('None');
  });
});
