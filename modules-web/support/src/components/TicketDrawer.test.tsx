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

function withTicket(detail: TicketDetail = DETAIL): FakeServer {
  return supportServer()
    .on('GET', '/api/m/support/tickets/t1', detail)
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

  it('offers to close a ticket whose failure signature went quiet, and shows its recurrences by Alerts', async () => {
    const quiet: TicketDetail = {
      ...DETAIL,
      ticket: { ...TICKET, signature_id: 'sig-1', close_offered_at: 1_000_400 },
      comments: [
        {
          id: 'c3',
          ticket_id: 't1',
          user_id: null,
          text: '2 more failures (5 in all)',
          source_event: 'e1',
          created_at: 1_000_200,
        },
      ],
    };
    renderDrawer(withTicket(quiet));

    const drawer = await screen.findByRole('dialog', { name: '#12 VPN is down' });
    expect(within(drawer).getByRole('status', { name: 'No new failures for a while' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Close ticket' })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('tab', { name: /Comments/ }));
    expect(screen.getByText('Alerts')).toBeTruthy();
    expect(screen.getByText('2 more failures (5 in all)')).toBeTruthy();
  });

  it('offers nothing for a ticket without a quiet signature', async () => {
    renderDrawer(withTicket());

    await screen.findByRole('dialog', { name: '#12 VPN is down' });
    expect(screen.queryByRole('button', { name: 'Close ticket' })).toBeNull();
  });

  it('says when the ticket is gone', async () => {
    renderDrawer(supportServer().on('GET', '/api/m/support/tickets/t1', reply(404, { message: 'Not found' })));

    expect(await screen.findByText('Ticket not found')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Ticket' })).toBeTruthy();
  });
});
