/**
 * The sidebar menu and the module routes, built from the answer of `GET /api/modules`: the
 * menu's layout (group order and look, each group's and the single entries' routes in
 * order, Create New Company), the portal's rights keys, and the visible modules, whose
 * pages give each entry its label, icon, menu key and count (badge). Pure functions: the sidebar, the
 * router and the unit tests all read the same answer.
 */

import type { MenuLayout, ModulePage, VisibleModule, VisibleModulesResponse } from '@autoscope/web-sdk';

import type { Rights } from '../session';

/** The key of the group that always shows, even without a viewable child (Dashboards). */
export const ALWAYS_SHOWN_KEY = 'all';

/** A menu item: label, icon, to, key, optional nested content. */
export interface MenuItem {
  label: string;
  /** An icon name of `icons.tsx`. */
  icon: string;
  /** The route; a group without its own page has none. */
  to?: string;
  key: string;
  /** Shown greyed with the tooltip 'Upgrade to Premium', a link to the enterprise edition. */
  disabled?: boolean;
  /** A count on the entry (Chat's unread messages); open entries only. */
  badge?: MenuBadge;
  content?: MenuItem[];
}

/**
 * Where an entry's count comes from: `GET /api/m/<module><path>` answering `{ count }`, read
 * again when one of the realtime `channels` speaks.
 */
export interface MenuBadge {
  /** The module's key: its API is `/api/m/<module>`. */
  module: string;
  /** The page's `badge`, a GET path of the module's API, e.g. `/badge`. */
  path: string;
  /** The page's `badgeRefresh`: full channel names, e.g. `chat.message`, as the host gives them. */
  channels: string[];
}

/** The standard sidebar: the main menu, and Create New Company as its own single-item menu. */
export interface Menu {
  main: MenuItem[];
  company: MenuItem[];
}

/** A route of a module page the user may open (view true, disabled false). */
export interface ModuleRoute {
  path: string;
  /** Whether only the exact path matches; otherwise sub-paths reach the page too. */
  exact: boolean;
  label: string;
  icon: string;
  module: VisibleModule;
  page: ModulePage;
}

/** The icon of a page that names none. */
const DEFAULT_ICON = 'puzzle';

/** Routes the shell serves itself; a module page on one of them is ignored. */
export const SHELL_ROUTES = {
  profile: '/Profile',
  dashboard: '/DashboardDefault',
  createCompany: '/createCompany',
} as const;

/** The signed-in routes that match exactly; the others also take sub-paths. */
const EXACT_ROUTES = new Set([
  '/Profile',
  '/Process',
  '/Calendar',
  '/BotProfile',
  '/Support',
  '/BusinessInsight',
  '/ProcessRanking',
]);

const SHELL_ROUTE_SET = new Set<string>(Object.values(SHELL_ROUTES));

interface Served {
  module: VisibleModule;
  page: ModulePage;
}

/**
 * Each route to the module page serving it; the first open module wins a route two modules
 * declare. The shell's own routes (Create New Company's too) are never a module's.
 */
function servedRoutes({ data, menu }: VisibleModulesResponse): Map<string, Served> {
  const served = new Map<string, Served>();
  for (const module of data) {
    for (const page of module.pages) {
      if (SHELL_ROUTE_SET.has(page.route) || page.route === menu.company.to) continue;
      const taken = served.get(page.route);
      if (!taken || (!isOpen(taken.module.rights) && isOpen(module.rights))) served.set(page.route, { module, page });
    }
  }
  return served;
}

/** The routes the layout places: its groups' and its single entries'. */
function layoutRoutes(menu: MenuLayout): Set<string> {
  return new Set([...menu.groups.flatMap((group) => group.routes), ...menu.singles]);
}

function isOpen(right: { view: boolean; disabled: boolean } | undefined): boolean {
  return right !== undefined && right.view === true && right.disabled !== true;
}

/**
 * The right a module page is shown by: its module's rights key in the session's map, where
 * a missing key of the portal allows nothing. A module whose rights key is none of the
 * portal's follows its own right.
 */
function rightOfPage(rights: Rights, rightsKeys: ReadonlySet<string>, module: VisibleModule) {
  const right = rights[module.rightsKey];
  if (right) return { view: right.view === true, disabled: right.disabled === true };
  if (rightsKeys.has(module.rightsKey)) return { view: false, disabled: true };
  return { view: module.rights.view, disabled: module.rights.disabled };
}

function rightsKeySet(answer: VisibleModulesResponse): Set<string> {
  return new Set(answer.rightsKeys.map(({ key }) => key));
}

/**
 * The entry of a served route, with the label, icon and menu key its page declares, or null
 * when it does not show. It shows when its rights allow view; it is disabled when they say
 * disabled, or the module serving it is.
 */
function entryFor(rights: Rights, rightsKeys: ReadonlySet<string>, served: Served): MenuItem | null {
  const { module, page } = served;
  const right = rightOfPage(rights, rightsKeys, module);
  if (!right.view) return null;
  const disabled = right.disabled || !isOpen(module.rights);
  const item: MenuItem = { label: page.label, icon: page.icon ?? DEFAULT_ICON, to: page.route, key: page.menuKey };
  if (disabled) item.disabled = true;
  // A greyed entry reads no count: its module's API is closed to the user.
  else if (page.badge) item.badge = { module: module.key, path: page.badge, channels: [...page.badgeRefresh] };
  return item;
}

function isItem(item: MenuItem | null): item is MenuItem {
  return item !== null;
}

/**
 * The standard menu for `rights` (the first role's map) and the answer of `GET /api/modules`:
 * the layout's groups in order, each with the entries of its routes in order and then the
 * other pages declaring the group; the layout's single entries; then the other pages.
 */
export function buildMenu(rights: Rights, answer: VisibleModulesResponse): Menu {
  const { menu } = answer;
  const keys = rightsKeySet(answer);
  const served = servedRoutes(answer);
  const placed = layoutRoutes(menu);
  const extras = [...served.values()].filter(({ page }) => !placed.has(page.route));
  const groupLabels = new Set(menu.groups.map((group) => group.label));

  const listed = (route: string): MenuItem | null => {
    const found = served.get(route);
    return found ? entryFor(rights, keys, found) : null;
  };

  const main: MenuItem[] = [];
  for (const group of menu.groups) {
    const content = [
      ...group.routes.map(listed),
      ...extras.filter(({ page }) => page.group === group.label).map((extra) => entryFor(rights, keys, extra)),
    ].filter(isItem);
    // The `all` group always shows; any other group only with a viewable child.
    if (group.key !== ALWAYS_SHOWN_KEY && content.length === 0) continue;
    const item: MenuItem = { label: group.label, icon: group.icon, key: group.key, content };
    if (group.to) item.to = group.to;
    main.push(item);
  }
  main.push(...menu.singles.map(listed).filter(isItem));
  for (const extra of extras) {
    if (extra.page.group !== null && groupLabels.has(extra.page.group)) continue;
    const item = entryFor(rights, keys, extra);
    if (item) main.push(item);
  }

  const company: MenuItem[] = [];
  const companyRight = rights[menu.company.key];
  if (companyRight?.view) {
    const { label, icon, to, key } = menu.company;
    const item: MenuItem = { label, icon, to, key };
    if (companyRight.disabled) item.disabled = true;
    company.push(item);
  }
  return { main, company };
}

/**
 * The module pages whose routes exist: served by a visible module and allowed by their
 * rights (view true, disabled false), in the modules' order.
 */
export function buildModuleRoutes(rights: Rights, answer: VisibleModulesResponse): ModuleRoute[] {
  const keys = rightsKeySet(answer);
  const routes: ModuleRoute[] = [];
  for (const { module, page } of servedRoutes(answer).values()) {
    const right = rightOfPage(rights, keys, module);
    if (!isOpen(right) || !isOpen(module.rights) || !module.remote) continue;
    routes.push({
      path: page.route,
      exact: EXACT_ROUTES.has(page.route),
      label: page.label,
      icon: page.icon ?? DEFAULT_ICON,
      module,
      page,
    });
  }
  return routes;
}

/**
 * A page the user sees greyed because its rights key is premium (enterprise only) and the
 * company is on the community edition: its route shows that it is an Enterprise feature.
 */
export interface PremiumPage {
  path: string;
  /** Whether only the exact path is the page's; otherwise sub-paths are too. */
  exact: boolean;
  /** The entry's label, e.g. Database Integration. */
  label: string;
}

/**
 * The routes of the greyed entries whose rights keys the host marks premium: the modules'
 * pages and Create New Company. A greyed entry of another key (a role that disables it), a
 * hidden one and an open one are not among them.
 */
export function premiumPages(rights: Rights, answer: VisibleModulesResponse): PremiumPage[] {
  const keys = rightsKeySet(answer);
  const premium = new Set(answer.rightsKeys.filter((key) => key.premium).map(({ key }) => key));
  const pages: PremiumPage[] = [];
  for (const served of servedRoutes(answer).values()) {
    if (!premium.has(served.module.rightsKey) || !entryFor(rights, keys, served)?.disabled) continue;
    const { route, label } = served.page;
    pages.push({ path: route, exact: EXACT_ROUTES.has(route), label });
  }
  const { company } = answer.menu;
  const companyRight = rights[company.key];
  if (premium.has(company.key) && companyRight?.view && companyRight.disabled) {
    pages.push({ path: company.to, exact: true, label: company.label });
  }
  return pages;
}

/** Whether the shell's Create New Company route exists: its right allows view and is not disabled. */
export function createCompanyOpen(rights: Rights, menu: MenuLayout): boolean {
  return isOpen(rights[menu.company.key]);
}

/** The admin area's pages (admin flag stored). */
export const ADMIN_ROUTES = {
  companies: '/admin/companies',
  modules: '/admin/modules',
  enterpriseRequests: '/admin/enterpriseRequests',
  people: '/admin/people',
  logs: '/admin/logs',
  deletionRequests: '/admin/deletionRequests',
  masters: '/Masters',
} as const;

/** The admin sidebar. */
export function buildAdminMenu(): MenuItem[] {
  return [
    { label: 'Companies', icon: 'building', to: ADMIN_ROUTES.companies, key: 'admin_companies' },
    { label: 'Modules', icon: 'puzzle', to: ADMIN_ROUTES.modules, key: 'admin_modules' },
    {
      label: 'Enterprise requests',
      icon: 'inbox',
      to: ADMIN_ROUTES.enterpriseRequests,
      key: 'admin_enterprise_requests',
    },
    { label: 'People', icon: 'users', to: ADMIN_ROUTES.people, key: 'admin_people' },
    { label: 'System logs', icon: 'activity', to: ADMIN_ROUTES.logs, key: 'admin_logs' },
    { label: 'Deletion requests', icon: 'trash', to: ADMIN_ROUTES.deletionRequests, key: 'admin_deletion_requests' },
    { label: 'Masters', icon: 'database', to: ADMIN_ROUTES.masters, key: 'admin_masters' },
  ];
}

/** The items of a menu with a route, nested ones included (for titles and icons by path). */
export function flattenMenu(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [...(item.to ? [item] : []), ...flattenMenu(item.content ?? [])]);
}
