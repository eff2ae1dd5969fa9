import { describe, expect, it } from 'vitest';

import { pageCount, rangeText } from './pagination';

describe('pages of tickets', () => {
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
