// A community user's sidebar (spec sections 2 and 6) with the test modules installed:
// `crud` serves Items in the Process group (rights key `process`, open), `premium` serves
// Database Integration (rights key `databaseIntegration`, premium: disabled for community).

import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { createUser, eventually, signIn, useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();
let user;

before(async () => {
  user = await createUser();
});

/** The menu keys of a menu's entries, in order (nested ones after their group). */
function menuKeys(nav) {
  return nav.locator('[data-menu-key]').evaluateAll((entries) => entries.map((entry) => entry.dataset.menuKey));
}

test('groups follow the rights: Dashboards always, Process with its viewable child, no empty Support', (t) =>
  withPage(browser, t, async (page) => {
    await signIn(page, user);
    const main = page.getByRole('navigation', { name: 'Main menu' });
    await main.getByRole('link', { name: 'Database Integration (Upgrade to Premium)' }).waitFor();
    // Dashboards (key `all`) shows with no viewable child; Process with Items; Support has no child, so no group.
    assert.deepEqual(await menuKeys(main), ['all', 'group:Process', 'process', 'databaseIntegration']);
    assert.equal(await main.getByText('Support', { exact: true }).count(), 0);
    const items = main.getByRole('link', { name: 'Items' });
    assert.ok(!(await items.isVisible()), 'the group starts closed');
    await main.getByText('Process', { exact: true }).click();
    await items.click();
    await page.waitForURL('**/Items');
  }));

test('the Process group opens from the keyboard: Tab reaches it, Enter opens it', (t) =>
  withPage(browser, t, async (page) => {
    await signIn(page, user);
    const main = page.getByRole('navigation', { name: 'Main menu' });
    await main.getByRole('link', { name: 'Dashboards' }).focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-menu-key'));
    assert.equal(focused, 'group:Process', 'Tab from Dashboards reaches the Process group');
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
