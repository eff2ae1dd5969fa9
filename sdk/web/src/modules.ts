/**
 * `GET /api/modules`: the modules the signed-in user may see (disabled ones included, to
 * show greyed), with their pages and the federated remote to register, the portal's rights
 * keys and the menu's layout. The shell calls it right after sign-in, before any remote is
 * loaded.
 */

import { ApiError, createApiClient, type ApiClient } from './api';

// The answer's types are generated from the host's Rust types (host/src/modules/typescript.rs).
export type {
  MenuGroup,
  MenuLayout,
  ModulePage,
  ModuleRemote,
  RightsKey,
  ShellEntry,
  VisibleModule,
  VisibleModulesResponse,
} from './generated';
export { UPGRADE } from './generated';
import type { MenuLayout, ModulePage, VisibleModule, VisibleModulesResponse } from './generated';

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
      badge: page.badge ?? null,
      badgeRefresh: badgeRefreshOf(module.key, page),
    })),
    remote: module.remote ? { name: module.remote.name, manifestUrl: module.remote.manifestUrl } : null,
  };
}

/** The default channel, within the module's, that says a badge may have changed. */
const DEFAULT_BADGE_REFRESH = 'badge';

/**
 * The full channel names whose messages make the shell read a page's badge again: none
 * without a badge; the host's list (strings only); `<key>.badge` from a host that sends none.
 */
function badgeRefreshOf(moduleKey: string, page: ModulePage): string[] {
  if (!page.badge) return [];
  const channels: unknown = page.badgeRefresh;
  if (!Array.isArray(channels)) return [`${moduleKey}.${DEFAULT_BADGE_REFRESH}`];
  return channels.filter((channel): channel is string => typeof channel === 'string' && channel !== '');
}

/** Whether a module's routes may be opened: view and not disabled (a disabled one only shows greyed). */
export function moduleIsOpen(module: VisibleModule): boolean {
  return module.rights.view && !module.rights.disabled;
}
