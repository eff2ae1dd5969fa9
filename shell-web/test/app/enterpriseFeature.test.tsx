// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ModulePage, VisibleModule } from '@autoscope/web-sdk';
import { stubBrowser } from '@autoscope/web-sdk/testing';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

import { premiumPages } from '../../src/app/menu';
import { NoRoutePage } from '../../src/app/pages/EnterpriseFeaturePage';
import type { Rights } from '../../src/session';

import { renderInMantine } from '../render';
import { HOST_RIGHTS_KEYS, hostAnswer } from './hostMenu';

beforeAll(stubBrowser);
afterEach(cleanup);

const OPEN = { view: true, disabled: false };
const DISABLED = { view: true, disabled: true };
const HIDDEN = { view: false, disabled: false };

function page(route: string, label: string): ModulePage {
  return {
    route,
    label,
    group: null,
    icon: null,
    menuKey: label,
    component: `.${route}`,
    widget: null,
    badge: null,
    badgeRefresh: [],
  };
}

function module(key: string, rightsKey: string, pages: ModulePage[], rights = OPEN): VisibleModule {
  return {
    key,
    name: key,
    version: '1.0.0',
    rightsKey,
    rights,
    pages,
    remote: { name: key, manifestUrl: `/modules/${key}/1.0.0/mf-manifest.json` },
  };
}

/** A community company's member: premium keys greyed by the edition; the role greys Support and hides Chat. */
const COMMUNITY: Rights = {
  ...Object.fromEntries(HOST_RIGHTS_KEYS.map(({ key }) => [key, OPEN])),
  databaseIntegration: DISABLED,
  createCompany: DISABLED,
  support: DISABLED,
  chat: HIDDEN,
};

/** The modules as the host lists them for that member (a greyed module's own right is disabled too). */
const MODULES = hostAnswer([
  module('insights', 'business_insight', [page('/BusinessInsight', 'Business Insight')]),
  module('db_integration', 'databaseIntegration', [page('/databaseIntegration', 'Database Integration')], DISABLED),
  module('premium', 'databaseIntegration', [page('/PremiumRecords', 'Premium records')], DISABLED),
  module('support', 'support', [page('/Support', 'Ticket Management')], DISABLED),
  module('chat', 'chat', [page('/Chat', 'Chat')]),
]);

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** The user area's routes in small: an open module page, and the catch-all the area ends with. */
function renderAt(path: string, rights: Rights = COMMUNITY) {
  return renderInMantine(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="BusinessInsight" caseSensitive element={<p>Business Insight page</p>} />
        <Route path="EnterpriseEdition" caseSensitive element={<p>Enterprise Edition form</p>} />
        <Route path="DashboardDefault" caseSensitive element={<p>Dashboards page</p>} />
        <Route
          path="*"
          element={<NoRoutePage premium={premiumPages(rights, MODULES)} homePath="/DashboardDefault" />}
        />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('premiumPages', () => {
  it('lists the greyed entries of premium rights keys: module pages and Create New Company', () => {
    expect(premiumPages(COMMUNITY, MODULES)).toEqual([
      { path: '/databaseIntegration', exact: false, label: 'Database Integration' },
      { path: '/PremiumRecords', exact: false, label: 'Premium records' },
      { path: '/createCompany', exact: true, label: 'Create New Company' },
    ]);
  });

  it('lists nothing for an enterprise company, whose premium pages open', () => {
    const enterprise = hostAnswer(MODULES.data.map((m) => ({ ...m, rights: OPEN })));
    const rights = { ...COMMUNITY, databaseIntegration: OPEN, createCompany: OPEN };
    expect(premiumPages(rights, enterprise)).toEqual([]);
  });
});

describe("the user area's catch-all route", () => {
  it.each([
    ['/databaseIntegration', 'Database Integration'],
    ['/databaseIntegration/sources', 'Database Integration'],
    ['/PremiumRecords', 'Premium records'],
    ['/createCompany', 'Create New Company'],
  ])('says %s is an Enterprise feature and leads to the enterprise edition', (path, label) => {
    renderAt(path);
    const heading = screen.getByRole('heading', { level: 1, name: `${label} is an Enterprise feature` });
    expect(heading).toBeTruthy();
    expect(screen.queryByText('Page not found')).toBeNull();
    const upgrade = screen.getByRole('link', { name: 'Upgrade to Premium' });
    expect(upgrade.getAttribute('href')).toBe('/EnterpriseEdition');
    fireEvent.click(upgrade);
    expect(screen.getByTestId('where').textContent).toBe('/EnterpriseEdition');
    expect(screen.getByText('Enterprise Edition form')).toBeTruthy();
  });

  it.each([
    ['an unknown path', '/NoSuchPage'],
    ['a premium route spelled in another case', '/databaseintegration'],
    ['below an exact premium route', '/createCompany/more'],
    ['the route of an entry the role greys (not premium)', '/Support'],
    ['the route of an entry the role hides', '/Chat'],
  ])("keeps 'Page not found' for %s", (_what, path) => {
    renderAt(path);
    expect(screen.getByText('Page not found')).toBeTruthy();
    expect(screen.queryByText(/is an Enterprise feature/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Go to the start page' }));
    expect(screen.getByTestId('where').textContent).toBe('/DashboardDefault');
  });

  it('shows an open page as itself', () => {
    renderAt('/BusinessInsight');
    expect(screen.getByText('Business Insight page')).toBeTruthy();
    expect(screen.queryByText('Page not found')).toBeNull();
  });
});
