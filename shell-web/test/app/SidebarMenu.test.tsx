// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';

import { SidebarMenu } from '../../src/app/layout/SidebarMenu';
import type { MenuItem } from '../../src/app/menu';
import { renderInMantine, stubBrowser } from '../render';

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
  { label: 'Database Integration', icon: 'plug', to: '/databaseIntegration', key: 'databaseIntegration', disabled: true },
  { label: 'Chat', icon: 'message', to: '/Chat', key: 'chat' },
];

function renderMenu(compact = false) {
  return renderInMantine(
    <MemoryRouter initialEntries={['/BusinessInsight']}>
      <SidebarMenu items={items} compact={compact} label="Main menu" />
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

  it('greys a disabled entry: no link, and the tooltip Upgrade to Premium', async () => {
    renderMenu();
    expect(screen.queryByRole('link', { name: /^Database Integration$/ })).toBeNull();
    const entry = screen.getByRole('link', { name: 'Database Integration (Upgrade to Premium)' });
    expect(entry.getAttribute('aria-disabled')).toBe('true');
    expect(entry.getAttribute('href')).toBeNull();
    fireEvent.focus(entry);
    expect(await screen.findByText('Upgrade to Premium')).toBeTruthy();
  });

  it('shows icons only when compact, named for screen readers', () => {
    renderMenu(true);
    expect(screen.queryByText('Chat')).toBeNull();
    expect(screen.getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe('/Chat');
  });
});
