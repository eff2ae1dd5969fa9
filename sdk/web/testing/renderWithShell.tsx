/**
 * Component tests of a remote in jsdom: the component rendered inside what the shell gives a
 * remote (Mantine, a query client, a router and the SDK's context) over a fake host.
 */

import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { useEffect, useSyncExternalStore, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';

import { AutoscopeProvider, ModuleProvider } from '../src/context';
import { RealtimeHub } from '../src/realtime';
import type { CurrentUser, NotifyKind, PageTitle, Rights, ShellServices } from '../src/types';
import { fakeServer, type FakeServer } from './fakeServer';

/** The signed-in user of `renderWithShell`, unless a test gives another. */
export const TEST_USER: CurrentUser = {
  id: 'user-1',
  email: 'ann@acme.test',
  firstname: 'Ann',
  lastname: 'Archer',
  companyId: 'company-1',
  companyAdmin: false,
  timeZone: null,
  currency: { code: 'USD', symbol: '$' },
};

/** A `matchMedia` whose queries match when `matches(query)` says so (a phone: `max-width` ones). */
export function mediaQueries(matches: (query: string) => boolean): typeof window.matchMedia {
  return ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

/** What Mantine reads and jsdom lacks, stubbed where it is missing (for `beforeAll`). */
export function stubBrowser(): void {
  // Mantine reads the colour scheme through matchMedia.
  window.matchMedia ??= mediaQueries(() => false);
  // Mantine's ScrollArea (Table.ScrollContainer) watches its size.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  // Mantine's Combobox (Select) scrolls the chosen option into view.
  Element.prototype.scrollIntoView ??= () => undefined;
  // Mantine's autosized Textarea measures again once fonts load.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
}

export interface ShellOptions {
  /** The fake host; a new one without routes by default. */
  server?: FakeServer;
  /** The module the component belongs to: its API is `/api/m/<moduleKey>`. None by default. */
  moduleKey?: string;
  /** The module's rights key; its key by default. */
  rightsKey?: string;
  /** The session's rights; by default the module's rights key open (view, not disabled). */
  rights?: Rights;
  /** The signed-in user; `TEST_USER` by default. */
  user?: CurrentUser | null;
  /** The URL the router starts at; `/` by default. */
  url?: string;
  /** The route the component is rendered at (for `useParams`); any path by default. */
  path?: string;
}

export interface ShellRender extends RenderResult {
  server: FakeServer;
  queryClient: QueryClient;
  /** The snackbars asked for, in order. */
  notifications: { message: string; kind: NotifyKind }[];
  /** The page title bar as last set (null when cleared). Its buttons are also rendered. */
  title(): PageTitle | null;
  /** The router's location now (a remote keeps filters and the open record in the URL). */
  location(): Location;
  /** How often the session was ended by a 401. */
  unauthorized(): number;
}

/** The page title as set last, for the title bar. */
function titleStore() {
  let title: PageTitle | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => title,
    set(next: PageTitle | null) {
      title = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The title bar as the shell draws it, reduced to what a test reads: the heading and the buttons. */
function TitleBar({ store }: { store: ReturnType<typeof titleStore> }) {
  const title = useSyncExternalStore(store.subscribe, store.get);
  if (!title) return null;
  return (
    <header aria-label="Page title">
      <h1>{title.heading}</h1>
      {title.buttons?.map((button) => (
        <button key={button.label} type="button" disabled={button.disabled} onClick={button.onClick}>
          {button.label}
        </button>
      ))}
    </header>
  );
}

function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation();
  useEffect(() => onLocation(location), [location, onLocation]);
  return null;
}

/**
 * Renders `ui` as the shell renders a remote: inside Mantine (test mode: no transitions, no
 * portals), a query client (no retries), a memory router and `<AutoscopeProvider>` (and
 * `<ModuleProvider>` with `moduleKey`), whose services call `server` and record snackbars
 * and the page title. Call `stubBrowser()` once first.
 */
export function renderWithShell(ui: ReactElement, options: ShellOptions = {}): ShellRender {
  const server = options.server ?? fakeServer();
  const rightsKey = options.rightsKey ?? options.moduleKey;
  const rights = options.rights ?? (rightsKey ? { [rightsKey]: { view: true, disabled: false } } : {});
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const notifications: ShellRender['notifications'] = [];
  const title = titleStore();
  let location: Location | null = null;
  let unauthorized = 0;

  const services: ShellServices = {
    getToken: () => 'test-token',
    user: options.user === undefined ? TEST_USER : options.user,
    rights,
    notify: (message, kind) => notifications.push({ message, kind }),
    setPageTitle: title.set,
    onUnauthorized: () => {
      unauthorized += 1;
    },
    fetch: server.fetch,
  };
  const realtime = new RealtimeHub();
  const onLocation = (next: Location) => {
    location = next;
  };

  const inModule = options.moduleKey ? (
    <ModuleProvider moduleKey={options.moduleKey} rightsKey={rightsKey}>
      {ui}
    </ModuleProvider>
  ) : (
    ui
  );
  const rendered = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[options.url ?? '/']}>
          <AutoscopeProvider services={services} realtime={realtime}>
            <TitleBar store={title} />
            <Routes>
              <Route path={options.path ?? '*'} element={inModule} />
            </Routes>
            <LocationProbe onLocation={onLocation} />
          </AutoscopeProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return {
    ...rendered,
    server,
    queryClient,
    notifications,
    title: title.get,
    location: () => {
      if (!location) throw new Error('the router has not rendered');
      return location;
    },
    unauthorized: () => unauthorized,
  };
}
