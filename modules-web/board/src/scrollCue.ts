/** What the board's sideways scroll cue says: the columns out of view on either side, and where a scroll button goes. */

/** A stretch of the scrolled content, in pixels from its start. */
export interface Span {
  start: number;
  end: number;
}

export interface HiddenColumns {
  /** Columns wholly or partly left of the view. */
  before: number;
  /** Columns wholly or partly right of the view. */
  after: number;
}

/** Sub-pixel layout leaves a fully shown column a fraction of a pixel over the edge. */
const SLACK = 2;

/** The columns not wholly inside `view` on each side. */
export function hiddenColumns(view: Span, columns: readonly Span[]): HiddenColumns {
  return {
    before: columns.filter((column) => column.start < view.start - SLACK).length,
    after: columns.filter((column) => column.end > view.end + SLACK).length,
  };
}

/**
 * Where to scroll the view to page `toward` one side: the first column cut off on the right
 * becomes the first in view, or the last cut off on the left becomes the last in view (one
 * column at a time on a phone, where one fills the view; the browser stops at the ends).
 * Null when nothing is hidden there.
 */
export function pageTarget(view: Span, columns: readonly Span[], toward: 'before' | 'after'): number | null {
  if (toward === 'after') {
    const next = columns.find((column) => column.end > view.end + SLACK);
    return next ? next.start : null;
  }
  const previous = columns.filter((column) => column.start < view.start - SLACK).at(-1);
  return previous ? Math.max(previous.end - (view.end - view.start), 0) : null;
}

/** "2 more columns →", or "← 1 more column" when only the left has some; null when all are in view. */
export function hiddenColumnsHint({ before, after }: HiddenColumns): string | null {
  const more = (count: number) => `${count} more ${count === 1 ? 'column' : 'columns'}`;
  if (after > 0) return `${more(after)} →`;
  if (before > 0) return `← ${more(before)}`;
  return null;
}
