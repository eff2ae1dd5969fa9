import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchVisibleModules } from '@autoscope/web-sdk';

import { prefetchVisibleModules, takePrefetchedFetch } from '../../src/modules/prefetch';
import { hostAnswer } from '../app/hostMenu';

const answer = () =>
  new Response(JSON.stringify(hostAnswer([])), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('prefetchVisibleModules', () => {
  it('starts one request per token, which the SDK then reads once', async () => {
    const fetchMock = vi.fn(async () => answer());
    vi.stubGlobal('fetch', fetchMock);
    prefetchVisibleModules('token-a');
    prefetchVisibleModules('token-a');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/modules', {
      headers: { Accept: 'application/json', Authorization: 'Bearer token-a' },
    });
    expect(takePrefetchedFetch('token-b')).toBeUndefined();
    await expect(fetchVisibleModules('token-a', { fetch: takePrefetchedFetch('token-a') })).resolves.toEqual(
      hostAnswer([]),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(takePrefetchedFetch('token-a')).toBeUndefined();
  });

  it('leaves an old answer unused', () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer()),
    );
    prefetchVisibleModules('token-c');
    vi.advanceTimersByTime(31_000);
    expect(takePrefetchedFetch('token-c')).toBeUndefined();
  });

  it('hands a failed request to the SDK, which reports it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    prefetchVisibleModules('token-d');
    await expect(fetchVisibleModules('token-d', { fetch: takePrefetchedFetch('token-d') })).rejects.toMatchObject({
      status: 0,
    });
  });
});
