/**
 * Support Insight's server state: its plugin's `GET /insight` and, for process names,
 * Ticket Management's `GET /processes` (only for users who may open Ticket Management).
 * Keys start with the module and the user: the shell's query client is shared.
 */

import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCurrentUser, useHostApi, useModuleApi, useRights } from '@autoscope/web-sdk';

import { insightQuery, type RangeChoice } from './range';
import type { InsightAnswer, ProcessName } from './types';

/** Names change rarely: read again after five minutes at the most. */
const NAMES_STALE_MS = 5 * 60_000;

function useUser(): string {
  return useCurrentUser()?.id ?? '';
}

export const insightKeys = {
  insight: (user: string, choice: RangeChoice) => ['support_insight', user, 'insight', choice] as const,
  processNames: (user: string) => ['support_insight', user, 'process-names'] as const,
};

/**
 * The figures of a choice; the previous figures stay on screen while another range loads.
 * Idle while the range has a problem.
 */
export function useInsight(choice: RangeChoice) {
  const api = useModuleApi();
  const user = useUser();
  const query = insightQuery(choice);
  return useQuery({
    queryKey: insightKeys.insight(user, choice),
    queryFn: ({ signal }) => api.get<InsightAnswer>('/insight', { signal, query: query ? { ...query } : undefined }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Process names by id, through Ticket Management (which reads them from Process Vault), when
 * the user may open it and it is there; null otherwise (the tables then show ids).
 */
export function useProcessNames(wanted: boolean): ReadonlyMap<string, string> | null {
  const host = useHostApi();
  const user = useUser();
  const { canOpen } = useRights('support');
  const names = useQuery({
    queryKey: insightKeys.processNames(user),
    queryFn: ({ signal }) => host.get<ProcessName[]>('/m/support/processes', { signal }),
    enabled: wanted && canOpen,
    staleTime: NAMES_STALE_MS,
    // Names are a nicety: without them the ids show, so a failure is not retried.
    retry: false,
  });
  return useMemo(
    () => (names.data ? new Map(names.data.map((process) => [process.id, process.name])) : null),
    [names.data],
  );
}
