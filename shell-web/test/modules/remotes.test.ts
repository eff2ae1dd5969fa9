import { describe, expect, it } from 'vitest';
import type { VisibleModule } from '@autoscope/web-sdk';

import {
  componentsToPrefetch,
  exposedId,
  openRemoteOf,
  openRemotes,
  registrationsFor,
} from '../../src/modules/remotes';

function module(key: string, rights: { view: boolean; disabled: boolean }, withRemote = true): VisibleModule {
  return {
    key,
    name: key,
    version: '1.0.0',
    rightsKey: key,
    rights,
    pages: withRemote
      ? [
          {
            route: `/${key}`,
            label: key,
            group: null,
            icon: null,
            menuKey: key,
            component: './Page',
            widget: null,
            badge: null,
            badgeRefresh: [],
          },
        ]
      : [],
    remote: withRemote ? { name: key, manifestUrl: `/modules/${key}/1.0.0/mf-manifest.json` } : null,
  };
}

const open = { view: true, disabled: false };

describe('openRemotes', () => {
  it('keeps only modules the rights open (view and not disabled) that have a remote', () => {
    const modules = [
      module('crud', open),
      module('premium', { view: true, disabled: true }),
      module('hidden', { view: false, disabled: false }),
      module('backend_only', open, false),
    ];
    expect(openRemotes(modules)).toEqual([{ name: 'crud', entry: '/modules/crud/1.0.0/mf-manifest.json' }]);
  });

  it('never gives a disabled module a remote', () => {
    expect(openRemoteOf(module('premium', { view: true, disabled: true }))).toBeNull();
  });

  it('registers a remote name once, the first module in the list winning', () => {
    const first = module('a', open);
    const second = { ...module('b', open), remote: { name: 'a', manifestUrl: '/modules/b/1.0.0/mf-manifest.json' } };
    expect(openRemotes([first, second])).toEqual([{ name: 'a', entry: '/modules/a/1.0.0/mf-manifest.json' }]);
  });
});

describe('componentsToPrefetch', () => {
  it("lists the open modules' pages, then their widgets, each once", () => {
    const crud = module('crud', open);
    const page = crud.pages[0]!;
    crud.pages = [
      { ...page, widget: './Widget' },
      { ...page, route: '/crud/other', component: './Other', widget: './Widget' },
      { ...page, route: '/crud/again' },
    ];
    const board = module('board', open);
    const closed = module('premium', { view: true, disabled: true });
    const listed = componentsToPrefetch([crud, closed, board]).map(([m, component]) => `${m.key} ${component}`);
    expect(listed).toEqual(['crud ./Page', 'crud ./Other', 'board ./Page', 'crud ./Widget']);
  });
});

describe('registrationsFor', () => {
  const crud = { name: 'crud', entry: '/modules/crud/1.0.0/mf-manifest.json' };

  it('registers new remotes without force and leaves registered ones alone', () => {
    expect(registrationsFor([crud], new Map(), new Set())).toEqual([{ remote: crud, force: false }]);
    expect(registrationsFor([crud], new Map([['crud', crud.entry]]), new Set())).toEqual([]);
  });

  it('replaces a remote whose version changed, and one whose last load failed', () => {
    const upgraded = { name: 'crud', entry: '/modules/crud/1.1.0/mf-manifest.json' };
    expect(registrationsFor([upgraded], new Map([['crud', crud.entry]]), new Set())).toEqual([
      { remote: upgraded, force: true },
    ]);
    expect(registrationsFor([crud], new Map([['crud', crud.entry]]), new Set(['crud']))).toEqual([
      { remote: crud, force: true },
    ]);
  });
});

describe('exposedId', () => {
  it('joins the remote name and the exposed name', () => {
    expect(exposedId('crud', './ItemsPage')).toBe('crud/ItemsPage');
  });

  it('refuses a component not named ./Name', () => {
    expect(() => exposedId('crud', 'ItemsPage')).toThrow();
    expect(() => exposedId('crud', './')).toThrow();
  });
});
