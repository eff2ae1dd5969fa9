// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeServer, renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { runFixture } from '../testFixtures';
import type { RunDetail } from '../types';
import { RunDrawer } from './RunDrawer';

beforeAll(stubBrowser);
afterEach(cleanup);

const RUN = runFixture();
const EARLIER = runFixture({
  id: 'run-0',
  external_id: 'r3',
  status: 'successful',
  reason: null,
  exception_type: null,
});
const DETAIL: RunDetail = {
  run: RUN,
  bot: {
    id: 'b1',
    name: 'Bravo',
    type: 'unattended',
    machine: 'VM-01',
    vendor: 'UiPath',
    owner_id: null,
    schedule: 'Nightly',
  },
  recent: [RUN, EARLIER],
};

function renderDrawer(server: FakeServer) {
  const onOpen = vi.fn();
  const shell = renderWithShell(<RunDrawer opened runId="run-1" onOpen={onOpen} onClose={() => undefined} />, {
    server,
    moduleKey: 'rpa_insight',
  });
  return { ...shell, onOpen };
}

describe('RunDrawer', () => {
  it("shows the run, its exception, its bot and the bot's latest runs", async () => {
    const { onOpen } = renderDrawer(fakeServer().on('GET', '/api/m/rpa_insight/runs/run-1', DETAIL));

    const drawer = await screen.findByRole('dialog', { name: 'Run of Bravo on Invoices' });
    expect(within(drawer).getByText('r4')).toBeTruthy();
    expect(within(drawer).getByText('System exception')).toBeTruthy();
    expect(within(drawer).getByText('SAP timeout')).toBeTruthy();
    expect(within(drawer).getByText('VM-01')).toBeTruthy();
    expect(within(drawer).getByText('Nightly')).toBeTruthy();

    const rows = within(within(drawer).getByRole('table', { name: /Latest runs/ }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.getAttribute('aria-current'))).toEqual(['true', null]);
    fireEvent.click(rows[1]!);
    expect(onOpen).toHaveBeenCalledWith(EARLIER);
  });

  it("says when the bot is not in Bot Profile's inventory", async () => {
    renderDrawer(fakeServer().on('GET', '/api/m/rpa_insight/runs/run-1', { ...DETAIL, bot: null }));

    expect(await screen.findByText("Bravo is not in Bot Profile's inventory.")).toBeTruthy();
  });

  it('says when the run could not be loaded', async () => {
    renderDrawer(fakeServer().on('GET', '/api/m/rpa_insight/runs/run-1', reply(502, { message: 'The module failed' })));

    expect(await screen.findByText('The run could not be loaded')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Run' })).toBeTruthy();
  });
});
