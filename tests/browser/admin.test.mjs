// The platform administrators' area: a community user asks for the enterprise edition, an
// administrator upgrades the company from Enterprise requests, and the user's premium menu
// entry opens without signing in again.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createUser, env, eventually, notice, signIn, useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();

/** Sends the enterprise edition form as the signed-in user (name and e-mail come prefilled). */
async function askForEnterprise(page, seen) {
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
  await eventually('the subscription alert', () => seen.dialogs.includes('Thank you for subscribing'));
}

test("an administrator's Upgrade of an enterprise request opens the user's premium entry at once", (t) =>
  withPage(browser, t, async (page, seen) => {
    const user = await createUser({ firstname: 'Priya', lastname: 'Nair' });
    await signIn(page, user);
    const mainMenu = page.getByRole('navigation', { name: 'Main menu' });
    await mainMenu.getByRole('link', { name: 'Database Integration (Upgrade to Premium)' }).waitFor();
    await askForEnterprise(page, seen);
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

    // The user's open page follows: the entry is a plain link now, and its module answers.
    const entry = mainMenu.getByRole('link', { name: 'Database Integration', exact: true });
    await entry.waitFor();
    await entry.click();
    await page.getByText('The premium module answers').waitFor();
  }));
