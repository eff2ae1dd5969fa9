/**
 * A module's database connections (the host's `sources` capability), which company admins
 * keep under `/api/modules/<key>/connections`. The host seals the password and never answers
 * it: `password_set` says whether one is stored, and a draft without `password` keeps it.
 */

import type { ApiClient, RequestOptions } from './api';
// The types are generated from the host's Rust types (host/src/modules/typescript.rs).
import type { Connection, ConnectionDraft, ConnectionTest, ServerVersion } from './generated';

/** The calls on one module's connections. */
export interface SourceConnections {
  /** The module's connections, by name. */
  list(options?: RequestOptions): Promise<Connection[]>;
  create(draft: ConnectionDraft): Promise<Connection>;
  /** Changes a connection; a draft without `password` keeps the stored one. */
  update(id: string, draft: ConnectionDraft): Promise<Connection>;
  /** Deletes a connection; what the module imported through it stays. */
  remove(id: string): Promise<{ message: string }>;
  /**
   * Connects with a draft and answers the server's version; rejects with the database's own
   * error (502). With the `id` of a stored connection, its password stands in for a left-out one.
   */
  test(test: ConnectionTest): Promise<ServerVersion>;
}

/** The connections of module `moduleKey` through `host`, the host's client (`useHostApi()`). */
export function sourceConnections(host: ApiClient, moduleKey: string): SourceConnections {
  const base = `/modules/${encodeURIComponent(moduleKey)}/connections`;
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  return {
    list: (options) => host.get<Connection[]>(base, options),
    create: (draft) => host.post<Connection>(base, draft),
    update: (id, draft) => host.put<Connection>(one(id), draft),
    remove: (id) => host.delete<{ message: string }>(one(id)),
    test: (test) => host.post<ServerVersion>(`${base}/test`, test),
  };
}
