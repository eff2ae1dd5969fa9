/**
 * Business Insight's server state: its plugin's `GET /overview`. Keys start with the module and
 * the user: the shell's query client is shared.
 */

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCurrentUser, useModuleApi } from '@autoscope/web-sdk';

import type { OverviewQuery } from './range';
import type { OverviewAnswer } from './types';

export const insightKeys = {
  overview: (user: string, query: OverviewQuery) =>
    [
      'business_insight',
      user,
      'overview',
      query.from,
      query.to,
      query.department ?? null,
      query.process ?? null,
    ] as const,
};

/**
 * Every figure of `query`; the previous figures stay on screen while other days or filters load.
 * Idle (and `query` unused) while the range has a problem.
 */
export function useOverview(query: OverviewQuery, valid: boolean) {
  const api = useModuleApi();
  const user = useCurrentUser()?.id ?? '';
  return useQuery({
    queryKey: insightKeys.overview(user, query),
    queryFn: ({ signal }) => api.get<OverviewAnswer>('/overview', { signal, query: { ...query } }),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
}
