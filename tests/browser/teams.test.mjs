// Teams: an admin invites a colleague from Team Master, the colleague accepts from the mailed
// link and sees what the role allows, and the admin's change of the role in its rights
// matrix reaches their menu live (Business Insight meanwhile names the module its figures
// need); a
// person in two companies switches between them from the user menu, and every page shows
// the active company's data, and leaves one from Profile settings (not the last admin);
// Create New Company makes a company and opens the app in it.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  api, choose, createUser, env, eventually, joinCompany, mailTo, neverWithin, signIn, tokenOf, unique, useBrowser, withPage,
} from './support/harness.mjs';

const browser = useBrowser();

test('an invited colleague joins with the role given, and a change of the role reaches their menu live', (t) =>
  withPage(browser, t, async (page) => {
    const admin = await createUser({ firstname: 'Ada', lastname: 'Admin' });
    const token = await tokenOf(admin);
    const limited = { business_insight: { view: true, disabled: false }, bot_profile: { view: false, disabled: false } };
    const role = await api('/m/team/roles', { method: 'POST', token, body: { name: 'Limited', rights: limited } });
    assert.equal(role.status, 201, JSON.stringify(role.body));

    await signIn(page, admin);
    await page.goto('/TeamMaster');
    await page.getByRole('button', { name: 'Invite people' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite people' });
    const colleague = `${unique('grace')}@browser.test`;
    await dialog.getByLabel('E-mail addresses').fill(colleague);
    await choose(page, 'Role', 'Limited', { within: dialog });
    await dialog.getByRole('button', { name: 'Send invitations' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const mail = await mailTo(colleague, 'acceptInvitation');
    const link = new URL(/https?:\/\/\S+\/acceptInvitation\?\S+/.exec(mail.text)[0]);
    await withPage(browser, t, async (other, otherSeen) => {
      await other.goto(`${link.pathname}${link.search}`);
      await other.getByRole('heading', { name: `Join ${admin.company}` }).waitFor();
      await other.getByLabel('First name').fill('Grace');
      await other.getByLabel('Last name').fill('Hopper');
      await choose(other, 'Gender', 'Female');
      await choose(other, 'Country', 'India', { search: 'India' });
      await other.getByLabel('Job title').fill('Analyst');
      await choose(other, 'Department', 'Legal');
      await other.getByLabel('Password', { exact: true }).fill('Tr4vel-Kite#2');
      await other.getByLabel('Confirm password').fill('Tr4vel-Kite#2');
      await other.getByRole('checkbox').check();
      await other.getByRole('button', { name: 'Create account and join' }).click();
      await other.waitForURL('**/BusinessInsight');
      const menu = other.getByRole('navigation', { name: 'Main menu' });
      const botProfile = menu.getByRole('link', { name: 'Bot Profile' });
      assert.equal(await botProfile.count(), 0, 'the role does not open Bot Profile');
      // Business Insight's figures come from Bot Profile's bots and runs: the page says why
      // it shows none, rather than another module's data the role does not open.
      await other.getByText(/Your rights do not allow .*Bot Profile/).waitFor();

      // The change is made once the colleague's realtime stream is open (its answer's
      // headers come after the host subscribed it): what happens before is read on load.
      await eventually('the realtime stream', () => otherSeen.requests.some(({ url }) => url.endsWith('/api/realtime')));
      await otherSeen.requests.find(({ url }) => url.endsWith('/api/realtime')).request.response();
      // The admin opens Bot Profile to the role in its rights matrix.
      await page.getByRole('tab', { name: 'Roles' }).click();
      await page.getByRole('row', { name: /Limited/ }).getByRole('button', { name: 'Edit rights' }).click();
      const drawer = page.getByRole('dialog', { name: 'Rights of Limited' });
      const view = drawer.getByRole('checkbox', { name: 'View: Bot Profile' });
      assert.equal(await view.isChecked(), false);
      await view.check();
      await drawer.getByRole('button', { name: 'Save rights' }).click();
      await drawer.getByRole('button', { name: 'Save rights' }).and(page.locator(':disabled')).waitFor();
      // No reload: the host tells the colleague's session, and the menu follows.
      await botProfile.waitFor();
    });
    const stored = await api('/m/team/roles', { token });
    assert.deepEqual(stored.body.roles.find((r) => r.id === role.body.id).rights.bot_profile, { view: true, disabled: false });

    // The colleague is now a member: the admin's Members tab lists them.
    await page.goto('/TeamMaster');
    await page.getByRole('cell', { name: colleague }).waitFor();
  }));

test("switching company from the user menu shows the other company's data", (t) =>
  withPage(browser, t, async (page) => {
    const ann = await createUser({ firstname: 'Ann', lastname: 'Lee' });
    const bob = await createUser({ firstname: 'Bob', lastname: 'Ray' });
    const bobToken = await joinCompany(bob, ann);
    const process = unique('Globex invoices ');
    const created = await api('/m/vault/processes', { method: 'POST', token: bobToken, body: { name: process } });
    assert.equal(created.status, 201, JSON.stringify(created.body));

    // Accepting signed Ann in to Bob's company: the next sign-in opens it again.
    await signIn(page, ann);
    await page.goto('/Process');
    await page.getByRole('button', { name: process, exact: true }).waitFor();

    await page.getByRole('button', { name: 'User menu of Ann Lee' }).click();
    await page.getByText('Switch company', { exact: true }).waitFor();
    await page.getByRole('menuitem', { name: bob.company }).waitFor();
    assert.equal(await page.getByRole('menuitem', { name: bob.company }).isDisabled(), true, 'the current one');
    await page.getByRole('menuitem', { name: ann.company }).click();
    await page.waitForURL((url) => url.pathname !== '/Process');
    await page.goto('/Process');
    await page.getByText('No processes yet').waitFor();
    assert.equal(await page.getByRole('button', { name: process, exact: true }).count(), 0);
  }));

test('Create New Company makes a company with the person as its admin and opens it', (t) =>
  withPage(browser, t, async (page) => {
    const ann = await createUser({ firstname: 'Ann', lastname: 'Lee' });
    // Create New Company is premium: the platform administrator upgrades Ann's company.
    const admin = await api('/users/signin', { method: 'POST', body: env.admin });
    const companies = await api('/admin/companies', { token: admin.body.token });
    const mine = companies.body.data.find((company) => company.name === ann.company);
    const upgraded = await api(`/admin/companies/${mine.id}/edition`, {
      method: 'POST', token: admin.body.token, body: { edition: 'enterprise' },
    });
    assert.equal(upgraded.status, 200, JSON.stringify(upgraded.body));

    await signIn(page, ann);
    await page.getByRole('link', { name: 'Create New Company' }).click();
    const name = unique('Ann Labs ');
    await page.getByRole('button', { name: 'Create company' }).click();
    await page.getByText('Please enter your company name', { exact: true }).waitFor();
    await page.getByLabel('Company name').fill(name);
    const country = page.getByRole('combobox', { name: 'Country', exact: true });
    await country.fill('India');
    await page.getByRole('option', { name: 'India', exact: true }).click();
    await page.getByRole('button', { name: 'Create company' }).click();
    // The app reloads in the new company: the user menu lists both, the new one current.
    await page.waitForURL((url) => url.pathname !== '/createCompany');
    await page.getByRole('button', { name: 'User menu of Ann Lee' }).click();
    const current = page.getByRole('menuitem', { name });
    await current.waitFor();
    assert.equal(await current.isDisabled(), true);
    await page.getByRole('menuitem', { name: ann.company }).waitFor();
  }));

test('a member leaves a company from Profile settings and signs in to their other one', (t) =>
  withPage(browser, t, async (page) => {
    const ann = await createUser({ firstname: 'Ann', lastname: 'Lee' });
    const bob = await createUser({ firstname: 'Bob', lastname: 'Ray' });
    await joinCompany(bob, ann);
    // Accepting signed Ann in to Bob's company: the next sign-in opens it again.
    await signIn(page, ann);
    await page.goto('/Profile');
    await page.getByRole('button', { name: 'Leave company' }).click();
    await page.getByRole('button', { name: `Yes, leave ${bob.company}` }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signIn(page, ann);
    const companies = page.waitForResponse((response) => response.url().endsWith('/api/users/companies'));
    await page.getByRole('button', { name: 'User menu of Ann Lee' }).click();
    await companies;
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    // One company is left: the menu offers no switch.
    await neverWithin('the companies in the user menu', (timeout) =>
      page.getByText('Switch company', { exact: true }).waitFor({ timeout }));
    // In her own company Ann is the only admin: leaving is refused with the host's words.
    await page.goto('/Profile');
    await page.getByRole('button', { name: 'Leave company' }).click();
    await page.getByRole('button', { name: `Yes, leave ${ann.company}` }).click();
    await page.getByText('The company needs at least one active admin').waitFor();
  }));
