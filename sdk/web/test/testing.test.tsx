// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSearchParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { useCurrentUser, useModuleApi, useNotify, usePageTitle } from '../src/hooks';
import { TEST_USER, fakeServer, renderWithShell, reply, stubBrowser } from '../testing';

interface Item {
  id: string;
  name: string;
}

/** A remote's page in little: a list from its API, a title bar button that adds, a filter in the URL. */
function Items() {
  const api = useModuleApi();
  const notify = useNotify();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const items = useQuery({ queryKey: ['items'], queryFn: () => api.get<Item[]>('/items') });
  usePageTitle({
    heading: 'Items',
    buttons: [
      {
        label: 'Add item',
        onClick: () =>
          api.post<Item>('/items', { name: 'New' }).then(
            (item) => notify(`${item.name} added`),
            (error: unknown) => notify.error(error),
          ),
      },
    ],
  });
  return (
    <main>
      <p>Signed in as {user?.firstname}</p>
      <button type="button" onClick={() => setParams({ q: 'pump' })}>
        Filter
      </button>
      {items.isError && <p role="alert">{String(items.error.message)}</p>}
      <ul aria-label="Items">
        {items.data?.map((item) => (
          <li key={item.id}>{item.name}</li>
        ))}
      </ul>
      <p>Filter: {params.get('q') ?? 'none'}</p>
    </main>
  );
}

beforeAll(stubBrowser);
afterEach(cleanup);

describe('renderWithShell', () => {
  it("renders inside the shell's providers, over the fake server's routes", async () => {
    const server = fakeServer().on('GET', '/api/m/things/items', [{ id: 'i1', name: 'Pump' }]);
    const shell = renderWithShell(<Items />, { server, moduleKey: 'things', url: '/Items' });

    expect(await screen.findByText('Pump')).toBeTruthy();
    expect(screen.getByText(`Signed in as ${TEST_USER.firstname}`)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Items' })).toBeTruthy();
    expect(shell.title()?.heading).toBe('Items');
    expect(server.requests[0]?.headers.Authorization).toBe('Bearer test-token');
  });

  it('records the requests and snackbars; title bar buttons work', async () => {
    const server = fakeServer()
      .on('GET', '/api/m/things/items', [])
      .on('POST', '/api/m/things/items', ({ body }) => ({ id: 'i2', ...(body as object) }));
    const shell = renderWithShell(<Items />, { server, moduleKey: 'things' });

    fireEvent.click(await screen.findByRole('button', { name: 'Add item' }));
    await waitFor(() => expect(shell.notifications).toEqual([{ message: 'New added', kind: 'success' }]));
    expect(server.requestsTo('POST', '/api/m/things/items').map((request) => request.body)).toEqual([{ name: 'New' }]);
  });

  it("answers a reply's status, 404 without a route, and follows the URL", async () => {
    const server = fakeServer()
      .on('GET', '/api/m/things/items', [])
      .on('POST', '/api/m/things/items', reply(409, { message: 'Name already used' }));
    const shell = renderWithShell(<Items />, { server, moduleKey: 'things' });

    fireEvent.click(await screen.findByRole('button', { name: 'Add item' }));
    await waitFor(() => expect(shell.notifications).toEqual([{ message: 'Name already used', kind: 'failure' }]));

    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByText('Filter: pump')).toBeTruthy();
    expect(shell.location().search).toBe('?q=pump');
    cleanup();

    renderWithShell(<Items />, { moduleKey: 'things' });
    expect((await screen.findByRole('alert')).textContent).toBe('No fake route for GET /api/m/things/items');
  });

  it('matches :name segments and gives them to the handler', async () => {
    const server = fakeServer().on('GET', '/api/m/things/items/:id', ({ params }) => ({ id: params.id }));
    const answer = await server.fetch('/api/m/things/items/a%20b?full=1');
    expect(await answer.json()).toEqual({ id: 'a b' });
    expect(server.requests[0]?.query.get('full')).toBe('1');
  });
});
