/**
 * The host's menu layout and rights keys as `GET /api/modules` answers them: a copy of
 * `MENU` in host/src/rights/menu.rs and of `MODULE_KEYS` in host/src/rights/mod.rs, for the
 * tests only (the shell reads them from the answer). Keep it in step with the host.
 */

import type { MenuLayout, RightsKey, VisibleModule, VisibleModulesResponse } from '@autoscope/web-sdk';

export const HOST_MENU: MenuLayout = {
  groups: [
    {
      label: 'Dashboards',
      icon: 'dashboard',
      key: 'all',
      to: '/DashboardDefault',
      routes: ['/BusinessInsight', '/RPAInsight', '/SupportInsight'],
    },
    {
      label: 'Process',
      icon: 'sitemap',
      key: 'group:Process',
      to: null,
      routes: ['/Process', '/ProcessRanking', '/ProcessBoard'],
    },
    { label: 'Support', icon: 'lifebuoy', key: 'group:Support', to: null, routes: ['/Support'] },
  ],
  singles: ['/databaseIntegration', '/Chat', '/Calendar', '/BotProfile', '/TeamMaster'],
  company: { label: 'Create New Company', icon: 'building', key: 'createCompany', to: '/createCompany' },
};

export const HOST_RIGHTS_KEYS: RightsKey[] = [
  { key: 'business_insight', premium: false },
  { key: 'bot_insight', premium: false },
  { key: 'support_insight', premium: false },
  { key: 'process', premium: false },
  { key: 'kanban_board', premium: false },
  { key: 'support', premium: false },
  { key: 'bot_profile', premium: false },
  { key: 'calendar', premium: false },
  { key: 'chat', premium: false },
  { key: 'team_profile', premium: false },
  { key: 'databaseIntegration', premium: true },
  { key: 'createCompany', premium: true },
];

/** The host's answer listing `modules`. */
export function hostAnswer(modules: VisibleModule[]): VisibleModulesResponse {
  return { data: modules, rightsKeys: HOST_RIGHTS_KEYS, menu: HOST_MENU };
}
