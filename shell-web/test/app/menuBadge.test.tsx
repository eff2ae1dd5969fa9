// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { fakeServer, renderWithShell, reply, settle, stubBrowser, type FakeHandler } from '@autoscope/web-sdk/testing';

import { SidebarMenu } from '../../src/app/layout/SidebarMenu';
import { BADGE_REFRESH_DELAY_MS, badgeText, countOf } from '../../src/app/layout/useMenuBadge';
import type { MenuItem } from '../../src/app/menu';

beforeAll(stubBrowser);

afterEach(() => {
  cleanup();
  focusManager.setFocused(undefined);
});

const BADGE_PATH = '/api/m/chat/badge';

const chat: MenuItem = {
  label: 'Chat',
  icon: 'message',
  to: '/Chat',
  key: 'chat',
  badge: { module: 'chat', path: '/badge', channels: ['chat.message', 'chat.read'] },
};
const calendar: MenuItem = { label: 'Calendar', icon: 'calendar', to: '/Calendar', key: 'calendar' };

/** The menu over a fake host whose chat module answers its badge with `answer`. */
function renderMenu(answer: FakeHandler, { items = [chat, calendar], compact = false } = {}) {
  const server = fakeServer().on('GET', BADGE_PATH, answer);
  return renderWithShell(<SidebarMenu items={items} compact={compact} label="Main menu" />, { server, url: '/Chat' });
}

/** A chat whose unread count goes 1, 2, 3… with each read. */
function counting() {
  let reads = 0;
  return () => ({ count: ++reads });
}

/** A message on a realtime channel, as the host writes it. */
function message(channel: string) {
  return `event: ${channel}\ndata: {"room":"r1"}\n\n`;
}

describe('the count on a menu entry', () => {
  it('shows the module’s count beside the label, in the entry’s accessible name', async () => {
    const view = renderMenu(() => ({ count: 3 }));
    const link = await screen.findByRole('link', { name: 'Chat (3 new)' });
    expect(link.getAttribute('href')).toBe('/Chat');
    expect(link.querySelector('[data-menu-badge]')?.textContent).toBe('3');
    // Read in the user's session, from the module's API.
    const [request] = view.server.requestsTo('GET', BADGE_PATH);
    expect(request?.headers['Authorization'] ?? request?.headers['authorization']).toBe('Bearer test-token');
    // An entry without a badge reads nothing and shows nothing.
    expect(screen.getByRole('link', { name: 'Calendar' }).querySelector('[data-menu-badge]')).toBeNull();
    expect(view.server.requests.map((r) => r.path)).toEqual([BADGE_PATH]);
  });

  it('shows nothing for 0', async () => {
    const view = renderMenu(() => ({ count: 0 }));
    await waitFor(() => expect(view.server.requestsTo('GET', BADGE_PATH)).toHaveLength(1));
    await settle(20);
    const link = screen.getByRole('link', { name: 'Chat' });
    expect(link.querySelector('[data-menu-badge]')).toBeNull();
    expect(screen.queryByText('0')).toBeNull();
  });

  it('shows 99+ above 99', async () => {
    renderMenu(() => ({ count: 150 }));
    const link = await screen.findByRole('link', { name: 'Chat (150 new)' });
    expect(link.querySelector('[data-menu-badge]')?.textContent).toBe('99+');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('puts the count on the icon when the sidebar shows icons only', async () => {
    renderMenu(() => ({ count: 7 }), { compact: true });
    const link = await screen.findByRole('link', { name: 'Chat (7 new)' });
    expect(screen.queryByText('Chat')).toBeNull();
    expect(link.querySelector('[data-menu-badge]')?.textContent).toContain('7');
  });

  it('reads the count again once for a burst of messages on any of the page’s channels', async () => {
    const view = renderMenu(counting());
    await screen.findByRole('link', { name: 'Chat (1 new)' });
    await waitFor(() => expect(view.server.realtime.streams).toHaveLength(1));
    const stream = view.server.realtime.streams[0]!;

    // Channels the page does not list, the module's own `badge` among them, are not the badge's.
    stream.send(message('chat.badge'));
    stream.send(message('chat.typing'));
    stream.send(message('calendar.message'));
    await settle(BADGE_REFRESH_DELAY_MS + 100);
    expect(view.server.requestsTo('GET', BADGE_PATH)).toHaveLength(1);

    // One burst across both listed channels.
    stream.send(message('chat.message'));
    stream.send(message('chat.read'));
    stream.send(message('chat.message'));
    // Not at once: the burst is waited for.
    await settle(50);
    expect(view.server.requestsTo('GET', BADGE_PATH)).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Chat (2 new)' }, { timeout: 2000 })).toBeTruthy();
    await settle(BADGE_REFRESH_DELAY_MS + 100);
    expect(view.server.requestsTo('GET', BADGE_PATH)).toHaveLength(2);

    // A later message on either channel is a new burst.
    stream.send(message('chat.read'));
    expect(await screen.findByRole('link', { name: 'Chat (3 new)' }, { timeout: 2000 })).toBeTruthy();
    await settle(BADGE_REFRESH_DELAY_MS + 100);
    expect(view.server.requestsTo('GET', BADGE_PATH)).toHaveLength(3);
  });

  it('listens to the module’s badge channel when that is what the page names', async () => {
    const view = renderMenu(counting(), { items: [{ ...chat, badge: { ...chat.badge!, channels: ['chat.badge'] } }] });
    await screen.findByRole('link', { name: 'Chat (1 new)' });
    await waitFor(() => expect(view.server.realtime.streams).toHaveLength(1));
    const stream = view.server.realtime.streams[0]!;
    stream.send(message('chat.message'));
    await settle(BADGE_REFRESH_DELAY_MS + 100);
    expect(view.server.requestsTo('GET', BADGE_PATH)).toHaveLength(1);
    stream.send(message('chat.badge'));
    expect(await screen.findByRole('link', { name: 'Chat (2 new)' }, { timeout: 2000 })).toBeTruthy();
  });

  it('opens no realtime stream for a page that names no channel', async () => {
    const view = renderMenu(() => ({ count: 4 }), { items: [{ ...chat, badge: { ...chat.badge!, channels: [] } }] });
    await screen.findByRole('link', { name: 'Chat (4 new)' });
    await settle(50);
    expect(view.server.realtime.streams).toHaveLength(0);
  });

  it('reads the count again when the window regains focus', async () => {
    const view = renderMenu(counting());
    await screen.findByRole('link', { name: 'Chat (1 new)' });
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    expect(await screen.findByRole('link', { name: 'Chat (2 new)' })).toBeTruthy();
    expect(view.server.requestsTo('GET', BADGE_PATH)).toHaveLength(2);
  });

  it('reads nothing for a greyed entry', async () => {
    const view = renderMenu(() => ({ count: 3 }), { items: [{ ...chat, disabled: true }] });
    expect(screen.getByRole('link', { name: 'Chat (Upgrade to Premium)' })).toBeTruthy();
    await settle(50);
    expect(view.server.requests).toEqual([]);
    expect(view.server.realtime.streams).toHaveLength(0);
    expect(document.querySelector('[data-menu-badge]')).toBeNull();
  });

  it('shows no count, and the entry still works, when the module fails or answers something else', async () => {
    for (const answer of [reply(500, { message: 'Something went wrong' }), reply(401), { count: 'many' }, {}]) {
      const view = renderMenu(() => answer);
      await waitFor(() => expect(view.server.requestsTo('GET', BADGE_PATH)).toHaveLength(1));
      await settle(20);
      const link = screen.getByRole('link', { name: 'Chat' });
      expect(link.getAttribute('href')).toBe('/Chat');
      expect(link.querySelector('[data-menu-badge]')).toBeNull();
      // A module's 401 is not the session ending.
      expect(view.unauthorized()).toBe(0);
      cleanup();
    }
  });

  it('takes only a non-negative integer count', () => {
    expect(countOf({ count: 4 })).toBe(4);
    for (const answer of [null, 'x', {}, { count: -1 }, { count: 1.5 }, { count: '3' }]) {
      expect(() => countOf(answer)).toThrow();
    }
  });
});
