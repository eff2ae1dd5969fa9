/**
 * The Module Federation runtime of the shell: the only module that touches
 * `@module-federation/enhanced/runtime`, imported lazily after sign-in. The shell has no
 * federation build plugin (the login page stays light), so this hand-made instance
 * provides the shared singletons itself; remotes consume them with `import: false` and
 * so run on the shell's one React, Mantine, router, TanStack Query and web SDK. The charts
 * (`@mantine/charts` and `recharts`, about 180 KB gzipped) are shared the same way but not
 * with this chunk: they load on a remote's first chart, once for every remote.
 */
import type { ComponentType } from 'react';
// React, ReactDOM: the CommonJS exports object, as a bundler would hand it to a remote.
import React from 'react';
import ReactDOM from 'react-dom';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactRouter from './routerClientApi';
import * as mantineCore from '@mantine/core';
import * as mantineHooks from '@mantine/hooks';
import * as reactQuery from '@tanstack/react-query';
import * as webSdk from '@autoscope/web-sdk';
import { createInstance } from '@module-federation/enhanced/runtime';
import reactRouterPackage from 'react-router/package.json';
import reactQueryPackage from '@tanstack/react-query/package.json';
import webSdkPackage from '@autoscope/web-sdk/package.json';
// Mantine's package exports do not include package.json; the file is read by path.
import mantineCorePackage from '../../node_modules/@mantine/core/package.json';
import mantineHooksPackage from '../../node_modules/@mantine/hooks/package.json';
import mantineChartsPackage from '../../node_modules/@mantine/charts/package.json';
import rechartsPackage from 'recharts/package.json';

import {
  RemoteNotOpenError,
  componentsToPrefetch,
  exposedId,
  openRemoteOf,
  openRemotes,
  registrationsFor,
  type RemoteSpec,
} from './remotes';
import type { VisibleModule } from '@autoscope/web-sdk';

function singleton(version: string, module: object) {
  return { version, lib: () => module, shareConfig: { singleton: true, requiredVersion: `^${version}` } };
}

/** A singleton whose chunk is imported when a remote first asks for it. */
function lazySingleton(version: string, load: () => Promise<object>) {
  return {
    version,
    get: () => load().then((module) => () => module),
    shareConfig: { singleton: true, requiredVersion: `^${version}` },
  };
}

const federation = createInstance({
  name: 'autoscope_shell',
  remotes: [],
  shared: {
    react: singleton(React.version, React),
    'react/jsx-runtime': singleton(React.version, jsxRuntime),
    'react-dom': singleton(ReactDOM.version, ReactDOM),
    'react-router': singleton(reactRouterPackage.version, reactRouter),
    '@mantine/core': singleton(mantineCorePackage.version, mantineCore),
    '@mantine/hooks': singleton(mantineHooksPackage.version, mantineHooks),
    // With its stylesheet (tooltip, legend, axis colours): the shell owns the global CSS.
    '@mantine/charts': lazySingleton(mantineChartsPackage.version, () =>
      Promise.all([
        import(/* webpackChunkName: "charts" */ '@mantine/charts'),
        import(/* webpackChunkName: "charts" */ '@mantine/charts/styles.css'),
      ]).then(([charts]) => charts),
    ),
    recharts: lazySingleton(rechartsPackage.version, () => import(/* webpackChunkName: "recharts" */ 'recharts')),
    '@tanstack/react-query': singleton(reactQueryPackage.version, reactQuery),
    '@autoscope/web-sdk': singleton(webSdkPackage.version, webSdk),
  },
});

/** Registered remotes: name → manifest URL. */
const registered = new Map<string, string>();
/** Components loaded so far, by manifest URL and component: shown without a loading screen. */
const loaded = new Map<string, ComponentType>();
/** Remotes whose last load failed: registered again with `force`, which drops the runtime's caches. */
const failed = new Set<string>();

function register(remotes: readonly RemoteSpec[]): void {
  for (const { remote, force } of registrationsFor(remotes, registered, failed)) {
    federation.registerRemotes([{ name: remote.name, entry: remote.entry }], { force });
    registered.set(remote.name, remote.entry);
    failed.delete(remote.name);
  }
}

/**
 * Registers the remotes of the modules from `GET /api/modules` whose rights are open;
 * nothing is fetched until a component is loaded. Remotes of other modules stay unknown
 * to the runtime, so they can never be requested.
 */
export function registerOpenRemotes(modules: readonly VisibleModule[]): void {
  register(openRemotes(modules));
}

/**
 * Loads `component` (e.g. `./ItemsPage`) of the module's remote: its manifest, remote
 * entry and chunks, on first use. Rejects when the rights do not open the module, when
 * anything fails to load (the next call fetches afresh) or when the exposed module has
 * no default export.
 */
export async function loadExposed(module: VisibleModule, component: string): Promise<ComponentType> {
  const remote = openRemoteOf(module);
  if (!remote) throw new RemoteNotOpenError(module.name);
  register([remote]);
  try {
    const exposed = await federation.loadRemote<{ default?: unknown }>(exposedId(remote.name, component));
    const Component = exposed?.default;
    // A function component, or an object such as memo() or forwardRef() give.
    if (typeof Component !== 'function' && (typeof Component !== 'object' || Component === null)) {
      throw new Error(`${component} of remote '${remote.name}' has no default export component`);
    }
    loaded.set(`${remote.entry} ${component}`, Component as ComponentType);
    return Component as ComponentType;
  } catch (err) {
    failed.add(remote.name);
    throw err;
  }
}

/** `component` of the module's remote if it has been loaded (and the rights still open it). */
export function loadedExposed(module: VisibleModule, component: string): ComponentType | undefined {
  const remote = openRemoteOf(module);
  return remote ? loaded.get(`${remote.entry} ${component}`) : undefined;
}

/** Runs `work` when the browser is idle (a short timer where it cannot tell). */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work);
  else setTimeout(work, 200);
}

/** The prefetch waits this long after the module list, so the first screen loads alone. */
const PREFETCH_DELAY_MS = 2000;

/** Bumped by each call of `prefetchOpenRemotes`: an older queue stops. */
let prefetchRun = 0;

/**
 * Loads the open modules' pages, then their widgets, one at a time while the browser is
 * idle once the first screen has had its turn, so that the loading screen shows only on a
 * cold first visit. Nothing on a connection that asks to save data; a failure is left for
 * the real load to retry.
 */
export function prefetchOpenRemotes(modules: readonly VisibleModule[]): void {
  const run = ++prefetchRun;
  if ((navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const queue = componentsToPrefetch(modules).filter(([module, component]) => !loadedExposed(module, component));
  const next = () => {
    const item = queue.shift();
    if (!item || run !== prefetchRun) return;
    whenIdle(() => {
      if (run !== prefetchRun) return;
      loadExposed(...item).then(next, next);
    });
  };
  setTimeout(next, PREFETCH_DELAY_MS);
}
