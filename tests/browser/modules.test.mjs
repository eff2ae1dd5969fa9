// Remote loading (issue 4, "Module loading"): a module's remote page renders inside the
// shell and talks to its plugin; a remote the user may not open is never requested (and
// is, once the rights open it); a remote whose files fail shows an error card with Retry
// while the rest of the shell keeps working.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  api, createUser, env, neverWithin, notice, settled, signIn, unique, useBrowser, withPage,
} from './support/harness.mjs';

const browser = useBrowser();

/** Paths under /modules/<key>/ the page requested. */
function remoteRequests(seen, key) {
  return seen.requests.map(({ url }) => new URL(url).pathname).filter((path) => path.startsWith(`/modules/${key}/`));
}

test('the installed modules are the ones these tests expect: the product ones and the test ones', () => {
  const keys = env.modules.map((module) => module.key).sort();
  assert.deepEqual(keys, [
    'alerts', 'board', 'bots', 'business_insight', 'calendar', 'chat', 'crud', 'db_integration', 'premium', 'ranking', 'rpa_insight',
    'support', 'support_insight', 'team', 'vault',
  ]);
});

test("the crud module's remote page renders in the shell and calls its plugin", (t) =>
  withPage(browser, t, async (page, seen) => {
    const user = await createUser();
    await signIn(page, user);
    const main = page.getByRole('navigation', { name: 'Main menu' });
    await main.getByRole('button', { name: 'Process', exact: true }).click();
    await settled(main.getByRole('link', { name: 'Team Master' }));
    await main.getByRole('link', { name: 'Items' }).click();
    const items = page.getByTestId('crud-items');
    await items.waitFor();
    // The remote uses the shell's Mantine theme: one shared @mantine/core (the test remote
    // puts its theme's primary colour on its page).
    assert.equal(await items.getAttribute('data-mantine-primary'), 'brand');
    // The remote's page title reaches the shell's title bar.
    await page.getByRole('region', { name: 'Page title' }).getByRole('heading', { name: 'Items' }).waitFor();
    await page.getByText('No items yet').waitFor();
    const title = unique('Inspect conveyor ');
    await items.getByLabel('Title').fill(title);
    await items.getByRole('button', { name: 'Add item' }).click();
    await notice(page, 'Item saved', 'success').waitFor();
    await items.getByRole('cell', { name: title }).waitFor();
    assert.ok(remoteRequests(seen, 'crud').some((path) => path.endsWith('/remoteEntry.js') || path.endsWith('mf-manifest.json')));
  }));

test('the remote of a disabled (premium) module is never requested; once the edition opens it, it is', (t) =>
  withPage(browser, t, async (page, seen) => {
    const user = await createUser();
    await signIn(page, user);
    // Every place that could load a remote: the landing page (Business Insight), the
    // dashboard's widgets, the route itself.
    await page.getByTestId('business-insight-page').waitFor();
    await page.goto('/DashboardDefault');
    await page.getByTestId('crud-widget').waitFor();
    await page.goto('/PremiumRecords');
    await page.getByRole('heading', { level: 1, name: 'Premium records is an Enterprise feature' }).waitFor();
    // A late request for the premium remote would come while the page settles (the realtime
    // stream keeps the network busy, so network idle never comes).
    const premium = (url) => /^\/modules\/(premium|db_integration)\//.test(new URL(url).pathname);
    await neverWithin('a request for the premium remote', (timeout) =>
      page.waitForRequest((request) => premium(request.url()), { timeout }));
    const listed = seen.requests.some(({ url }) => new URL(url).pathname === '/api/modules');
    assert.ok(listed, 'the shell asked for the module list');
    assert.ok(remoteRequests(seen, 'crud').length > 0, 'the open module was loaded (the recording works)');
    assert.deepEqual(remoteRequests(seen, 'premium'), [], 'nothing of the premium module was requested');
    assert.deepEqual(remoteRequests(seen, 'db_integration'), [], 'nor of Database Integration');

    // The company is upgraded while the page is open: the page follows live (no new
    // sign-in), the entry opens and its remote loads.
    const admin = await api('/users/signin', { method: 'POST', body: env.admin });
    const me = await api('/users/signin', { method: 'POST', body: { email: user.email, password: user.password } });
    const upgraded = await api(`/admin/companies/${me.body.userdata.company_id}/edition`, {
      method: 'POST', token: admin.body.token, body: { edition: 'enterprise' },
    });
    assert.equal(upgraded.status, 200, JSON.stringify(upgraded.body));
    const entry = page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Premium records', exact: true });
    await entry.click();
    await page.getByText('The premium module answers').waitFor();
    assert.equal(await page.getByText(/is an Enterprise feature/).count(), 0, 'the Enterprise feature page is gone');
    assert.ok(remoteRequests(seen, 'premium').length > 0, 'the premium remote was loaded once open');
  }));

test('a remote whose files fail shows an error card with Retry; the menu still works; Retry loads it', (t) =>
  withPage(browser, t, async (page) => {
    const user = await createUser();
    const failing = (url) => url.pathname.startsWith('/modules/crud/');
    await page.route(failing, (route) => route.abort('connectionrefused'));
    await signIn(page, user);
    await page.goto('/Items');
    const card = page.locator('[data-remote-error]').filter({ hasText: 'This page could not be loaded' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Retry' }).waitFor();

    // The shell around it keeps working.
    const main = page.getByRole('navigation', { name: 'Main menu' });
    await main.getByRole('link', { name: 'Dashboards' }).click();
    await page.waitForURL('**/DashboardDefault');
    await page.getByRole('region', { name: 'Page title' }).getByRole('heading', { name: 'Dashboards' }).waitFor();
    await page.goto('/Items');
    await card.waitFor();

    // The files are back: Retry loads the page without a reload.
    await page.unroute(failing);
    await page.evaluate(() => { window.notReloaded = true; });
    await card.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('crud-items').waitFor();
    assert.equal(await page.evaluate(() => window.notReloaded), true, 'Retry did not reload the page');
  }));
