import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchVisibleModules, isApiError, type VisibleModule, type VisibleModulesResponse } from '@autoscope/web-sdk';

import { useSession } from '../session';
import { takePrefetchedFetch } from './prefetch';
import { openRemotes } from './remotes';
import { loadFederation } from './loadFederation';

const NO_MODULES: VisibleModule[] = [];

/** The list stays fresh this long; rights change rarely (an edition upgrade, an admin's edit). */
const MODULES_STALE_MS = 60_000;

export interface VisibleModulesState {
  /** The modules the user may see (disabled ones too, to show greyed), in key order. */
  modules: VisibleModule[];
  /** The whole answer (the modules, the rights keys, the menu's layout); null until it comes. */
  answer: VisibleModulesResponse | null;
  /** True until the first answer for the current session. */
  isLoading: boolean;
  error: unknown;
}

/** The query key of `GET /api/modules` for a session's token. */
export function visibleModulesKey(token: string | null) {
  return ['visible-modules', token] as const;
}

/**
 * `GET /api/modules` for the session's token (TanStack Query). When it answers, the
 * remotes of the modules the rights open are registered with the federation runtime,
 * which is loaded then, in parallel with the pages that will use it; their pages are
 * then loaded while the browser is idle.
 */
export function useVisibleModules(): VisibleModulesState {
  const { session, signOut } = useSession();
  const token = session?.token ?? null;

  const query = useQuery({
    queryKey: visibleModulesKey(token),
    enabled: token !== null,
    staleTime: MODULES_STALE_MS,
    queryFn: async ({ signal }) => {
      if (token === null) return null;
      try {
        return await fetchVisibleModules(token, { signal, fetch: takePrefetchedFetch(token) });
      } catch (err) {
        // The session is over: the shell signs out (AppArea then goes to the login page).
        if (isApiError(err) && err.status === 401) signOut();
        throw err;
      }
    },
    // A refusal (4xx) will not change by asking again; a network or server failure may.
    retry: (failures, err) => failures < 2 && !(isApiError(err) && err.status >= 400 && err.status < 500),
  });

  const answer = query.data ?? null;
  const modules = answer?.data ?? NO_MODULES;
  useEffect(() => {
    if (openRemotes(modules).length === 0) return;
    void loadFederation().then((federation) => {
      federation.registerOpenRemotes(modules);
      federation.prefetchOpenRemotes(modules);
    });
  }, [modules]);

  return { modules, answer, isLoading: token !== null && query.isPending, error: query.error };
}
