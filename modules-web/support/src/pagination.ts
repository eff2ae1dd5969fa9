/**
 * The pages of `GET /tickets`, which pages by cursor (the paging itself is @common/lib/paging):
 * their size, their count and which rows show.
 */

import { formatNumber } from '@common/lib/format';

/** Rows per page of the table. */
export const PAGE_SIZE = 50;

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
