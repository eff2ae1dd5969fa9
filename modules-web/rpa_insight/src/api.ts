/**
 * Operational Insight's server state: its plugin's `GET /overview`, `/filters`, `/runs`,
 * `/runs/{id}` and `/stuck`. Keys start with the module and the user: the shell's query
 * client is shared.
 */

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCurrentUser, useModuleApi, type ApiClient, type Query } from '@autoscope/web-sdk';

import type { ListPage } from '@common/lib/lists';
import { overviewQuery, runsQuery, stuckQuery, type PageState } from './params';
import type { Names, OverviewAnswer, QueueItem, Run, RunDetail } from './types';

/** Rows per page of the runs table and the stuck list. */
export const PAGE_SIZE = 25;
/** Runs an export reads at most (200 pages of 500): about 40 MB of CSV. */
export const MAX_EXPORT = 100_000;
const EXPORT_PAGE = 500;
/** Said after the count when an export reached `MAX_EXPORT`. */
export const EXPORT_LEFT_OUT = 'the older runs of the range were left out: narrow the range or filters to export them';
/** Names change rarely: read again after five minutes at the most. */
const NAMES_STALE_MS = 5 * 60_000;

function useUser(): string {
  return useCurrentUser()?.id ?? '';
}

export const insightKeys = {
  all: (user: string) => ['rpa_insight', user] as const,
  overview: (user: string, query: Query | null) => ['rpa_insight', user, 'overview', query] as const,
  names: (user: string) => ['rpa_insight', user, 'filters'] as const,
  runs: (user: string, query: Query | null) => ['rpa_insight', user, 'runs', query] as const,
  run: (user: string, id: string | null) => ['rpa_insight', user, 'run', id] as const,
  stuck: (user: string, query: Query) => ['rpa_insight', user, 'stuck', query] as const,
};

/** Every figure of the state's range and filters; the previous figures stay on screen while others load. */
export function useOverview(state: PageState, today: string) {
  const api = useModuleApi();
  const user = useUser();
  const query = overviewQuery(state, today);
  return useQuery({
    queryKey: insightKeys.overview(user, query),
    queryFn: ({ signal }) => api.get<OverviewAnswer>('/overview', { signal, query: query ?? undefined }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** The processes, bots and queues to filter by. */
export function useNames(enabled: boolean) {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: insightKeys.names(user),
    queryFn: ({ signal }) => api.get<Names>('/filters', { signal }),
    enabled,
    staleTime: NAMES_STALE_MS,
  });
}

/** A page of runs, newest first. */
export function useRunsPage(state: PageState, today: string, cursor: string | null, enabled: boolean) {
  const api = useModuleApi();
  const user = useUser();
  const query = runsQuery(state, today, PAGE_SIZE, cursor);
  return useQuery({
    queryKey: insightKeys.runs(user, query),
    queryFn: ({ signal }) => api.get<ListPage<Run>>('/runs', { signal, query: query ?? undefined }),
    enabled: enabled && query !== null,
    placeholderData: keepPreviousData,
  });
}

/** One run with its bot and the bot's latest runs of the process. */
export function useRunDetail(id: string | null) {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: insightKeys.run(user, id),
    queryFn: ({ signal }) => api.get<RunDetail>(`/runs/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
  });
}

/** A page of stuck items of the state's kind, longest waiting first. */
export function useStuckPage(state: PageState, cursor: string | null, enabled: boolean) {
  const api = useModuleApi();
  const user = useUser();
  const query = stuckQuery(state, PAGE_SIZE, cursor);
  return useQuery({
    queryKey: insightKeys.stuck(user, query),
    queryFn: ({ signal }) => api.get<ListPage<QueueItem>>('/stuck', { signal, query }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every run of the state's range and filters for an export, page after page, at most
 * `max`; `truncated` when more were left.
 */
export async function fetchRunsForExport(
  api: Pick<ApiClient, 'get'>,
  state: PageState,
  today: string,
  max = MAX_EXPORT,
): Promise<{ runs: Run[]; truncated: boolean }> {
  const runs: Run[] = [];
  let cursor: string | null = null;
  do {
    const query = runsQuery(state, today, Math.min(EXPORT_PAGE, max - runs.length), cursor);
    if (!query) return { runs, truncated: false };
    const page: ListPage<Run> = await api.get<ListPage<Run>>('/runs', { query });
    runs.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor && runs.length < max);
  return { runs, truncated: cursor !== null };
}
