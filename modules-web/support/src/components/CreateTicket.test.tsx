// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithShell, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { TICKET } from '../testFixtures';
import { supportServer } from '../testServer';
import { CreateTicket } from './CreateTicket';

beforeAll(stubBrowser);
afterEach(cleanup);

function renderDialog(server: FakeServer) {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  const shell = renderWithShell(<CreateTicket opened onClose={onClose} onCreated={onCreated} />, {
    server,
    moduleKey: 'support',
  });
  return { ...shell, onCreated, onClose };
}

describe('CreateTicket', () => {
  it('asks for a title before sending anything', async () => {
    const { server } = renderDialog(supportServer());
    expect(screen.getByRole('dialog', { name: 'New ticket' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));

    expect(await screen.findByText('Please enter a title')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Title' }).getAttribute('aria-invalid')).toBe('true');
    expect(server.requestsTo('POST', '/api/m/support/tickets')).toEqual([]);
  });

  it('says there is no bot to choose without one in Bot Profile', async () => {
    renderDialog(supportServer().on('GET', '/api/m/support/bots', []));
    const bot = screen.getByRole('combobox', { name: 'Bot' });
    await waitFor(() => expect(bot).toHaveProperty('placeholder', 'No bots in Bot Profile'));
    expect(bot).toHaveProperty('disabled', true);
  });

  it('creates the ticket, says its number and closes', async () => {
    const { server, notifications, onCreated, onClose } = renderDialog(
      supportServer().on('POST', '/api/m/support/tickets', TICKET),
    );
    // The priority starts at the default.
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveProperty('value', 'Medium');

    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: ' VPN is down ' } });
    // The bot is one of Bot Profile's inventory, by name.
    const bot = screen.getByRole('combobox', { name: 'Bot' });
    await waitFor(() => expect(bot).toHaveProperty('placeholder', 'None'));
    fireEvent.click(bot);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Claims bot', 'Invoice bot']);
    fireEvent.click(screen.getByRole('option', { name: 'Invoice bot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.requestsTo('POST', '/api/m/support/tickets').map((request) => request.body)).toEqual([
      { title: 'VPN is down', description: '', priority: 'Medium', bot_id: 'Invoice bot' },
    ]);
    expect(onCreated).toHaveBeenCalledWith(TICKET);
    expect(notifications).toEqual([{ message: 'Ticket #12 created', kind: 'success' }]);
  });
});
