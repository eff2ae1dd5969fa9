/**
 * The lists every process module reads: the company's people (the plugin's `GET /people`) and
 * the host's departments. Keys are scoped by module and user: the shell's query client is shared.
 */

import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser, useHostApi, useModuleApi, useModuleKey } from '@autoscope/web-sdk';

import { indexPeople, personOptions, type Person } from './people';

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

/** The department names of the host's masters, in the masters' order. */
export function useDepartments() {
  const host = useHostApi();
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'departments'],
    queryFn: ({ signal }) => host.post<{ data: Master[] }>('/master/list', { type: 'department' }, { signal }),
    select: (answer) => answer.data.map((department) => department.name),
    staleTime: STALE_MS,
  });
}
