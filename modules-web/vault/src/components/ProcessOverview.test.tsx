// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { TEST_USER, fakeServer, renderWithShell, reply, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { indexPeople } from '@common/domain/people';
import { ADA } from '@common/domain/testFixtures';
import { aProcess } from '../testFixtures';
import { ProcessOverview } from './ProcessOverview';

beforeAll(stubBrowser);
afterEach(cleanup);

function renderOverview(server = fakeServer(), user = TEST_USER) {
  const actions = { onEdit: vi.fn(), onAssess: vi.fn(), onDelete: vi.fn() };
  const shell = renderWithShell(
    <ProcessOverview
      opened
      processId="p1"
      people={indexPeople([ADA])}
      closeOnEscape
      onClose={() => undefined}
      {...actions}
    />,
    { server, moduleKey: 'vault', rightsKey: 'process', user },
  );
  return { ...shell, actions };
}

describe('ProcessOverview', () => {
  it('shows the process: its name, details and actions', async () => {
    const process = aProcess({ owner_id: ADA.user_id });
    const server = fakeServer()
      .on('GET', '/api/m/vault/processes/p1', process)
      .on('GET', '/api/m/vault/processes/p1/documents', { items: [] })
      .on('GET', '/api/m/vault/processes/p1/history', { items: [] });
    const { actions } = renderOverview(server);

    const drawer = await screen.findByRole('dialog', { name: 'Invoice matching' });
    expect(within(drawer).getByText('Match invoices to orders')).toBeTruthy();
    expect(within(drawer).getByText('Finance')).toBeTruthy();
    expect(within(drawer).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(drawer).getByText('1,200 cases')).toBeTruthy();
    expect(within(drawer).getByRole('tab', { name: 'Process', selected: true })).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Edit' }));
    expect(actions.onEdit).toHaveBeenCalledWith(process);
  });

  it("writes its money in the session's currency: hourly cost, yearly benefit and their changes", async () => {
    const change = { field: 'hourly_cost', from: 38, to: 40 };
    const server = fakeServer()
      .on('GET', '/api/m/vault/processes/p1', aProcess())
      .on('GET', '/api/m/vault/processes/p1/documents', { items: [] })
      .on('GET', '/api/m/vault/processes/p1/history', {
        items: [
          {
            id: 'h1',
            process_id: 'p1',
            user_id: null,
            action: 'updated',
            changes: [change],
            note: null,
            created_at: 1,
          },
        ],
      });
    renderOverview(server, { ...TEST_USER, currency: { code: 'INR', symbol: '₹' } });

    const drawer = await screen.findByRole('dialog', { name: 'Invoice matching' });
    expect(within(drawer).getByText('₹40.00')).toBeTruthy();
    expect(within(drawer).getByText('₹56,160')).toBeTruthy();
    expect(await within(drawer).findByText('Hourly cost: ₹38.00 → ₹40.00')).toBeTruthy();
  });

  it('says when the process is gone', async () => {
    renderOverview(fakeServer().on('GET', '/api/m/vault/processes/p1', reply(404, { message: 'Not found' })));

    expect(await screen.findByText('Process not found')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Process' })).toBeTruthy();
  });
});
