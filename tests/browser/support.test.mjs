// The support modules (issue 6) in the shell: Ticket Management's New ticket form, the
// assignment in the ticket's drawer and an approval asked of a person; the approval mail
// read from maildev and its link opened in the browser (the /updateTicketApproveStatus page,
// signed out, as from a mail client); the decision live in the drawer (approval, history)
// and in the requester's bell; Support Insight's figures before and after. A forged token,
// and the same link opened again (approve or decline), change nothing.
//
// The host has no API that adds a user to an existing company (sign-up, social sign-up and
// the administrator's API all create or manage companies, not their members), so the
// company of the test has one user: the creator is the requester, the assignee and the
// person asked to approve.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  api, choose, createUser, env, eventually, eventuallyEqual, mailTo, notice, signIn, unique, useBrowser, visibleTexts,
  withPage,
} from './support/harness.mjs';

const browser = useBrowser();

const THANKS = 'Thank You! We will submit your Approval to Ticket!';

/** A call to a module's plugin (`/api/m/<key>...`) that must answer `status`; resolves the body. */
async function moduleCall(token, path, { method = 'GET', body, status = 200 } = {}) {
  const answer = await api(`/m${path}`, { method, body, token });
  assert.equal(answer.status, status, `${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The approve and decline links of an approval mail, in that order. */
function approvalLinks(mail) {
  const links = mail.text.match(/https?:\/\/\S+\/updateTicketApproveStatus\?\S+/g) ?? [];
  const [approve, decline] = links.map((link) => new URL(link));
  if (!approve || !decline) throw new Error(`no approve and decline links in the mail: ${mail.text}`);
  return { approve, decline };
}

/**
 * Opens an approval link in a page of `context` (signed out) and waits for the page's POST
 * of it; resolves the path posted to, the body posted and the answer.
 */
async function openApprovalLink(context, link) {
  const page = await context.newPage();
  try {
    const answered = page.waitForResponse((response) => response.request().method() === 'POST'
      && /^\/api\/support\/(approve|decline)_request$/.test(new URL(response.url()).pathname));
    await page.goto(link.href);
    await page.getByText(THANKS, { exact: true }).waitFor();
    const response = await answered;
    return {
      path: new URL(response.url()).pathname,
      posted: response.request().postDataJSON(),
      status: response.status(),
      body: await response.json(),
    };
  } finally {
    await page.close();
  }
}

/**
 * Support Insight's key figures `labels` as shown, each card's value by its label (the cards
 * show their labels in capitals; matched regardless of case), e.g. ['Opened'] → ['1'].
 */
async function keyFigures(page, labels) {
  const cards = await visibleTexts(page.getByRole('list', { name: 'Key figures' }).getByRole('listitem'));
  const shown = Object.fromEntries(cards.map((card) => {
    const [label, value] = card.split('\n');
    return [label.toLowerCase(), value];
  }));
  return labels.map((label) => shown[label.toLowerCase()]);
}

const FIGURES = ['Opened', 'Closed', 'Pending approvals'];

/** What a Support Insight chart reads out, e.g. "Tickets by status: Open 1, In progress 0, …". */
function chartText(page, name) {
  return page.getByRole('img', { name: new RegExp(`^${name}:`) }).getAttribute('aria-label');
}

/** The cells of the workload table's row of `name`, as shown. */
function workloadRow(page, name) {
  return visibleTexts(page.getByRole('table', { name: 'Unresolved tickets per agent' }).getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) }).getByRole('cell'));
}

test('Ticket Management: create, assign and ask approval; the mailed link approves once; the ticket, the bell and '
  + 'Support Insight show it; a forged token and the link opened again change nothing', (t) =>
  withPage(browser, t, async (page) => {
    const user = await createUser({ firstname: 'Nora', lastname: 'Quist', jobTitle: 'Service Desk Lead' });
    const name = 'Nora Quist';
    const credentials = { email: user.email, password: user.password };
    const signedIn = await api('/users/signin', { method: 'POST', body: credentials });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    const { token } = signedIn.body;
    const userId = signedIn.body.userdata.user_id;
    const notifications = async () => {
      const answer = await api('/notification/getall', { token });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.map((item) => item.message);
    };

    // Before: a new company has no tickets.
    await signIn(page, user);
    await page.goto('/SupportInsight');
    await page.getByText('No tickets in this range', { exact: true }).waitFor();
    await eventuallyEqual(() => keyFigures(page, FIGURES), ['0', '0', '0'], 'the key figures before');

    // The New ticket form (its bot chosen from Bot Profile's inventory); the ticket opens in its drawer.
    const bot = unique('Claims bot ');
    await moduleCall(token, '/bots/bots', { method: 'POST', body: { name: bot }, status: 201 });
    await page.goto('/Support');
    await page.getByText('No tickets yet', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Page title' }).getByRole('button', { name: 'New ticket', exact: true })
      .click();
    const form = page.getByRole('dialog', { name: 'New ticket' });
    const title = unique('VPN access for the new analyst ');
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('textbox', { name: 'Description' }).fill('Needs the finance VPN profile by Monday.');
    await choose(page, 'Category', 'Access request', { within: form });
    await choose(page, 'Priority', 'High', { within: form });
    await choose(page, 'Bot', bot, { within: form });
    await form.getByRole('button', { name: 'Create ticket' }).click();
    await notice(page, 'Ticket #1 created', 'success').waitFor();
    await form.waitFor({ state: 'hidden' });
    const drawer = page.getByRole('dialog', { name: `#1 ${title}` });
    await drawer.getByRole('heading', { name: `#1 ${title}` }).waitFor();
    const { items: [created] } = await moduleCall(token, '/support/tickets');
    assert.deepEqual(
      [created.number, created.title, created.category, created.priority, created.status, created.requester_id],
      [1, title, 'Access request', 'High', 'open', userId],
    );
    assert.equal(created.bot_id, bot, 'the bot by its inventory name');
    assert.equal(created.assignee_id ?? null, null);
    const ticketPath = `/support/tickets/${created.id}`;

    // Assigned in the drawer's details.
    await choose(page, 'Assignee', name, { within: drawer });
    await drawer.getByRole('button', { name: 'Save changes' }).click();
    await notice(page, 'Ticket saved', 'success').waitFor();
    assert.equal((await moduleCall(token, ticketPath)).ticket.assignee_id, userId);
    await drawer.getByRole('tab', { name: 'History' }).click();
    await drawer.getByText('Assigned', { exact: true }).waitFor();
    await drawer.getByText(`Assignee: ${name}`, { exact: true }).waitFor();

    // Approval asked of a person: they get a mail with an approve and a decline link.
    await drawer.getByRole('tab', { name: /^Approvals/ }).click();
    await drawer.getByText('No approval asked for yet.').waitFor();
    await drawer.getByRole('button', { name: 'Request approval' }).click();
    const ask = page.getByRole('dialog', { name: 'Request approval of #1' });
    await choose(page, 'People', name, { within: ask });
    // The multi-select keeps its list open for more people; a click beside it closes it.
    await ask.getByText('Each person gets an e-mail', { exact: false }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await ask.getByRole('button', { name: 'Send requests' }).click();
    await notice(page, 'Approval requested', 'success').waitFor();
    await ask.waitFor({ state: 'hidden' });
    await drawer.getByText('Approval pending', { exact: true }).waitFor();
    await drawer.getByText('0 of 1 approved', { exact: true }).waitFor();
    const approvalRow = drawer.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await approvalRow.getByText('Pending', { exact: true }).waitFor();

    const mail = await mailTo(user.email, `asks you to approve ticket #1: ${title}`);
    assert.equal(mail.subject, `Please approve ticket #1: ${title}`);
    const { approve, decline } = approvalLinks(mail);
    assert.equal(approve.origin, env.base);
    assert.equal(approve.pathname, '/updateTicketApproveStatus');
    const linkToken = approve.searchParams.get('token');
    assert.match(linkToken, /^[0-9a-f]{64}$/);
    assert.deepEqual(Object.fromEntries(approve.searchParams),
      { aprrove: 'true', ticketid: created.id, personid: userId, token: linkToken });
    assert.deepEqual(Object.fromEntries(decline.searchParams),
      { aprrove: 'false', ticketid: created.id, personid: userId, token: linkToken });
    const pending = await moduleCall(token, ticketPath);
    assert.equal(pending.ticket.approval, 'pending');
    assert.deepEqual(pending.approvals.map((a) => [a.person_id, a.status]), [[userId, 'pending']]);
    assert.ok(pending.approvals.every((a) => !('token_hash' in a) && !('token' in a)), 'no token or hash is shown');

    // Support Insight while the approval waits.
    await page.goto('/SupportInsight');
    await eventuallyEqual(() => keyFigures(page, FIGURES), ['1', '0', '1'], 'the key figures while the approval waits');
    await eventuallyEqual(() => chartText(page, 'Tickets by status'),
      'Tickets by status: Open 1, In progress 0, Waiting 0, Resolved 0, Closed 0');
    await eventuallyEqual(() => chartText(page, 'Tickets by priority'),
      'Tickets by priority: Critical 0, High 1, Medium 0, Low 0');
    await eventuallyEqual(() => workloadRow(page, name), [name, '1', '0', '0', '1'], 'the workload while the approval waits');

    // The ticket open again (from its link) while the approver's mail client opens links.
    await page.goto(`/Support?ticket=${created.id}`);
    await drawer.getByRole('tab', { name: /^Approvals/ }).click();
    await approvalRow.getByText('Pending', { exact: true }).waitFor();
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    const message = `Ticket #1 was approved by ${name}`;
    assert.equal(await bell.getAttribute('aria-label'), 'Notifications');
    const approver = await browser.browser.newContext({ baseURL: env.base, locale: 'en-US' });
    try {
      // A forged token (the real one with its last digit changed): thanked, nothing recorded.
      const forged = new URL(approve);
      forged.searchParams.set('token', `${linkToken.slice(0, -1)}${linkToken.endsWith('0') ? '1' : '0'}`);
      const refused = await openApprovalLink(approver, forged);
      assert.deepEqual([refused.path, refused.status, refused.body],
        ['/api/support/approve_request', 200, { message: THANKS }]);
      assert.equal(refused.posted.token, forged.searchParams.get('token'));
      const afterForged = await moduleCall(token, ticketPath);
      assert.equal(afterForged.ticket.approval, 'pending');
      assert.equal(afterForged.ticket.version, pending.ticket.version);
      assert.deepEqual(afterForged.approvals, pending.approvals);
      assert.deepEqual(afterForged.history.map((entry) => entry.id), pending.history.map((entry) => entry.id));
      assert.deepEqual(await notifications(), []);

      // The mailed approve link.
      const approved = await openApprovalLink(approver, approve);
      assert.deepEqual([approved.path, approved.status, approved.body],
        ['/api/support/approve_request', 200, { message: THANKS }]);
      assert.deepEqual(approved.posted, { ticket_id: created.id, person_id: userId, token: linkToken });

      // The drawer and the bell show it live.
      await drawer.getByText('1 of 1 approved', { exact: true }).waitFor();
      await approvalRow.getByText('Approved', { exact: true }).waitFor();
      await eventually('a decision time in the approval row',
        async () => !['', '—'].includes((await visibleTexts(approvalRow.getByRole('cell')))[2] ?? ''));
      await eventually('the bell to count 1 unread',
        async () => (await bell.getAttribute('aria-label')) === 'Notifications, 1 unread');
      await drawer.getByRole('tab', { name: 'History' }).click();
      // The history as read, newest first: each entry's title, who and when, then its changes.
      const history = drawer.getByRole('tabpanel', { name: 'History' });
      const entryLines = async (change) => {
        const lines = (await visibleTexts(history))[0]?.split('\n') ?? [];
        const at = lines.indexOf(change);
        return at < 2 ? null : [lines[at - 2], lines[at - 1].replace(/ · .*$/, ' · …'), lines[at]];
      };
      await eventuallyEqual(() => entryLines('Approval: Pending → Approved'),
        ['Approved', `${name} · …`, 'Approval: Pending → Approved'], 'the history entry of the decision');
      await eventuallyEqual(() => entryLines(`Approvers: ${name}`),
        ['Approval requested', `${name} · …`, `Approvers: ${name}`], 'the history entry of the request');

      const decided = await moduleCall(token, ticketPath);
      assert.equal(decided.ticket.approval, 'approved');
      assert.deepEqual(decided.approvals.map((a) => [a.person_id, a.status]), [[userId, 'approved']]);
      assert.equal(typeof decided.approvals[0].decided_at, 'number');
      assert.deepEqual(decided.history.filter((entry) => entry.action === 'approved').map((entry) => entry.user_id),
        [userId]);
      assert.deepEqual(await notifications(), [message]);
      const decidedMail = await mailTo(user.email, `${name} approved ticket #1: ${title}`);
      assert.equal(decidedMail.subject, 'Ticket #1 was approved');

      // The same link again, and its decline twin: thanked, nothing changes.
      for (const link of [approve, decline]) {
        const again = await openApprovalLink(approver, link);
        assert.deepEqual([again.status, again.body], [200, { message: THANKS }]);
      }
      const afterReuse = await moduleCall(token, ticketPath);
      assert.equal(afterReuse.ticket.approval, 'approved');
      assert.equal(afterReuse.ticket.version, decided.ticket.version);
      assert.deepEqual(afterReuse.approvals, decided.approvals);
      assert.deepEqual(afterReuse.history.map((entry) => entry.id), decided.history.map((entry) => entry.id));
      assert.deepEqual(await notifications(), [message]);
    } finally {
      await approver.close();
    }
    // Still shown as decided after the reuse.
    await drawer.getByRole('tab', { name: /^Approvals/ }).click();
    await approvalRow.getByText('Approved', { exact: true }).waitFor();

    // Work starts on the approved ticket.
    await choose(page, 'Status', 'In progress', { within: drawer });
    await notice(page, 'Ticket #1 is now In progress', 'success').waitFor();
    assert.equal((await moduleCall(token, ticketPath)).ticket.status, 'in_progress');

    // The bell (under the drawer until it closes) lists the decision for the requester, and
    // opens the ticket from it.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await bell.click();
    await page.getByRole('button', { name: `${message} (unread), opens its page`, exact: true }).click();
    await drawer.waitFor();
    assert.equal(new URL(page.url()).searchParams.get('ticket'), created.id);
    await eventually('the bell to count none unread',
      async () => (await bell.getAttribute('aria-label')) === 'Notifications');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // On a 390×844 phone, from another page, the bell opens the ticket too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/BusinessInsight');
    await bell.click();
    await page.getByRole('button', { name: `${message}, opens its page`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/Support' && url.searchParams.get('ticket') === created.id);
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Support Insight after: nothing waits for approval; the ticket is in progress.
    await page.goto('/SupportInsight');
    await eventuallyEqual(() => keyFigures(page, FIGURES), ['1', '0', '0'], 'the key figures after');
    await eventuallyEqual(() => chartText(page, 'Tickets by status'),
      'Tickets by status: Open 0, In progress 1, Waiting 0, Resolved 0, Closed 0');
    await eventuallyEqual(() => workloadRow(page, name), [name, '0', '1', '0', '1'], 'the workload after');
    const insight = await moduleCall(token, '/support_insight/insight');
    assert.deepEqual([insight.by_status, insight.approvals_pending],
      [{ open: 0, in_progress: 1, waiting: 0, resolved: 0, closed: 0 }, 0]);
  }));
