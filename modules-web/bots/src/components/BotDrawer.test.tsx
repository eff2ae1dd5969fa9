// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { indexPeople } from '@common/domain/people';
import { ADA } from '@common/domain/testFixtures';
import { BOT } from '../testFixtures';
import type { Overview } from '../types';
import { BotDrawer } from './BotDrawer';

beforeAll(stubBrowser);
afterEach(cleanup);

const RANGE = { from: '2026-03-02', to: '2026-03-03', start: 1_772_409_600, end: 1_772_582_400, days: 2 };

const OVERVIEW: Overview = {
  bot: BOT,
  range: RANGE,
  status: { bot: BOT.name, id: BOT.id, status: 'idle', running: 0, running_since: null, last_event_at: null },
  current_runs: [],
  last_run: null,
  runs: {
    total: 4,
    running: 0,
    successful: 3,
    failed: 1,
    stopped: 0,
    items: 40,
    busy_seconds: 3_600,
    success_rate: 75,
  },
  failures: {
    total: 1,
    business: 0,
    system: 1,
    unspecified: 0,
    reasons: [{ exception_type: 'system', reason: 'SAP timeout', n: 1 }],
  },
  processes: [
    { process: 'Invoice posting', assigned: true, runs: 4, successful: 3, failed: 1, items: 40, busy_seconds: 3_600 },
  ],
};

function renderDrawer(server: FakeServer, url = '/BotProfile?bot=b1') {
  const actions = { onEdit: vi.fn(), onDelete: vi.fn() };
  const shell = renderWithShell(
    <BotDrawer
      opened
      botId="b1"
      range={{ kind: 'custom', from: '2026-03-02', to: '2026-03-03' }}
      people={indexPeople([ADA])}
      currency={{ code: 'EUR', symbol: '€' }}
      closeOnEscape
      onClose={() => undefined}
      {...actions}
    />,
    { server, moduleKey: 'bots', url },
  );
  return { ...actions, shell };
}

describe('BotDrawer', () => {
  it("shows the bot's figures in the range, its failures, processes and details", async () => {
    const server = fakeServer().on('GET', '/api/m/bots/bots/b1/overview', OVERVIEW);
    const actions = renderDrawer(server);

    const drawer = await screen.findByRole('dialog', { name: 'Invoice bot' });
    expect(within(drawer).getByText('Never ran')).toBeTruthy();
    expect(within(drawer).getByText('No run going on.')).toBeTruthy();
    expect(within(drawer).getByText('75 %')).toBeTruthy();
    expect(within(drawer).getByText('SAP timeout')).toBeTruthy();
    expect(within(drawer).getByText('Invoice posting')).toBeTruthy();
    expect(within(drawer).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(drawer).getByText('VM-01')).toBeTruthy();
    // The licence cost in the company's currency, written as on every page.
    expect(within(drawer).getByText('€7,300')).toBeTruthy();
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({ from: '2026-03-02', to: '2026-03-03' });

    fireEvent.click(within(drawer).getByRole('button', { name: 'Delete' }));
    expect(actions.onDelete).toHaveBeenCalledWith(BOT);
  });

  it('says that a bot whose runs never arrived is new and not connected, not offline', async () => {
    const never = { ...OVERVIEW, status: { ...OVERVIEW.status, status: 'new' as const } };
    renderDrawer(fakeServer().on('GET', '/api/m/bots/bots/b1/overview', never));

    const drawer = await screen.findByRole('dialog', { name: 'Invoice bot' });
    expect(within(drawer).getByText('New, not connected')).toBeTruthy();
    expect(within(drawer).queryByText('Offline')).toBeNull();
  });

  it('opens the runs tab and filter the URL names, and keeps them there as they change', async () => {
    const server = fakeServer()
      .on('GET', '/api/m/bots/bots/b1/overview', OVERVIEW)
      .on('GET', '/api/m/bots/bots/b1/runs', { items: [], next_cursor: null, total: 0 });
    const { shell } = renderDrawer(server, '/BotProfile?bot=b1&runs=failed');

    expect(await screen.findByText('No failed runs.')).toBeTruthy();
    expect(server.requestsTo('GET', '/api/m/bots/bots/b1/runs')[0]!.query.get('status')).toBe('failed');
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Successful' }));
    await waitFor(() => expect(shell.location().search).toBe('?bot=b1&runs=successful'));
    expect(await screen.findByText('No successful runs.')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(shell.location().search).toBe('?bot=b1'));
    fireEvent.click(screen.getByRole('tab', { name: 'Runs' }));
    await waitFor(() => expect(shell.location().search).toBe('?bot=b1&runs=all'));
    expect(await screen.findByText('No runs yet: the orchestrator has sent none for this bot.')).toBeTruthy();
  });

  it('says when the bot is gone', async () => {
    renderDrawer(fakeServer().on('GET', '/api/m/bots/bots/b1/overview', reply(404, { message: 'Not found' })));

    expect(await screen.findByText('Bot not found')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Bot' })).toBeTruthy();
  });
});
