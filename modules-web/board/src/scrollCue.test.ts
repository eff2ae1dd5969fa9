import { describe, expect, it } from 'vitest';

import { hiddenColumns, hiddenColumnsHint, pageTarget, type Span } from './scrollCue';

// Seven columns 240 px wide, 12 px apart: 0–240, 252–492, …, 1512–1752.
const COLUMNS: Span[] = Array.from({ length: 7 }, (_, index) => ({ start: index * 252, end: index * 252 + 240 }));
const view = (start: number, width = 1000): Span => ({ start, end: start + width });

describe('hiddenColumns', () => {
  it('counts the columns cut off or out of view on each side', () => {
    // 0–1000 shows three columns whole and the fourth (756–996) just inside.
    expect(hiddenColumns(view(0), COLUMNS)).toEqual({ before: 0, after: 3 });
    expect(hiddenColumns(view(300), COLUMNS)).toEqual({ before: 2, after: 2 });
    expect(hiddenColumns(view(752), COLUMNS)).toEqual({ before: 3, after: 0 });
  });

  it('has none hidden when the board fits', () => {
    expect(hiddenColumns(view(0, 1752), COLUMNS)).toEqual({ before: 0, after: 0 });
    // A fraction of a pixel over the edge is in view.
    expect(hiddenColumns(view(0, 1751.4), COLUMNS)).toEqual({ before: 0, after: 0 });
  });
});

describe('pageTarget', () => {
  it('brings the first column cut off on the right to the left edge', () => {
    expect(pageTarget(view(0), COLUMNS, 'after')).toBe(1008);
    expect(pageTarget(view(300), COLUMNS, 'after')).toBe(1260);
  });

  it('brings the last column cut off on the left to the right edge', () => {
    expect(pageTarget(view(752), COLUMNS, 'before')).toBe(0);
    expect(pageTarget(view(1200), COLUMNS, 'before')).toBe(248);
  });

  it('goes one column at a time when one fills the view (a phone)', () => {
    expect(pageTarget(view(252, 300), COLUMNS, 'after')).toBe(504);
    expect(pageTarget(view(252, 300), COLUMNS, 'before')).toBe(0);
  });

  it('has nowhere to go on a side with nothing hidden', () => {
    expect(pageTarget(view(0), COLUMNS, 'before')).toBeNull();
    expect(pageTarget(view(752), COLUMNS, 'after')).toBeNull();
  });
});

describe('hiddenColumnsHint', () => {
  it('names the columns to the right first, then those to the left', () => {
    expect(hiddenColumnsHint({ before: 0, after: 3 })).toBe('3 more columns →');
    expect(hiddenColumnsHint({ before: 2, after: 1 })).toBe('1 more column →');
    expect(hiddenColumnsHint({ before: 1, after: 0 })).toBe('← 1 more column');
  });

  it('says nothing when every column is in view', () => {
    expect(hiddenColumnsHint({ before: 0, after: 0 })).toBeNull();
  });
});
