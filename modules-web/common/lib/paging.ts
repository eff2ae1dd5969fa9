/**
 * Paging through a list that pages by cursor (`GET /tickets`, `GET /runs`): the cursors of the
 * pages up to the current one are kept, so Previous goes back and Next goes on. Other filters
 * start over on the first page.
 */

export interface Paging {
  /** The query or filters the pages belong to (`JSON.stringify` of them). */
  key: string;
  /** The cursor of each page so far, the first page's being null. */
  cursors: readonly (string | null)[];
}

export function firstPage(key: string): Paging {
  return { key, cursors: [null] };
}

/** The paging for `key`: as it is for the same query, the first page for another. */
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

/** `26–50` for page 2 showing 25 rows of `size`; `None` for an empty first page. */
export function rowsText(page: number, shown: number, size: number): string {
  if (shown === 0) return 'None';
  const first = (page - 1) * size + 1;
  return `${first.toLocaleString()}–${(first + shown - 1).toLocaleString()}`;
}
