/**
 * Bot Profile's server state: its plugin (`/api/m/bots/...`) and the host's ingestion keys
 * (`/api/ingest/keys`), as TanStack Query hooks. Keys start with the module and the user:
 * the shell's query client is shared.
 */

import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCurrentUser, useHostApi, useModuleApi, type ApiClient } from '@autoscope/web-sdk';

import { fetchAllPages, type ListPage } from '@common/lib/lists';
import { deleteVersioned, patchVersioned, useModuleMutation } from '@common/lib/mutations';
import type { RangeChoice } from './range';
import { rangeQuery } from './range';
import type {
  ApiKey,
  Bot,
  BotFilters,
  Calculation,
  Heatmap,
  Me,
  NewApiKey,
  Overview,
  ProcessNames,
  Run,
  RunStatus,
  Statuses,
} from './types';
import type { BotPayload } from './validation';

const PAGE_SIZE = 50;
const RUNS_PAGE_SIZE = 20;
/** Live statuses move with every run event: read again each minute while shown. */
const STATUS_REFRESH_MS = 60_000;

function useUser(): string {
  return useCurrentUser()?.id ?? '';
}

export const botKeys = {
  all: (user: string) => ['bots', user] as const,
  lists: (user: string) => ['bots', user, 'list'] as const,
  list: (user: string, filters: BotFilters) => ['bots', user, 'list', filters] as const,
  bot: (user: string, id: string) => ['bots', user, 'bot', id] as const,
  figures: (user: string) => ['bots', user, 'figures'] as const,
  overview: (user: string, id: string, range: RangeChoice) => ['bots', user, 'figures', 'overview', id, range] as const,
  runs: (user: string, id: string, status: RunStatus | null) => ['bots', user, 'figures', 'runs', id, status] as const,
  status: (user: string) => ['bots', user, 'figures', 'status'] as const,
  heatmap: (user: string, range: RangeChoice) => ['bots', user, 'figures', 'heatmap', range] as const,
  calculation: (user: string, range: RangeChoice) => ['bots', user, 'figures', 'calculation', range] as const,
  me: (user: string) => ['bots', user, 'me'] as const,
  processes: (user: string) => ['bots', user, 'processes'] as const,
  keys: (user: string) => ['bots', user, 'ingest-keys'] as const,
};

const botPath = (id: string) => `/bots/${encodeURIComponent(id)}`;

function listQuery(filters: BotFilters, limit: number, cursor: string | null) {
  return {
    q: filters.q.trim() || undefined,
    type: filters.type,
    vendor: filters.vendor,
    owner_id: filters.owner_id,
    sort: filters.sort,
    limit,
    cursor,
  };
}

/** The inventory: pages of 50; the previous rows stay while filters change. */
export function useBots(filters: BotFilters) {
  const api = useModuleApi();
  const user = useUser();
  return useInfiniteQuery({
    queryKey: botKeys.list(user, filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<ListPage<Bot>>('/bots', { signal, query: listQuery(filters, PAGE_SIZE, pageParam) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** Every bot the filters match (for the CSV export). */
export function fetchAllBots(api: ApiClient, filters: BotFilters): Promise<Bot[]> {
  return fetchAllPages<Bot>(api, '/bots', (limit, cursor) => listQuery(filters, limit, cursor));
}

export function useStatuses() {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: botKeys.status(user),
    queryFn: ({ signal }) => api.get<Statuses>('/status', { signal }),
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** A range's figure, `GET path?from&to`; idle while the range has a problem. */
function useRangeFigure<T>(key: readonly unknown[], path: string, range: RangeChoice, enabled = true) {
  const api = useModuleApi();
  const query = rangeQuery(range);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<T>(path, { signal, query: query ?? undefined }),
    enabled: enabled && query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useOverview(id: string | null, range: RangeChoice) {
  const user = useUser();
  return useRangeFigure<Overview>(
    botKeys.overview(user, id ?? '', range),
    `${botPath(id ?? '')}/overview`,
    range,
    id !== null,
  );
}

export function useHeatmap(range: RangeChoice) {
  return useRangeFigure<Heatmap>(botKeys.heatmap(useUser(), range), '/heatmap', range);
}

export function useCalculation(range: RangeChoice) {
  return useRangeFigure<Calculation>(botKeys.calculation(useUser(), range), '/calculation', range);
}

/** A bot's runs, newest first, 20 a page ("Load more" fetches the next). */
export function useRuns(id: string, status: RunStatus | null) {
  const api = useModuleApi();
  const user = useUser();
  return useInfiniteQuery({
    queryKey: botKeys.runs(user, id, status),
    queryFn: ({ pageParam, signal }) =>
      api.get<ListPage<Run>>(`${botPath(id)}/runs`, {
        signal,
        query: { status, limit: RUNS_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useMe() {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: botKeys.me(user),
    queryFn: ({ signal }) => api.get<Me>('/me', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Process Vault's names, suggested in the form. */
export function useProcessNames() {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: botKeys.processes(user),
    queryFn: ({ signal }) => api.get<ProcessNames>('/processes', { signal }),
    staleTime: 5 * 60_000,
    // Suggestions are a nicety: the form works without them.
    retry: false,
  });
}

/** After the inventory changed: its lists and every figure (which name its bots) are read again. */
function inventoryChanged(client: QueryClient, user: string, bot?: Bot) {
  if (bot) client.setQueryData(botKeys.bot(user, bot.id), bot);
  void client.invalidateQueries({ queryKey: botKeys.lists(user) });
  void client.invalidateQueries({ queryKey: botKeys.figures(user) });
}

/** After a 409: the lists and figures are read again, so the next attempt starts from the current version. */
export function refetchStale(client: QueryClient, user: string) {
  inventoryChanged(client, user);
}

/** A change to the inventory; `changed` updates the cache after it (for the user's keys). */
function useBotMutation<Variables, Result>(
  call: (api: ApiClient, variables: Variables) => Promise<Result>,
  changed: (client: QueryClient, user: string, result: Result) => void,
) {
  const user = useUser();
  return useModuleMutation(call, (client, result: Result) => changed(client, user, result));
}

export const useCreateBot = () =>
  useBotMutation((api, payload: BotPayload) => api.post<Bot>('/bots', payload), inventoryChanged);

export const useUpdateBot = () => useBotMutation(patchVersioned<Bot, Partial<BotPayload>>(botPath), inventoryChanged);

export const useDeleteBot = () =>
  useBotMutation(deleteVersioned(botPath), (client, user) => inventoryChanged(client, user));

// ---- The host's ingestion keys (company administrators) ----

export function useApiKeys(enabled: boolean) {
  const host = useHostApi();
  const user = useUser();
  return useQuery({
    queryKey: botKeys.keys(user),
    queryFn: ({ signal }) => host.get<ApiKey[]>('/ingest/keys', { signal }),
    enabled,
  });
}

function useKeyMutation<Variables, Result>(call: (host: ApiClient, variables: Variables) => Promise<Result>) {
  const host = useHostApi();
  const client = useQueryClient();
  const user = useUser();
  return useMutation({
    mutationFn: (variables: Variables) => call(host, variables),
    onSuccess: () => void client.invalidateQueries({ queryKey: botKeys.keys(user) }),
  });
}

export const useCreateApiKey = () =>
  useKeyMutation((host, name: string) => host.post<NewApiKey>('/ingest/keys', { name: name.trim() }));

export const useRevokeApiKey = () =>
  useKeyMutation((host, id: string) => host.delete<unknown>(`/ingest/keys/${encodeURIComponent(id)}`));
