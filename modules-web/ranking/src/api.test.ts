import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@autoscope/web-sdk';

import { fetchRanking, rankingKeys, saveWeights } from './api';

/** An API client whose get and put answer `answer` and record their calls. */
function fakeApi(answer: unknown) {
  const get = vi.fn().mockResolvedValue(answer);
  const put = vi.fn().mockResolvedValue(answer);
  return { api: { get, put } as unknown as ApiClient, get, put };
}

describe('the ranking API', () => {
  it('asks for the saved weights without a query, and a what-if with all three', async () => {
    const { api, get } = fakeApi({ items: [] });
    await fetchRanking(api, null);
    await fetchRanking(api, { benefit: 10, ease: 0, potential: 90 });
    expect(get.mock.calls[0]).toEqual(['/ranking', { signal: undefined, query: undefined }]);
    expect(get.mock.calls[1]?.[1]).toMatchObject({ query: { benefit: 10, ease: 0, potential: 90 } });
  });

  it('keeps only the three weights of the saved record', async () => {
    const { api, put } = fakeApi({ id: 'w1', version: 2, benefit: 60, ease: 20, potential: 20 });
    expect(await saveWeights(api, { benefit: 60, ease: 20, potential: 20 })).toEqual({
      benefit: 60,
      ease: 20,
      potential: 20,
    });
    expect(put).toHaveBeenCalledWith('/weights', { benefit: 60, ease: 20, potential: 20 });
  });

  it('files each what-if under its weights, and the first load apart, per user', () => {
    expect(rankingKeys.ranking('u1', null)).toEqual(['ranking', 'u1', 'ranking', 'saved']);
    expect(rankingKeys.ranking('u1', { benefit: 1, ease: 2, potential: 3 })).toEqual([
      'ranking',
      'u1',
      'ranking',
      [1, 2, 3],
    ]);
    expect(rankingKeys.ranking('u2', null)[1]).toBe('u2');
  });
});
