/**
 * The lists modules read: the company's people (the plugin's `GET /people`) and the host's
 * masters (departments, ticket categories and priorities). Keys are scoped by module and user:
 * the shell's query client is shared.
 */

import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser, useHostApi, useModuleApi, useModuleKey } from '@autoscope/web-sdk';

import { indexPeople, personOptions, type Person } from '@common/domain/people';

/** A master of the host (`POST /api/master/list`). */
export interface Master {
  id: string;
  type: string;
  name: string;
}

/** Both lists change rarely: read again after five minutes at the most. */
const STALE_MS = 5 * 60_000;

function useScope(): readonly [string, string] {
  return [useModuleKey(), useCurrentUser()?.id ?? ''];
}

/** The company's users, with a map by user id (for names) and select options by name. */
export function usePeople() {
  const api = useModuleApi();
  const scope = useScope();
  const query = useQuery({
    queryKey: [...scope, 'people'],
    queryFn: ({ signal }) => api.get<Person[]>('/people', { signal }),
    staleTime: STALE_MS,
  });
  const byId = useMemo(() => indexPeople(query.data ?? []), [query.data]);
  const options = useMemo(() => personOptions(query.data ?? []), [query.data]);
  return { ...query, byId, options };
}

/** The names of one type of the host's masters (`POST /api/master/list`), in the masters' order. */
export function useMasterNames(type: string) {
  const host = useHostApi();
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'masters', type],
    queryFn: ({ signal }) => host.post<{ data: Master[] }>('/master/list', { type }, { signal }),
    select: (answer) => answer.data.map((master) => master.name),
    staleTime: STALE_MS,
  });
}

/** The department names of the host's masters, in the masters' order. */
export function useDepartments() {
  return useMasterNames('department');
}
