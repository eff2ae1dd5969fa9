/**
 * Fakes of the host for tests: `fakeServer()` answers the API from routes a test gives and
 * `/api/realtime` with streams the test writes to (`fakeRealtimeServer()` alone).
 */

import type { HttpMethod } from '../src/api';

export interface FakeStream {
  url: string;
  headers: Record<string, string>;
  /** Writes text to the stream (as UTF-8 bytes). */
  send(text: string): void;
  /** Ends the stream as the server closing it would. */
  end(): void;
  /** Whether the client aborted or cancelled it. */
  readonly closedByClient: boolean;
}

export interface FakeRealtimeServer {
  fetch: typeof fetch;
  /** Every stream opened, in order. */
  streams: FakeStream[];
  /** Statuses to answer next (one is used per call; 200 when empty). */
  statuses: number[];
  calls: number;
}

/** A fake `/api/realtime` endpoint: a fetch that answers streams the test writes to. */
export function fakeRealtimeServer(): FakeRealtimeServer {
  const encoder = new TextEncoder();
  const server: FakeRealtimeServer = {
    streams: [],
    statuses: [],
    calls: 0,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      server.calls++;
      const status = server.statuses.shift() ?? 200;
      if (status !== 200) {
        return new Response(JSON.stringify({ message: `status ${status}` }), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      }
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      let closedByClient = false;
      let open = true;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
        cancel() {
          closedByClient = true;
          open = false;
        },
      });
      init?.signal?.addEventListener('abort', () => {
        closedByClient = true;
        if (open) {
          open = false;
          controller.error(new DOMException('The operation was aborted.', 'AbortError'));
        }
      });
      const stream: FakeStream = {
        url: String(input),
        headers: { ...(init?.headers as Record<string, string>) },
        send(text) {
          if (open) controller.enqueue(encoder.encode(text));
        },
        end() {
          if (open) {
            open = false;
            controller.close();
          }
        },
        get closedByClient() {
          return closedByClient;
        },
      };
      server.streams.push(stream);
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }) as typeof fetch,
  };
  return server;
}

/** Lets pending promise callbacks and zero-delay timers run. */
export function settle(ms = 5): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A request the fake server took. */
export interface FakeRequest {
  method: string;
  /** The URL's path, e.g. `/api/m/support/tickets/t1`. */
  path: string;
  query: URLSearchParams;
  /** A JSON body parsed; another body as it was sent; undefined without one. */
  body: unknown;
  headers: Record<string, string>;
  /** The values of the route's `:name` segments. */
  params: Record<string, string>;
}

/** An answer other than JSON with 200: `reply(409, { message: 'Changed meanwhile' })`. */
export class FakeReply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

export function reply(status: number, body?: unknown): FakeReply {
  return new FakeReply(status, body);
}

/** What a route answers: JSON with 200, a `reply(...)`, or nothing (204); may be async. */
export type FakeHandler = (request: FakeRequest) => unknown;

export interface FakeServer {
  /** The `fetch` of the shell's services: the SDK's API client and realtime hub call it. */
  fetch: typeof fetch;
  /**
   * Answers `method path` (a `:name` segment matches any one segment) with `answer`: a
   * handler, or the value itself. A later route for the same request wins over an earlier.
   */
  on(method: HttpMethod, path: string, handler: FakeHandler): FakeServer;
  on(method: HttpMethod, path: string, answer: unknown): FakeServer;
  /** Every request but the realtime streams, in order. */
  requests: FakeRequest[];
  /** The requests of one method and path (no query). */
  requestsTo(method: HttpMethod, path: string): FakeRequest[];
  /** `/api/realtime`: its streams, and statuses to answer next. */
  realtime: FakeRealtimeServer;
}

interface Route {
  method: string;
  segments: string[];
  answer: unknown;
}

function match(route: Route, method: string, path: string): Record<string, string> | null {
  const segments = path.split('/');
  if (route.method !== method || route.segments.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of route.segments.entries()) {
    const actual = segments[index]!;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(actual);
    else if (segment !== actual) return null;
  }
  return params;
}

function json(status: number, body: unknown): Response {
  if (body === undefined) return new Response(null, { status: status === 200 ? 204 : status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A fake host: the API from the routes a test gives (`server.on('GET', '/api/m/vault/processes', [...])`),
 * every request recorded, 404 for a request no route takes, and `/api/realtime` as `fakeRealtimeServer()`.
 */
export function fakeServer(): FakeServer {
  const routes: Route[] = [];
  const realtime = fakeRealtimeServer();
  const server: FakeServer = {
    requests: [],
    realtime,
    on(method: HttpMethod, path: string, answer: unknown) {
      routes.unshift({ method, segments: path.split('/'), answer });
      return server;
    },
    requestsTo(method, path) {
      return server.requests.filter((request) => request.method === method && request.path === path);
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://autoscope.test');
      if (url.pathname === '/api/realtime') return realtime.fetch(input, init);
      const method = (init?.method ?? 'GET').toUpperCase();
      const headers = { ...(init?.headers as Record<string, string> | undefined) };
      const isJson = Object.entries(headers).some(
        ([name, value]) => name.toLowerCase() === 'content-type' && value.includes('json'),
      );
      const body = typeof init?.body === 'string' && isJson ? JSON.parse(init.body) : (init?.body ?? undefined);
      const request: FakeRequest = { method, path: url.pathname, query: url.searchParams, body, headers, params: {} };
      server.requests.push(request);
      for (const route of routes) {
        const params = match(route, method, url.pathname);
        if (!params) continue;
        request.params = params;
        const answer = typeof route.answer === 'function' ? await (route.answer as FakeHandler)(request) : route.answer;
        return answer instanceof FakeReply ? json(answer.status, answer.body) : json(200, answer);
      }
      return json(404, { message: `No fake route for ${method} ${url.pathname}` });
    }) as typeof fetch,
  };
  return server;
}
