// Masters: a platform administrator adds a department on /Masters and the sign-up's step 3
// offers it at once; deactivated, it is offered no more.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  choose, env, mailTo, notice, signIn, sixDigitCode, unique, useBrowser, visibleTexts, withPage,
} from './support/harness.mjs';

const browser = useBrowser();

/** Goes through sign-up steps 1 and 2 to the profile step. */
async function toProfileStep(page) {
  const email = `${unique('masters')}@browser.test`;
  await page.goto('/userSignup');
  await page.getByLabel('First name').fill('Mira');
  await page.getByLabel('Last name').fill('Das');
  await page.getByLabel('Email', { exact: true }).fill(email);
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await next.click();
  await page.getByLabel('Verification code').fill(sixDigitCode(await mailTo(email)));
  await next.click();
  await page.getByLabel('Company name').waitFor();
}

/** The departments the sign-up's select offers. */
async function departments(page) {
  const select = page.getByRole('combobox', { name: 'Department', exact: true });
  await select.click();
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option').first().waitFor();
  const names = await visibleTexts(listbox.getByRole('option'));
  await select.press('Escape');
  await listbox.waitFor({ state: 'hidden' });
  return names;
}

test('a department an administrator adds on /Masters is offered by the sign-up, until deactivated', (t) =>
  withPage(browser, t, async (admin) => {
    const department = `Guild ${unique('d')}`;
    await signIn(admin, env.admin);
    await admin.getByRole('button', { name: 'Switch to the admin area' }).click();
    await admin.waitForURL('**/admin/companies');
    await admin.getByRole('link', { name: 'Masters' }).click();
    await admin.waitForURL('**/Masters');
    await admin.getByRole('tab', { name: 'Departments', selected: true }).waitFor();
    await admin.getByRole('cell', { name: 'Research and Development', exact: true }).waitFor();

    // Added with the keyboard.
    const name = admin.getByLabel('New department');
    await name.fill(department);
    await name.press('Enter');
    await notice(admin, `${department} added`, 'success').waitFor();
    await admin.getByRole('cell', { name: department, exact: true }).waitFor();

    await withPage(browser, t, async (page) => {
      await toProfileStep(page);
      const offered = await departments(page);
      assert.equal(offered.at(-1), department, `the new department comes last: ${offered}`);
      await choose(page, 'Department', department);
      assert.equal(await page.getByRole('combobox', { name: 'Department', exact: true }).inputValue(), department);
    });

    // Deactivated: still listed for the administrator, no longer offered.
    const row = admin.getByRole('row').filter({ hasText: department });
    await row.getByRole('button', { name: `Deactivate ${department}` }).click();
    await row.getByText('Inactive', { exact: true }).waitFor();
    await withPage(browser, t, async (page) => {
      await toProfileStep(page);
      const offered = await departments(page);
      assert.ok(offered.includes('Legal'), `${offered}`);
      assert.ok(!offered.includes(department), `${offered}`);
    });
  }));
