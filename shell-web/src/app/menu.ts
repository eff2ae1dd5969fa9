/**
 * The sidebar menu and the module routes, derived from the session's rights map and the
 * modules `GET /api/modules` lists (spec sections 2 and 6). Pure functions: the sidebar,
 * the router and the unit tests all read the same answer.
 */

import type { ModulePage, VisibleModule } from '@autoscope/web-sdk';

import type { Rights } from '../session';

/** The tooltip of a greyed entry (spec section 6). */
export const UPGRADE_TOOLTIP = 'Upgrade to Premium';

/** The key of the entry that always shows (the Dashboards group link). */
export const ALWAYS_SHOWN_KEY = 'all';

/** Menu keys that read another rights key: the menu says `operation_insight`, the rights `bot_insight`. */
const RIGHTS_KEY_OF_MENU_KEY: Readonly<Record<string, string>> = { operation_insight: 'bot_insight' };

/** The rights key a menu key is checked against. */
export function rightsKeyOf(menuKey: string): string {
  return RIGHTS_KEY_OF_MENU_KEY[menuKey] ?? menuKey;
}

/** A menu item (spec section 3): label, icon, to, key, optional nested content. */
export interface MenuItem {
  label: string;
  /** An icon name of `icons.tsx`. */
  icon: string;
  /** The route; a group without its own page has none. */
  to?: string;
  key: string;
  /** Shown greyed, not a link, with the tooltip 'Upgrade to Premium'. */
  disabled?: boolean;
  content?: MenuItem[];
}

/** The standard sidebar: the main menu, and Create New Company as its own single-item menu. */
export interface Menu {
  main: MenuItem[];
  company: MenuItem[];
}

/** A route of a module page the user may open (view true, disabled false). */
export interface ModuleRoute {
  path: string;
  /** Whether only the exact path matches (spec section 2); otherwise sub-paths reach the page too. */
  exact: boolean;
  label: string;
  icon: string;
  module: VisibleModule;
  page: ModulePage;
}

type SpecGroup = 'Dashboards' | 'Process' | 'Support';

interface SpecEntry {
  label: string;
  to: string;
  key: string;
  icon: string;
}

/** The spec's groups in order, with their entries in order. */
const SPEC_GROUPS: readonly { label: SpecGroup; icon: string; to?: string; key: string; entries: SpecEntry[] }[] = [
  {
    label: 'Dashboards',
    icon: 'dashboard',
    to: '/DashboardDefault',
    key: ALWAYS_SHOWN_KEY,
    entries: [
      { label: 'Business Insight', to: '/BusinessInsight', key: 'business_insight', icon: 'chart-bar' },
      { label: 'Operational Insight', to: '/RPAInsight', key: 'operation_insight', icon: 'robot' },
      { label: 'Support Insight', to: '/SupportInsight', key: 'support_insight', icon: 'chart-pie' },
    ],
  },
  {
    label: 'Process',
    icon: 'sitemap',
    key: 'group:Process',
    entries: [
      { label: 'Process Vault', to: '/Process', key: 'process', icon: 'database' },
      { label: 'Process Ranking', to: '/ProcessRanking', key: 'process', icon: 'list-numbers' },
      { label: 'Process Board', to: '/ProcessBoard', key: 'kanban_board', icon: 'layout-kanban' },
    ],
  },
  {
    label: 'Support',
    icon: 'lifebuoy',
    key: 'group:Support',
    entries: [{ label: 'Ticket Management', to: '/Support', key: 'support', icon: 'ticket' }],
  },
];

/** The spec's single items, in order, after the groups. */
const SPEC_SINGLES: readonly SpecEntry[] = [
  { label: 'Database Integration', to: '/databaseIntegration', key: 'databaseIntegration', icon: 'plug' },
  { label: 'Chat', to: '/Chat', key: 'chat', icon: 'message' },
  { label: 'Calendar', to: '/Calendar', key: 'calendar', icon: 'calendar' },
  { label: 'Bot Profile', to: '/BotProfile', key: 'bot_profile', icon: 'robot' },
  { label: 'Team Master', to: '/TeamMaster', key: 'team_profile', icon: 'users' },
];

/** Create New Company: a separate single-item menu. Its page is the shell's (it shows nothing). */
export const CREATE_COMPANY: Readonly<SpecEntry> = {
  label: 'Create New Company',
  to: '/createCompany',
  key: 'createCompany',
  icon: 'building',
};

/** Routes the shell serves itself; a module page on one of them is ignored. */
export const SHELL_ROUTES = {
  profile: '/Profile',
  dashboard: '/DashboardDefault',
  createCompany: CREATE_COMPANY.to,
} as const;

/** The logged-in routes that match exactly (spec section 2); the others also take sub-paths. */
const EXACT_ROUTES = new Set([
  '/Profile',
  '/Process',
  '/Calendar',
  '/BotProfile',
  '/Support',
  '/BusinessInsight',
  '/ProcessRanking',
]);

const SPEC_ENTRY_BY_ROUTE: ReadonlyMap<string, SpecEntry> = new Map(
  [...SPEC_GROUPS.flatMap((group) => group.entries), ...SPEC_SINGLES].map((entry) => [entry.to, entry]),
);

const SHELL_ROUTE_SET = new Set<string>(Object.values(SHELL_ROUTES));

interface Served {
  module: VisibleModule;
  page: ModulePage;
}

/** Each route to the module page serving it; the first open module wins a route two modules declare. */
function servedRoutes(modules: readonly VisibleModule[]): Map<string, Served> {
  const served = new Map<string, Served>();
  for (const module of modules) {
    for (const page of module.pages) {
      if (SHELL_ROUTE_SET.has(page.route)) continue;
      const taken = served.get(page.route);
      if (!taken || (!isOpen(taken.module.rights) && isOpen(module.rights))) served.set(page.route, { module, page });
    }
  }
  return served;
}

function isOpen(right: { view: boolean; disabled: boolean } | undefined): boolean {
  return right !== undefined && right.view === true && right.disabled !== true;
}

/** The module rights keys of spec section 3 (and the host's `rights::MODULE_KEYS`). */
export const SPEC_RIGHTS_KEYS: ReadonlySet<string> = new Set([
  'chat',
  'kanban_board',
  'bot_insight',
  'business_insight',
  'support_insight',
  'process',
  'calendar',
  'bot_profile',
  'support',
  'team_profile',
  'databaseIntegration',
  'createCompany',
]);

/**
 * The right a menu entry is shown by: its menu key's rights key in the session's map,
 * where a missing spec key allows nothing. A module page whose menu key is none of the
 * spec's (module authors may name their own) follows the module's own right.
 */
function rightOfEntry(rights: Rights, menuKey: string, module: VisibleModule) {
  const rightsKey = rightsKeyOf(menuKey);
  const right = rights[rightsKey];
  if (right) return { view: right.view === true, disabled: right.disabled === true };
  if (SPEC_RIGHTS_KEYS.has(rightsKey)) return { view: false, disabled: true };
  return { view: module.rights.view, disabled: module.rights.disabled };
}

/**
 * An entry for a served route, or null when it does not show. It shows when its rights
 * allow view; it is disabled when they say disabled, or the module serving it is.
 */
function entryFor(rights: Rights, key: string, label: string, icon: string, served: Served): MenuItem | null {
  const right = rightOfEntry(rights, key, served.module);
  if (!right.view) return null;
  const disabled = right.disabled || !isOpen(served.module.rights);
  const item: MenuItem = { label, icon, to: served.page.route, key };
  if (disabled) item.disabled = true;
  return item;
}

/** A module page the spec does not list: its own label, icon and menu key. */
function extraEntry(rights: Rights, served: Served): MenuItem | null {
  const { page } = served;
  return entryFor(rights, page.menuKey, page.label, page.icon ?? 'puzzle', served);
}

function groupOf(page: ModulePage): SpecGroup | null {
  return page.group === 'Dashboards' || page.group === 'Process' || page.group === 'Support' ? page.group : null;
}

/** The standard menu for `rights` (the first role's map) and the visible modules. */
export function buildMenu(rights: Rights, modules: readonly VisibleModule[]): Menu {
  const served = servedRoutes(modules);
  const extras = [...served.values()].filter(({ page }) => !SPEC_ENTRY_BY_ROUTE.has(page.route));

  const specEntry = (entry: SpecEntry): MenuItem | null => {
    const found = served.get(entry.to);
    return found ? entryFor(rights, entry.key, entry.label, found.page.icon ?? entry.icon, found) : null;
  };

  const main: MenuItem[] = [];
  for (const group of SPEC_GROUPS) {
    const content = [
      ...group.entries.map(specEntry),
      ...extras.filter(({ page }) => groupOf(page) === group.label).map((extra) => extraEntry(rights, extra)),
    ].filter((item): item is MenuItem => item !== null);
    // The `all` entry always shows; any other group only with a viewable child.
    if (group.key !== ALWAYS_SHOWN_KEY && content.length === 0) continue;
    const item: MenuItem = { label: group.label, icon: group.icon, key: group.key, content };
    if (group.to) item.to = group.to;
    main.push(item);
  }
  for (const entry of SPEC_SINGLES) {
    const item = specEntry(entry);
    if (item) main.push(item);
  }
  for (const extra of extras) {
    if (groupOf(extra.page) !== null) continue;
    const item = extraEntry(rights, extra);
    if (item) main.push(item);
  }

  const company: MenuItem[] = [];
  const companyRight = rights[CREATE_COMPANY.key];
  if (companyRight?.view) {
    const item: MenuItem = {
      label: CREATE_COMPANY.label,
      icon: CREATE_COMPANY.icon,
      to: CREATE_COMPANY.to,
      key: CREATE_COMPANY.key,
    };
    if (companyRight.disabled) item.disabled = true;
    company.push(item);
  }
  return { main, company };
}

/**
 * The module pages whose routes exist: served by a visible module and allowed by their
 * rights (view true, disabled false), in menu order of the spec and then module order.
 */
export function buildModuleRoutes(rights: Rights, modules: readonly VisibleModule[]): ModuleRoute[] {
  const routes: ModuleRoute[] = [];
  for (const { module, page } of servedRoutes(modules).values()) {
    const spec = SPEC_ENTRY_BY_ROUTE.get(page.route);
    const key = spec?.key ?? page.menuKey;
    const right = rightOfEntry(rights, key, module);
    if (!isOpen(right) || !isOpen(module.rights) || !module.remote) continue;
    routes.push({
      path: page.route,
      exact: EXACT_ROUTES.has(page.route),
      label: spec?.label ?? page.label,
      icon: page.icon ?? spec?.icon ?? 'puzzle',
      module,
      page,
    });
  }
  return routes;
}

/** Whether the shell's /createCompany route exists: its right allows view and is not disabled. */
export function createCompanyOpen(rights: Rights): boolean {
  return isOpen(rights[CREATE_COMPANY.key]);
}

/** The admin area's pages (admin flag stored). */
export const ADMIN_ROUTES = {
  companies: '/admin/companies',
  modules: '/admin/modules',
} as const;

/** The admin sidebar. */
export function buildAdminMenu(): MenuItem[] {
  return [
    { label: 'Companies', icon: 'building', to: ADMIN_ROUTES.companies, key: 'admin_companies' },
    { label: 'Modules', icon: 'puzzle', to: ADMIN_ROUTES.modules, key: 'admin_modules' },
  ];
}

/** The items of a menu with a route, nested ones included (for titles and icons by path). */
export function flattenMenu(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [...(item.to ? [item] : []), ...flattenMenu(item.content ?? [])]);
}
