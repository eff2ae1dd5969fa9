// No page scrolls sideways: every page the demo user's menu opens, at 1440×900 and on a
// 390×844 phone. A wide table scrolls inside its own container; nothing in it (a sort
// button's hidden label, a chart's parked tooltip) widens the page.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { api, env, neverWithin, signIn, useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();
let routes;

before(async () => {
  const signedIn = await api('/users/signin', { method: 'POST', body: env.demo });
  assert.equal(signedIn.status, 200);
  const modules = await api('/modules', { token: signedIn.body.token });
  const pages = modules.body.data
    .filter((module) => module.rights.view && !module.rights.disabled)
    .flatMap((module) => module.pages.map((page) => page.route));
  routes = ['/DashboardDefault', ...pages, '/Profile'];
  assert.ok(routes.length > 10, routes.join(' '));
});

/** Opens each page and watches it load: the page may never become wider than the window. */
async function noPageScrollsSideways(page) {
  for (const route of routes) {
    await page.goto(route);
    await page.locator('main').getByRole('heading').first().waitFor();
    // The figures, lists and charts arrive over the next moments: watch them come.
    await neverWithin(`${route} scrolling sideways`, (timeout) => page.waitForFunction(
      () => document.documentElement.scrollWidth > window.innerWidth, null, { timeout }), 1000);
  }
}

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test(`no page scrolls sideways at ${viewport.width}×${viewport.height}`, (t) =>
    withPage(browser, t, async (page) => {
      await signIn(page, env.demo);
      await noPageScrollsSideways(page);
    }, { viewport }));
}
