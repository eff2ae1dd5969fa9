// A community user's sidebar with the product and test modules installed: a group shows
// only the entries the user's rights let them view, a premium entry is greyed out for the
// community edition. `business_insight`, `rpa_insight` and `support_insight` serve the three
// insights under Dashboards, `bots` Bot Profile and `team` Team Master as single items, `vault`, `ranking` and
// `board` the three Process entries (Process Vault, Process Ranking, Process Board; rights
// keys `process` and `kanban_board`), `crud` adds Items after them in the Process group (rights
// key `process`, open), `support` serves Ticket Management under Support, `db_integration` serves
// Database Integration (rights key `databaseIntegration`, premium: disabled for community) and
// the test module `premium` a page of the same rights key after the product's entries.
// That a group without a viewable child is left out is a unit test of shell-web
// (test/app/menu.test.ts).
//
// A closed group keeps its entries in the page, hidden (and a group opens and closes with
// an animation): the tests read the entries a person sees, and wait for them to settle.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import {
  SIZES, createUser, eventually, eventuallyEqual, press, settled, signIn, useBrowser, visibleTexts, withPage,
} from './support/harness.mjs';

const browser = useBrowser();
let user;

before(async () => {
  user = await createUser();
});

/**
 * The entries of a menu a person sees, in order (nested ones after their group), each as its
 * menu key and, for a link, its route: several pages share the rights key `process`. The
 * entries of a closed group are in the page but not rendered, so they are left out.
 */
function shownEntries(nav) {
  return nav.locator('[data-menu-key]').evaluateAll((entries) => entries
    .filter((entry) => entry.checkVisibility({ visibilityProperty: true }))
    .map((entry) => [entry.dataset.menuKey, entry.getAttribute('href')].filter(Boolean).join(' ')));
}

/** The header of the group `label`: a button that says whether the group is open. */
function groupButton(nav, label) {
  return nav.getByRole('button', { name: label, exact: true });
}

/** Waits until the group button says it is open (`true`) or closed (`false`). */
async function groupExpanded(button, expanded) {
  const wanted = String(expanded);
  await eventually(`aria-expanded=${wanted} on the group button`,
    async () => (await button.getAttribute('aria-expanded')) === wanted);
}

test('groups follow the rights: Dashboards, Process and Support with their viewable children', (t) =>
  withPage(browser, t, async (page) => {
    await signIn(page, user);
    const main = page.getByRole('navigation', { name: 'Main menu' });
    const processGroup = groupButton(main, 'Process');
    const supportGroup = groupButton(main, 'Support');
    // Dashboards (key `all`), open on the landing page /BusinessInsight, with the three
    // installed insights; Process and Support closed; then the single items.
    await eventuallyEqual(() => shownEntries(main), [
      'all /DashboardDefault', 'business_insight /BusinessInsight', 'operation_insight /RPAInsight',
      'support_insight /SupportInsight', 'group:Process', 'group:Support', 'databaseIntegration /EnterpriseEdition', 'chat /Chat',
      'calendar /Calendar', 'bot_profile /BotProfile', 'alerts /Alerts', 'team_profile /TeamMaster',
      // The test module `premium`'s page: another module's pages follow the product's.
      'databaseIntegration /EnterpriseEdition',
    ], 'the menu on the landing page');
    await groupExpanded(processGroup, false);
    await groupExpanded(supportGroup, false);
    // Support opens with Ticket Management; Process stays closed.
    await supportGroup.click();
    await groupExpanded(supportGroup, true);
    await main.getByRole('link', { name: 'Ticket Management' }).waitFor();
    const groupEntries = (keys) => async () => (await shownEntries(main)).filter((entry) => keys.test(entry));
    await eventuallyEqual(groupEntries(/^(process|kanban_board|support) /), ['support /Support'],
      'the open Support group, the closed Process group');
    await groupExpanded(processGroup, false);
    const items = main.getByRole('link', { name: 'Items' });
    await items.waitFor({ state: 'hidden' });
    // Process opens with its three entries, then the test module's Items.
    await processGroup.click();
    await groupExpanded(processGroup, true);
    await settled(main.getByRole('link', { name: 'Team Master' }));
    await items.click();
    await page.waitForURL('**/Items');
    await eventuallyEqual(groupEntries(/^(process|kanban_board) /), [
      'process /Process', 'process /ProcessRanking', 'kanban_board /ProcessBoard', 'process /Items',
    ], 'the open Process group');
    await groupExpanded(processGroup, true);
  }));

test('the Process group opens from the keyboard: Tab reaches it, Enter opens it', (t) =>
  withPage(browser, t, async (page) => {
    await signIn(page, user);
    const main = page.getByRole('navigation', { name: 'Main menu' });
    const processGroup = groupButton(main, 'Process');
    // Dashboards is open on the landing page: its three insights, then the Process group.
    await main.getByRole('link', { name: 'Support Insight' }).waitFor();
    await groupExpanded(processGroup, false);
    await main.getByRole('link', { name: 'Dashboards' }).focus();
    const reached = [];
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement?.getAttribute('data-menu-key')));
    }
    assert.deepEqual(reached, ['business_insight', 'operation_insight', 'support_insight', 'group:Process'],
      'Tab from Dashboards reaches its entries, then the Process group');
    await page.keyboard.press('Enter');
    await groupExpanded(processGroup, true);
    await main.getByRole('link', { name: 'Items' }).waitFor();
  }));

// At 1440×900 the words are in the tooltip the pointer brings; on a 390×844 phone (a touch
// screen: nothing hovers) the menu is a drawer, and it shows them under the entry's label.
// A premium route opened directly says it is an Enterprise feature (issue 20); only an
// unknown path is 'Page not found'.
for (const [size, options] of SIZES) {
  test(`premium entries are greyed, say 'Upgrade to Premium' and lead to the enterprise edition, at ${size}`, (t) =>
    withPage(browser, t, async (page, seen) => {
      await signIn(page, user);
      let menus = page;
      if (options.hasTouch) {
        await press(page.getByRole('button', { name: 'Open the menu' }), options);
        menus = page.getByRole('dialog');
      }
      const entries = [['Main menu', 'Database Integration'], ['Company menu', 'Create New Company']].map(
        ([menu, label]) => [label, menus.getByRole('navigation', { name: menu })
          .getByRole('link', { name: `${label} (Upgrade to Premium)` })]);
      for (const [label, entry] of entries) {
        if (options.hasTouch) {
          await eventuallyEqual(() => visibleTexts(entry), [`${label}\nUpgrade to Premium`], `${label} in the drawer`);
        } else {
          await eventuallyEqual(() => visibleTexts(entry), [label], `${label} in the sidebar`);
          const tooltip = page.getByRole('tooltip', { name: 'Upgrade to Premium' });
          await entry.hover();
          await tooltip.waitFor();
          await page.mouse.move(900, 700);
          await tooltip.waitFor({ state: 'hidden' });
        }
        assert.equal(await entry.getAttribute('href'), '/EnterpriseEdition');
      }
      // The module stays closed: the entry leads to the enterprise edition's form.
      await press(entries[0][1], options);
      await page.waitForURL((url) => url.pathname === '/EnterpriseEdition');
      await page.getByRole('button', { name: 'Register' }).waitFor();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      // A premium module's route (a deep link, a bookmark) says it is an Enterprise feature,
      // whole on the screen, and leads to the same form.
      await page.goto('/databaseIntegration');
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Database Integration is an Enterprise feature' }).waitFor();
      assert.equal(await page.getByText('Page not found', { exact: true }).count(), 0, "not 'Page not found'");
      const upgrade = main.getByRole('link', { name: 'Upgrade to Premium', exact: true });
      await upgrade.waitFor();
      assert.equal(await upgrade.getAttribute('href'), '/EnterpriseEdition');
      const box = await upgrade.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= options.viewport.width, `the link fits the screen: ${JSON.stringify(box)}`);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
      await press(upgrade, options);
      await page.waitForURL((url) => url.pathname === '/EnterpriseEdition');
      await page.getByRole('button', { name: 'Register' }).waitFor();
      // An unknown path is not found, with a way back.
      await page.goto('/NoSuchPage');
      await page.getByText('Page not found', { exact: true }).waitFor();
      await press(page.getByRole('link', { name: 'Go to the start page' }), options);
      await page.waitForURL('**/DashboardDefault');
      const remote = (key) => seen.requests.some(({ url }) => new URL(url).pathname.startsWith(`/modules/${key}/`));
      assert.ok(!remote('premium') && !remote('db_integration'), 'no remote of a premium module was requested');
    }, options));
}

test('on a phone the menu is a drawer behind the burger, and following an entry closes it', (t) =>
  withPage(browser, t, async (page) => {
    await signIn(page, user);
    const burger = page.getByRole('button', { name: 'Open the menu' });
    await burger.waitFor();
    // The signed-in layout is there, without its sidebar.
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'hidden' });
    await burger.click();
    const drawer = page.getByRole('dialog');
    const main = drawer.getByRole('navigation', { name: 'Main menu' });
    await groupButton(main, 'Process').click();
    await settled(main.getByRole('link', { name: 'Team Master' }));
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
