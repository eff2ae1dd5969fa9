// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { TICKET } from '../testFixtures';
import { supportServer } from '../testServer';
import { TicketDetailsForm } from './TicketDetailsForm';

beforeAll(stubBrowser);
afterEach(cleanup);

function renderForm(server: FakeServer) {
  return renderWithShell(<TicketDetailsForm ticket={TICKET} />, { server, moduleKey: 'support' });
}

const save = () => screen.getByRole('button', { name: 'Save changes' });
const title = () => screen.getByRole('textbox', { name: 'Title' });

describe('TicketDetailsForm', () => {
  it('shows the ticket, with nothing to save until a field changes', () => {
    renderForm(supportServer());

    expect(screen.getByRole('form', { name: 'Ticket details' })).toBeTruthy();
    expect(title()).toHaveProperty('value', 'VPN is down');
    expect(save()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Discard changes' })).toHaveProperty('disabled', true);

    fireEvent.change(title(), { target: { value: 'VPN is slow' } });
    expect(save()).toHaveProperty('disabled', false);
  });

  it('keeps showing a bot the inventory does not have, and offers the inventory beside it', async () => {
    renderWithShell(<TicketDetailsForm ticket={{ ...TICKET, bot_id: 'old-bot-7' }} />, {
      server: supportServer(),
      moduleKey: 'support',
    });
    const bot = screen.getByRole('combobox', { name: 'Bot' });
    await waitFor(() => expect(bot).toHaveProperty('placeholder', 'None'));
    expect(bot).toHaveProperty('value', 'old-bot-7');
    fireEvent.click(bot);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Claims bot',
      'Invoice bot',
      'old-bot-7',
    ]);
  });

  it('asks for a title before saving', async () => {
    const { server } = renderForm(supportServer());

    fireEvent.change(title(), { target: { value: '  ' } });
    fireEvent.click(save());

    expect(await screen.findByText('Please enter a title')).toBeTruthy();
    expect(server.requestsTo('PATCH', '/api/m/support/tickets/t1')).toEqual([]);
  });

  it('saves the changed fields with the version they were made on', async () => {
    const server = supportServer().on('PATCH', '/api/m/support/tickets/t1', {
      ...TICKET,
      version: 4,
      title: 'VPN is slow',
    });
    const { notifications } = renderForm(server);

    fireEvent.change(title(), { target: { value: 'VPN is slow ' } });
    fireEvent.click(save());

    await waitFor(() => expect(notifications).toEqual([{ message: 'Ticket saved', kind: 'success' }]));
    expect(server.requestsTo('PATCH', '/api/m/support/tickets/t1').map((request) => request.body)).toEqual([
      { version: 3, title: 'VPN is slow' },
    ]);
    expect(save()).toHaveProperty('disabled', true);
  });

  it('says why a save was refused', async () => {
    renderForm(
      supportServer().on('PATCH', '/api/m/support/tickets/t1', reply(409, { message: 'Someone else saved first' })),
    );

    fireEvent.change(title(), { target: { value: 'VPN is slow' } });
    fireEvent.click(save());

    expect((await screen.findByRole('alert')).textContent).toBe('Someone else saved first');
    expect(title()).toHaveProperty('value', 'VPN is slow');
  });
});
