/**
 * Database Integration's server state as TanStack Query hooks: the plugin's mappings and
 * syncs (`/api/m/db_integration/...`, plugins/db_integration/src) and the host's connections
 * (the web SDK's `useSourceConnections`). Keys start with the module and the signed-in user:
 * the shell's query client outlives a session.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  JOBS_CHANNEL,
  useCurrentUser,
  useModuleApi,
  useRealtime,
  useSourceConnections,
  type ConnectionDraft,
  type ConnectionTest,
  type Job,
  type SourceColumn,
  type SourceTable,
} from '@autoscope/web-sdk';

import type { Connections, Mapping, Preset, Preview, StoredMapping, TableMap, Target } from './generated';
import { withJob } from './syncs';

export const keys = {
  all: (user: string) => ['db_integration', user] as const,
  connections: (user: string) => ['db_integration', user, 'connections'] as const,
  presets: (user: string) => ['db_integration', user, 'presets'] as const,
  mapping: (user: string, id: string) => ['db_integration', user, 'mapping', id] as const,
  tables: (user: string, id: string) => ['db_integration', user, 'tables', id] as const,
  columns: (user: string, id: string, table: string) => ['db_integration', user, 'columns', id, table] as const,
  syncs: (user: string, id: string) => ['db_integration', user, 'syncs', id] as const,
};

const connectionPath = (id: string) => `/connections/${encodeURIComponent(id)}`;

function useUser(): string {
  return useCurrentUser()?.id ?? '';
}

/** The connections with their mappings' outline, and whether the caller may change them. */
export function useConnections() {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: keys.connections(user),
    queryFn: ({ signal }) => api.get<Connections>('/connections', { signal }),
  });
}

export function usePresets() {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: keys.presets(user),
    queryFn: ({ signal }) => api.get<Preset[]>('/presets', { signal }),
    staleTime: Infinity,
  });
}

/** The saved mapping of a connection, or null when it has none yet. */
export function useMapping(id: string) {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: keys.mapping(user, id),
    queryFn: ({ signal }) => api.get<StoredMapping | null>(`${connectionPath(id)}/mapping`, { signal }),
  });
}

/** The tables and views the connection's user can read. */
export function useTables(id: string) {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: keys.tables(user, id),
    queryFn: ({ signal }) => api.get<SourceTable[]>(`${connectionPath(id)}/tables`, { signal }),
    retry: false,
  });
}

/** A table's columns; idle without a table. */
export function useColumns(id: string, table: string) {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: keys.columns(user, id, table),
    queryFn: ({ signal }) => api.get<SourceColumn[]>(`${connectionPath(id)}/columns`, { signal, query: { table } }),
    enabled: table !== '',
    retry: false,
    staleTime: 60_000,
  });
}

/** The connection's syncs, newest first, kept current from the module's jobs channel. */
export function useSyncs(id: string) {
  const api = useModuleApi();
  const user = useUser();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: keys.syncs(user, id),
    queryFn: ({ signal }) => api.get<Job[]>('/syncs', { signal, query: { connection: id } }),
  });
  useRealtime<Job>(
    JOBS_CHANNEL,
    (job) => {
      if (job.key === id) client.setQueryData<Job[]>(keys.syncs(user, id), (jobs) => withJob(jobs, job));
    },
    // Changes may have been missed: read the list again.
    { onGap: () => void client.invalidateQueries({ queryKey: keys.syncs(user, id) }) },
  );
  return query;
}

/** Adds, changes, deletes and tests connections through the host; the list follows. */
export function useConnectionChanges() {
  const connections = useSourceConnections();
  const client = useQueryClient();
  const user = useUser();
  const changed = () => client.invalidateQueries({ queryKey: keys.all(user) });
  return {
    save: useMutation({
      mutationFn: ({ id, draft }: { id: string | null; draft: ConnectionDraft }) =>
        id === null ? connections.create(draft) : connections.update(id, draft),
      onSuccess: changed,
    }),
    remove: useMutation({ mutationFn: (id: string) => connections.remove(id), onSuccess: changed }),
    test: useMutation({ mutationFn: (test: ConnectionTest) => connections.test(test) }),
  };
}

/** A preset's tables as the connection names them (nothing is saved). */
export function useApplyPreset(id: string) {
  const api = useModuleApi();
  return useMutation({
    mutationFn: (preset: string) => api.post<Mapping>(`${connectionPath(id)}/preset`, { preset }),
  });
}

/** A starting mapping of one table onto a target (nothing is saved). */
export function useCustomTable(id: string) {
  const api = useModuleApi();
  return useMutation({
    mutationFn: (body: { target: Target; table: string }) => api.post<TableMap>(`${connectionPath(id)}/custom`, body),
  });
}

export function useSaveMapping(id: string) {
  const api = useModuleApi();
  const client = useQueryClient();
  const user = useUser();
  return useMutation({
    mutationFn: (body: Mapping & { version?: number }) =>
      api.put<{ version: number }>(`${connectionPath(id)}/mapping`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.mapping(user, id) });
      void client.invalidateQueries({ queryKey: keys.connections(user) });
    },
  });
}

/** The first rows of a table mapped, and those rejected with why (nothing is stored). */
export function usePreview(id: string) {
  const api = useModuleApi();
  return useMutation({
    mutationFn: (table: TableMap) => api.post<Preview>(`${connectionPath(id)}/preview`, table),
  });
}

/** Starts a sync, or with `from`/`to` (YYYY-MM-DD) a back-fill of those days. */
export function useStartSync(id: string) {
  const api = useModuleApi();
  const client = useQueryClient();
  const user = useUser();
  return useMutation({
    mutationFn: (range: { from: string; to: string } | null) =>
      api.post<Job>(`${connectionPath(id)}/syncs`, undefined, { query: range ?? undefined }),
    onSuccess: (job) => client.setQueryData<Job[]>(keys.syncs(user, id), (jobs) => withJob(jobs, job)),
  });
}

export function useCancelSync(id: string) {
  const api = useModuleApi();
  const client = useQueryClient();
  const user = useUser();
  return useMutation({
    mutationFn: (job: string) => api.post<Job>(`/syncs/${encodeURIComponent(job)}/cancel`),
    onSuccess: (job) => client.setQueryData<Job[]>(keys.syncs(user, id), (jobs) => withJob(jobs, job)),
  });
}
