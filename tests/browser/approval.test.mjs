// The ticket approval page (the link of an approval mail, opened signed out): it thanks the
// visitor and records the decision of its `aprrove` parameter with exactly one POST of the
// link's values, silently (no snackbar, whatever the host answers).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { eventually, neverWithin, postsTo, useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();
const THANKS = 'Thank You! We will submit your Approval to Ticket!';

for (const { aprrove, path, other } of [
  { aprrove: 'true', path: '/support/approve_request', other: '/support/decline_request' },
  { aprrove: 'false', path: '/support/decline_request', other: '/support/approve_request' },
]) {
  test(`aprrove=${aprrove} thanks the visitor and posts once to /api${path}`, (t) =>
    withPage(browser, t, async (page, seen) => {
      const query = new URLSearchParams({ aprrove, ticketid: 'T-1042', personid: 'P-77', token: 'tok-9f3a' });
      await page.goto(`/updateTicketApproveStatus?${query}`);
      await page.getByText(THANKS, { exact: true }).waitFor();
      const [post] = await eventually(`a POST to /api${path}`, () => postsTo(seen, path).length > 0 && postsTo(seen, path));
      assert.deepEqual(post.request.postDataJSON(), { ticket_id: 'T-1042', person_id: 'P-77', token: 'tok-9f3a' });
      // Nothing follows the answer: a second POST (a re-render, a retry) or a snackbar would come at once.
      await post.request.response();
      const apiPath = (request) => new URL(request.url()).pathname;
      await neverWithin('another POST of the decision', (timeout) => page.waitForRequest((request) =>
        request.method() === 'POST' && [`/api${path}`, `/api${other}`].includes(apiPath(request)), { timeout }));
      await neverWithin('a snackbar', (timeout) =>
        page.locator('[data-notice]').filter({ visible: true }).first().waitFor({ timeout }));
      assert.equal(postsTo(seen, path).length, 1, 'exactly one POST');
      assert.equal(postsTo(seen, other).length, 0, `nothing posted to ${other}`);
    }));
}
