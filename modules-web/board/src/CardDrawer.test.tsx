// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, renderWithShell, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { indexPeople } from '@common/domain/people';
import { ADA, GRACE } from '@common/domain/testFixtures';
import type { CardDetail } from './api';
import { CardDrawer } from './CardDrawer';

beforeAll(stubBrowser);
afterEach(cleanup);

const DETAIL: CardDetail = {
  card: { assignee_id: null, due: null },
  process: {
    id: 'p1',
    name: 'Invoice matching',
    description: 'Match invoices to orders',
    department: 'Finance',
    owner_id: ADA.user_id,
    stage: 'analysis',
    health: 'at_risk',
  },
  comments: [
    { id: 'c1', process_id: 'p1', user_id: GRACE.user_id, text: 'Waiting for the ERP team', created_at: 1_000 },
  ],
  moves: [],
};

function renderDrawer() {
  const server = fakeServer()
    .on('GET', '/api/m/board/cards/p1', DETAIL)
    .on('GET', '/api/m/board/people', [ADA, GRACE])
    .on('PATCH', '/api/m/board/cards/p1', ({ body }) => body)
    .on('POST', '/api/m/board/cards/p1/comments', ({ body }) => ({
      id: 'c2',
      process_id: 'p1',
      user_id: 'user-1',
      text: (body as { text: string }).text,
      created_at: 2_000,
    }));
  return renderWithShell(
    <CardDrawer
      processId="p1"
      name="Invoice matching"
      userId="user-1"
      people={indexPeople([ADA, GRACE])}
      onClose={() => undefined}
    />,
    { server, moduleKey: 'board', rightsKey: 'process' },
  );
}

describe('CardDrawer', () => {
  it("shows the card's process, its comments and what may be changed", async () => {
    renderDrawer();

    const drawer = screen.getByRole('dialog', { name: 'Invoice matching' });
    expect(await within(drawer).findByText('Match invoices to orders')).toBeTruthy();
    expect(within(drawer).getByText('Finance')).toBeTruthy();
    expect(within(drawer).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(drawer).getByText('Waiting for the ERP team')).toBeTruthy();
    expect(within(drawer).getByRole('heading', { name: 'Comments (1)' })).toBeTruthy();
    // Nothing changed yet: nothing to save.
    const assignment = within(drawer).getByRole('form', { name: 'Assignment' });
    expect(within(assignment).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('asks for a comment before sending one, then adds it', async () => {
    const { server } = renderDrawer();
    const comment = await screen.findByRole('textbox', { name: 'Add a comment' });

    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Please write a comment')).toBeTruthy();
    expect(server.requestsTo('POST', '/api/m/board/cards/p1/comments')).toEqual([]);

    fireEvent.change(comment, { target: { value: ' Done on our side ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));

    expect(await screen.findByText('Done on our side')).toBeTruthy();
    expect(server.requestsTo('POST', '/api/m/board/cards/p1/comments').map((request) => request.body)).toEqual([
      { text: 'Done on our side' },
    ]);
    await waitFor(() => expect(comment).toHaveProperty('value', ''));
  });

  it('saves a changed due day, and only that', async () => {
    const { server, notifications } = renderDrawer();
    const assignment = await screen.findByRole('form', { name: 'Assignment' });

    fireEvent.change(within(assignment).getByLabelText('Due date'), { target: { value: '2040-03-01' } });
    fireEvent.click(within(assignment).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(notifications).toEqual([{ message: 'Card saved', kind: 'success' }]));
    expect(server.requestsTo('PATCH', '/api/m/board/cards/p1').map((request) => request.body)).toEqual([
      { due: Date.UTC(2040, 2, 1) / 1000 },
    ]);
  });
});
