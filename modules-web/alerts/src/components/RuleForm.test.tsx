// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { MESSAGES, type Rule, type RuleDraft } from '../generated';
import { aChecked, aRule } from '../testFixtures';
import { alertsServer } from '../testServer';
import { RuleForm } from './RuleForm';

beforeAll(stubBrowser);
afterEach(cleanup);

function renderForm(server: FakeServer, rule: Rule | null = null) {
  const onClose = vi.fn();
  const shell = renderWithShell(<RuleForm opened onClose={onClose} rule={rule} />, { server, moduleKey: 'alerts' });
  return { ...shell, onClose };
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

/** The answer of a save: the rule as stored, checked. */
const checkedOf = (draft: RuleDraft, summary: string, firing = false) =>
  aChecked({ ...aRule(), ...draft }, firing, summary);

describe('RuleForm', () => {
  it('shows a problem under its field and sends nothing', async () => {
    const server = alertsServer();
    renderForm(server);
    await screen.findByRole('dialog', { name: 'New rule' });

    fireEvent.change(field(/Failure rate above/), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create rule' }));

    expect(await screen.findByText(MESSAGES.NAME_REQUIRED)).toBeTruthy();
    expect(screen.getByText(MESSAGES.PERCENT_RANGE)).toBeTruthy();
    expect(field(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(server.requestsTo('POST', '/api/m/alerts/rules')).toHaveLength(0);
  });

  it('creates a valid rule and says what its first check found', async () => {
    const server = alertsServer().on('POST', '/api/m/alerts/rules', ({ body }) =>
      reply(201, checkedOf(body as RuleDraft, '2 of 10 finished runs failed (20%) in the last hour; the limit is 25%')),
    );
    const { notifications, onClose } = renderForm(server);
    await screen.findByRole('dialog', { name: 'New rule' });

    fireEvent.change(field(/^Name/), { target: { value: '  Invoices failing ' } });
    fireEvent.change(field('Process'), { target: { value: 'Invoices' } });
    fireEvent.change(field(/Failure rate above/), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'E-mail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create rule' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.requestsTo('POST', '/api/m/alerts/rules').map((request) => request.body)).toEqual([
      {
        name: 'Invoices failing',
        kind: 'failure_rate',
        severity: 'warning',
        process: 'Invoices',
        bot: null,
        queue: null,
        threshold: 25,
        measure: null,
        min_runs: 1,
        window_minutes: 60,
        interval_minutes: 5,
        quiet_minutes: 60,
        time_zone: null,
        deliver_bell: true,
        deliver_mail: true,
        chat_channel: null,
        webhook_url: null,
        recipients: [],
        enabled: true,
      },
    ]);
    expect(notifications).toEqual([
      { message: 'OK: 2 of 10 finished runs failed (20%) in the last hour; the limit is 25%', kind: 'success' },
    ]);
  });

  it('asks for what each kind compares with', async () => {
    renderForm(alertsServer());
    await screen.findByRole('dialog', { name: 'New rule' });
    expect(screen.getByRole('textbox', { name: /At least this many finished runs/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Too few runs or items' }));

    expect(await screen.findByRole('textbox', { name: /At least this many expected/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /What is counted/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /At least this many finished runs/ })).toBeNull();

    fireEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bot silent during its schedule' }));

    expect(await screen.findByRole('combobox', { name: /Time zone of the bots’ schedules/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /At least this many expected/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Process' })).toBeNull();
  });

  it('saves a rule’s changes with its version, and shows the server’s refusal under its field', async () => {
    const rule = aRule();
    const server = alertsServer().on('PUT', '/api/m/alerts/rules/r1', reply(400, { message: MESSAGES.INTERVAL_RANGE }));
    renderForm(server, rule);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Invoices failing' });
    expect(field(/^Name/)).toHaveProperty('value', 'Invoices failing');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(MESSAGES.INTERVAL_RANGE)).toBeTruthy();
    expect(field(/Check every/).getAttribute('aria-invalid')).toBe('true');
    const [request] = server.requestsTo('PUT', '/api/m/alerts/rules/r1');
    expect(request?.body).toMatchObject({ version: 3, name: 'Invoices failing', process: 'Invoices' });
  });

  it('shows a refusal about no field of the form above the buttons', async () => {
    const server = alertsServer().on(
      'POST',
      '/api/m/alerts/rules',
      reply(400, { message: 'Every recipient must be a member of the company' }),
    );
    renderForm(server);
    await screen.findByRole('dialog', { name: 'New rule' });
    fireEvent.change(field(/^Name/), { target: { value: 'Invoices failing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create rule' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Every recipient must be a member of the company');
  });
});
