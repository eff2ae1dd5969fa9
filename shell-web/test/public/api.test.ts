import { afterEach, describe, expect, test, vi } from 'vitest';
import { api, ApiError, FALLBACK_MESSAGE } from '../../src/api';

function answer(status: number, body: string) {
  return vi.fn(async () => new Response(body === '' ? null : body, { status }));
}

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  test('calls /api with JSON, the bearer token and POST for a body', async () => {
    const fetch = answer(200, '{"message":"ok"}');
    vi.stubGlobal('fetch', fetch);
    await expect(api('/users/signin', { body: { email: 'a@b.co' }, token: 'tok' })).resolves.toEqual({ message: 'ok' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/signin');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect(init.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer tok' });
  });

  test('uses GET without a body and sends no token when there is none', async () => {
    const fetch = answer(200, '[]');
    vi.stubGlobal('fetch', fetch);
    await api('/modules', { token: null });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('GET');
    expect(init.headers).not.toHaveProperty('authorization');
  });

  test('resolves undefined for an empty answer', async () => {
    vi.stubGlobal('fetch', answer(200, ''));
    await expect(api('/notification/markRead', { body: {} })).resolves.toBeUndefined();
  });

  test('sends a raw body as it is', async () => {
    const fetch = answer(200, '{}');
    vi.stubGlobal('fetch', fetch);
    const raw = new Blob(['x']);
    await api('/users/uploadProfilePic', { raw, headers: { 'content-type': 'image/png' } });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(raw);
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'content-type': 'image/png' });
  });

  test.each([
    [401, '{"message":"Invalid Credentials!"}', 'Invalid Credentials!'],
    [400, '{"message":"Email already exists"}', 'Email already exists'],
    [429, '{"message":"Too many attempts, please try again later"}', 'Too many attempts, please try again later'],
    [500, '<html>proxy error</html>', FALLBACK_MESSAGE],
    [502, '', FALLBACK_MESSAGE],
    [404, '{"message":""}', FALLBACK_MESSAGE],
  ])('a %i answer rejects with ApiError and the host message', async (status, body, message) => {
    vi.stubGlobal('fetch', answer(status, body));
    const error = await api('/x').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, message });
  });

  test('an unreachable host is status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('/x')).rejects.toMatchObject({ status: 0, message: FALLBACK_MESSAGE });
  });

  test('an aborted call rejects with the AbortError itself', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    const error = await api('/x').catch((err: unknown) => err);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  test('an unreadable success answer is an error, not data', async () => {
    vi.stubGlobal('fetch', answer(200, 'not json'));
    await expect(api('/x')).rejects.toMatchObject({ status: 200, message: FALLBACK_MESSAGE });
  });
});
