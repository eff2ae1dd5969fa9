/**
 * Which federated remotes the shell may register, and under which ids it loads their
 * components. Pure: the federation runtime itself is in `federation.ts`.
 */
import { moduleIsOpen, type VisibleModule } from '@autoscope/web-sdk';

/** A remote to register with the federation runtime. */
export interface RemoteSpec {
  /** The remote's Module Federation name (`remote` in module.toml). */
  name: string;
  /** Its `mf-manifest.json`, same origin: `/modules/<key>/<version>/mf-manifest.json`. */
  entry: string;
}

/** Said when a remote is asked for that the user's rights do not open. */
export class RemoteNotOpenError extends Error {
  constructor(moduleName: string) {
    super(`The module '${moduleName}' is not open to you`);
    this.name = 'RemoteNotOpenError';
  }
}

/**
 * The remote of a module, or null when it has none or the rights do not open it (view
 * and not disabled): a remote the user may not open is never registered, so never requested.
 */
export function openRemoteOf(module: VisibleModule): RemoteSpec | null {
  if (!module.remote || module.pages.length === 0 || !moduleIsOpen(module)) return null;
  return { name: module.remote.name, entry: module.remote.manifestUrl };
}

/** The remotes of the open modules, one per name (the first in the list wins). */
export function openRemotes(modules: readonly VisibleModule[]): RemoteSpec[] {
  const byName = new Map<string, RemoteSpec>();
  for (const module of modules) {
    const remote = openRemoteOf(module);
    if (remote && !byName.has(remote.name)) byName.set(remote.name, remote);
  }
  return [...byName.values()];
}

/**
 * The exposed components of the open modules, pages before widgets, each once: what the
 * shell loads while the browser is idle so that opening a page later shows it at once.
 */
export function componentsToPrefetch(modules: readonly VisibleModule[]): [VisibleModule, string][] {
  const open = modules.filter((module) => openRemoteOf(module) !== null);
  const seen = new Set<string>();
  const wanted: [VisibleModule, string][] = [];
  for (const kind of ['component', 'widget'] as const) {
    for (const module of open) {
      for (const page of module.pages) {
        const component = page[kind];
        const key = `${module.remote?.manifestUrl} ${component}`;
        if (component && !seen.has(key)) {
          seen.add(key);
          wanted.push([module, component]);
        }
      }
    }
  }
  return wanted;
}

/** One registration to make: `force` replaces a registered remote and drops its caches. */
export interface Registration {
  remote: RemoteSpec;
  force: boolean;
}

/**
 * What to register, given what is registered (name → entry) and which remotes failed to
 * load: new remotes plainly; a remote whose entry changed (a new version) or whose last
 * load failed again with `force`, so that the runtime fetches it afresh; the rest not at all.
 */
export function registrationsFor(
  wanted: readonly RemoteSpec[],
  registered: ReadonlyMap<string, string>,
  failed: ReadonlySet<string>,
): Registration[] {
  const registrations: Registration[] = [];
  for (const remote of wanted) {
    const entry = registered.get(remote.name);
    if (entry === undefined) registrations.push({ remote, force: false });
    else if (entry !== remote.entry || failed.has(remote.name)) registrations.push({ remote, force: true });
  }
  return registrations;
}

/** The runtime's id of an exposed component: remote `crud`, `./ItemsPage` → `crud/ItemsPage`. */
export function exposedId(remoteName: string, component: string): string {
  if (!component.startsWith('./') || component.length === 2) {
    throw new Error(`An exposed component is named like ./PageName, not '${component}'`);
  }
  return `${remoteName}/${component.slice(2)}`;
}
