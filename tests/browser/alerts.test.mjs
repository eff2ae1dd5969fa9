// Alerts (issue 21): a rule fires on the demo company's runs, the incident shows in the bell
// and on its page, it is acknowledged, the condition clears and it closes; and a burst of one
// identical failure sent through the ingestion API opens a single ticket in Ticket
// Management. The demo company is used through a member of its own other than the demo user.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { api, choose, createUser, env, eventually, signIn, tokenOf, unique, useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();

/** A member of the demo company (Mia Schulz, RPA Developer), with the demo password. */
const DEVELOPER = { email: 'developer@autoscope.test', password: env.demo.password };

/** The banner's bell button. */
function bell(page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

test('a rule fires on the demo runs, shows in the bell and on its page, is acknowledged, clears and closes', (t) =>
  withPage(browser, t, async (page) => {
    await signIn(page, DEVELOPER);
    const unreadBefore = await bell(page).getAttribute('aria-label');
    await page.goto('/Alerts?tab=rules');
    const name = unique('Demo failures ');
    await page.getByRole('button', { name: 'New rule' }).first().click();
    const form = page.getByRole('dialog', { name: 'New rule' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    // Any failure among the runs of the last seven days: the demo bots fail now and then.
    await form.getByLabel('Failure rate above (%)').fill('0');
    await form.getByLabel('Runs started in the last (minutes)').fill('10080');
    await choose(page, 'Recipients', 'Mia Schulz', { within: form });
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Create rule' }).click();
    await page.getByText(/^Firing: \d+ of \d+ finished runs failed/).first().waitFor();

    // The bell counts one more unread notification, and it says what fired.
    await eventually('the bell to count the incident',
      async () => (await bell(page).getAttribute('aria-label')) !== unreadBefore);
    await bell(page).click();
    // The form's default severity is Warning.
    await page.getByText(`Warning: ${name} — `).first().waitFor();
    await page.keyboard.press('Escape');

    // The incident on its page: open, then acknowledged.
    await page.getByRole('tab', { name: 'Incidents' }).click();
    const incidents = page.getByRole('table', { name: 'Incidents' });
    const row = incidents.getByRole('row').filter({ hasText: name });
    await row.getByText('Open', { exact: true }).waitFor();
    await row.click();
    const drawer = page.getByRole('dialog', { name });
    await drawer.getByRole('button', { name: 'Acknowledge' }).click();
    await drawer.getByText('Acknowledged by Mia Schulz').waitFor();
    await page.keyboard.press('Escape');

    // No failure rate is above 100%: saving that clears the condition and closes the incident.
    await page.getByRole('tab', { name: 'Rules' }).click();
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Failure rate above (%)').fill('100');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(/^OK: \d+ of \d+ finished runs failed/).first().waitFor();
    await page.getByRole('tab', { name: 'Incidents' }).click();
    await page.getByRole('radiogroup', { name: 'Incidents shown' }).getByText('Closed', { exact: true }).click();
    await page.getByRole('table', { name: 'Incidents' }).getByRole('row').filter({ hasText: name })
      .getByText('Closed', { exact: true }).waitFor();
  }));

test('a burst of one identical failure opens a single ticket in Ticket Management', (t) =>
  withPage(browser, t, async (page) => {
    const owner = await createUser({ firstname: 'Ola', lastname: 'Berg' });
    const token = await tokenOf(owner);
    const key = await api('/ingest/keys', { method: 'POST', token, body: { name: 'orchestrator' } });
    assert.equal(key.status, 200, JSON.stringify(key.body));
    const now = Math.floor(Date.now() / 1000);
    // Twenty runs failing alike: only the invoice number and the time differ.
    const runs = Array.from({ length: 20 }, (_, i) => ({
      external_id: `burst-${i}`, bot: 'FIN-UB-01', process: 'Invoice Processing', started_at: now - 600 + i,
      ended_at: now - 590 + i, status: 'failed', exception_type: 'system',
      reason: `Invoice INV-${1000 + i} could not be posted at 10:${String(i).padStart(2, '0')}`,
    }));
    const sent = await api('/ingest/bots/runs', { method: 'POST', token: key.body.key, body: runs });
    assert.deepEqual([sent.status, sent.body?.stored], [200, 20], JSON.stringify(sent.body));

    // The minute schedule groups them, and Ticket Management opens the ticket.
    const title = 'Bot failures: Invoice INV-<n> could not be posted at <date>';
    const tickets = await eventually('the signature\'s ticket', async () => {
      const answer = await api('/m/support/tickets', { token });
      return answer.body?.items?.length ? answer.body.items : null;
    }, 150_000);
    assert.deepEqual(tickets.map((ticket) => ticket.title), [title]);

    await signIn(page, owner);
    await page.goto('/Alerts?tab=signatures');
    const signature = page.getByRole('table', { name: 'Failure signatures' }).getByRole('row')
      .filter({ hasText: 'Invoice INV-<n> could not be posted at <date>' });
    await signature.getByText('20', { exact: true }).waitFor();
    await page.goto('/Support');
    await page.getByText(title).first().waitFor();
    const answer = await api('/m/support/tickets', { token });
    assert.equal(answer.body.items.length, 1, 'one ticket for the twenty failures');
  }));
