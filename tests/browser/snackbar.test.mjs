// The snackbar over an open drawer, at 1440×900 and on a 390×844 phone: it never covers the
// drawer's title or its close button, and only one shows at a time (a newer message replaces
// the one showing, before that one's 3 seconds are up). The drawer is a ticket's, in Ticket
// Management: its status select and its details form each say a change in the snackbar.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  api, choose, createUser, eventuallyEqual, notice, signIn, tokenOf, useBrowser, visibleTexts, withPage,
} from './support/harness.mjs';

const browser = useBrowser();

/** The part of two boxes ({x, y, width, height}) they share, in square pixels. */
function sharedArea(a, b) {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return Math.max(0, width) * Math.max(0, height);
}

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test(`at ${viewport.width}×${viewport.height} the snackbar keeps clear of an open drawer's header, one at a time`,
    (t) => withPage(browser, t, async (page) => {
      const user = await createUser({ firstname: 'Ines', lastname: 'Moreau', jobTitle: 'Service Desk Lead' });
      const created = await api('/m/support/tickets', {
        method: 'POST',
        token: await tokenOf(user),
        body: { title: 'Printer on floor 3', description: 'Out of toner.', category: 'Access request', priority: 'High' },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      await signIn(page, user);
      await page.goto(`/Support?ticket=${created.body.id}`);
      const drawer = page.getByRole('dialog', { name: '#1 Printer on floor 3' });
      const title = drawer.getByRole('heading', { name: '#1 Printer on floor 3' });
      await title.waitFor();
      // The drawer's header: its title and its close button.
      const header = drawer.locator('header');
      await header.getByRole('button').waitFor();

      await choose(page, 'Status', 'In progress', { within: drawer });
      await notice(page, 'Ticket #1 is now In progress', 'success').waitFor();
      const firstShown = Date.now();
      // Then, while that one shows, a change further down (on the ticket as it now is).
      await eventuallyEqual(() => drawer.getByRole('combobox', { name: 'Status', exact: true }).inputValue(),
        'In progress', 'the status shown');
      await choose(page, 'Priority', 'Low', { within: drawer });
      await drawer.getByRole('button', { name: 'Save changes' }).click();
      const second = notice(page, 'Ticket saved', 'success');
      await second.waitFor();
      assert.ok(Date.now() - firstShown < 3000, 'the second message came while the first still showed');

      // One snackbar, the newest.
      await eventuallyEqual(() => visibleTexts(page.locator('[data-notice]')), ['Ticket saved'], 'the snackbars shown');

      // Clear of the header (its title and close button), whole on screen, near the top.
      const [snackbar, headerBox, titleBox] = await Promise.all(
        [second, header, title].map((locator) => locator.boundingBox()));
      assert.equal(sharedArea(snackbar, headerBox), 0,
        `the snackbar ${JSON.stringify(snackbar)} covers the drawer's header ${JSON.stringify(headerBox)}`);
      assert.equal(sharedArea(snackbar, titleBox), 0, "the snackbar covers the drawer's title");
      assert.ok(snackbar.x >= 0 && snackbar.x + snackbar.width <= viewport.width, 'the snackbar is whole on screen');
      assert.ok(snackbar.y < viewport.height / 4, `the snackbar is near the top, at ${snackbar.y}`);
      // The close button still takes a click: nothing is over it.
      await header.getByRole('button').click();
      await drawer.waitFor({ state: 'hidden' });
    }, { viewport }));
}
