/** The fake host of the remotes' component tests; imported by nothing a remote builds. */

import { fakeServer, type FakeServer } from '@autoscope/web-sdk/testing';

/** A fake host whose masters (`POST /api/master/list`, as `useMasterNames` reads them) are these names by type. */
export function hostWithMasters(masters: Readonly<Record<string, readonly string[]>>): FakeServer {
  return fakeServer().on('POST', '/api/master/list', ({ body }) => ({
    data: (masters[(body as { type: string }).type] ?? []).map((name) => ({ name })),
  }));
}
