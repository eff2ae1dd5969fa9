/** The app area's TanStack Query client, and the keys of the shell's own queries. */

import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

import { ApiError } from '../api/client';

/** Keys of the shell's queries, each scoped by the session's token or user. */
export const queryKeys = {
  me: (token: string) => ['shell', 'me', token] as const,
  companies: (token: string) => ['shell', 'companies', token] as const,
  users: (token: string) => ['shell', 'users', token] as const,
  masters: (token: string) => ['shell', 'masters', token] as const,
  logs: (token: string) => ['shell', 'logs', token] as const,
  notifications: (token: string) => ['shell', 'notifications', token] as const,
  picture: (userId: string) => ['shell', 'picture', userId] as const,
  adminCompanies: (token: string) => ['shell', 'admin', 'companies', token] as const,
  adminModules: (token: string) => ['shell', 'admin', 'modules', token] as const,
  adminModuleLog: (token: string, key: string) => ['shell', 'admin', 'modules', token, 'log', key] as const,
  /** A menu entry's count: `GET /api/m/<module><path>`. */
  menuBadge: (token: string, module: string, path: string) => ['shell', 'menu-badge', token, module, path] as const,
};

/** A 4xx answer will not change on a retry; a network failure or a 5xx may. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

/** `onUnauthorized` runs when any query or mutation answers 401: the session is over. */
export function createQueryClient(onUnauthorized: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}
