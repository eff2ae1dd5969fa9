/** Search and pagination for the admin tables, done in the browser (the lists are whole). */

import { useMemo, useState } from 'react';

export const PAGE_SIZE = 10;

/** The items whose text contains every word of `query` (case-insensitive). */
export function filterByText<T>(items: readonly T[], query: string, textOf: (item: T) => string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = textOf(item).toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

export interface TablePage<T> {
  query: string;
  setQuery(query: string): void;
  page: number;
  setPage(page: number): void;
  pages: number;
  /** The rows of the current page. */
  rows: T[];
  /** How many items match the search. */
  matching: number;
}

export function useTablePage<T>(items: readonly T[], textOf: (item: T) => string, pageSize = PAGE_SIZE): TablePage<T> {
  const [query, setQueryState] = useState('');
  const [page, setPage] = useState(1);
  const matching = useMemo(() => filterByText(items, query, textOf), [items, query, textOf]);
  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const current = Math.min(page, pages);
  return {
    query,
    setQuery: (next) => {
      setQueryState(next);
      setPage(1);
    },
    page: current,
    setPage,
    pages,
    rows: matching.slice((current - 1) * pageSize, current * pageSize),
    matching: matching.length,
  };
}
