// A new company's first-run path (issue 20): the getting-started checklist where sign-in
// lands, each step a link with its state; the empty Operational Insight pointing to the
// steps; sample data a company admin loads (figures on Business and Operational Insight,
// the sample processes in the Vault) and removes again, leaving nothing behind; a colleague
// who is no admin sees only their steps; a person hides the checklist. Each test has its own
// user, so its own company (no demo sign-ins).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  api, createUser, eventually, eventuallyEqual, joinCompany, notice, signIn, tokenOf, useBrowser, visibleTexts,
  withPage,
} from './support/harness.mjs';

const browser = useBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const STEPS = ['Add or import processes', 'Add a bot', 'Create an API key and send a first run', 'Invite a colleague'];

function checklist(page) {
  return page.getByRole('region', { name: 'Getting started' });
}

/** The step titles the checklist shows, in order. */
function stepTitles(card) {
  return visibleTexts(card.getByRole('listitem').getByRole('link'));
}

/** Whether the page scrolls sideways. */
function scrollsSideways(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** The records of a module list (`/m/<path>`) as the API has them. */
async function listed(token, path) {
  const answer = await api(`/m${path}`, { token });
  assert.equal(answer.status, 200, `${path}: ${JSON.stringify(answer.body)}`);
  return answer.body.items;
}

/** The whole number a figure shows ("38,297" → 38297). */
async function shownCount(locator) {
  return Number((await locator.innerText()).replace(/[^\d]/g, ''));
}

for (const [size, viewport] of [['1440×900', DESKTOP], ['a 390×844 phone', PHONE]]) {
  test(`a new company lands on the checklist, loads sample data, sees figures and removes it (${size})`, (t) =>
    withPage(browser, t, async (page) => {
      const user = await createUser();
      const token = await tokenOf(user);
      await signIn(page, user);
      const card = checklist(page);
      await card.waitFor();
      await card.getByText('0 of 4 done', { exact: true }).waitFor();
      await eventuallyEqual(() => stepTitles(card), STEPS, 'the steps, in the menu’s order');
      assert.equal(await card.getByRole('img', { name: 'To do' }).count(), 4);
      assert.equal(await scrollsSideways(page), false, 'the landing page does not scroll sideways');
      // The empty dashboard below leads to the steps too, not to another range.
      const noData = page.getByText('No data yet', { exact: true });
      await noData.waitFor();

      await page.goto('/RPAInsight');
      const empty = page.getByText('No data yet', { exact: true });
      await empty.waitFor();
      await page.getByRole('link', { name: 'Create an API key and send a first run' }).waitFor();

      await page.goto('/BusinessInsight');
      await card.getByRole('button', { name: 'Load sample data' }).click();
      await notice(page, 'Sample data loaded', 'success').waitFor();
      await card.getByRole('button', { name: 'Remove sample data' }).waitFor();
      // Sample records are not the company's own: the steps stay to do.
      await card.getByText('0 of 4 done', { exact: true }).waitFor();
      await noData.waitFor({ state: 'hidden' });

      // Figures on both insight pages, as their APIs give them.
      const cost = page.getByTestId('kpi-cost-saved-value');
      await eventually('Business Insight shows money saved', async () => (await shownCount(cost)) > 0);
      await page.goto('/RPAInsight');
      const runs = page.getByTestId('kpi-runs-value');
      await eventually('Operational Insight shows runs', async () => (await shownCount(runs)) > 0);
      assert.equal(await empty.count(), 0);
      const processes = await listed(token, '/vault/processes?limit=50');
      assert.deepEqual(processes.map((p) => p.sample), processes.map(() => true));
      await page.goto('/Process');
      await page.getByText('Invoice Processing', { exact: true }).filter({ visible: true }).first().waitFor();
      assert.equal(await scrollsSideways(page), false, 'the vault with sample data does not scroll sideways');

      // Something the company enters itself stays when the sample goes.
      const own = await api('/m/vault/processes', { method: 'POST', token, body: { name: 'Our own process' } });
      assert.equal(own.status, 201, JSON.stringify(own.body));

      await page.goto('/BusinessInsight');
      await card.getByText('1 of 4 done', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Remove sample data' }).click();
      await notice(page, 'Sample data removed', 'success').waitFor();
      await card.getByRole('button', { name: 'Load sample data' }).waitFor();
      assert.deepEqual((await listed(token, '/vault/processes?limit=50')).map((p) => p.name), ['Our own process']);
      assert.deepEqual(await listed(token, '/bots/bots?limit=50'), []);
      await page.goto('/RPAInsight');
      await page.getByText('No data yet', { exact: true }).waitFor();
    }, { viewport }));
}

test('a step turns done with the company’s first record, and a person may hide the checklist', (t) =>
  withPage(browser, t, async (page) => {
    const user = await createUser();
    const token = await tokenOf(user);
    const bot = await api('/m/bots/bots', { method: 'POST', token, body: { name: 'First bot' } });
    assert.equal(bot.status, 201, JSON.stringify(bot.body));
    await signIn(page, user);
    const card = checklist(page);
    await card.getByText('1 of 4 done', { exact: true }).waitFor();
    const done = card.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Add a bot' }) });
    await done.getByRole('img', { name: 'Done' }).waitFor();

    // The link opens the step's page, on its tab.
    await card.getByRole('link', { name: 'Create an API key and send a first run' }).click();
    await page.waitForURL('**/BotProfile?tab=keys');
    await page.getByRole('button', { name: 'Create key' }).waitFor();

    await page.goto('/BusinessInsight');
    await card.getByRole('button', { name: 'Hide the checklist' }).click();
    await card.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByTestId('business-insight-page').waitFor();
    assert.equal(await card.count(), 0, 'hidden after a reload too');
  }, { viewport: DESKTOP }));

test('a colleague who is no admin sees the steps that are theirs, without sample data', (t) =>
  withPage(browser, t, async (page) => {
    const admin = await createUser();
    const colleague = await createUser({ firstname: 'Cy' });
    await joinCompany(admin, colleague);
    await signIn(page, colleague);
    const card = checklist(page);
    await card.waitFor();
    await eventuallyEqual(() => stepTitles(card), ['Add or import processes', 'Add a bot'], 'the steps of a member');
    assert.equal(await card.getByRole('button', { name: 'Load sample data' }).count(), 0);
    const refused = await api('/onboarding/sample', { method: 'POST', token: await tokenOf(colleague) });
    assert.deepEqual([refused.status, refused.body?.message],
      [403, 'Only a company administrator can load or remove sample data']);

    // The admin's colleague step is done: the company has a second person.
    const checklistOfAdmin = await api('/onboarding', { token: await tokenOf(admin) });
    const invite = checklistOfAdmin.body.steps.find((step) => step.key === 'colleague');
    assert.equal(invite.done, true);
  }, { viewport: DESKTOP }));
