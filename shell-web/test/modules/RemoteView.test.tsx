import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useModuleKey, type VisibleModule } from '@autoscope/web-sdk';
import { stubBrowser } from '@autoscope/web-sdk/testing';

import { renderInMantine } from '../render';

const loadExposed = vi.fn();
const loadedExposed = vi.fn();
vi.mock('../../src/modules/loadFederation', () => ({
  loadFederation: async () => ({ loadExposed }),
  loadedFederation: () => ({ loadedExposed }),
}));

const { RemotePage, RemoteWidget } = await import('../../src/modules/RemoteView');

const crud: VisibleModule = {
  key: 'crud',
  name: 'Items',
  version: '1.0.0',
  rightsKey: 'process',
  rights: { view: true, disabled: false },
  pages: [
    {
      route: '/Items',
      label: 'Items',
      group: 'Process',
      icon: null,
      menuKey: 'process',
      component: './ItemsPage',
      widget: './ItemsWidget',
      badge: null,
      badgeRefresh: [],
    },
  ],
  remote: { name: 'crud', manifestUrl: '/modules/crud/1.0.0/mf-manifest.json' },
};
const page = crud.pages[0]!;

function ItemsPage() {
  return <p>Items of {useModuleKey()}</p>;
}

beforeAll(stubBrowser);

beforeEach(() => {
  // The failures below are on purpose; React and the boundary report them.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  loadExposed.mockReset();
  loadedExposed.mockReset();
});

describe('RemotePage', () => {
  it('renders the exposed component inside its module', async () => {
    loadExposed.mockResolvedValueOnce(ItemsPage);
    renderInMantine(<RemotePage module={crud} page={page} />);
    expect(await screen.findByText('Items of crud')).toBeTruthy();
    expect(loadExposed).toHaveBeenCalledWith(crud, './ItemsPage');
  });

  it('shows a component loaded earlier (or prefetched) at once, without the loading screen', () => {
    loadedExposed.mockReturnValue(ItemsPage);
    renderInMantine(<RemotePage module={crud} page={page} />);
    // Synchronously: no Suspense fallback in between.
    expect(screen.getByText('Items of crud')).toBeTruthy();
    expect(loadedExposed).toHaveBeenCalledWith(crud, './ItemsPage');
    expect(loadExposed).not.toHaveBeenCalled();
  });

  it('shows an error card when the remote fails, and Retry loads it again', async () => {
    loadExposed.mockRejectedValueOnce(new Error('ScriptNetworkError')).mockResolvedValueOnce(ItemsPage);
    renderInMantine(
      <>
        <RemotePage module={crud} page={page} />
        <p>The shell keeps working</p>
      </>,
    );
    expect(await screen.findByText('This page could not be loaded')).toBeTruthy();
    expect(screen.getByText('The shell keeps working')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Items of crud')).toBeTruthy();
    expect(loadExposed).toHaveBeenCalledTimes(2);
  });

  it('catches a remote that throws while rendering', async () => {
    loadExposed.mockResolvedValueOnce(() => {
      throw new Error('broken remote');
    });
    renderInMantine(<RemotePage module={crud} page={page} />);
    expect(await screen.findByText('This page could not be loaded')).toBeTruthy();
  });
});

describe('RemoteWidget', () => {
  it('loads the page widget, and nothing for a page without one', async () => {
    loadExposed.mockResolvedValueOnce(() => <p>3 items</p>);
    const { unmount } = renderInMantine(<RemoteWidget module={crud} page={page} />);
    expect(await screen.findByText('3 items')).toBeTruthy();
    expect(loadExposed).toHaveBeenCalledWith(crud, './ItemsWidget');
    unmount();
    renderInMantine(<RemoteWidget module={crud} page={{ ...page, widget: null }} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(loadExposed).toHaveBeenCalledTimes(1);
  });

  it('fails on its own card, naming the module', async () => {
    loadExposed.mockRejectedValueOnce(new Error('404'));
    renderInMantine(<RemoteWidget module={crud} page={page} />);
    expect(await screen.findByText('Items could not be loaded')).toBeTruthy();
  });
});
