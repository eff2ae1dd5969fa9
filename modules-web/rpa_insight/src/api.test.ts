import { describe, expect, it } from 'vitest';
import type { ApiClient, RequestOptions } from '@autoscope/web-sdk';

import type { ListPage } from '@common/lib/lists';
import { fetchRunsForExport } from './api';
import { stateFromParams } from './params';
import { runFixture } from './testFixtures';
import type { Run } from './types';

/** A plugin holding `total` runs, answering pages of `GET /runs` by a numeric cursor. */
function fakeApi(total: number) {
  const asked: RequestOptions['query'][] = [];
  const api: Pick<ApiClient, 'get'> = {
    get: async <T>(path: string, options?: RequestOptions) => {
      expect(path).toBe('/runs');
      asked.push(options?.query);
      const start = Number(options?.query?.cursor ?? 0);
      const limit = Number(options?.query?.limit);
      const end = Math.min(total, start + limit);
      const items: Run[] = Array.from({ length: end - start }, (_, index) =>
        runFixture({ id: `run-${start + index}` }),
      );
      const page: ListPage<Run> = { items, next_cursor: end < total ? String(end) : null, total: null };
      return page as T;
    },
  };
  return { api, asked };
}

const STATE = stateFromParams(
  new URLSearchParams('range=custom&from=2026-03-02&to=2026-03-09&bot=Alpha&queue=Q&status=failed'),
);

describe('the runs export', () => {
  it('reads every page of the filters, 500 at a time', async () => {
    const { api, asked } = fakeApi(1_203);
    const { runs, truncated } = await fetchRunsForExport(api, STATE, '2026-03-18');
    expect([runs.length, truncated]).toEqual([1_203, false]);
    expect(runs[1_202]?.id).toBe('run-1202');
    expect(asked.map((query) => [query?.limit, query?.cursor])).toEqual([
      [500, null],
      [500, '500'],
      [500, '1000'],
    ]);
    expect(asked[0]).toMatchObject({ from: '2026-03-02', to: '2026-03-09', bot: 'Alpha', status: 'failed' });
    expect(asked[0]).not.toHaveProperty('queue');
  });

  it('stops at the most it takes and says more were left', async () => {
    const { api, asked } = fakeApi(2_000);
    const { runs, truncated } = await fetchRunsForExport(api, STATE, '2026-03-18', 1_200);
    expect([runs.length, truncated]).toEqual([1_200, true]);
    expect(asked.map((query) => query?.limit)).toEqual([500, 500, 200]);
  });

  it('reads nothing while the days are not valid', async () => {
    const { api, asked } = fakeApi(10);
    const invalid = stateFromParams(new URLSearchParams('range=custom&from=2026-03-10&to=2026-03-09'));
    expect(await fetchRunsForExport(api, invalid, '2026-03-18')).toEqual({ runs: [], truncated: false });
    expect(asked).toEqual([]);
  });
});
