// No page scrolls sideways: every page the demo user's menu opens, at 1440×900 and on a
// 390×844 phone. A wide table scrolls inside its own container, its name column staying in
// view; nothing in it (a sort button's hidden label, a chart's parked tooltip) widens the
// page. On the phone the list pages show cards and fold their filters behind a button. One
// sign-in for it all: the other files sign the demo user in too, within the host's
// per-account limit.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { choose, env, eventually, neverWithin, signIn, useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();

/** Opens each page and watches it load: the page may never become wider than the window. */
async function noPageScrollsSideways(page, routes) {
  for (const route of routes) {
    await page.goto(route);
    await page.locator('main').getByRole('heading').first().waitFor();
    // The figures, lists and charts arrive over the next moments: watch them come.
    await neverWithin(`${route} scrolling sideways at ${page.viewportSize().width} px`, (timeout) =>
      page.waitForFunction(() => document.documentElement.scrollWidth > window.innerWidth, null, { timeout }), 1000);
  }
}

/** Whether a person sees `locator` where it is: the topmost element at its centre is it or inside it. */
function onTop(locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

/**
 * A table wider than its card, scrolled sideways to its `last` column: the `name` column (the
 * `column`th, from 0) stays in view.
 */
async function nameColumnStays(page, route, { name, column = 0, last }) {
  await page.goto(route);
  const table = page.locator('main').getByRole('table');
  const firstRow = table.getByRole('row').nth(1);
  const firstName = firstRow.getByRole('cell').nth(column);
  await firstRow.getByRole('button').first().waitFor(); // the rows, not their placeholders
  const lastHeader = table.getByRole('columnheader', { name: last, exact: true });
  assert.ok(!(await onTop(lastHeader)), `${route}: the ${last} column is beyond the card before scrolling`);

  const box = await table.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + 20);
  await page.mouse.wheel(3000, 0);
  await eventually(`${route}: the table scrolled to its ${last} column`, () => onTop(lastHeader));
  assert.ok(await onTop(table.getByRole('columnheader', { name, exact: true })), `${route}: the ${name} header stays`);
  assert.ok(await onTop(firstName), `${route}: the first row's ${name} stays`);
}

/**
 * On a phone a list page shows cards, the first titled by the first item of the list the page
 * read, and no table; its filters unfold from a Filters button, which counts those set.
 */
async function cardsAndFoldedFilters(page, route, { list, itemsPath, titleOf = (item) => item.name, filter: [label, option] }) {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/m${itemsPath}`);
  await page.goto(route);
  const { items } = await (await answer).json();
  assert.ok(items.length > 0, `${route}: the demo company has ${list.toLowerCase()}`);
  const main = page.locator('main');
  const cards = main.getByRole('list', { name: list }).getByRole('listitem');
  await cards.first().getByRole('button', { name: titleOf(items[0]), exact: true }).waitFor();
  await main.getByRole('table').waitFor({ state: 'hidden' });

  const bar = main.getByRole('search');
  const filters = bar.getByRole('button', { name: /^Filters/ });
  assert.equal(await filters.textContent(), 'Filters');
  await bar.getByRole('combobox', { name: label, exact: true }).waitFor({ state: 'hidden' });
  await filters.click();
  await choose(page, label, option, { within: bar });
  await eventually(`${route}: Filters (1)`, async () => (await filters.textContent()) === 'Filters (1)');
  assert.equal(await filters.getAttribute('aria-expanded'), 'true');
  await bar.getByRole('button', { name: 'Clear filters' }).click();
  await eventually(`${route}: Filters again`, async () => (await filters.textContent()) === 'Filters');
}

test('no page scrolls sideways at 1440×900 or on a 390×844 phone; wide tables keep their name column, phones show cards', (t) =>
  withPage(browser, t, async (page) => {
    // The pages of the menu, from the module list the shell asks for at sign-in.
    const modulesAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/modules');
    await signIn(page, env.demo);
    const modules = await (await modulesAnswer).json();
    const pages = modules.data
      .filter((module) => module.rights.view && !module.rights.disabled)
      .flatMap((module) => module.pages.map((entry) => entry.route));
    const routes = ['/DashboardDefault', ...pages, '/Profile'];
    assert.ok(routes.length > 10, routes.join(' '));

    await noPageScrollsSideways(page, routes);
    await nameColumnStays(page, '/Process', { name: 'Name', last: 'Updated' });
    await nameColumnStays(page, '/Support', { name: 'Title', column: 1, last: 'Updated' });
    await page.setViewportSize({ width: 390, height: 844 });
    await noPageScrollsSideways(page, routes);
    await cardsAndFoldedFilters(page, '/Process', {
      list: 'Processes', itemsPath: '/vault/processes', filter: ['Stage', 'Idea'],
    });
    await cardsAndFoldedFilters(page, '/BotProfile', {
      list: 'Bots', itemsPath: '/bots/bots', filter: ['Type', 'Unattended'],
    });
    await cardsAndFoldedFilters(page, '/Support', {
      list: 'Tickets', itemsPath: '/support/tickets', titleOf: (ticket) => `#${ticket.number} ${ticket.title}`,
      filter: ['Status', 'Open'],
    });
  }, { viewport: { width: 1440, height: 900 } }));
