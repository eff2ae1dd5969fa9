/** The host's API is on the same origin, under /api. */
export const API_BASE = '/api';

/** The host's 500 text (docs/api.md), also used when an answer has no message of its own. */
export const FALLBACK_MESSAGE = 'Something went wrong';

/** A failed call: the HTTP status (0 when the host cannot be reached) and the host's `{message}`. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** The host's message of a failed call, or the fallback for anything else. */
export function failureMessage(err: unknown): string {
  return err instanceof ApiError ? err.message : FALLBACK_MESSAGE;
}

export interface ApiInit {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as the bearer token when present. */
  token?: string | null;
  signal?: AbortSignal;
  /** Sent as it is (an upload), instead of `body`. */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

function messageOf(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls the host: `api('/users/me', { token })`. Resolves the answer's JSON (undefined for
 * an empty body) and rejects with an `ApiError`; an aborted call rejects with the
 * `AbortError` itself.
 */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  let body: BodyInit | undefined = init.raw;
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  if (init.token) headers.authorization = `Bearer ${init.token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: init.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, FALLBACK_MESSAGE);
  }

  const text = await response.text();
  const data = text === '' ? undefined : parse(text);
  if (!response.ok) throw new ApiError(response.status, messageOf(data) ?? FALLBACK_MESSAGE);
  if (text !== '' && data === undefined) throw new ApiError(response.status, FALLBACK_MESSAGE);
  return data as T;
}
