// @vitest-environment jsdom
import { act, useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { AutoscopeProvider, ModuleProvider } from '../src/context';
import {
  useCurrency,
  useCurrentUser,
  useModuleApi,
  useHostApi,
  useNotify,
  usePageTitle,
  useRealtime,
  useRights,
} from '../src/hooks';
import { ApiError, type ApiClient } from '../src/api';
import { RealtimeHub } from '../src/realtime';
import type { PageTitle, ShellServices } from '../src/types';
import { fakeRealtimeServer } from '../testing';
import { render } from './render';

function makeServices(overrides: Partial<ShellServices> = {}) {
  const titles: (PageTitle | null)[] = [];
  const services: ShellServices = {
    getToken: () => 'tok',
    user: {
      id: 'u1',
      email: 'ann@example.com',
      firstname: 'Ann',
      lastname: 'Lee',
      companyId: 'c1',
      companyAdmin: false,
      timeZone: null,
      currency: { code: 'EUR', symbol: '€' },
    },
    rights: {
      process: { view: true, disabled: false },
      business_insight: { view: true, disabled: true },
      chat: { view: false, disabled: false },
    },
    notify: vi.fn(),
    setPageTitle: vi.fn((title: PageTitle | null) => {
      titles.push(title);
    }),
    onUnauthorized: vi.fn(),
    ...overrides,
  };
  return { services, titles };
}

function Title({ title }: { title: PageTitle | null }) {
  usePageTitle(title);
  return null;
}

describe('usePageTitle', () => {
  it('sets the title on mount and clears it on unmount', () => {
    const { services, titles } = makeServices();
    const view = render(
      <AutoscopeProvider services={services}>
        <Title title={{ heading: 'Process Vault', breadcrumb: ['Process', 'Vault'] }} />
      </AutoscopeProvider>,
    );
    expect(titles).toHaveLength(1);
    expect(titles[0]).toEqual({ heading: 'Process Vault', breadcrumb: ['Process', 'Vault'] });
    view.unmount();
    expect(titles).toHaveLength(2);
    expect(titles[1]).toBeNull();
  });

  it('keeps at most 2 breadcrumb items', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { services, titles } = makeServices();
    const view = render(
      <AutoscopeProvider services={services}>
        <Title title={{ heading: 'Deep', breadcrumb: ['One', { label: 'Two', to: '/two' }, 'Three', 'Four'] }} />
      </AutoscopeProvider>,
    );
    expect(titles[0]?.breadcrumb).toEqual(['One', { label: 'Two', to: '/two' }]);
    expect(warn).toHaveBeenCalled();
    view.unmount();
  });

  it('updates when the title changes, but not for a new click handler', () => {
    const { services, titles } = makeServices();
    const first = vi.fn();
    const second = vi.fn();
    const tree = (heading: string, onClick: () => void) => (
      <AutoscopeProvider services={services}>
        <Title title={{ heading, buttons: [{ label: 'Add', onClick }] }} />
      </AutoscopeProvider>
    );
    const view = render(tree('A', first));
    view.rerender(tree('A', second));
    expect(titles).toHaveLength(1);
    // The button set first calls the latest handler.
    titles[0]!.buttons![0]!.onClick();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);

    view.rerender(tree('B', second));
    expect(titles.map((t) => t?.heading ?? null)).toEqual(['A', null, 'B']);
    view.unmount();
    expect(titles.at(-1)).toBeNull();
  });

  it('does not clear the title of the page that replaced it', () => {
    const { services, titles } = makeServices();
    let show: (which: 'both' | 'new') => void = () => undefined;
    function Pages() {
      const [which, setWhich] = useState<'both' | 'new'>('both');
      useEffect(() => {
        show = setWhich;
      }, []);
      return (
        <>
          {which === 'both' && <Title title={{ heading: 'Old page' }} />}
          <Title title={{ heading: 'New page' }} />
        </>
      );
    }
    const view = render(
      <AutoscopeProvider services={services}>
        <Pages />
      </AutoscopeProvider>,
    );
    expect(titles.at(-1)?.heading).toBe('New page');
    act(() => show('new'));
    // The old page leaving (as after a page transition) leaves the new page's title.
    expect(titles.at(-1)?.heading).toBe('New page');
    view.unmount();
    expect(titles.at(-1)).toBeNull();
  });
});

describe('module hooks', () => {
  it('bind the API client to the module, and give user, rights and notify', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Session over' }), { status: 401 }));
    const { services } = makeServices({ fetch: fetch as unknown as typeof globalThis.fetch });
    const seen: {
      api?: ApiClient;
      host?: ApiClient;
      user?: unknown;
      currency?: unknown;
      own?: unknown;
      premium?: unknown;
      hidden?: unknown;
      notify?: ReturnType<typeof useNotify>;
    } = {};
    function Page() {
      const hooks = {
        api: useModuleApi(),
        host: useHostApi(),
        user: useCurrentUser(),
        currency: useCurrency(),
        own: useRights(),
        premium: useRights('business_insight'),
        hidden: useRights('unknown'),
        notify: useNotify(),
      };
      useEffect(() => {
        Object.assign(seen, hooks);
      });
      return null;
    }
    const view = render(
      <AutoscopeProvider services={services}>
        <ModuleProvider moduleKey="processVault" rightsKey="process">
          <Page />
        </ModuleProvider>
      </AutoscopeProvider>,
    );
    expect(seen.api!.url('/items')).toBe('/api/m/processVault/items');
    expect(seen.host!.url('/notification/getall')).toBe('/api/notification/getall');
    expect(seen.user).toMatchObject({ id: 'u1', companyId: 'c1', firstname: 'Ann' });
    expect(seen.currency).toEqual({ code: 'EUR', symbol: '€' });
    expect(seen.own).toEqual({ view: true, disabled: false, canOpen: true });
    expect(seen.premium).toEqual({ view: true, disabled: true, canOpen: false });
    expect(seen.hidden).toEqual({ view: false, disabled: false, canOpen: false });

    const err = await seen.api!.get('/items').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(services.onUnauthorized).toHaveBeenCalledTimes(1);

    seen.notify!('Saved');
    seen.notify!.failure('Could not save');
    seen.notify!.warning('Saved, but not all of it');
    seen.notify!.error(new ApiError(409, 'Name already used'));
    seen.notify!.error(new Error('internal detail'));
    seen.notify!.error(new DOMException('aborted', 'AbortError'));
    expect(vi.mocked(services.notify).mock.calls).toEqual([
      ['Saved', 'success'],
      ['Could not save', 'failure'],
      ['Saved, but not all of it', 'warning'],
      ['Name already used', 'failure'],
      ['Something went wrong', 'failure'],
    ]);
    view.unmount();
  });

  it('throws a clear error outside the providers', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Page() {
      useModuleApi();
      return null;
    }
    expect(() => render(<Page />)).toThrow(/AutoscopeProvider/);
    const { services } = makeServices();
    expect(() =>
      render(
        <AutoscopeProvider services={services}>
          <Page />
        </AutoscopeProvider>,
      ),
    ).toThrow(/ModuleProvider/);
    function Money() {
      useCurrency();
      return null;
    }
    const { services: signedOut } = makeServices({ user: null });
    expect(() =>
      render(
        <AutoscopeProvider services={signedOut}>
          <Money />
        </AutoscopeProvider>,
      ),
    ).toThrow(/signed-in user/);
    error.mockRestore();
  });
});

describe('useRealtime', () => {
  it("subscribes to the module's channel over one shared connection, and leaves on unmount", async () => {
    const server = fakeRealtimeServer();
    const hub = new RealtimeHub({ initialDelayMs: 5 });
    const { services } = makeServices({ fetch: server.fetch });
    const updates: unknown[] = [];
    const bell: unknown[] = [];
    function Page() {
      useRealtime('updates', (payload) => updates.push(payload));
      useRealtime('notifications', (payload) => bell.push(payload));
      return null;
    }
    const view = render(
      <AutoscopeProvider services={services} realtime={hub}>
        <ModuleProvider moduleKey="process">
          <Page />
          <Page />
        </ModuleProvider>
      </AutoscopeProvider>,
    );
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    expect(hub.connection('tok')?.subscriberCount).toBe(4);
    server.streams[0]!.send('event: process.updates\ndata: {"n":1}\n\nevent: other.updates\ndata: 2\n\n');
    server.streams[0]!.send('event: notifications\ndata: {"message":"New ticket"}\n\n');
    await vi.waitFor(() => expect(bell).toHaveLength(2));
    expect(updates).toEqual([{ n: 1 }, { n: 1 }]);
    expect(server.calls).toBe(1);

    view.unmount();
    expect(hub.size).toBe(0);
    await vi.waitFor(() => expect(server.streams[0]!.closedByClient).toBe(true));
  });
});
