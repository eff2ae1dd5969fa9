// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { ADA } from '@common/domain/testFixtures';
import { BOT } from '../testFixtures';
import type { Bot } from '../types';
import { BotForm } from './BotForm';

beforeAll(stubBrowser);
afterEach(cleanup);

function botsServer(): FakeServer {
  return fakeServer()
    .on('GET', '/api/m/bots/people', [ADA])
    .on('GET', '/api/m/bots/processes', { available: true, names: ['Invoice posting'] });
}

function renderForm(bot: Bot | null, server: FakeServer) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const shell = renderWithShell(<BotForm opened bot={bot} currencyCode="EUR" onClose={onClose} onSaved={onSaved} />, {
    server,
    moduleKey: 'bots',
  });
  return { ...shell, onSaved, onClose };
}

const name = () => screen.getByRole('textbox', { name: 'Name' });

describe('BotForm', () => {
  it('asks for the name of a new bot before sending anything', async () => {
    const { server } = renderForm(null, botsServer());
    expect(screen.getByRole('dialog', { name: 'New bot' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add bot' }));

    expect(await screen.findByText('Please enter the bot name')).toBeTruthy();
    expect(name().getAttribute('aria-invalid')).toBe('true');
    expect(server.requestsTo('POST', '/api/m/bots/bots')).toEqual([]);
  });

  it('adds a bot', async () => {
    const server = botsServer().on('POST', '/api/m/bots/bots', ({ body }) => ({ ...BOT, ...(body as object) }));
    const { notifications, onSaved, onClose } = renderForm(null, server);

    fireEvent.change(name(), { target: { value: 'Payroll bot' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Machine' }), { target: { value: 'VM-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add bot' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.requestsTo('POST', '/api/m/bots/bots').map((request) => request.body)).toEqual([
      {
        name: 'Payroll bot',
        type: 'unattended',
        machine: 'VM-02',
        vendor: 'Other',
        owner_id: null,
        licence_cost: 0,
        processes: [],
        schedule: null,
        notes: null,
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Payroll bot' }));
    expect(notifications).toEqual([{ message: 'Bot saved', kind: 'success' }]);
  });

  it('sends only what changed in an edit, and nothing when nothing did', async () => {
    const server = botsServer().on('PATCH', '/api/m/bots/bots/b1', { ...BOT, version: 4, machine: 'VM-02' });
    const first = renderForm(BOT, server);
    expect(screen.getByRole('dialog', { name: 'Edit Invoice bot' })).toBeTruthy();
    expect(name()).toHaveProperty('value', 'Invoice bot');

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    expect(server.requestsTo('PATCH', '/api/m/bots/bots/b1')).toEqual([]);
    cleanup();

    const second = renderForm(BOT, server);
    fireEvent.change(screen.getByRole('textbox', { name: 'Machine' }), { target: { value: 'VM-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(second.onClose).toHaveBeenCalled());
    expect(server.requestsTo('PATCH', '/api/m/bots/bots/b1').map((request) => request.body)).toEqual([
      { version: 3, machine: 'VM-02' },
    ]);
  });

  it("shows the plugin's refusal of the name under the name", async () => {
    renderForm(
      null,
      botsServer().on('POST', '/api/m/bots/bots', reply(409, { message: 'A bot with this name already exists' })),
    );

    fireEvent.change(name(), { target: { value: 'Invoice bot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add bot' }));

    expect(await screen.findByText('A bot with this name already exists')).toBeTruthy();
    expect(name().getAttribute('aria-invalid')).toBe('true');
  });
});
