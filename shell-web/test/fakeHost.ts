/** A host stand-in for jsdom tests: `fetch` answers by path, and every request is recorded. */

import { vi } from 'vitest';

export type HostAnswer = { status: number; body: unknown };
/** The host's answer for each path: fixed, or made from the request's JSON body. */
export type HostAnswers = Record<string, HostAnswer | ((body: Record<string, unknown>) => HostAnswer)>;
export type HostRequest = { path: string; method: string; body: Record<string, unknown> };

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
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}
