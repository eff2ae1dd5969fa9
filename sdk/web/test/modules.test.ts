import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../src/api';
import { fetchVisibleModules, moduleIsOpen } from '../src/modules';

/** An answer shaped as the host's `VisibleModules` serializes it. */
const HOST_ANSWER = {
  data: [
    {
      key: 'process',
      name: 'Process Vault',
      version: '1.2.0',
      rightsKey: 'process',
      rights: { view: true, disabled: false },
      pages: [
        {
          route: '/Process',
          label: 'Process Vault',
          group: null,
          icon: 'vault',
          menuKey: 'process',
          component: './ProcessVault',
          widget: null,
          badge: '/badge',
          badgeRefresh: ['process.updates', 'process.read'],
        },
      ],
      remote: { name: 'process', manifestUrl: '/modules/process/1.2.0/mf-manifest.json' },
    },
    {
      key: 'insight',
      name: 'Insight',
      version: '0.1.0',
      rightsKey: 'business_insight',
      rights: { view: true, disabled: true },
      pages: [],
      remote: null,
    },
  ],
  rightsKeys: [
    { key: 'business_insight', premium: false },
    { key: 'process', premium: false },
    { key: 'createCompany', premium: true },
  ],
  menu: {
    groups: [
      {
        label: 'Dashboards',
        icon: 'dashboard',
        key: 'all',
        to: '/DashboardDefault',
        routes: ['/BusinessInsight'],
      },
      { label: 'Process', icon: 'sitemap', key: 'group:Process', to: null, routes: ['/Process'] },
    ],
    singles: ['/Chat'],
    company: { label: 'Create New Company', icon: 'building', key: 'createCompany', to: '/createCompany' },
  },
};

describe('fetchVisibleModules', () => {
  it('GETs /api/modules with the token and returns the typed answer', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(HOST_ANSWER), { status: 200 }));
    const answer = await fetchVisibleModules('tok', { fetch: fetch as unknown as typeof globalThis.fetch });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/modules');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(answer).toEqual(HOST_ANSWER);
    const modules = answer.data;
    expect(modules[0]!.remote?.manifestUrl).toBe('/modules/process/1.2.0/mf-manifest.json');
    expect(modules.map(moduleIsOpen)).toEqual([true, false]);
  });

  it('gives each page the channels its badge is read again on', async () => {
    const page = HOST_ANSWER.data[0]!.pages[0]!;
    const withPages = (...pages: object[]) => ({
      ...HOST_ANSWER,
      data: [{ ...HOST_ANSWER.data[0]!, pages }],
    });
    const body = withPages(
      // A host from before `badgeRefresh`: the module's `badge` channel, as it was.
      { ...page, badgeRefresh: undefined },
      // Only names: anything else is dropped.
      { ...page, route: '/Odd', badgeRefresh: ['process.updates', 3, null, ''] },
      // No badge, no channel.
      { ...page, route: '/Plain', badge: null, badgeRefresh: ['process.updates'] },
    );
    const fetch = async () => new Response(JSON.stringify(body), { status: 200 });
    const [module] = (await fetchVisibleModules('t', { fetch })).data;
    expect(module!.pages.map((p) => p.badgeRefresh)).toEqual([['process.badge'], ['process.updates'], []]);
  });

  it('throws ApiError on 401 and calls onUnauthorized', async () => {
    const fetch = async () => new Response(JSON.stringify({ message: 'Session required' }), { status: 401 });
    const onUnauthorized = vi.fn();
    const err = await fetchVisibleModules('old', { fetch, onUnauthorized }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, message: 'Session required' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('refuses an answer of the wrong shape', async () => {
    const fetch = async () => new Response(JSON.stringify([1]), { status: 200 });
    await expect(fetchVisibleModules('t', { fetch })).rejects.toBeInstanceOf(ApiError);
  });

  it('refuses an answer without the rights keys or the menu', async () => {
    const { menu: _menu, ...withoutMenu } = HOST_ANSWER;
    const { rightsKeys: _keys, ...withoutKeys } = HOST_ANSWER;
    for (const body of [withoutMenu, withoutKeys, { ...HOST_ANSWER, menu: { groups: [] } }]) {
      const fetch = async () => new Response(JSON.stringify(body), { status: 200 });
      await expect(fetchVisibleModules('t', { fetch })).rejects.toMatchObject({ status: 502 });
    }
  });
});
