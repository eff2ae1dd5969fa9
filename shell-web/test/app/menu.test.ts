import { describe, expect, it } from 'vitest';
import type { ModulePage, VisibleModule } from '@autoscope/web-sdk';

import {
  ALWAYS_SHOWN_KEY,
  buildAdminMenu,
  buildMenu,
  buildModuleRoutes,
  createCompanyOpen,
  flattenMenu,
  type MenuItem,
} from '../../src/app/menu';
import type { Rights } from '../../src/session';
import { HOST_MENU, HOST_RIGHTS_KEYS, hostAnswer } from './hostMenu';

const OPEN = { view: true, disabled: false };
const DISABLED = { view: true, disabled: true };
const HIDDEN = { view: false, disabled: false };

/** Every rights key of the portal, all open, with `overrides` applied. */
function rights(overrides: Rights = {}): Rights {
  return { ...Object.fromEntries(HOST_RIGHTS_KEYS.map(({ key }) => [key, OPEN])), ...overrides };
}

function page(route: string, menuKey: string, extra: Partial<ModulePage> = {}): ModulePage {
  return {
    route,
    label: route.slice(1),
    group: null,
    icon: null,
    menuKey,
    component: `.${route}`,
    widget: null,
    badge: null,
    badgeRefresh: [],
    ...extra,
  };
}

function module(key: string, rightsKey: string, pages: ModulePage[], right = OPEN): VisibleModule {
  return {
    key,
    name: key,
    version: '1.0.0',
    rightsKey,
    rights: right,
    pages,
    remote: { name: key, manifestUrl: `/modules/${key}/1.0.0/mf-manifest.json` },
  };
}

/** The pages of the portal's menu: label, icon and group as the modules declare them. */
const VAULT = page('/Process', 'process', { label: 'Process Vault', group: 'Process', icon: 'database' });
const RANKING = page('/ProcessRanking', 'process', {
  label: 'Process Ranking',
  group: 'Process',
  icon: 'list-numbers',
});
const BOARD = page('/ProcessBoard', 'kanban_board', {
  label: 'Process Board',
  group: 'Process',
  icon: 'layout-kanban',
});
const RPA = page('/RPAInsight', 'operation_insight', {
  label: 'Operational Insight',
  group: 'Dashboards',
  icon: 'activity',
});

/** One module for every route of the host's menu. */
const PORTAL_MODULES: VisibleModule[] = [
  module('insights', 'business_insight', [
    page('/BusinessInsight', 'business_insight', { label: 'Business Insight', group: 'Dashboards', icon: 'chart-bar' }),
  ]),
  module('rpa', 'bot_insight', [RPA]),
  module('supportinsight', 'support_insight', [
    page('/SupportInsight', 'support_insight', { label: 'Support Insight', group: 'Dashboards', icon: 'chart-pie' }),
  ]),
  module('process', 'process', [VAULT, RANKING]),
  module('board', 'kanban_board', [BOARD]),
  module('tickets', 'support', [
    page('/Support', 'support', { label: 'Ticket Management', group: 'Support', icon: 'ticket' }),
  ]),
  module('dbi', 'databaseIntegration', [
    page('/databaseIntegration', 'databaseIntegration', { label: 'Database Integration', icon: 'plug' }),
  ]),
  module('chat', 'chat', [page('/Chat', 'chat', { label: 'Chat', icon: 'message' })]),
  module('calendar', 'calendar', [page('/Calendar', 'calendar', { label: 'Calendar', icon: 'calendar' })]),
  module('bots', 'bot_profile', [page('/BotProfile', 'bot_profile', { label: 'Bot Profile', icon: 'robot' })]),
  module('team', 'team_profile', [page('/TeamMaster', 'team_profile', { label: 'Team Master', icon: 'users' })]),
];

/** The host's answer with every module of the menu. */
const PORTAL = hostAnswer(PORTAL_MODULES);

function labels(items: readonly MenuItem[]): string[] {
  return items.map((item) => item.label);
}

function find(items: readonly MenuItem[], label: string): MenuItem | undefined {
  return [...items, ...items.flatMap((item) => item.content ?? [])].find((item) => item.label === label);
}

describe('buildMenu', () => {
  it('lays out the host’s menu: Dashboards, Process, Support, then the single items, in order', () => {
    const menu = buildMenu(rights(), PORTAL);
    expect(labels(menu.main)).toEqual([
      'Dashboards',
      'Process',
      'Support',
      'Database Integration',
      'Chat',
      'Calendar',
      'Bot Profile',
      'Team Master',
    ]);
    expect(labels(menu.main[0]!.content!)).toEqual(['Business Insight', 'Operational Insight', 'Support Insight']);
    expect(labels(menu.main[1]!.content!)).toEqual(['Process Vault', 'Process Ranking', 'Process Board']);
    expect(labels(menu.main[2]!.content!)).toEqual(['Ticket Management']);
  });

  it('gives every entry its route and menu key', () => {
    const flat = flattenMenu(buildMenu(rights(), PORTAL).main).map(({ label, to, key }) => [label, to, key]);
    expect(flat).toEqual([
      ['Dashboards', '/DashboardDefault', 'all'],
      ['Business Insight', '/BusinessInsight', 'business_insight'],
      ['Operational Insight', '/RPAInsight', 'operation_insight'],
      ['Support Insight', '/SupportInsight', 'support_insight'],
      ['Process Vault', '/Process', 'process'],
      ['Process Ranking', '/ProcessRanking', 'process'],
      ['Process Board', '/ProcessBoard', 'kanban_board'],
      ['Ticket Management', '/Support', 'support'],
      ['Database Integration', '/databaseIntegration', 'databaseIntegration'],
      ['Chat', '/Chat', 'chat'],
      ['Calendar', '/Calendar', 'calendar'],
      ['Bot Profile', '/BotProfile', 'bot_profile'],
      ['Team Master', '/TeamMaster', 'team_profile'],
    ]);
  });

  it('keeps Create New Company as a separate single-item menu', () => {
    const menu = buildMenu(rights(), PORTAL);
    expect(menu.company).toEqual([
      { label: 'Create New Company', icon: 'building', to: '/createCompany', key: 'createCompany' },
    ]);
    expect(find(menu.main, 'Create New Company')).toBeUndefined();
  });

  it('shows an entry only when the rights for its key allow view', () => {
    const menu = buildMenu(rights({ chat: HIDDEN, calendar: HIDDEN }), PORTAL);
    expect(find(menu.main, 'Chat')).toBeUndefined();
    expect(find(menu.main, 'Calendar')).toBeUndefined();
    expect(find(menu.main, 'Bot Profile')).toBeDefined();
  });

  it('treats a key missing from the rights map as not viewable', () => {
    const { chat: _chat, ...withoutChat } = rights();
    expect(find(buildMenu(withoutChat, PORTAL).main, 'Chat')).toBeUndefined();
  });

  it('reads the rights key bot_insight for the menu key operation_insight', () => {
    const hidden = buildMenu(rights({ bot_insight: HIDDEN }), PORTAL);
    expect(find(hidden.main, 'Operational Insight')).toBeUndefined();
    const disabled = buildMenu(rights({ bot_insight: DISABLED }), PORTAL);
    expect(find(disabled.main, 'Operational Insight')).toMatchObject({ key: 'operation_insight', disabled: true });
    // A stray `operation_insight` rights entry decides nothing.
    const stray = buildMenu(rights({ bot_insight: HIDDEN, operation_insight: OPEN }), PORTAL);
    expect(find(stray.main, 'Operational Insight')).toBeUndefined();
  });

  it('puts Process Board in the Process group under the key kanban_board', () => {
    const menu = buildMenu(rights({ kanban_board: HIDDEN }), PORTAL);
    expect(labels(menu.main[1]!.content!)).toEqual(['Process Vault', 'Process Ranking']);
    const onlyBoard = buildMenu(rights({ process: HIDDEN }), PORTAL);
    const process = onlyBoard.main.find((item) => item.label === 'Process');
    expect(process?.content).toEqual([
      { label: 'Process Board', icon: 'layout-kanban', to: '/ProcessBoard', key: 'kanban_board' },
    ]);
  });

  it('always shows the entry keyed all, even with no viewable dashboard', () => {
    const menu = buildMenu(rights({ business_insight: HIDDEN, bot_insight: HIDDEN, support_insight: HIDDEN }), PORTAL);
    const dashboards = menu.main[0]!;
    expect(dashboards).toMatchObject({
      label: 'Dashboards',
      key: ALWAYS_SHOWN_KEY,
      to: '/DashboardDefault',
      content: [],
    });
    expect(buildMenu({}, hostAnswer([])).main).toEqual([
      { label: 'Dashboards', icon: 'dashboard', key: 'all', to: '/DashboardDefault', content: [] },
    ]);
  });

  it('hides a group without a viewable child', () => {
    const menu = buildMenu(rights({ support: HIDDEN, process: HIDDEN, kanban_board: HIDDEN }), PORTAL);
    expect(labels(menu.main)).not.toContain('Support');
    expect(labels(menu.main)).not.toContain('Process');
  });

  it('keeps a group whose only children are disabled (they are still viewable)', () => {
    const menu = buildMenu(rights({ support: DISABLED }), PORTAL);
    expect(menu.main.find((item) => item.label === 'Support')?.content).toEqual([
      { label: 'Ticket Management', icon: 'ticket', to: '/Support', key: 'support', disabled: true },
    ]);
  });

  it('marks entries whose rights say disabled, for the greyed look and the Upgrade to Premium tooltip', () => {
    const community = rights({ databaseIntegration: DISABLED, createCompany: DISABLED });
    const modules = hostAnswer(
      PORTAL_MODULES.map((m) => (m.rightsKey === 'databaseIntegration' ? { ...m, rights: DISABLED } : m)),
    );
    const menu = buildMenu(community, modules);
    expect(find(menu.main, 'Database Integration')).toMatchObject({ disabled: true });
    expect(menu.company[0]).toMatchObject({ label: 'Create New Company', disabled: true });
    expect(find(menu.main, 'Chat')?.disabled).toBeUndefined();
  });

  it('hides Create New Company when its right does not allow view', () => {
    expect(buildMenu(rights({ createCompany: HIDDEN }), PORTAL).company).toEqual([]);
  });

  it('shows a layout entry only when a visible module serves its route', () => {
    const withoutChat = hostAnswer(PORTAL_MODULES.filter((m) => m.key !== 'chat' && m.key !== 'board'));
    const menu = buildMenu(rights(), withoutChat);
    expect(find(menu.main, 'Chat')).toBeUndefined();
    expect(find(menu.main, 'Process Board')).toBeUndefined();
  });

  it('keeps the layout’s order whatever order the module declares its pages in, and takes the module icon', () => {
    const renamed = hostAnswer([
      module('board', 'kanban_board', [{ ...BOARD, icon: 'kanban' }]),
      module('process', 'process', [RANKING, VAULT]),
    ]);
    const process = buildMenu(rights(), renamed).main.find((item) => item.label === 'Process');
    expect(process?.content?.map(({ label, icon }) => [label, icon])).toEqual([
      ['Process Vault', 'database'],
      ['Process Ranking', 'list-numbers'],
      ['Process Board', 'kanban'],
    ]);
  });

  it('adds pages of other modules in their declared group, or as single items after the layout’s ones', () => {
    const extra = hostAnswer([
      ...PORTAL_MODULES,
      module('crud', 'process', [page('/Items', 'process', { label: 'Items', group: 'Process', icon: 'archive' })]),
      module('faq', 'support', [page('/Faq', 'support', { label: 'FAQ' })]),
    ]);
    const menu = buildMenu(rights(), extra);
    expect(labels(menu.main[1]!.content!)).toEqual(['Process Vault', 'Process Ranking', 'Process Board', 'Items']);
    expect(labels(menu.main).slice(-2)).toEqual(['Team Master', 'FAQ']);
    expect(find(menu.main, 'Items')).toEqual({ label: 'Items', icon: 'archive', to: '/Items', key: 'process' });
  });

  it('greys an entry whose module is disabled even when the menu key is open', () => {
    const modules = hostAnswer([
      module('crud', 'databaseIntegration', [page('/Items', 'process', { label: 'Items' })], DISABLED),
    ]);
    expect(find(buildMenu(rights(), modules).main, 'Items')).toMatchObject({ disabled: true });
  });

  it('follows the module’s own right for a menu key the layout does not know', () => {
    const reports = (right: typeof OPEN) =>
      hostAnswer([module('reports', 'process', [page('/Reports', 'my_reports', { label: 'Reports' })], right)]);
    expect(find(buildMenu(rights(), reports(OPEN)).main, 'Reports')).toEqual({
      label: 'Reports',
      icon: 'puzzle',
      to: '/Reports',
      key: 'my_reports',
    });
    expect(find(buildMenu(rights(), reports(DISABLED)).main, 'Reports')).toMatchObject({ disabled: true });
    expect(buildModuleRoutes(rights(), reports(OPEN)).map((route) => route.path)).toEqual(['/Reports']);
    expect(buildModuleRoutes(rights(), reports(DISABLED))).toEqual([]);
  });

  it('gives an open entry whose page declares a badge its module, path and channels, and a greyed one none', () => {
    const chat = (right: typeof OPEN) =>
      hostAnswer([
        module(
          'chat',
          'chat',
          [
            page('/Chat', 'chat', {
              label: 'Chat',
              icon: 'message',
              badge: '/badge',
              badgeRefresh: ['chat.message', 'chat.read'],
            }),
          ],
          right,
        ),
        module('faq', 'support', [page('/Faq', 'support', { label: 'FAQ' })]),
      ]);
    const menu = buildMenu(rights(), chat(OPEN));
    expect(find(menu.main, 'Chat')).toEqual({
      label: 'Chat',
      icon: 'message',
      to: '/Chat',
      key: 'chat',
      badge: { module: 'chat', path: '/badge', channels: ['chat.message', 'chat.read'] },
    });
    expect(find(menu.main, 'FAQ')?.badge).toBeUndefined();
    const greyed = find(buildMenu(rights({ chat: DISABLED }), chat(OPEN)).main, 'Chat');
    expect(greyed).toMatchObject({ disabled: true });
    expect(greyed?.badge).toBeUndefined();
    expect(find(buildMenu(rights(), chat(DISABLED)).main, 'Chat')?.badge).toBeUndefined();
  });

  it('ignores module pages on the shell routes', () => {
    const modules = hostAnswer([module('evil', 'chat', [page('/Profile', 'chat', { label: 'Fake profile' })])]);
    expect(find(buildMenu(rights(), modules).main, 'Fake profile')).toBeUndefined();
    expect(buildModuleRoutes(rights(), modules)).toEqual([]);
  });
});

describe('buildModuleRoutes', () => {
  it('opens a module route only when view is true and disabled is false', () => {
    const community = rights({ databaseIntegration: DISABLED, chat: HIDDEN });
    const paths = buildModuleRoutes(community, PORTAL).map((route) => route.path);
    expect(paths).toContain('/BusinessInsight');
    expect(paths).toContain('/RPAInsight');
    expect(paths).not.toContain('/databaseIntegration');
    expect(paths).not.toContain('/Chat');
  });

  it('closes /RPAInsight through the rights key bot_insight', () => {
    const paths = buildModuleRoutes(rights({ bot_insight: DISABLED }), PORTAL).map((route) => route.path);
    expect(paths).not.toContain('/RPAInsight');
  });

  it('closes the routes of a disabled module', () => {
    const modules = hostAnswer([module('chat', 'chat', [page('/Chat', 'chat')], DISABLED)]);
    expect(buildModuleRoutes(rights(), modules)).toEqual([]);
  });

  it('matches the exact routes exactly and lets the others take sub-paths', () => {
    const routes = buildModuleRoutes(rights(), PORTAL);
    const exact = Object.fromEntries(routes.map((route) => [route.path, route.exact]));
    for (const path of ['/Process', '/Calendar', '/BotProfile', '/Support', '/BusinessInsight', '/ProcessRanking']) {
      expect(exact[path]).toBe(true);
    }
    for (const path of [
      '/Chat',
      '/ProcessBoard',
      '/RPAInsight',
      '/SupportInsight',
      '/TeamMaster',
      '/databaseIntegration',
    ]) {
      expect(exact[path]).toBe(false);
    }
  });

  it('uses the label the serving page declares, on the layout’s routes and others', () => {
    const modules = hostAnswer([
      module('rpa', 'bot_insight', [RPA]),
      module('crud', 'process', [page('/Items', 'process', { label: 'Items' })]),
    ]);
    expect(buildModuleRoutes(rights(), modules).map((route) => route.label)).toEqual(['Operational Insight', 'Items']);
  });
});

describe('createCompanyOpen', () => {
  it('opens /createCompany only with view true and disabled false', () => {
    expect(createCompanyOpen(rights(), HOST_MENU)).toBe(true);
    expect(createCompanyOpen(rights({ createCompany: DISABLED }), HOST_MENU)).toBe(false);
    expect(createCompanyOpen(rights({ createCompany: HIDDEN }), HOST_MENU)).toBe(false);
    expect(createCompanyOpen({}, HOST_MENU)).toBe(false);
  });
});

describe('buildAdminMenu', () => {
  it('lists the admin pages', () => {
    expect(buildAdminMenu().map(({ label, to }) => [label, to])).toEqual([
      ['Companies', '/admin/companies'],
      ['Modules', '/admin/modules'],
      ['Enterprise requests', '/admin/enterpriseRequests'],
      ['People', '/admin/people'],
      ['System logs', '/admin/logs'],
      ['Deletion requests', '/admin/deletionRequests'],
      ['Masters', '/Masters'],
    ]);
  });
});
