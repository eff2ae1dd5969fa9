/** A host stand-in for jsdom tests: `fetch` answers by path, and every request is recorded. */

import { vi } from 'vitest';

export type HostAnswer = { status: number; body: unknown };
/** The host's answer for each path: fixed, or made from the request's JSON body. */
export type HostAnswers = Record<string, HostAnswer | ((body: Record<string, unknown>) => HostAnswer)>;
export type HostRequest = { path: string; method: string; body: Record<string, unknown> };

/** A JSON response with `status`, as the host sends one. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Stubs `fetch` with `route`, pushing `METHOD url` of each request to `calls` first. */
export function stubRoutes(
  calls: string[],
  route: (url: string, method: string, init?: RequestInit) => Response | Promise<Response>,
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      return route(url, method, init);
    }),
  );
}

/** Stubs `fetch` to answer from `answers` (404 for another path) and push each request to `requests`. */
export function stubHost(answers: HostAnswers, requests: HostRequest[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      requests.push({ path, method: init?.method ?? 'GET', body });
      const found = answers[path];
      const answer =
        typeof found === 'function' ? found(body) : (found ?? { status: 404, body: { message: 'Not found' } });
      return json(answer.status, answer.body);
    }),
  );
}
