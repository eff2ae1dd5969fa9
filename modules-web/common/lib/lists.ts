/**
 * A page's list kept in a plugin's storage: pages by cursor, every page for an export, and
 * what an export says.
 */

import type { ApiClient, Query } from '@autoscope/web-sdk';

import { formatNumber } from './format';

/** One page of a storage list, as the plugins answer it. */
export interface ListPage<T> {
  items: T[];
  next_cursor: string | null;
  total: number | null;
}

/** The largest page storage gives: an export reads with it. */
export const EXPORT_PAGE_SIZE = 500;

/** Every item of a list, page after page: `GET path` with `query(limit, cursor)` (for a CSV export). */
export async function fetchAllPages<T>(
  api: Pick<ApiClient, 'get'>,
  path: string,
  query: (limit: number, cursor: string | null) => Query,
): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | null = null;
  do {
    const page: ListPage<T> = await api.get<ListPage<T>>(path, { query: query(EXPORT_PAGE_SIZE, cursor) });
    all.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

/** A list's nouns, one and many (`process`, `processes`): many also names the export's file. */
export type Nouns = readonly [one: string, many: string];

/** `3 processes`, `1 process`. */
export function countText(count: number, [one, many]: Nouns): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}
