// The ticket approval page (spec sections 2 and 7): it thanks the visitor and records the
// decision of its `aprrove` parameter with exactly one silent POST of the link's values.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { eventually, postsTo, useBrowser, withPage } from './support/harness.mjs';

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
      // A second post (a re-render, a retry) would show up within this settling time.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      assert.equal(postsTo(seen, path).length, 1, 'exactly one POST');
      assert.equal(postsTo(seen, other).length, 0, `nothing posted to ${other}`);
      // Silent: whatever the host answered, no snackbar appears.
      assert.equal(await page.locator('[data-notice]').count(), 0);
    }));
}
