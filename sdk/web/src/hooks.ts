/** The hooks a remote uses. Each needs `<AutoscopeProvider>` above it; module-bound ones `<ModuleProvider>`. */

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { createApiClient, isAbortError, isApiError, modulePrefix, GENERIC_ERROR_MESSAGE, type ApiClient } from './api';
import { useAutoscopeContext, useModuleContext, useModuleKey, useShellServices } from './context';
import { moduleChannel, type RealtimeHandler, type RealtimeGap } from './realtime';
import { sourceConnections, type SourceConnections } from './sources';
import {
  MAX_BREADCRUMB_ITEMS,
  type Currency,
  type CurrentUser,
  type NotifyKind,
  type PageTitle,
  type Right,
  type Rights,
  type ShellServices,
} from './types';

/** The host's own API under `/api` (e.g. `/notification/getall`), with the session's token. */
export function useHostApi(): ApiClient {
  const services = useShellServices();
  return useMemo(() => apiClientFor(services, '/api'), [services]);
}

/** The enclosing module's API: `get('/items')` calls `/api/m/<moduleKey>/items`. */
export function useModuleApi(): ApiClient {
  const services = useShellServices();
  const moduleKey = useModuleKey();
  return useMemo(() => apiClientFor(services, modulePrefix(moduleKey)), [services, moduleKey]);
}

/** The enclosing module's database connections, kept by company admins through the host. */
export function useSourceConnections(): SourceConnections {
  const host = useHostApi();
  const moduleKey = useModuleKey();
  return useMemo(() => sourceConnections(host, moduleKey), [host, moduleKey]);
}

/** An API client on `prefix` wired to the shell's services (the shell uses it outside React too). */
export function apiClientFor(services: ShellServices, prefix: string): ApiClient {
  return createApiClient({
    prefix,
    getToken: () => services.getToken(),
    onUnauthorized: () => services.onUnauthorized(),
    baseUrl: services.baseUrl,
    fetch: services.fetch,
  });
}

/** The signed-in user, or null when nobody is signed in. */
export function useCurrentUser(): CurrentUser | null {
  return useShellServices().user;
}

/** The signed-in user's company currency, for writing money; throws when nobody is signed in. */
export function useCurrency(): Currency {
  const user = useCurrentUser();
  // Money is shown on signed-in pages only: a page without a session is a mistake of its own.
  if (!user) throw new Error('useCurrency needs a signed-in user');
  return user.currency;
}

/** A right with the one question pages ask: may it be opened? */
export interface RightState extends Right {
  /** view && !disabled: the module's routes and API are open. */
  canOpen: boolean;
}

/** The right on `key` in `rights`; a missing key allows nothing. */
export function rightOf(rights: Rights, key: string): RightState {
  const right = rights[key];
  const view = right?.view === true;
  const disabled = right?.disabled === true;
  return { view, disabled, canOpen: view && !disabled };
}

/** Whether a right opens its routes: view and not disabled. */
export function canOpen(right: Right | undefined): boolean {
  return right !== undefined && right.view && !right.disabled;
}

/** The session's right on `key`, by default the enclosing module's rights key. */
export function useRights(key?: string): RightState {
  const { rights } = useShellServices();
  const module = useModuleContext();
  const rightsKey = key ?? module?.rightsKey;
  if (!rightsKey) throw new Error('useRights() needs a key outside a <ModuleProvider>');
  const { view, disabled } = rightOf(rights, rightsKey);
  return useMemo(() => ({ view, disabled, canOpen: view && !disabled }), [view, disabled]);
}

/** The whole rights map of the session. */
export function useRightsMap(): Rights {
  return useShellServices().rights;
}

export interface Notify {
  (message: string, kind?: NotifyKind): void;
  success(message: string): void;
  failure(message: string): void;
  /** Done, but not all of it: says what was left out. */
  warning(message: string): void;
  /** A failure snackbar for a caught error: an ApiError's message, else `fallback`. Aborts say nothing. */
  error(error: unknown, fallback?: string): void;
}

/** The shell's snackbar: `notify('Saved')`, `notify.failure('...')`, `notify.error(err)`. */
export function useNotify(): Notify {
  const services = useShellServices();
  return useMemo(
    () =>
      Object.assign((message: string, kind: NotifyKind = 'success') => services.notify(message, kind), {
        success: (message: string) => services.notify(message, 'success'),
        failure: (message: string) => services.notify(message, 'failure'),
        warning: (message: string) => services.notify(message, 'warning'),
        error: (error: unknown, fallback = GENERIC_ERROR_MESSAGE) => {
          if (isAbortError(error)) return;
          // A 401 already signs the user out; a snackbar on top would say nothing useful.
          if (isApiError(error) && error.status === 401) return;
          services.notify(isApiError(error) ? error.message : fallback, 'failure');
        },
      }),
    [services],
  );
}

/** The title capped to 2 breadcrumb items; button clicks go through `latest`. */
function normalizeTitle(title: PageTitle, latest: { current: PageTitle | null | undefined }): PageTitle {
  const normalized: PageTitle = { heading: title.heading };
  if (title.breadcrumb) {
    if (title.breadcrumb.length > MAX_BREADCRUMB_ITEMS) {
      console.warn(
        `usePageTitle: the breadcrumb has ${title.breadcrumb.length} items; only the first ` +
          `${MAX_BREADCRUMB_ITEMS} are shown`,
      );
    }
    normalized.breadcrumb = title.breadcrumb.slice(0, MAX_BREADCRUMB_ITEMS);
  }
  if (title.buttons) {
    normalized.buttons = title.buttons.map((button, index) => ({
      ...button,
      // The latest render's handler, so an inline arrow does not reset the title bar.
      onClick: () => latest.current?.buttons?.[index]?.onClick(),
    }));
  }
  return normalized;
}

/** What in a title would change the bar (handlers aside). */
function titleSignature(title: PageTitle | null | undefined): string | null {
  if (!title) return null;
  return JSON.stringify({
    heading: title.heading,
    breadcrumb: title.breadcrumb?.slice(0, MAX_BREADCRUMB_ITEMS) ?? null,
    buttons: title.buttons?.map(({ onClick: _onClick, ...rest }) => rest) ?? null,
  });
}

/**
 * Sets the page title bar while the calling component is mounted, and clears it when it
 * unmounts (unless another page has set it since). Passing null leaves the bar alone.
 * At most 2 breadcrumb items are kept.
 */
export function usePageTitle(title: PageTitle | null | undefined): void {
  const { services, titleOwnerRef } = useAutoscopeContext();
  const latest = useRef(title);
  const [me] = useState(() => Symbol('usePageTitle'));
  const signature = titleSignature(title);

  useEffect(() => {
    latest.current = title;
  });

  useEffect(() => {
    const current = latest.current;
    if (!current || signature === null) return undefined;
    const normalized = normalizeTitle(current, latest);
    titleOwnerRef.current = me;
    services.setPageTitle(normalized);
    return () => {
      if (titleOwnerRef.current !== me) return;
      titleOwnerRef.current = null;
      services.setPageTitle(null);
    };
  }, [services, titleOwnerRef, signature, me]);
}

export interface UseRealtimeOptions {
  /** Called when messages may have been missed (lagged stream, reconnect): refetch. */
  onGap?: (gap: RealtimeGap) => void;
  /** False pauses the subscription. Default true. */
  enabled?: boolean;
}

/**
 * Listens to the enclosing module's realtime channel `<moduleKey>.<channel>`, or to the
 * user's `notifications`. Every subscriber of a session shares one connection. The
 * handler may change between renders without resubscribing.
 */
export function useRealtime<T = unknown>(
  channel: string,
  handler: RealtimeHandler<T>,
  options: UseRealtimeOptions = {},
): void {
  const { services, realtime } = useAutoscopeContext();
  const module = useModuleContext();
  const fullChannel = moduleChannel(module?.moduleKey ?? null, channel);
  const token = services.getToken();
  const enabled = options.enabled ?? true;

  const handlerRef = useRef(handler);
  const gapRef = useRef(options.onGap);
  const servicesRef = useRef(services);
  useEffect(() => {
    handlerRef.current = handler;
    gapRef.current = options.onGap;
    servicesRef.current = services;
  });

  const baseUrl = services.baseUrl;
  const fetchImpl = services.fetch;
  const onMessage = useCallback<RealtimeHandler<T>>((payload, message) => handlerRef.current(payload, message), []);

  useEffect(() => {
    if (!token || !enabled) return undefined;
    return realtime.subscribe<T>(token, fullChannel, onMessage, {
      onGap: (gap) => gapRef.current?.(gap),
      onUnauthorized: () => servicesRef.current.onUnauthorized(),
      baseUrl,
      fetch: fetchImpl,
    });
  }, [realtime, token, fullChannel, enabled, onMessage, baseUrl, fetchImpl]);
}
