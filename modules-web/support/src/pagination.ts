/**
 * Paging through `GET /tickets`, which pages by cursor: the cursors of the pages up to the
 * current one are kept, so Previous goes back and Next goes on. Other filters start over.
 */

import { formatNumber } from '../../common/src/format';

/** Rows per page of the table. */
export const PAGE_SIZE = 50;

export interface Paging {
  /** The filters the pages belong to (`JSON.stringify` of them). */
  key: string;
  /** The cursor of each page so far, the first page's being null. */
  cursors: readonly (string | null)[];
}

export function firstPage(key: string): Paging {
  return { key, cursors: [null] };
}

/** The paging for `key`: as it is for the same filters, the first page for others. */
export function pagingFor(paging: Paging, key: string): Paging {
  return paging.key === key ? paging : firstPage(key);
}

/** The cursor to fetch the current page with. */
export function currentCursor(paging: Paging): string | null {
  return paging.cursors[paging.cursors.length - 1] ?? null;
}

/** The current page, from 1. */
export function pageNumber(paging: Paging): number {
  return paging.cursors.length;
}

export function nextPage(paging: Paging, cursor: string): Paging {
  return { ...paging, cursors: [...paging.cursors, cursor] };
}

export function previousPage(paging: Paging): Paging {
  return paging.cursors.length > 1 ? { ...paging, cursors: paging.cursors.slice(0, -1) } : paging;
}

/** How many pages `total` rows make (at least one). */
export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** `51–100 of 230 tickets` for page 2 showing 50 rows; without a total, `51–100`. */
export function rangeText(page: number, shown: number, total: number | null, size = PAGE_SIZE): string {
  const noun = total === 1 ? 'ticket' : 'tickets';
  if (shown === 0) return total == null ? 'No tickets' : `0 of ${formatNumber(total)} ${noun}`;
  const first = (page - 1) * size + 1;
  const range = `${formatNumber(first)}–${formatNumber(first + shown - 1)}`;
  return total == null ? range : `${range} of ${formatNumber(total)} ${noun}`;
}
