// No page scrolls sideways: every page the demo user's menu opens, at 1440×900 and on a
// 390×844 phone. A wide table scrolls inside its own container; nothing in it (a sort
// button's hidden label, a chart's parked tooltip) widens the page. One sign-in for both
// sizes: the other files sign the demo user in too, within the host's per-account limit.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { env, neverWithin, signIn, useBrowser, withPage } from './support/harness.mjs';

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

test('no page scrolls sideways at 1440×900 or on a 390×844 phone', (t) =>
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
    await page.setViewportSize({ width: 390, height: 844 });
    await noPageScrollsSideways(page, routes);
  }, { viewport: { width: 1440, height: 900 } }));
