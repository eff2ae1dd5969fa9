import { describe, expect, it } from 'vitest';

import { EXPORT_PAGE_SIZE, countText, fetchAllPages, type ListPage } from './lists';

describe('every page of a list', () => {
  it('reads page after page with the largest page size, until no cursor is left', async () => {
    const pages: Record<string, ListPage<number>> = {
      first: { items: [1, 2], next_cursor: 'c2', total: 5 },
      c2: { items: [3, 4], next_cursor: 'c3', total: 5 },
      c3: { items: [5], next_cursor: null, total: 5 },
    };
    const asked: unknown[] = [];
    const api = {
      get: async <T>(path: string, options?: { query?: Record<string, unknown> }) => {
        asked.push([path, options?.query]);
        return pages[String(options?.query?.cursor ?? 'first')] as T;
      },
    };
    const all = await fetchAllPages<number>(api, '/items', (limit, cursor) => ({ q: 'x', limit, cursor }));
    expect(all).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([
      ['/items', { q: 'x', limit: EXPORT_PAGE_SIZE, cursor: null }],
      ['/items', { q: 'x', limit: EXPORT_PAGE_SIZE, cursor: 'c2' }],
      ['/items', { q: 'x', limit: EXPORT_PAGE_SIZE, cursor: 'c3' }],
    ]);
  });
});

describe('counts', () => {
  it('say one or many', () => {
    expect(countText(1, ['process', 'processes'])).toBe('1 process');
    expect(countText(0, ['ticket', 'tickets'])).toBe('0 tickets');
    expect(countText(1200, ['ticket', 'tickets'])).toBe(`${(1200).toLocaleString()} tickets`);
  });
});
