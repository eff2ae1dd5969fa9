// A community user's sidebar (spec sections 2 and 6) with the product and test modules
// installed: `business_insight`, `rpa_insight` and `support_insight` serve the three
// insights under Dashboards, `bots` Bot Profile as a single item, `vault`, `ranking`
// and `board` the spec's Process entries (rights keys `process` and `kanban_board`), `crud`
// adds Items after them in the Process group (rights key `process`, open), `support` serves
// Ticket Management under Support, `premium` serves Database Integration (rights key
// `databaseIntegration`, premium: disabled for community). That a group without a viewable
// child is left out is a unit test of shell-web (test/app/menu.test.ts).

import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { createUser, eventually, signIn, useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();
let user;

before(async () => {
  user = await createUser();
});

/**
 * A menu's entries in order (nested ones after their group), each as its menu key and, for a
 * link, its route: several pages share the rights key `process`.
 */
function menuEntries(nav) {
  return nav.locator('[data-menu-key]').evaluateAll((entries) =>
    entries.map((entry) => [entry.dataset.menuKey, entry.getAttribute('href')].filter(Boolean).join(' ')));
}

test('groups follow the rights: Dashboards, Process and Support with their viewable children', (t) =>
  withPage(browser, t, async (page) => {
    await signIn(page, user);
    const main = page.getByRole('navigation', { name: 'Main menu' });
    await main.getByRole('link', { name: 'Database Integration (Upgrade to Premium)' }).waitFor();
    // Dashboards (key `all`), open on the landing page /BusinessInsight, with the three
    // installed insights; Process and Support closed; then the single items.
    assert.deepEqual(await menuEntries(main), [
      'all /DashboardDefault', 'business_insight /BusinessInsight', 'operation_insight /RPAInsight',
      'support_insight /SupportInsight', 'group:Process', 'group:Support', 'databaseIntegration', 'bot_profile /BotProfile',
    ]);
    // Process with the spec's three entries, then the test module's Items; Support with
    // Ticket Management.
    await main.getByText('Support', { exact: true }).click();
    await main.getByRole('link', { name: 'Ticket Management' }).waitFor();
    assert.deepEqual((await menuEntries(main)).filter((entry) => /^(process|kanban_board|support) /.test(entry)), [
      'support /Support',
    ]);
    const items = main.getByRole('link', { name: 'Items' });
    assert.ok(!(await items.isVisible()), 'the group starts closed');
    await main.getByText('Process', { exact: true }).click();
    await items.click();
    await page.waitForURL('**/Items');
    assert.deepEqual((await menuEntries(main)).filter((entry) => /^(process|kanban_board) /.test(entry)), [
      'process /Process', 'process /ProcessRanking', 'kanban_board /ProcessBoard', 'process /Items',
    ]);
  }));

test('the Process group opens from the keyboard: Tab reaches it, Enter opens it', (t) =>
  withPage(browser, t, async (page) => {
    await signIn(page, user);
    const main = page.getByRole('navigation', { name: 'Main menu' });
    await main.getByRole('link', { name: 'Dashboards' }).focus();
    // Dashboards is open on the landing page: its three insights, then the Process group.
    const reached = [];
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement?.getAttribute('data-menu-key')));
    }
    assert.deepEqual(reached, ['business_insight', 'operation_insight', 'support_insight', 'group:Process'],
      'Tab from Dashboards reaches its entries, then the Process group');
    await page.keyboard.press('Enter');
    await main.getByRole('link', { name: 'Items' }).waitFor();
  }));

test("premium entries are greyed, not links, with the tooltip 'Upgrade to Premium'", (t) =>
  withPage(browser, t, async (page, seen) => {
    await signIn(page, user);
    for (const [menu, label] of [['Main menu', 'Database Integration'], ['Company menu', 'Create New Company']]) {
      const entry = page.getByRole('navigation', { name: menu }).getByRole('link', { name: `${label} (Upgrade to Premium)` });
      assert.equal(await entry.getAttribute('aria-disabled'), 'true', `${label} is disabled`);
      assert.equal(await entry.locator('a[href]').count(), 0, `${label} has no link`);
      const tooltip = page.getByRole('tooltip', { name: 'Upgrade to Premium' });
      await entry.hover();
      await tooltip.waitFor();
      await page.mouse.move(900, 700);
      await eventually('the tooltip to close', async () => (await tooltip.count()) === 0);
      // Clicking leads nowhere.
      const before = page.url();
      await entry.click({ force: true });
      await page.waitForTimeout(300);
      assert.equal(page.url(), before, `${label} does not navigate`);
      await entry.blur();
      await eventually('the tooltip to close', async () => (await tooltip.count()) === 0);
    }
    // The routes of disabled modules do not exist: the fallback page answers.
    await page.goto('/databaseIntegration');
    await page.getByText('Page not found', { exact: true }).waitFor();
    assert.ok(!seen.requests.some(({ url }) => new URL(url).pathname.startsWith('/modules/premium/')));
  }));

test('on a phone the menu is a drawer behind the burger, and following an entry closes it', (t) =>
  withPage(browser, t, async (page) => {
    await signIn(page, user);
    assert.equal(await page.getByRole('navigation', { name: 'Main menu' }).count(), 0, 'no sidebar on a phone');
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const drawer = page.getByRole('dialog');
    const main = drawer.getByRole('navigation', { name: 'Main menu' });
    await main.getByText('Process', { exact: true }).click();
    await main.getByRole('link', { name: 'Items' }).click();
    await page.waitForURL('**/Items');
    await page.getByTestId('crud-items').waitFor();
    await drawer.waitFor({ state: 'hidden' });
  }, { viewport: { width: 390, height: 844 } }));

test('Logout in the sidebar footer clears local storage and returns to /', (t) =>
  withPage(browser, t, async (page) => {
    await signIn(page, user);
    assert.ok(await page.evaluate(() => localStorage.length) > 0, 'the session is stored');
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 3000 });
    assert.equal(await page.evaluate(() => localStorage.length), 0, 'local storage is empty');
    // Signed out for good: the signed-in area sends back to the login page.
    await page.goto('/Items');
    await page.waitForURL((url) => url.pathname === '/');
  }));
