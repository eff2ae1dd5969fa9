/**
 * The vault's server state: every call to the plugin (`/api/m/vault/...`) and to the host's
 * masters, as TanStack Query hooks. Keys start with 'vault' (the shell's client is shared).
 */

import { keepPreviousData, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { useModuleApi, type ApiClient } from '@autoscope/web-sdk';

import { useFileDownload } from '@common/lib/fileDownload';
import { fetchAllPages, type ListPage } from '@common/lib/lists';
import { deleteVersioned, patchVersioned, useModuleMutation } from '@common/lib/mutations';
import type { ImportRow } from './csv';
import type { Import } from './generated';
import type {
  DocumentMeta,
  Formulas,
  HistoryEntry,
  ImportResult,
  Process,
  ProcessFilters,
  Summary,
  TicketsAnswer,
} from './types';
import type { AssessmentFormValues, ProcessPayload } from './validation';
import { assessmentPayload } from './validation';

const PAGE_SIZE = 50;

export const vaultKeys = {
  lists: ['vault', 'processes'] as const,
  list: (filters: ProcessFilters) => ['vault', 'processes', filters] as const,
  process: (id: string) => ['vault', 'process', id] as const,
  history: (id: string) => ['vault', 'process', id, 'history'] as const,
  tickets: (id: string) => ['vault', 'process', id, 'tickets'] as const,
  documents: (id: string) => ['vault', 'process', id, 'documents'] as const,
  formulas: ['vault', 'formulas'] as const,
  summary: ['vault', 'summary'] as const,
};

const processPath = (id: string) => `/processes/${encodeURIComponent(id)}`;
const documentPath = (id: string) => `/documents/${encodeURIComponent(id)}`;

/** The query string of `GET /processes` for these filters. */
function listQuery(filters: ProcessFilters, limit: number, cursor: string | null) {
  return {
    q: filters.q.trim() || undefined,
    stage: filters.stage,
    health: filters.health,
    department: filters.department,
    owner_id: filters.owner_id,
    sort: filters.sort,
    limit,
    cursor,
  };
}

/** The table: pages of 50, "Load more" fetches the next. The previous rows stay while filters change. */
export function useProcesses(filters: ProcessFilters) {
  const api = useModuleApi();
  return useInfiniteQuery({
    queryKey: vaultKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<ListPage<Process>>('/processes', { signal, query: listQuery(filters, PAGE_SIZE, pageParam) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** Every process the filters match, page after page (for the CSV export). */
export function fetchAllProcesses(api: ApiClient, filters: ProcessFilters): Promise<Process[]> {
  return fetchAllPages<Process>(api, '/processes', (limit, cursor) => listQuery(filters, limit, cursor));
}

export function useProcess(id: string | null) {
  const api = useModuleApi();
  return useQuery({
    queryKey: vaultKeys.process(id ?? ''),
    queryFn: ({ signal }) => api.get<Process>(processPath(id ?? ''), { signal }),
    enabled: id !== null,
  });
}

/** A list of a process's own: `GET /processes/{id}/<part>` answers `{items}`. */
function useProcessItems<T>(id: string, part: 'history' | 'documents') {
  const api = useModuleApi();
  return useQuery({
    queryKey: vaultKeys[part](id),
    queryFn: ({ signal }) => api.get<{ items: T[] }>(`${processPath(id)}/${part}`, { signal }),
    select: (answer) => answer.items,
  });
}

export const useHistory = (id: string) => useProcessItems<HistoryEntry>(id, 'history');
export const useDocuments = (id: string) => useProcessItems<DocumentMeta>(id, 'documents');

export function useTickets(id: string) {
  const api = useModuleApi();
  return useQuery({
    queryKey: vaultKeys.tickets(id),
    queryFn: ({ signal }) => api.get<TicketsAnswer>(`${processPath(id)}/tickets`, { signal }),
  });
}

/** The formulas as text; they change only with the plugin. */
export function useFormulas() {
  const api = useModuleApi();
  return useQuery({
    queryKey: vaultKeys.formulas,
    queryFn: ({ signal }) => api.get<Formulas>('/formulas', { signal }),
    staleTime: Infinity,
  });
}

export function useSummary() {
  const api = useModuleApi();
  return useQuery({
    queryKey: vaultKeys.summary,
    queryFn: ({ signal }) => api.get<Summary>('/summary', { signal }),
  });
}

/** After processes were added or removed: the lists and the summary refetched. */
function listsChanged(client: QueryClient) {
  void client.invalidateQueries({ queryKey: vaultKeys.lists });
  void client.invalidateQueries({ queryKey: vaultKeys.summary });
}

/** After a process changed: its record in the cache, and the lists, summary and history refetched. */
function processChanged(client: QueryClient, process: Process) {
  client.setQueryData(vaultKeys.process(process.id), process);
  listsChanged(client);
  void client.invalidateQueries({ queryKey: vaultKeys.history(process.id) });
}

/** After a 409: refetch the process and the lists, so the next attempt starts from the current version. */
export function refetchStale(client: QueryClient, processId: string) {
  void client.invalidateQueries({ queryKey: vaultKeys.process(processId) });
  void client.invalidateQueries({ queryKey: vaultKeys.lists });
}

export const useCreateProcess = () =>
  useModuleMutation((api, payload: ProcessPayload) => api.post<Process>('/processes', payload), processChanged);

export const useUpdateProcess = () =>
  useModuleMutation(patchVersioned<Process, Partial<ProcessPayload>>(processPath), processChanged);

export const useDeleteProcess = () =>
  useModuleMutation(deleteVersioned(processPath), (client, _answer, { id }) => {
    client.removeQueries({ queryKey: vaultKeys.process(id) });
    listsChanged(client);
  });

export const useImportProcesses = () =>
  useModuleMutation(
    (api, rows: ImportRow[]) => api.post<ImportResult>('/processes/import', { rows } satisfies Import),
    (client, result) => {
      if (result.created > 0) listsChanged(client);
    },
  );

export const useSubmitIdea = () =>
  useModuleMutation(
    (api, idea: { name: string; description: string; department: string }) => api.post<Process>('/ideas', idea),
    processChanged,
  );

export const useAssessProcess = () =>
  useModuleMutation(
    (api, { id, version, values }: { id: string; version: number; values: AssessmentFormValues }) =>
      api.put<Process>(`${processPath(id)}/assessment`, assessmentPayload(values, version)),
    processChanged,
  );

/** After a document was added or removed: the list and the history (which records it). */
function documentsChanged(client: QueryClient, processId: string) {
  void client.invalidateQueries({ queryKey: vaultKeys.documents(processId) });
  void client.invalidateQueries({ queryKey: vaultKeys.history(processId) });
}

export const useUploadDocument = (processId: string) =>
  useModuleMutation(
    (api, document: { name: string; mime: string; data: string }) =>
      api.post<DocumentMeta>(`${processPath(processId)}/documents`, document),
    (client) => documentsChanged(client, processId),
  );

export const useDeleteDocument = (processId: string) =>
  useModuleMutation(
    (api, documentId: string) => api.delete<{ message: string }>(documentPath(documentId)),
    (client) => documentsChanged(client, processId),
  );

/** Fetches a document's content and has the browser save it under its name. */
export const useDownloadDocument = () => useFileDownload(documentPath);
