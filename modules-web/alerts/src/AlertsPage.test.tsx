// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEST_USER, renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import AlertsPage from './AlertsPage';
import type { Incident, IncidentDetail } from './generated';
import { NOW, aRule, aSignature, anActivity, anIncident } from './testFixtures';
import { alertsServer, push } from './testServer';

beforeAll(() => {
  stubBrowser();
  // Only the clock: times read as "10 min ago" from the fixtures' now; timers and promises run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
});
afterAll(() => vi.useRealTimers());
afterEach(cleanup);

const page = (items: Incident[], next_cursor: string | null = null, total = items.length) => ({
  items,
  next_cursor,
  total,
});

function renderPage(server: FakeServer, url = '/Alerts') {
  return renderWithShell(<AlertsPage />, { server, moduleKey: 'alerts', rightsKey: 'bot_insight', url });
}

const OPEN = anIncident();
const WARNING = anIncident({
  id: 'i2',
  rule_name: 'Inbox stuck',
  kind: 'stuck_items',
  severity: 'warning',
  summary: '3 items in progress and 0 new and untouched for more than 1 hour',
  acknowledged_by: 'u2',
  acknowledged_at: OPEN.opened_at + 60,
  assignee_id: 'u1',
});

describe('AlertsPage: incidents', () => {
  it('lists the open incidents with their severity, rule, summary, status and who holds them', async () => {
    const server = alertsServer().on('GET', '/api/m/alerts/incidents', page([OPEN, WARNING]));
    const shell = renderPage(server);

    const table = await screen.findByRole('table', { name: 'Incidents' });
    await within(table).findByRole('button', { name: 'Invoices failing' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = rows[1]!;
    expect(within(first).getByText('Critical')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Invoices failing' })).toBeTruthy();
    expect(within(first).getByText(OPEN.summary!)).toBeTruthy();
    expect(within(first).getByText('10 min ago')).toBeTruthy();
    expect(within(first).getByText('Not acknowledged')).toBeTruthy();
    expect(within(first).getByText('Unassigned')).toBeTruthy();
    const second = rows[2]!;
    expect(within(second).getByText('Warning')).toBeTruthy();
    expect(await within(second).findByText('Acknowledged by Grace Hopper')).toBeTruthy();
    expect(within(second).getByText('Assigned to Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Showing 2 of 2 incidents')).toBeTruthy();

    expect(server.requestsTo('GET', '/api/m/alerts/incidents')[0]?.query.get('status')).toBe('open');
    expect(shell.title()?.heading).toBe('Alerts');
  });

  it('says when nothing is open, and shows closed or all incidents on asking', async () => {
    const server = alertsServer().on('GET', '/api/m/alerts/incidents', ({ query }) =>
      page(query.get('status') === 'open' ? [] : [anIncident({ status: 'closed', closed_at: OPEN.opened_at + 300 })]),
    );
    const shell = renderPage(server);

    expect(await screen.findByText('No open incidents.')).toBeTruthy();
    expect(screen.getByText('Rules that fire open one here.')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    const table = await screen.findByRole('table', { name: 'Incidents' });
    expect(await within(table).findByText('Closed')).toBeTruthy();
    expect(shell.location().search).toBe('?status=all');
    expect(server.requestsTo('GET', '/api/m/alerts/incidents').at(-1)?.query.has('status')).toBe(false);
  });

  it('loads more incidents with the next cursor', async () => {
    const server = alertsServer().on('GET', '/api/m/alerts/incidents', ({ query }) =>
      query.get('cursor') === 'c2' ? page([WARNING], null, 2) : page([OPEN], 'c2', 2),
    );
    renderPage(server);

    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('button', { name: 'Inbox stuck' })).toBeTruthy();
    expect(screen.getByText('Showing 2 of 2 incidents')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens a clicked incident beside the list, and acknowledges it', async () => {
    let detail: IncidentDetail = { incident: OPEN, activity: [anActivity()] };
    const server = alertsServer()
      .on('GET', '/api/m/alerts/incidents', () => page([detail.incident]))
      .on('GET', '/api/m/alerts/incidents/i1', () => detail)
      .on('POST', '/api/m/alerts/incidents/i1/acknowledge', () => {
        const at = OPEN.opened_at + 120;
        detail = {
          incident: { ...OPEN, acknowledged_by: TEST_USER.id, acknowledged_at: at },
          activity: [
            ...detail.activity,
            anActivity({ id: 'a2', action: 'acknowledged', user_id: TEST_USER.id, note: null, created_at: at }),
          ],
        };
        return detail;
      });
    const shell = renderPage(server);

    fireEvent.click(await screen.findByRole('button', { name: 'Invoices failing' }));
    const drawer = await screen.findByRole('dialog', { name: 'Invoices failing' });
    expect(shell.location().search).toBe('?incident=i1');
    expect(await within(drawer).findByText('Last fired')).toBeTruthy();
    expect(within(drawer).getByText('1 min ago')).toBeTruthy();
    expect(within(drawer).getAllByText(OPEN.summary!)).toHaveLength(2); // the summary, and the history's first line

    fireEvent.click(within(drawer).getByRole('button', { name: 'Acknowledge' }));

    expect(await within(drawer).findByText('Acknowledged by Ann Archer')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(within(drawer).getByText(/^by Ann Archer, /)).toBeTruthy();
    expect(within(drawer).getAllByText('Acknowledged')).toHaveLength(2); // the fact's label, and the history's new line
    expect(server.requestsTo('POST', '/api/m/alerts/incidents/i1/acknowledge')).toHaveLength(1);
    expect(shell.notifications).toContainEqual({ message: 'Incident acknowledged', kind: 'success' });
    // The list reads again and says who acknowledged it.
    const table = screen.getByRole('table', { name: 'Incidents' });
    expect(await within(table).findByText('Acknowledged by Ann Archer')).toBeTruthy();
  });

  it('opens the incident a mail links to, assigns it and adds a comment with Ctrl+Enter', async () => {
    let detail: IncidentDetail = { incident: OPEN, activity: [anActivity()] };
    const server = alertsServer()
      .on('GET', '/api/m/alerts/incidents', () => page([detail.incident]))
      .on('GET', '/api/m/alerts/incidents/i1', () => detail)
      .on('POST', '/api/m/alerts/incidents/i1/assign', ({ body }) => {
        const { assignee_id } = body as { assignee_id: string };
        detail = {
          incident: { ...detail.incident, assignee_id },
          activity: [
            ...detail.activity,
            anActivity({ id: 'a2', action: 'assigned', user_id: 'user-1', note: assignee_id }),
          ],
        };
        return detail;
      })
      .on('POST', '/api/m/alerts/incidents/i1/comments', ({ body }) => {
        const { text } = body as { text: string };
        detail = {
          ...detail,
          activity: [...detail.activity, anActivity({ id: 'a3', action: 'comment', user_id: 'user-1', note: text })],
        };
        return detail;
      });
    renderPage(server, '/Alerts?incident=i1');

    const drawer = await screen.findByRole('dialog', { name: 'Invoices failing' });
    const assignee = await within(drawer).findByRole('combobox', { name: 'Assignee' });
    await waitFor(() => expect(assignee.getAttribute('placeholder')).toBe('Unassigned'));
    fireEvent.click(assignee);
    fireEvent.click(await screen.findByRole('option', { name: 'Grace Hopper' }));

    await waitFor(() =>
      expect(server.requestsTo('POST', '/api/m/alerts/incidents/i1/assign').map((request) => request.body)).toEqual([
        { assignee_id: 'u2' },
      ]),
    );
    expect(await within(drawer).findByText('To Grace Hopper')).toBeTruthy();

    const comment = within(drawer).getByRole('textbox', { name: 'Comment' });
    fireEvent.change(comment, { target: { value: 'Restarted the VM' } });
    fireEvent.keyDown(comment, { key: 'Enter', ctrlKey: true });

    expect(await within(drawer).findByText('Restarted the VM')).toBeTruthy();
    expect(server.requestsTo('POST', '/api/m/alerts/incidents/i1/comments').map((request) => request.body)).toEqual([
      { text: 'Restarted the VM' },
    ]);
    await waitFor(() => expect(comment).toHaveProperty('value', ''));
  });

  it('says when a linked incident is gone', async () => {
    const server = alertsServer()
      .on('GET', '/api/m/alerts/incidents', page([]))
      .on('GET', '/api/m/alerts/incidents/gone', reply(404, { message: 'Incident not found' }));
    renderPage(server, '/Alerts?incident=gone');

    const drawer = await screen.findByRole('dialog', { name: 'Incident' });
    expect(await within(drawer).findByText('Incident not found')).toBeTruthy();
  });

  it('reads the incidents again when the channel says one changed', async () => {
    let incidents = [OPEN];
    const server = alertsServer().on('GET', '/api/m/alerts/incidents', () => page(incidents));
    renderPage(server);
    expect(await screen.findByRole('button', { name: 'Invoices failing' })).toBeTruthy();
    await waitFor(() => expect(server.realtime.streams.length).toBeGreaterThan(0));

    incidents = [WARNING, OPEN];
    server.realtime.streams[0]!.send(push('incidents', { id: 'i2', status: 'open' }));

    expect(await screen.findByRole('button', { name: 'Inbox stuck' })).toBeTruthy();
  });

  it('shows why the incidents could not be loaded, and tries again', async () => {
    let fail = true;
    const server = alertsServer().on('GET', '/api/m/alerts/incidents', () =>
      fail ? reply(503, { message: 'The module is busy' }) : page([OPEN]),
    );
    renderPage(server);

    expect(await screen.findByText('The module is busy')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Invoices failing' })).toBeTruthy();
  });
});

describe('AlertsPage: rules and signatures', () => {
  it('opens the tab the URL names: the rules, with New rule in the title bar', async () => {
    const server = alertsServer().on('GET', '/api/m/alerts/rules', [aRule()]);
    const shell = renderPage(server, '/Alerts?tab=rules');

    const table = await screen.findByRole('table', { name: 'Rules' });
    expect(await within(table).findByText('Invoices failing')).toBeTruthy();
    expect(within(table).getByText('Failure rate above a limit')).toBeTruthy();
    expect(within(table).getByText('Process Invoices')).toBeTruthy();
    expect(within(table).getByText('5 minutes')).toBeTruthy();
    expect(within(table).getByRole('switch', { name: 'Invoices failing enabled' })).toHaveProperty('checked', true);
    expect(shell.title()?.buttons?.map((button) => button.label)).toEqual(['New rule']);

    fireEvent.click(screen.getByRole('tab', { name: 'Incidents' }));
    await waitFor(() => expect(shell.location().search).toBe(''));
  });

  it('checks a rule now and says what it found', async () => {
    const rule = aRule();
    const server = alertsServer()
      .on('GET', '/api/m/alerts/rules', [rule])
      .on('POST', '/api/m/alerts/rules/r1/evaluate', {
        rule,
        evaluation: { firing: true, value: 40, summary: '4 of 10 finished runs failed' },
        error: null,
        incident: null,
      });
    const shell = renderPage(server, '/Alerts?tab=rules');

    fireEvent.click(await screen.findByRole('button', { name: 'Check Invoices failing now' }));

    await waitFor(() =>
      expect(shell.notifications).toContainEqual({ message: 'Firing: 4 of 10 finished runs failed', kind: 'warning' }),
    );
  });

  it('deletes a rule after asking', async () => {
    const server = alertsServer()
      .on('GET', '/api/m/alerts/rules', [aRule()])
      .on('DELETE', '/api/m/alerts/rules/r1', { message: 'Rule deleted' });
    const shell = renderPage(server, '/Alerts?tab=rules');

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Invoices failing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete rule' });
    expect(within(dialog).getByText(/Its open incident closes/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete rule' }));

    await waitFor(() => expect(shell.notifications).toContainEqual({ message: 'Rule deleted', kind: 'success' }));
    expect(server.requestsTo('DELETE', '/api/m/alerts/rules/r1')).toHaveLength(1);
  });

  it('lists the failure signatures and shows a signature’s samples', async () => {
    const server = alertsServer()
      .on('GET', '/api/m/alerts/signatures', {
        items: [aSignature({ quiet_offered: true })],
        next_cursor: null,
        total: 1,
      })
      .on('GET', '/api/m/alerts/settings', { quiet_days: 7 });
    renderPage(server, '/Alerts?tab=signatures');

    const table = await screen.findByRole('table', { name: 'Failure signatures' });
    expect(await within(table).findByText('Timeout after <n> seconds waiting for <path>')).toBeTruthy();
    expect(within(table).getByText('Quiet')).toBeTruthy();
    expect(within(table).getByText('12')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Samples' })).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: 'Show the samples' }));

    const samples = await screen.findByRole('table', { name: 'Samples' });
    expect(within(samples).getByText('run-981')).toBeTruthy();
    expect(within(samples).getByText('Timeout after 30 seconds waiting for C:\\inbox\\a.pdf')).toBeTruthy();
    // Not a company admin: the quiet days are read, not changed.
    expect(await screen.findByText(/offered for closing after 7 days without a failure/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
