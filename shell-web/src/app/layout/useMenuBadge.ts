/**
 * A menu entry's count (Chat's unread messages): the page's `badge` path of its module's API,
 * read with TanStack Query, again when one of the page's `badgeRefresh` realtime channels
 * speaks (once for a burst, whichever channels it spans) and when the window regains focus.
 * A failed or odd answer shows no count.
 */

import { createApiClient, modulePrefix, useAutoscopeContext, useShellServices } from '@autoscope/web-sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';

import type { MenuBadge } from '../menu';
import { queryKeys } from '../queryClient';

/** A burst of messages on the badge's channels within this long (ms) costs one request. */
export const BADGE_REFRESH_DELAY_MS = 500;

/** The largest count shown as is; above it the entry shows `99+`. */
export const MAX_SHOWN_COUNT = 99;

/** How long a count is taken as current without a message or focus saying otherwise. */
const BADGE_STALE_MS = 60_000;

/** The count as the entry shows it: `99+` above 99. */
export function badgeText(count: number): string {
  return count > MAX_SHOWN_COUNT ? `${MAX_SHOWN_COUNT}+` : String(count);
}

/** The count of an answer `{ "count": <integer> }`; anything else is a failure. */
export function countOf(answer: unknown): number {
  const count = typeof answer === 'object' && answer !== null ? (answer as { count?: unknown }).count : undefined;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
    throw new Error('A badge answers { "count": <integer> }');
  }
  return count;
}

/**
 * The count of `badge`, 0 while unknown or when reading it failed, read again when a message
 * arrives on one of `badge.channels`.
 */
export function useMenuBadge(badge: MenuBadge): number {
  const services = useShellServices();
  const token = services.getToken();
  const queryClient = useQueryClient();
  // The session's client without its sign-out on 401: a module's answer to a decoration
  // must not end the session (the host's own calls still do when it is over).
  const api = useMemo(
    () =>
      createApiClient({
        prefix: modulePrefix(badge.module),
        getToken: () => services.getToken(),
        baseUrl: services.baseUrl,
        fetch: services.fetch,
      }),
    [services, badge.module],
  );
  const queryKey = queryKeys.menuBadge(token ?? '', badge.module, badge.path);
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => countOf(await api.get(badge.path, { signal })),
    enabled: token !== null,
    staleTime: BADGE_STALE_MS,
    refetchOnWindowFocus: 'always',
    retry: false,
  });

  // The first message of a burst schedules one read; those after it until then join it.
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latestKey = useRef(queryKey);
  latestKey.current = queryKey;
  useEffect(
    () => () => {
      if (pending.current !== null) clearTimeout(pending.current);
      pending.current = null;
    },
    [],
  );
  const refresh = () => {
    if (pending.current !== null) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      // A read under way may have begun before the change: it gives way to a new one.
      void queryClient.invalidateQueries({ queryKey: latestKey.current });
    }, BADGE_REFRESH_DELAY_MS);
  };
  useChannels(badge.channels, refresh, token);

  return query.isError ? 0 : (query.data ?? 0);
}

/**
 * Calls `onMessage` for every message on each of `channels` (full names, e.g. `chat.message`)
 * and when messages may have been missed, over the session's shared realtime connection.
 * The SDK's `useRealtime` listens to one channel of the enclosing module; the badge's channels
 * come from the host in full, as many as the page names.
 */
function useChannels(channels: readonly string[], onMessage: () => void, token: string | null): void {
  const { services, realtime } = useAutoscopeContext();
  const latest = useRef({ onMessage, services });
  useEffect(() => {
    latest.current = { onMessage, services };
  });
  // By value: the menu is rebuilt with new arrays of the same names.
  const names = channels.join(' ');
  const { baseUrl, fetch } = services;
  useEffect(() => {
    if (token === null || names === '') return undefined;
    const call = () => latest.current.onMessage();
    const unsubscribes = names.split(' ').map((channel) =>
      realtime.subscribe(token, channel, call, {
        onGap: call,
        onUnauthorized: () => latest.current.services.onUnauthorized(),
        baseUrl,
        fetch,
      }),
    );
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [realtime, token, names, baseUrl, fetch]);
}
