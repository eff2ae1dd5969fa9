/**
 * `GET /api/modules`: the modules the signed-in user may see (disabled ones included, to
 * show greyed), with their pages and the federated remote to register, the portal's rights
 * keys and the menu's layout. The shell calls it right after sign-in, before any remote is
 * loaded.
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

/** A rights key of the portal (the host's `RightsKey`). */
export interface RightsKey {
  key: string;
  /** Premium keys are disabled for community companies. */
  premium: boolean;
}

/** A group of the main menu (the host's `MenuGroup`). */
export interface MenuGroup {
  label: string;
  /** An icon name the shell knows. */
  icon: string;
  key: string;
  /** The group's own page, if it has one. */
  to: string | null;
  /** The routes of its entries, in order; modules' other pages in the group follow. */
  routes: string[];
}

/** A menu entry the shell serves itself, shown by its rights key (the host's `ShellEntry`). */
export interface ShellEntry {
  label: string;
  icon: string;
  key: string;
  to: string;
}

/** The menu's order and groups (the host's `MenuLayout`). */
export interface MenuLayout {
  groups: MenuGroup[];
  /** The routes of the single entries after the groups, in order; other modules' pages follow. */
  singles: string[];
  /** Create New Company: a menu of its own. */
  company: ShellEntry;
}

/** The answer of `GET /api/modules` (the host's `VisibleModules`). */
export interface VisibleModulesResponse {
  data: VisibleModule[];
  /** Every rights key of the portal, in order. */
  rightsKeys: RightsKey[];
  menu: MenuLayout;
}

export interface FetchModulesOptions {
  signal?: AbortSignal;
  /** Origin prefix, '' for same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  onUnauthorized?: () => void;
}

/**
 * The answer for the holder of `token`: the modules they may see, in key order, the rights
 * keys and the menu's layout. Throws `ApiError` (401 when the session is over; status 0
 * when the host cannot be reached; 502 for an answer of another shape).
 */
export async function fetchVisibleModules(
  token: string,
  options: FetchModulesOptions = {},
): Promise<VisibleModulesResponse> {
  const api: ApiClient = createApiClient({
    prefix: '/api',
    getToken: () => token,
    onUnauthorized: options.onUnauthorized,
    baseUrl: options.baseUrl,
    fetch: options.fetch,
  });
  const answer = await api.get<VisibleModulesResponse>('/modules', { signal: options.signal });
  if (!hasExpectedShape(answer)) {
    throw new ApiError(502, 'The module list is not in the expected shape', answer);
  }
  return {
    data: answer.data.map(normalizeModule),
    rightsKeys: answer.rightsKeys.map(({ key, premium }) => ({ key, premium: premium === true })),
    menu: normalizeMenu(answer.menu),
  };
}

function hasExpectedShape(answer: VisibleModulesResponse | undefined): answer is VisibleModulesResponse {
  const menu = answer?.menu;
  return (
    answer !== undefined &&
    answer !== null &&
    Array.isArray(answer.data) &&
    Array.isArray(answer.rightsKeys) &&
    typeof menu === 'object' &&
    menu !== null &&
    Array.isArray(menu.groups) &&
    Array.isArray(menu.singles) &&
    typeof menu.company === 'object' &&
    menu.company !== null
  );
}

function normalizeMenu(menu: MenuLayout): MenuLayout {
  return {
    groups: menu.groups.map((group) => ({
      label: group.label,
      icon: group.icon,
      key: group.key,
      to: group.to ?? null,
      routes: [...(group.routes ?? [])],
    })),
    singles: [...menu.singles],
    company: { label: menu.company.label, icon: menu.company.icon, key: menu.company.key, to: menu.company.to },
  };
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

/** Whether a module's routes may be opened: view and not disabled (a disabled one only shows greyed). */
export function moduleIsOpen(module: VisibleModule): boolean {
  return module.rights.view && !module.rights.disabled;
}
