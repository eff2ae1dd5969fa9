// The platform administrators' area: a community user asks for the enterprise edition, an
// administrator upgrades the company from Enterprise requests, and the user's premium menu
// entry opens without signing in again; People, System logs and Modules against the real
// host.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import {
  api, choose, createUser, env, eventually, eventuallyEqual, notice, signIn, useBrowser, visibleTexts, withPage,
} from './support/harness.mjs';

const browser = useBrowser();

/** Sends the enterprise edition form as the signed-in user (name and e-mail come prefilled). */
async function askForEnterprise(page) {
  await page.goto('/EnterpriseEdition');
  const country = page.getByRole('combobox', { name: 'Country', exact: true });
  await country.fill('India');
  await page.getByRole('option', { name: 'India', exact: true }).click();
  const phone = page.getByRole('textbox').and(page.locator('[autocomplete="tel"]'));
  await eventually('the phone input to take India', async () => (await phone.inputValue()).startsWith('+91'));
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially('9876543210');
  await page.getByRole('button', { name: 'Register' }).click();
  await notice(page, 'Thank you for subscribing', 'success').waitFor();
}

test("an administrator's Upgrade of an enterprise request opens the user's premium entry at once", (t) =>
  withPage(browser, t, async (page) => {
    const user = await createUser({ firstname: 'Priya', lastname: 'Nair' });
    await signIn(page, user);
    const mainMenu = page.getByRole('navigation', { name: 'Main menu' });
    await mainMenu.getByRole('link', { name: 'Database Integration (Upgrade to Premium)' }).waitFor();
    await askForEnterprise(page);
    await page.goto('/BusinessInsight');
    await mainMenu.getByRole('link', { name: 'Database Integration (Upgrade to Premium)' }).waitFor();

    await withPage(browser, t, async (admin) => {
      await signIn(admin, env.admin);
      await admin.getByRole('button', { name: 'Switch to the admin area' }).click();
      await admin.waitForURL('**/admin/companies');
      await admin.getByRole('link', { name: 'Enterprise requests' }).click();
      await admin.waitForURL('**/admin/enterpriseRequests');
      const row = admin.getByRole('row').filter({ hasText: user.company });
      await row.getByText('Pending', { exact: true }).waitFor();
      await row.getByText('Priya Nair').waitFor();
      await row.getByRole('button', { name: `Upgrade ${user.company}` }).click();
      const dialog = admin.getByRole('dialog', { name: 'Upgrade to the enterprise edition?' });
      await dialog.getByText(`${user.company} gets the enterprise edition`).waitFor();
      await dialog.getByRole('button', { name: 'Upgrade', exact: true }).click();
      await notice(admin, 'The company now has the enterprise edition', 'success').waitFor();
      await row.getByText('Handled', { exact: true }).waitFor();
      await row.getByText('Enterprise', { exact: true }).waitFor();
      assert.equal(await row.getByRole('button', { name: `Upgrade ${user.company}` }).count(), 0, 'no second Upgrade');
    });

    // The user's open page follows: the entry is a plain link now, and its module's page opens.
    const entry = mainMenu.getByRole('link', { name: 'Database Integration', exact: true });
    await entry.waitFor();
    await entry.click();
    await page.getByText('No database connected yet').waitFor();
  }));

test('People finds a person across companies; System logs filters and exports CSV; Modules shows limits and routes', (t) =>
  withPage(browser, t, async (page) => {
    const user = await createUser({ firstname: 'Tomas', lastname: 'Lindqvist' });
    // A failed sign-in: a warning in the log about the person.
    await api('/users/signin', { method: 'POST', body: { email: user.email, password: 'not-the-password' } });
    await signIn(page, env.admin);
    await page.getByRole('button', { name: 'Switch to the admin area' }).click();
    await page.waitForURL('**/admin/companies');

    await page.getByRole('link', { name: 'People' }).click();
    await page.getByRole('textbox', { name: 'Search by name or e-mail' }).fill('LINDQVIST');
    const person = page.getByRole('row').filter({ hasText: user.email });
    await person.getByText('Tomas Lindqvist').waitFor();
    await person.getByText(`${user.company} (admin)`).waitFor();
    await eventuallyEqual(async () => (await visibleTexts(page.getByRole('row'))).length, 2, 'the header and one person');

    await page.getByRole('link', { name: 'System logs' }).click();
    await page.getByRole('textbox', { name: 'User', exact: true }).fill(user.email);
    await choose(page, 'Level', 'Warning');
    await page.getByRole('textbox', { name: 'User', exact: true }).press('Enter');
    const entry = page.getByRole('row').filter({ hasText: `failed sign-in for ${user.email}` });
    await entry.waitFor();
    await page.getByText('1 entry', { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'system-logs.csv');
    const lines = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
    assert.equal(lines.length, 2, lines.join('\n'));
    assert.ok(lines[0].startsWith('Time (UTC),Level,Event,Message'), lines[0]);
    assert.ok(lines[1].includes(`warn,signin.failed,failed sign-in for ${user.email}`), lines[1]);

    // Modules shows the limits each package's calls run under.
    await page.getByRole('link', { name: 'Modules', exact: true }).click();
    await page.getByRole('textbox', { name: 'Search modules' }).fill('Database Integration');
    const module = page.getByRole('row').filter({ hasText: 'Database Integration' });
    await module.getByText('Time 30 s', { exact: true }).waitFor();
    await module.getByText('Fuel 4,000,000,000', { exact: true }).waitFor();
    await module.getByText('Request 1,024 KB, answer 4,096 KB', { exact: true }).waitFor();

    // And the paths a module answers beyond its own API: Ticket Management's approval links,
    // open without a session, granted at install.
    await page.getByRole('textbox', { name: 'Search modules' }).fill('Ticket Management');
    const tickets = page.getByRole('row').filter({ hasText: 'Ticket Management' });
    await tickets.getByText('POST /api/support/approve_request', { exact: true }).waitFor();
    assert.equal(await tickets.getByText('not granted').count(), 0);
  }));
