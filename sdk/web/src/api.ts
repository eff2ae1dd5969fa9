/**
 * A JSON API client for the host: bound to a prefix (`/api` for the host's own calls,
 * `/api/m/<key>` for a module), sending the session's bearer token, and turning the
 * host's `{ "message": ... }` error bodies into `ApiError`.
 */

/** Said when an error answer carries no message of its own. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong';
/** Said when the host could not be reached at all (status 0). */
export const NETWORK_ERROR_MESSAGE = 'The server could not be reached';

/** A failed call: the HTTP status (0 when the host was not reached) and the host's message. */
export class ApiError extends Error {
  readonly status: number;
  /** The parsed error body, when it was JSON. */
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** 401: the session is missing or over. */
  get unauthorized(): boolean {
    return this.status === 401;
  }
  /** 403: the rights do not allow it (or "Upgrade to Premium"). */
  get forbidden(): boolean {
    return this.status === 403;
  }
  get notFound(): boolean {
    return this.status === 404;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Whether `err` is the rejection of an aborted call (which callers usually ignore). */
export function isAbortError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Appended to the path's query string; null and undefined values are left out. */
  query?: Query;
  headers?: Record<string, string>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClient {
  /** The URL prefix calls go under, e.g. `/api/m/process`. */
  readonly prefix: string;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  request<T = unknown>(method: HttpMethod, path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** The answer as a Blob (e.g. a CSV export); GET unless a method is given. */
  blob(path: string, options?: RequestOptions & { method?: HttpMethod; body?: unknown }): Promise<Blob>;
  /** Fetches `path` as a Blob and has the browser save it as `filename`. */
  download(
    path: string,
    filename: string,
    options?: RequestOptions & { method?: HttpMethod; body?: unknown },
  ): Promise<void>;
  /** The full URL a path resolves to (without the token). */
  url(path: string, query?: Query): string;
}

export interface ApiClientConfig {
  /** `/api` or `/api/m/<key>`; no trailing slash. */
  prefix: string;
  getToken: () => string | null;
  /** Called on every 401 answer, before the ApiError is thrown. */
  onUnauthorized?: () => void;
  /** Origin prefix, '' for same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** The prefix of a module's API: `/api/m/<key>`. */
export function modulePrefix(moduleKey: string): string {
  if (!moduleKey) throw new Error('A module key is required');
  return `/api/m/${encodeURIComponent(moduleKey)}`;
}

function appendQuery(url: string, query: Query | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as QueryValue[]) {
      if (item === null || item === undefined) continue;
      params.append(key, String(item));
    }
  }
  const search = params.toString();
  if (!search) return url;
  return url + (url.includes('?') ? '&' : '?') + search;
}

/** Joins a prefix and a path: `/api/m/x` + `/items` → `/api/m/x/items`; '' or '/' → the prefix. */
export function joinPath(prefix: string, path: string): string {
  const base = prefix.replace(/\/+$/, '');
  if (path === '' || path === '/') return base;
  if (path.startsWith('?')) return base + path;
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) {
    throw new Error(`An API path must be relative to its prefix, not a URL: ${path}`);
  }
  return base + (path.startsWith('/') ? path : `/${path}`);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    if (type.includes('json')) throw err;
    return text;
  }
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null) {
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
  }
  return undefined;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const prefix = config.prefix.replace(/\/+$/, '');
  const baseUrl = (config.baseUrl ?? '').replace(/\/+$/, '');

  const url = (path: string, query?: Query) => appendQuery(baseUrl + joinPath(prefix, path), query);

  async function send(method: HttpMethod, path: string, body: unknown, options: RequestOptions, accept: string) {
    const doFetch = config.fetch ?? globalThis.fetch;
    const headers: Record<string, string> = { Accept: accept, ...options.headers };
    const token = config.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    if (options.signal) init.signal = options.signal;
    let response: Response;
    try {
      response = await doFetch(url(path, options.query), init);
    } catch (err) {
      if (isAbortError(err) || options.signal?.aborted) throw err;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE, err);
    }
    if (!response.ok) {
      let errorBody: unknown;
      try {
        errorBody = await readBody(response);
      } catch {
        errorBody = undefined;
      }
      if (response.status === 401) config.onUnauthorized?.();
      throw new ApiError(response.status, messageOf(errorBody) ?? GENERIC_ERROR_MESSAGE, errorBody);
    }
    return response;
  }

  async function request<T>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}) {
    const response = await send(method, path, body, options, 'application/json');
    try {
      return (await readBody(response)) as T;
    } catch (err) {
      if (isAbortError(err)) throw err;
      throw new ApiError(response.status, 'The server answered with invalid JSON', undefined);
    }
  }

  async function blob(path: string, options: RequestOptions & { method?: HttpMethod; body?: unknown } = {}) {
    const response = await send(options.method ?? 'GET', path, options.body, options, '*/*');
    return response.blob();
  }

  return {
    prefix,
    url,
    request,
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    patch: (path, body, options) => request('PATCH', path, body, options),
    delete: (path, body, options) => request('DELETE', path, body, options),
    blob,
    async download(path, filename, options) {
      saveBlob(await blob(path, options), filename);
    },
  };
}

/** Has the browser save a Blob under `filename`. */
export function saveBlob(data: Blob, filename: string): void {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') {
    throw new Error('Saving a file needs a browser');
  }
  const href = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers start the download after the click returns.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}
