/**
 * `GET /api/modules`: the modules the signed-in user may see (disabled ones included, to
 * show greyed), with their pages and the federated remote to register. The shell calls
 * it right after sign-in, before any remote is loaded.
 */

import { ApiError, createApiClient, type ApiClient } from './api';
import type { Right } from './types';

/** A page a module adds to the menu and the routes. */
export interface ModulePage {
  /** The route, e.g. `/Process`. */
  route: string;
  label: string;
  /** The sidebar group (e.g. `Dashboards`), null for a single item. */
  group: string | null;
  /** An icon name the shell knows. */
  icon: string | null;
  /** The menu entry's rights key: the page's own, or the module's rights key. */
  menuKey: string;
  /** The exposed component of the remote, e.g. `./ProcessVault`. */
  component: string;
  widget: string | null;
}

/** The federated remote of a module with pages. */
export interface ModuleRemote {
  /** The remote's Module Federation name. */
  name: string;
  /** Same-origin URL of its `mf-manifest.json` (`/modules/<key>/<version>/mf-manifest.json`). */
  manifestUrl: string;
}

/** A module as `GET /api/modules` describes it (the host's `VisibleModule`). */
export interface VisibleModule {
  key: string;
  name: string;
  version: string;
  rightsKey: string;
  /** The user's right on the module: `view` is always true here; `disabled` greys it out. */
  rights: Right;
  pages: ModulePage[];
  /** Present when the module has pages. */
  remote: ModuleRemote | null;
}

/** The answer of `GET /api/modules`. */
export interface VisibleModulesResponse {
  data: VisibleModule[];
}

export interface FetchModulesOptions {
  signal?: AbortSignal;
  /** Origin prefix, '' for same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  onUnauthorized?: () => void;
}

/**
 * The modules the holder of `token` may see, in key order. Throws `ApiError` (401 when
 * the session is over; status 0 when the host cannot be reached).
 */
export async function fetchVisibleModules(token: string, options: FetchModulesOptions = {}): Promise<VisibleModule[]> {
  const api: ApiClient = createApiClient({
    prefix: '/api',
    getToken: () => token,
    onUnauthorized: options.onUnauthorized,
    baseUrl: options.baseUrl,
    fetch: options.fetch,
  });
  const answer = await api.get<VisibleModulesResponse>('/modules', { signal: options.signal });
  if (!answer || !Array.isArray(answer.data)) {
    throw new ApiError(502, 'The module list is not in the expected shape', answer);
  }
  return answer.data.map(normalizeModule);
}

function normalizeModule(module: VisibleModule): VisibleModule {
  return {
    key: module.key,
    name: module.name,
    version: module.version,
    rightsKey: module.rightsKey,
    rights: { view: module.rights?.view === true, disabled: module.rights?.disabled === true },
    pages: (module.pages ?? []).map((page) => ({
      route: page.route,
      label: page.label,
      group: page.group ?? null,
      icon: page.icon ?? null,
      menuKey: page.menuKey,
      component: page.component,
      widget: page.widget ?? null,
    })),
    remote: module.remote ? { name: module.remote.name, manifestUrl: module.remote.manifestUrl } : null,
  };
}

/** Whether a module's routes may be opened (view and not disabled), as the spec asks. */
export function moduleIsOpen(module: VisibleModule): boolean {
  return module.rights.view && !module.rights.disabled;
}
