import { describe, expect, it } from 'vitest';

import { KEY_NAME, curlExample, keyNameError, runsEndpoint, sortKeys } from './apiKeys';
import type { ApiKey } from './types';

const key = (id: string, created_at: number, revoked_at: number | null = null): ApiKey => ({
  id,
  name: id,
  prefix: 'ak_1234',
  created_at,
  created_by: null,
  last_used_at: null,
  revoked_at,
});

describe('API keys', () => {
  it('list active keys first, newest first', () => {
    const sorted = sortKeys([key('old', 1), key('revoked', 9, 10), key('new', 5)]);
    expect(sorted.map((item) => item.id)).toEqual(['new', 'old', 'revoked']);
  });

  it('need a name', () => {
    expect(keyNameError('  ')).toBe(KEY_NAME);
    expect(keyNameError('x'.repeat(101))).toBe(KEY_NAME);
    expect(keyNameError('UiPath Orchestrator')).toBeUndefined();
  });

  it('come with a curl example for the portal', () => {
    expect(runsEndpoint('https://portal.example.com/')).toBe('https://portal.example.com/api/ingest/bots/runs');
    const example = curlExample('https://portal.example.com', 'ak_secret');
    expect(example.split('\n')).toEqual([
      "curl -X POST 'https://portal.example.com/api/ingest/bots/runs' \\",
      "  -H 'Authorization: Bearer ak_secret' \\",
      "  -H 'Content-Type: application/json' \\",
      `  --data '[{"external_id":"run-1001","bot":"Invoice bot","process":"Invoice posting","started_at":"2026-03-02T08:00:00Z","ended_at":"2026-03-02T08:04:10Z","status":"successful","items":25}]'`,
    ]);
    expect(curlExample('http://localhost:8080', null)).toContain('Bearer <your API key>');
  });
});
