import { describe, expect, it } from 'vitest';

import { ApiError, createApiClient } from '../src/api';
import { sourceConnections } from '../src/sources';
import type { ConnectionDraft } from '../src/generated';

const DRAFT: ConnectionDraft = {
  name: 'Orchestrator',
  engine: 'mysql',
  host: '127.0.0.1',
  port: 3306,
  database: 'uipath',
  user: 'reader',
  tls: 'disable',
  time_zone: 'UTC',
};

/** A host that records each call and answers with `answer(method, path)`. */
function host(answer: (method: string, path: string) => Response) {
  const calls: { method: string; path: string; body: unknown; auth: string | null }[] = [];
  const api = createApiClient({
    prefix: '/api',
    getToken: () => 'token-1',
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://autoscope.test').pathname;
      const method = init?.method ?? 'GET';
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({
        method,
        path,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        auth: headers.Authorization ?? null,
      });
      return answer(method, path);
    }) as typeof fetch,
  });
  return { api, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe("a module's database connections", () => {
  it("calls the host's paths of the module, with the session", async () => {
    const { api, calls } = host(() => json({}));
    const connections = sourceConnections(api, 'db integration');
    await connections.list();
    await connections.create(DRAFT);
    await connections.update('c/1', { ...DRAFT, password: 'Zebra-4471' });
    await connections.remove('c/1');
    await connections.test({ id: 'c/1', ...DRAFT });
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/modules/db%20integration/connections',
      'POST /api/modules/db%20integration/connections',
      'PUT /api/modules/db%20integration/connections/c%2F1',
      'DELETE /api/modules/db%20integration/connections/c%2F1',
      'POST /api/modules/db%20integration/connections/test',
    ]);
    expect(calls.every(({ auth }) => auth === 'Bearer token-1')).toBe(true);
    expect(calls[1]!.body).toEqual(DRAFT);
    expect(calls[2]!.body).toMatchObject({ password: 'Zebra-4471' });
    expect(calls[4]!.body).toMatchObject({ id: 'c/1', host: '127.0.0.1' });
  });

  it("rejects a failed test with the database's own message", async () => {
    const { api } = host(() => json({ message: "Access denied for user 'reader'" }, 502));
    const failed = sourceConnections(api, 'db_integration').test(DRAFT);
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({ status: 502, message: "Access denied for user 'reader'" });
  });
});
