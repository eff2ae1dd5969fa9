// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import DatabaseIntegrationPage from './DatabaseIntegrationPage';
import type { Connections, Mapping, Preset } from './generated';
import { CONNECTION, JOBS, job } from './testFixtures';

beforeAll(stubBrowser);
afterEach(cleanup);

const UIPATH: Preset = { key: 'uipath', name: 'UiPath Orchestrator', time_zone_hint: 'UTC', tables: [JOBS] };

function server({ admin = true, mapped = false, connections = [CONNECTION] } = {}): FakeServer {
  const list: Connections = {
    company_admin: admin,
    connections: connections.map((connection) => ({
      connection,
      preset: mapped ? 'uipath' : null,
      every_minutes: null,
      mapped,
    })),
  };
  return fakeServer()
    .on('GET', '/api/m/db_integration/connections', list)
    .on('GET', '/api/m/db_integration/presets', [UIPATH])
    .on(
      'GET',
      '/api/m/db_integration/connections/:id/mapping',
      mapped ? { preset: 'uipath', tables: [JOBS], every_minutes: null, version: 1 } : null,
    )
    .on('GET', '/api/m/db_integration/connections/:id/tables', [{ name: 'Jobs', view: false }])
    .on(
      'GET',
      '/api/m/db_integration/connections/:id/columns',
      ['Id', 'ReleaseId', 'RobotId', 'State', 'StartTime', 'CreationTime'].map((name) => ({
        name,
        kind: 'text',
        db_type: 'text',
        nullable: false,
      })),
    )
    .on('GET', '/api/m/db_integration/syncs', []);
}

function renderPage(fake: FakeServer, url = '/databaseIntegration') {
  return renderWithShell(<DatabaseIntegrationPage />, {
    server: fake,
    moduleKey: 'db_integration',
    rightsKey: 'databaseIntegration',
    url,
  });
}

function choose(label: string, option: string, container: HTMLElement = document.body) {
  fireEvent.click(within(container).getByRole('combobox', { name: label }));
  fireEvent.click(within(document.body).getByRole('option', { name: option }));
}

describe('DatabaseIntegrationPage', { timeout: 20_000 }, () => {
  it('tells an admin how to start, and a member that an admin connects databases', async () => {
    renderPage(server({ connections: [] }));
    expect(await screen.findByText('No database connected yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a connection' })).toBeTruthy();
    cleanup();
    renderPage(server({ admin: false, mapped: true }));
    const jobs = await screen.findByRole('region', { name: 'Table Jobs' });
    expect(screen.queryByRole('button', { name: 'Change Orchestrator' })).toBeNull();
    // A saved table is folded to a line, and opens.
    expect(within(jobs).getByText('Key Id; cursor CreationTime; 3 of 7 fields mapped; 3 status values')).toBeTruthy();
    const show = within(jobs).getByRole('button', { name: 'Show the mapping of Jobs' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    expect(await within(jobs).findByRole('table', { name: 'Statuses of Jobs' })).toBeTruthy();
    expect(within(jobs).getByRole('textbox', { name: 'Source value 1' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save mapping' })).toBeNull();
  });

  it('tests a connection with what is typed, then saves it without sending a password it did not change', async () => {
    const fake = server()
      .on(
        'POST',
        '/api/modules/db_integration/connections/test',
        reply(502, { message: "Access denied for user 'reader'" }),
      )
      .on('PUT', '/api/modules/db_integration/connections/c1', (request) => ({
        ...CONNECTION,
        ...(request.body as object),
      }));
    renderPage(fake);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Orchestrator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Orchestrator' });
    expect(within(dialog).getByText(/A password is set/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe("Access denied for user 'reader'");
    const tried = fake.requestsTo('POST', '/api/modules/db_integration/connections/test')[0]!;
    expect(tried.body).toMatchObject({ id: 'c1', host: '127.0.0.1', user: 'reader' });
    expect(tried.body).not.toHaveProperty('password');

    fake.on('POST', '/api/modules/db_integration/connections/test', { version: '10.11.9-MariaDB' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Database' }), { target: { value: 'orchestrator' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(await within(dialog).findByText('Connected: 10.11.9-MariaDB')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save connection' }));
    await waitFor(() => expect(fake.requestsTo('PUT', '/api/modules/db_integration/connections/c1')).toHaveLength(1));
    const saved = fake.requestsTo('PUT', '/api/modules/db_integration/connections/c1')[0]!.body;
    expect(saved).toMatchObject({ database: 'orchestrator', port: 3306 });
    expect(saved).not.toHaveProperty('password');
  });

  it("checks a new connection's fields with the host's messages before sending it", async () => {
    const fake = server({ connections: [] });
    renderPage(fake);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a connection' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add connection' }));
    expect(await within(dialog).findByText("Give the server's host name or IP address")).toBeTruthy();
    expect(fake.requestsTo('POST', '/api/modules/db_integration/connections')).toHaveLength(0);
  });

  it('maps the tables from a preset, edits the status table, previews and saves', async () => {
    const fake = server()
      .on('POST', '/api/m/db_integration/connections/:id/preset', {
        preset: 'uipath',
        tables: [JOBS],
        every_minutes: null,
      } satisfies Mapping)
      .on('POST', '/api/m/db_integration/connections/:id/preview', {
        records: [{ bot: 'Robot 1', process: 'Invoices', started_at: 1_700_000_000, status: 'successful' }],
        skipped: 1,
        rejected: [{ table: 'Jobs', key: '7', reason: 'The status 9 is not in the status table' }],
      })
      .on('PUT', '/api/m/db_integration/connections/:id/mapping', { version: 1 });
    renderPage(fake);
    expect(await screen.findByText(/Nothing is mapped yet/)).toBeTruthy();
    choose('Preset', 'UiPath Orchestrator');
    fireEvent.click(screen.getByRole('button', { name: 'Use preset' }));
    const jobs = await screen.findByRole('region', { name: 'Table Jobs' });

    fireEvent.click(within(jobs).getByRole('button', { name: 'Add a status' }));
    fireEvent.change(within(jobs).getByRole('textbox', { name: 'Source value 4' }), { target: { value: '6' } });

    fireEvent.click(within(jobs).getByRole('button', { name: 'Preview Jobs' }));
    const preview = await within(jobs).findByRole('region', { name: 'Preview of Jobs' });
    expect(within(preview).getByText(/1 imported, 1 left out, 1 rejected/)).toBeTruthy();
    expect(within(preview).getByRole('cell', { name: 'Invoices' })).toBeTruthy();
    expect(within(preview).getByRole('cell', { name: 'The status 9 is not in the status table' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save mapping' }));
    await waitFor(() => expect(fake.requestsTo('PUT', '/api/m/db_integration/connections/c1/mapping')).toHaveLength(1));
    const saved = fake.requestsTo('PUT', '/api/m/db_integration/connections/c1/mapping')[0]!.body as Mapping;
    expect(saved.preset).toBe('uipath');
    expect(saved.tables[0]!.statuses.at(-1)).toEqual({ from: '6', to: 'running' });
  });

  it('starts a sync, follows its progress live, and cancels it', async () => {
    const fake = server({ mapped: true })
      .on('POST', '/api/m/db_integration/connections/:id/syncs', job())
      .on('POST', '/api/m/db_integration/syncs/:id/cancel', job({ status: 'cancelling', steps: 1, updated_at: 1_005 }));
    renderPage(fake, '/databaseIntegration?connection=c1&tab=syncs');
    expect(await screen.findByText('No sync yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    const running = await screen.findByRole('region', { name: 'Running sync' });
    expect(within(running).getByText('0 rows read, 0 stored, 0 skipped, 0 rejected')).toBeTruthy();

    await waitFor(() => expect(fake.realtime.streams.length).toBeGreaterThan(0));
    const progress = { tables: 2, table: 0, read: 5000, stored: 4900, skipped: 60, rejected: 40, rejections: [] };
    fake.realtime.streams[0]!.send(
      `event: db_integration.jobs\ndata: ${JSON.stringify(job({ progress, steps: 1, updated_at: 1_003 }))}\n\n`,
    );
    expect(
      await within(running).findByText('Table 1 of 2: 5,000 rows read, 4,900 stored, 60 skipped, 40 rejected'),
    ).toBeTruthy();
    expect(within(running).getByRole('progressbar', { name: 'Sync progress' })).toBeTruthy();

    fireEvent.click(within(running).getByRole('button', { name: 'Cancel sync' }));
    expect(await screen.findByText('Cancelling the sync…')).toBeTruthy();
    const done = job({
      status: 'cancelled',
      progress: { ...progress, cancelled: true },
      steps: 2,
      updated_at: 1_042,
      finished_at: 1_042,
    });
    fake.realtime.streams[0]!.send(`event: db_integration.jobs\ndata: ${JSON.stringify(done)}\n\n`);
    const history = await screen.findByRole('table', { name: 'Syncs' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Running sync' })).toBeNull());
    expect(within(history).getByText('Cancelled')).toBeTruthy();
    expect(within(history).getByText('42 s')).toBeTruthy();
  });
});
