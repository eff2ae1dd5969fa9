// The theme configurator: a colour scheme and a density for the whole portal, kept per
// person; the template's switches under 'Advanced'; the screens without a session light.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createUser, eventually, signIn, useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();

/** The relative luminance (0 black to 1 white) of what `locator` is painted with. */
function luminance(locator) {
  return locator.evaluate((element) => {
    const [r, g, b] = getComputedStyle(element).backgroundColor.match(/\d+/g).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });
}

/** The height of the sidebar entry `name`, in CSS pixels. */
async function entryHeight(page, name) {
  const box = await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true })
    .boundingBox();
  return box.height;
}

test('dark and compact apply at once, stay after a reload and on a phone, and signing out shows the login page light', (t) =>
  withPage(browser, t, async (page) => {
    const user = await createUser();
    await signIn(page, user);
    // The top bar (a drawer has a header of its own).
    const header = page.getByRole('banner').filter({ has: page.getByRole('button', { name: 'Theme configurator' }) });
    await header.waitFor();
    assert.ok((await luminance(header)) > 0.8, 'light to begin with');
    const comfortable = await entryHeight(page, 'Chat');

    await page.getByRole('button', { name: 'Theme configurator' }).click();
    const drawer = page.getByRole('dialog', { name: 'Theme configurator' });
    await drawer.getByRole('heading', { name: 'Advanced' }).waitFor();
    // The template's thirteen switches are under 'Advanced'; the appearance comes first.
    const headings = await drawer.getByRole('heading').allInnerTexts();
    assert.ok(headings.indexOf('Colour scheme') < headings.indexOf('Advanced'), headings.join(', '));
    assert.ok(headings.indexOf('Advanced') < headings.indexOf('Header'), headings.join(', '));
    assert.equal(await drawer.getByRole('switch').count(), 13);

    await drawer.getByRole('radiogroup', { name: 'Colour scheme' }).getByText('Dark', { exact: true }).click();
    await drawer.getByRole('radiogroup', { name: 'Density' }).getByText('Compact', { exact: true }).click();
    await eventually('the header to turn dark', async () => (await luminance(header)) < 0.3);
    await eventually('the drawer to turn dark', async () => (await luminance(drawer)) < 0.3);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    const compact = await entryHeight(page, 'Chat');
    assert.ok(compact < comfortable * 0.95, `compact entries are shorter: ${compact} < ${comfortable}`);

    await page.reload();
    await header.waitFor();
    await eventually('dark after a reload', async () => (await luminance(header)) < 0.3);

    // On a 390×844 phone the choice holds; the configurator is for desktops only (the spec).
    await page.setViewportSize({ width: 390, height: 844 });
    const topBar = page.getByRole('banner').filter({ has: page.getByRole('button', { name: 'Open the menu' }) });
    await eventually('dark on a phone', async () => (await luminance(topBar)) < 0.3);
    assert.equal(await page.getByRole('button', { name: 'Theme configurator' }).isVisible(), false);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await login.waitFor();
    await eventually('the page behind the login form to be light', async () =>
      (await luminance(page.locator('body'))) > 0.8);
  }));
