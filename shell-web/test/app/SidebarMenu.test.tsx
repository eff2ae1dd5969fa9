// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { stubBrowser } from '@autoscope/web-sdk/testing';

import { SidebarMenu } from '../../src/app/layout/SidebarMenu';
import type { MenuItem } from '../../src/app/menu';

import { renderInMantine } from '../render';

beforeAll(stubBrowser);

afterEach(cleanup);

const items: MenuItem[] = [
  {
    label: 'Dashboards',
    icon: 'dashboard',
    key: 'all',
    to: '/DashboardDefault',
    content: [{ label: 'Business Insight', icon: 'chart-bar', to: '/BusinessInsight', key: 'business_insight' }],
  },
  {
    label: 'Database Integration',
    icon: 'plug',
    to: '/databaseIntegration',
    key: 'databaseIntegration',
    disabled: true,
  },
  { label: 'Chat', icon: 'message', to: '/Chat', key: 'chat' },
];

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderMenu(compact = false, at = '/BusinessInsight', noHover = false) {
  return renderInMantine(
    <MemoryRouter initialEntries={[at]}>
      <SidebarMenu items={items} compact={compact} label="Main menu" noHover={noHover} />
      <Where />
    </MemoryRouter>,
  );
}

describe('SidebarMenu', () => {
  it('links open entries to their routes', () => {
    renderMenu();
    expect(screen.getByRole('link', { name: /Chat/ }).getAttribute('href')).toBe('/Chat');
    expect(screen.getByRole('link', { name: /Dashboards/ }).getAttribute('href')).toBe('/DashboardDefault');
    // The group holding the current page starts open.
    expect(screen.getByRole('link', { name: /Business Insight/ }).getAttribute('href')).toBe('/BusinessInsight');
  });

  it('follows the Dashboards group link to its page, and opens the group', async () => {
    renderMenu(false, '/Chat');
    expect(screen.queryByRole('link', { name: /Business Insight/ })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: /Dashboards/ }));
    expect(screen.getByTestId('where').textContent).toBe('/DashboardDefault');
    expect(await screen.findByRole('link', { name: /Business Insight/ })).toBeTruthy();
  });

  it('greys a disabled entry with the tooltip Upgrade to Premium; it leads to the enterprise edition', async () => {
    renderMenu();
    expect(screen.queryByRole('link', { name: /^Database Integration$/ })).toBeNull();
    const entry = screen.getByRole('link', { name: 'Database Integration (Upgrade to Premium)' });
    expect(entry.getAttribute('href')).toBe('/EnterpriseEdition');
    fireEvent.focus(entry);
    expect(await screen.findByText('Upgrade to Premium')).toBeTruthy();
    fireEvent.click(entry);
    expect(screen.getByTestId('where').textContent).toBe('/EnterpriseEdition');
  });

  it('says Upgrade to Premium under a greyed entry where nothing hovers (the mobile drawer), without a hover or focus', () => {
    renderMenu(false, '/BusinessInsight', true);
    const entry = screen.getByRole('link', { name: 'Database Integration (Upgrade to Premium)' });
    expect(entry.textContent).toBe('Database IntegrationUpgrade to Premium');
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.click(entry);
    expect(screen.getByTestId('where').textContent).toBe('/EnterpriseEdition');
  });

  it('keeps the words in the tooltip only where the pointer hovers (the sidebar)', () => {
    renderMenu();
    const entry = screen.getByRole('link', { name: 'Database Integration (Upgrade to Premium)' });
    expect(entry.textContent).toBe('Database Integration');
    expect(screen.queryByText('Upgrade to Premium')).toBeNull();
  });

  it('shows icons only when compact, named for screen readers', () => {
    renderMenu(true);
    expect(screen.queryByText('Chat')).toBeNull();
    expect(screen.getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe('/Chat');
  });
});
