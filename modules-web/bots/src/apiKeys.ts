/** The company's ingestion API keys (the host's `/api/ingest/keys`) and how an orchestrator sends runs. */

import type { ApiKey } from './types';

/** Active keys first (newest first), then revoked ones. */
export function sortKeys(keys: readonly ApiKey[]): ApiKey[] {
  return [...keys].sort(
    (a, b) => Number(a.revoked_at !== null) - Number(b.revoked_at !== null) || b.created_at - a.created_at,
  );
}

/** The host's message for a key name that is blank or longer than 100 characters. */
export const KEY_NAME = 'Please give the key a name of at most 100 characters';

/** A key's name: required, at most 100 characters (the host's check). */
export function keyNameError(name: string): string | undefined {
  const trimmed = name.trim();
  return trimmed && [...trimmed].length <= 100 ? undefined : KEY_NAME;
}

/** The runs endpoint of the portal at `origin`. */
export function runsEndpoint(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/api/ingest/bots/runs`;
}

/** A curl command sending one run with `key` (a placeholder when the key is not shown). */
export function curlExample(origin: string, key: string | null): string {
  const run = {
    external_id: 'run-1001',
    bot: 'Invoice bot',
    process: 'Invoice posting',
    started_at: '2026-03-02T08:00:00Z',
    ended_at: '2026-03-02T08:04:10Z',
    status: 'successful',
    items: 25,
  };
  return [
    `curl -X POST '${runsEndpoint(origin)}' \\`,
    `  -H 'Authorization: Bearer ${key ?? '<your API key>'}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  --data '${JSON.stringify([run])}'`,
  ].join('\n');
}
