/**
 * Starts `GET /api/modules` as soon as a token is known (at sign-in, or when a stored
 * session is read back), while the signed-in area's chunks are still loading. It needs
 * nothing but `fetch`, so the session may call it without adding weight to the login
 * page; the SDK's `fetchVisibleModules` reads the answer as usual (see `useVisibleModules`).
 */

/** Older than this, a prefetched answer is not used (the query asks again). */
const PREFETCH_MAX_AGE_MS = 30_000;

let pending: { token: string; startedAt: number; response: Promise<Response> } | null = null;

/** Starts fetching the module list for `token`, unless that fetch is already under way. */
export function prefetchVisibleModules(token: string): void {
  if (pending?.token === token) return;
  const response = fetch('/api/modules', { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  // A failure is seen (and retried) by the query that takes it, not here.
  response.catch(() => undefined);
  pending = { token, startedAt: Date.now(), response };
}

/**
 * A `fetch` answering with the prefetched response for `token`, handed out once; undefined
 * when there is none (or it is too old), so that the caller uses the real `fetch`.
 */
export function takePrefetchedFetch(token: string): typeof fetch | undefined {
  const taken = pending;
  if (taken?.token !== token) return undefined;
  pending = null;
  if (Date.now() - taken.startedAt > PREFETCH_MAX_AGE_MS) return undefined;
  return () => taken.response;
}
