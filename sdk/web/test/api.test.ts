import { describe, expect, it, vi } from 'vitest';

import { ApiError, createApiClient, joinPath, modulePrefix, NETWORK_ERROR_MESSAGE } from '../src/api';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

function fakeFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body as string | undefined,
      signal: init?.signal ?? undefined,
    };
    calls.push(call);
    return answer(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function moduleClient(
  fetch: typeof globalThis.fetch,
  extra: { onUnauthorized?: () => void; token?: string | null } = {},
) {
  return createApiClient({
    prefix: modulePrefix('process'),
    getToken: () => (extra.token === undefined ? 'tok-123' : extra.token),
    onUnauthorized: extra.onUnauthorized,
    fetch,
  });
}

describe('API client', () => {
  it('calls /api/m/<key><path> with the bearer token and reads JSON', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { data: [1, 2] }));
    const api = moduleClient(fetch);
    await expect(api.get('/items')).resolves.toEqual({ data: [1, 2] });
    expect(calls[0]).toMatchObject({ url: '/api/m/process/items', method: 'GET', body: undefined });
    expect(calls[0]!.headers.Authorization).toBe('Bearer tok-123');
    expect(calls[0]!.headers.Accept).toBe('application/json');
    expect(calls[0]!.headers['Content-Type']).toBeUndefined();
  });

  it('builds paths, query strings and the module root', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const api = moduleClient(fetch);
    await api.get('items/7');
    await api.get('/');
    await api.get('/search?q=a', { query: { page: 2, size: undefined, tags: ['x', 'y z'], on: false, none: null } });
    await api.get('/list', { query: { q: 'a&b' } });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/m/process/items/7',
      '/api/m/process',
      '/api/m/process/search?q=a&page=2&tags=x&tags=y+z&on=false',
      '/api/m/process/list?q=a%26b',
    ]);
    expect(modulePrefix('a b')).toBe('/api/m/a%20b');
    expect(joinPath('/api', '/notification/getall')).toBe('/api/notification/getall');
    expect(() => joinPath('/api', 'https://elsewhere.example/x')).toThrow();
    expect(() => joinPath('/api', '//elsewhere.example/x')).toThrow();
  });

  it('sends a JSON body with each method', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { ok: true }));
    const api = moduleClient(fetch);
    await api.post('/items', { name: 'A', n: 1 });
    await api.put('/items/1', { name: 'B' });
    await api.patch('/items/1', { archived: true });
    await api.delete('/items/1');
    await api.delete('/items', { ids: ['1'] });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/m/process/items', '{"name":"A","n":1}'],
      ['PUT', '/api/m/process/items/1', '{"name":"B"}'],
      ['PATCH', '/api/m/process/items/1', '{"archived":true}'],
      ['DELETE', '/api/m/process/items/1', undefined],
      ['DELETE', '/api/m/process/items', '{"ids":["1"]}'],
    ]);
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');
    expect(calls[3]!.headers['Content-Type']).toBeUndefined();
  });

  it('answers undefined for an empty body', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(moduleClient(fetch).post('/x')).resolves.toBeUndefined();
  });

  it.each([403, 404, 409, 413, 502, 503, 504])('throws ApiError with the host message on %i', async (status) => {
    const { fetch } = fakeFetch(() => json(status, { message: `Refused ${status}` }));
    const onUnauthorized = vi.fn();
    const err = await moduleClient(fetch, { onUnauthorized })
      .get('/x')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status, message: `Refused ${status}`, body: { message: `Refused ${status}` } });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('falls back to a generic message when the error body has none', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const err = (await moduleClient(fetch)
      .get('/x')
      .catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(502);
    expect(err.message).toBe('Something went wrong');
  });

  it('calls onUnauthorized on 401, then throws', async () => {
    const { fetch } = fakeFetch(() => json(401, { message: 'Please sign in again' }));
    const onUnauthorized = vi.fn();
    const err = (await moduleClient(fetch, { onUnauthorized })
      .get('/x')
      .catch((e: unknown) => e)) as ApiError;
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
    expect(err.unauthorized).toBe(true);
    expect(err.message).toBe('Please sign in again');
  });

  it('sends no Authorization header without a token, and reads the token at each call', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    let token: string | null = null;
    const api = createApiClient({ prefix: '/api', getToken: () => token, fetch });
    await api.get('/a');
    token = 'fresh';
    await api.get('/b');
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(calls[1]!.headers.Authorization).toBe('Bearer fresh');
  });

  it('passes the AbortSignal and rejects with the abort, not an ApiError', async () => {
    const { fetch, calls } = fakeFetch(
      (call) =>
        new Promise<Response>((_, reject) => {
          call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = moduleClient(fetch).get('/slow', { signal: controller.signal });
    controller.abort();
    const err = await pending.catch((e: unknown) => e);
    expect(calls[0]!.signal).toBe(controller.signal);
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as Error).name).toBe('AbortError');
  });

  it('turns a network failure into ApiError with status 0', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    const err = (await moduleClient(fetch)
      .get('/x')
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
    expect(err.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('fetches a Blob for exports, with the same errors', async () => {
    const { fetch, calls } = fakeFetch((call) =>
      call.url.endsWith('/bad')
        ? json(403, { message: 'Upgrade to Premium to use this module' })
        : new Response('a,b\n1,2\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    const api = moduleClient(fetch);
    const blob = await api.blob('/export', { query: { format: 'csv' } });
    expect(await blob.text()).toBe('a,b\n1,2\n');
    expect(calls[0]!.url).toBe('/api/m/process/export?format=csv');
    expect(calls[0]!.headers.Authorization).toBe('Bearer tok-123');
    await expect(api.blob('/bad')).rejects.toMatchObject({
      status: 403,
      message: 'Upgrade to Premium to use this module',
    });
  });

  it('prefixes the base URL', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const api = createApiClient({ prefix: '/api', baseUrl: 'http://host:8080/', getToken: () => 't', fetch });
    await api.get('/notification/getall');
    expect(calls[0]!.url).toBe('http://host:8080/api/notification/getall');
    expect(api.url('/x', { a: 1 })).toBe('http://host:8080/api/x?a=1');
  });
});
