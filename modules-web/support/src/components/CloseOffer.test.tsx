// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { TICKET } from '../testFixtures';
import { supportServer } from '../testServer';
import type { Ticket } from '../types';
import { CloseOffer, closeOffered } from './CloseOffer';

beforeAll(stubBrowser);
afterEach(cleanup);

/** A failure signature's ticket whose signature went quiet. */
const QUIET: Ticket = { ...TICKET, signature_id: 'sig-1', close_offered_at: 1_000_400 };

function renderOffer(ticket: Ticket, server: FakeServer = supportServer()) {
  return renderWithShell(<CloseOffer ticket={ticket} />, { server, moduleKey: 'support' });
}

const offer = () => screen.queryByRole('status', { name: 'No new failures for a while' });

describe('CloseOffer', () => {
  it('is offered while the signature is quiet and the ticket not closed', () => {
    expect(closeOffered(QUIET)).toBe(true);
    expect(closeOffered({ ...QUIET, status: 'resolved' })).toBe(true);
    expect(closeOffered({ ...QUIET, status: 'closed' })).toBe(false);
    expect(closeOffered({ ...QUIET, close_offered_at: null })).toBe(false);
    expect(closeOffered(TICKET)).toBe(false);
  });

  it('shows nothing without an offer', () => {
    renderOffer({ ...QUIET, status: 'closed' });
    expect(offer()).toBeNull();
    cleanup();
    renderOffer(TICKET);
    expect(offer()).toBeNull();
  });

  it('says the signature is quiet and closes the ticket with the version shown', async () => {
    const server = supportServer().on('PATCH', '/api/m/support/tickets/t1', ({ body }) => ({
      ...QUIET,
      ...(body as object),
      version: 4,
    }));
    const { notifications } = renderOffer(QUIET, server);

    expect(offer()?.textContent).toContain('The failure signature behind this ticket has been quiet');
    fireEvent.click(screen.getByRole('button', { name: 'Close ticket' }));

    await waitFor(() => expect(notifications).toEqual([{ message: 'Ticket #12 is now Closed', kind: 'success' }]));
    expect(server.requestsTo('PATCH', '/api/m/support/tickets/t1').map((request) => request.body)).toEqual([
      { version: 3, status: 'closed' },
    ]);
  });

  it('says why closing was refused, and stays offered', async () => {
    const server = supportServer().on(
      'PATCH',
      '/api/m/support/tickets/t1',
      reply(409, { message: 'Someone else saved first' }),
    );
    const { notifications } = renderOffer(QUIET, server);

    fireEvent.click(screen.getByRole('button', { name: 'Close ticket' }));

    await waitFor(() => expect(notifications).toEqual([{ message: 'Someone else saved first', kind: 'failure' }]));
    expect(offer()).not.toBeNull();
  });
});
