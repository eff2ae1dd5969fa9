// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reply, renderWithShell, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { indexPeople } from '@common/domain/people';
import { ADA, GRACE } from '@common/domain/testFixtures';
import { TICKET } from '../testFixtures';
import { supportServer } from '../testServer';
import type { TicketDetail } from '../types';
import { TicketDrawer } from './TicketDrawer';

beforeAll(stubBrowser);
afterEach(cleanup);

const DETAIL: TicketDetail = {
  ticket: TICKET,
  comments: [
    { id: 'c1', ticket_id: 't1', user_id: GRACE.user_id, text: 'Restarting the gateway', created_at: 1_000_100 },
  ],
  history: [],
  attachments: [],
  approvals: [],
};

function renderDrawer(server: FakeServer) {
  return renderWithShell(
    <TicketDrawer
      opened
      ticketId="t1"
      names={{ people: indexPeople([ADA, GRACE]), processes: new Map([['p1', 'Invoice matching']]) }}
      now={1_000_600}
      closeOnEscape
      onClose={() => undefined}
    />,
    { server, moduleKey: 'support' },
  );
}

function withTicket(): FakeServer {
  return supportServer()
    .on('GET', '/api/m/support/tickets/t1', DETAIL)
    .on('GET', '/api/m/support/sla', { policies: [], editable: false });
}

describe('TicketDrawer', () => {
  it('shows the ticket: its number and title, its status and the details to edit', async () => {
    renderDrawer(withTicket());

    const drawer = await screen.findByRole('dialog', { name: '#12 VPN is down' });
    expect(within(drawer).getByRole('combobox', { name: 'Status' })).toHaveProperty('value', 'Open');
    expect(within(drawer).getByRole('tab', { name: 'Details', selected: true })).toBeTruthy();
    expect(within(drawer).getByRole('tab', { name: /Comments/ }).textContent).toBe('Comments1');
    expect(within(drawer).getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'VPN is down');
  });

  it('shows the comments and adds one', async () => {
    const server = withTicket().on('POST', '/api/m/support/tickets/t1/comments', ({ body }) => ({
      id: 'c2',
      ticket_id: 't1',
      user_id: 'user-1',
      text: (body as { text: string }).text,
      created_at: 1_000_700,
    }));
    renderDrawer(server);

    fireEvent.click(await screen.findByRole('tab', { name: /Comments/ }));
    expect(screen.getByText('Restarting the gateway')).toBeTruthy();
    expect(screen.getByText('Grace Hopper')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Add a comment' }), { target: { value: 'Works again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));

    await waitFor(() =>
      expect(server.requestsTo('POST', '/api/m/support/tickets/t1/comments').map((request) => request.body)).toEqual([
        { text: 'Works again' },
      ]),
    );
  });

  it('says when the ticket is gone', async () => {
    renderDrawer(supportServer().on('GET', '/api/m/support/tickets/t1', reply(404, { message: 'Not found' })));

    expect(await screen.findByText('Ticket not found')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Ticket' })).toBeTruthy();
  });
});
