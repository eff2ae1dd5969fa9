// The process modules (issue 5) in the shell: Process Vault (create with validation,
// assessment with the server's scores, CSV export), Process Ranking (rank, bucket, what-if
// weights, Save) and Process Board (moves by keyboard and by the card menu, the vault's
// history of them, a stale card's conflict; the sideways scroll cue at 1440×900 and on a
// phone, a drop acknowledged and undone, the filters in the URL). Each test has its own
// user, so its own company.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import {
  api, choose, createUser, eventually, eventuallyEqual, notice, signIn, unique, useBrowser, visibleTexts, withPage,
} from './support/harness.mjs';

const browser = useBrowser();

const CONFLICT = 'The record was changed by someone else; reload it and try again';

/** A new user of a new company, and their API token. */
async function newCompanyUser() {
  const user = await createUser();
  const signedIn = await api('/users/signin', { method: 'POST', body: { email: user.email, password: user.password } });
  assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
  return { user, token: signedIn.body.token };
}

/** A call to a module's plugin (`/api/m/<key>...`) that must answer `status`; resolves the body. */
async function moduleCall(token, path, { method = 'GET', body, status = 200 } = {}) {
  const answer = await api(`/m${path}`, { method, body, token });
  assert.equal(answer.status, status, `${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const createProcess = (token, fields) =>
  moduleCall(token, '/vault/processes', { method: 'POST', body: fields, status: 201 });

/** The page title bar's button `name` (the remotes put their page actions there). */
function titleButton(page, name) {
  return page.getByRole('region', { name: 'Page title' }).getByRole('button', { name, exact: true });
}

/** The requests the page sent whose path is `path`. */
function requestsTo(seen, method, path) {
  return seen.requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
}

test('Process Vault: the New process form refuses a blank name, then creates the process shown in the table', (t) =>
  withPage(browser, t, async (page, seen) => {
    const { user, token } = await newCompanyUser();
    await signIn(page, user);
    await page.goto('/Process');
    await page.getByText('No processes yet').waitFor();

    await titleButton(page, 'New process').click();
    const dialog = page.getByRole('dialog', { name: 'New process' });
    await dialog.getByRole('button', { name: 'Create process' }).click();
    await dialog.getByText('Please enter the process name', { exact: true }).waitFor();
    assert.equal(requestsTo(seen, 'POST', '/api/m/vault/processes').length, 0, 'nothing was sent');
    // The plugin says the same of a blank name sent anyway.
    const blank = await api('/m/vault/processes', { method: 'POST', token, body: { name: '  ' } });
    assert.deepEqual([blank.status, blank.body?.message], [400, 'Please enter the process name']);

    const name = unique('Invoice matching ');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await choose(page, 'Health', 'At risk', { within: dialog });
    await dialog.getByRole('textbox', { name: 'Monthly volume' }).fill('120');
    await dialog.getByRole('button', { name: 'Create process' }).click();
    await notice(page, 'Process saved', 'success').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The new process opens in its overview; the table has its row.
    await page.getByRole('dialog', { name }).getByRole('heading', { name: 'Details' }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name, exact: true }) });
    await row.getByText('Idea', { exact: true }).waitFor();
    await row.getByText('At risk', { exact: true }).waitFor();
    await row.getByRole('cell', { name: '120', exact: true }).waitFor();
    await page.getByText('Showing 1 of 1 processes').waitFor();
    const stored = await moduleCall(token, '/vault/processes');
    assert.deepEqual(stored.items.map((p) => [p.name, p.stage, p.health, p.monthly_volume]),
      [[name, 'idea', 'at_risk', 120]]);
  }));

test('Process Vault: the assessment shows the scores the plugin computed, and moves an idea to Assessment', (t) =>
  withPage(browser, t, async (page) => {
    const { user, token } = await newCompanyUser();
    const name = unique('Vendor onboarding ');
    const process = await createProcess(token, { name, hourly_cost: 40, complexity: 'medium' });
    await signIn(page, user);
    await page.goto('/Process');
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Assess' }).click();
    const dialog = page.getByRole('dialog', { name: `Assess ${name}` });
    const answers = { 'Rule based': 5, 'Input type': 4, 'Input structure': 4, Stability: 3, Documentation: 5 };
    for (const [question, answer] of Object.entries(answers)) {
      await dialog.getByRole('radiogroup', { name: question }).getByText(String(answer), { exact: true }).click();
    }
    await dialog.getByRole('textbox', { name: 'Monthly volume' }).fill('200');
    await dialog.getByRole('textbox', { name: 'Handling time' }).fill('15');
    const applications = dialog.getByLabel('Applications');
    for (const application of ['SAP', 'Outlook']) {
      await applications.fill(application);
      await applications.press('Enter');
    }
    await dialog.getByRole('button', { name: 'Save assessment' }).click();
    await notice(page, 'Assessment saved', 'success').waitFor();
    await dialog.getByText('The process moved from Idea to Assessment.').waitFor();

    // The potential is the sum of the five answers (1 to 5 each) / 25 × 100 (here 21 / 25 × 100 = 84).
    const potential = (Object.values(answers).reduce((sum, answer) => sum + answer, 0) / 25) * 100;
    await dialog.getByText(`${potential} %`, { exact: true }).waitFor();
    // hours = 200 × 12 × 15 / 60 = 600; money = 600 × 40; FTE = 600 / 1800 = 0.33;
    // ease = 100 − 10 × (2 − 1) − 15 (medium) − 4 × (5 − 3) − 4 × (5 − 5) = 67
    // Money in the company's currency (INR for these users), written as on every page.
    await dialog.getByText('₹24,000', { exact: true }).waitFor();
    await dialog.getByText('600 hours', { exact: true }).waitFor();
    await dialog.getByText('0.33 FTE', { exact: true }).waitFor();
    await dialog.getByText('67', { exact: true }).waitFor();
    await dialog.getByText('Rule based 5/5 · Input type 4/5 · Input structure 4/5 · Stability 3/5 · Documentation 5/5')
      .waitFor();
    const stored = await moduleCall(token, `/vault/processes/${process.id}`);
    assert.deepEqual(
      [stored.stage, stored.potential, stored.benefit_hours, stored.benefit_money, stored.benefit_fte, stored.ease],
      ['assessment', potential, 600, 24000, 0.33, 67],
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name, exact: true }) });
    await row.getByRole('cell', { name: `${potential} %`, exact: true }).waitFor();
    await row.getByText('Assessment', { exact: true }).waitFor();

    // One money format everywhere: the vault's table and overview, then the ranking, another remote.
    await row.getByRole('cell', { name: '₹24,000', exact: true }).waitFor();
    await page.getByRole('button', { name, exact: true }).click();
    const overview = page.getByRole('dialog', { name });
    await overview.getByText('₹40.00', { exact: true }).waitFor();
    await page.goto('/ProcessRanking');
    const ranked = page.getByRole('table', { name: 'Process ranking' }).getByRole('row').filter({ hasText: name });
    await ranked.getByText('₹24,000', { exact: true }).waitFor();

    // The same on a 390×844 phone: the ranking, and the process's overview from a link.
    await page.setViewportSize({ width: 390, height: 844 });
    await ranked.getByText('₹24,000', { exact: true }).waitFor();
    await page.goto(`/Process?process=${process.id}`);
    await page.getByRole('dialog', { name }).getByText('₹40.00', { exact: true }).waitFor();
  }));

test('Process Ranking: rank, score and bucket; a weight slider re-ranks before saving; Save keeps the weight; '
  + 'a filter stays over a reload; a row opens its process in the Vault, on a phone too', (t) =>
  withPage(browser, t, async (page, seen) => {
    const { user, token } = await newCompanyUser();
    // Much benefit but hard to do; little benefit but easy.
    const big = unique('Claims intake ');
    const easy = unique('Address change ');
    const { id: bigId } = await createProcess(token, {
      name: big, monthly_volume: 1000, handling_minutes: 30, hourly_cost: 50, complexity: 'high',
      applications: ['SAP', 'Outlook', 'Excel', 'Portal'],
    });
    await createProcess(token, {
      name: easy, monthly_volume: 10, handling_minutes: 6, hourly_cost: 50, complexity: 'low',
    });
    // Not a candidate: live processes are not ranked.
    await createProcess(token, {
      name: unique('Payroll run '), stage: 'live', monthly_volume: 5000, handling_minutes: 60,
    });

    await signIn(page, user);
    await page.goto('/ProcessRanking');
    const table = page.getByRole('table', { name: 'Process ranking' });
    const rowOf = (name) => table.getByRole('row').filter({ hasText: name });
    /** The names of the ranking as shown, in rank order. */
    const order = () => visibleTexts(table.locator('tbody > tr > td:nth-child(2)'));
    await rowOf(big).waitFor();
    await page.getByText('2 processes', { exact: true }).waitFor();
    // Saved weights 50/30/20. big: value 100, ease 100 − 30 − 30 − 8 − 8 = 24, score (50 × 100 + 30 × 24) / 100;
    // easy: value 600 / 300,000 × 100 = 0.2, ease 84, score (50 × 0.2 + 30 × 84) / 100.
    await eventuallyEqual(order, [big, easy], 'the ranking by the saved weights');
    /** A row's rank, score and bucket, as shown (the bucket's badge is in capitals). */
    const figures = (name) => async () => {
      const cells = await visibleTexts(rowOf(name).getByRole('cell'));
      return [cells[0], cells[3], cells[8]];
    };
    await eventuallyEqual(figures(big), ['1', '57.20', 'STRATEGIC'], big);
    await eventuallyEqual(figures(easy), ['2', '25.30', 'LONG-TERM'], easy);

    // What-if: ease weighs 100 → big (50 × 100 + 100 × 24) / 170 = 43.53, easy (50 × 0.2 + 100 × 84) / 170 = 49.47.
    const ease = page.getByRole('slider', { name: 'Ease weight' });
    await ease.focus();
    await ease.press('End');
    await page.getByText('Ease: 100', { exact: true }).waitFor();
    await page.getByText('What-if, not saved').waitFor();
    await eventually('the what-if ranking', async () => (await order())[0] === easy);
    const whatIf = requestsTo(seen, 'GET', '/api/m/ranking/ranking').map(({ url }) => new URL(url).searchParams);
    assert.ok(
      whatIf.some((query) =>
        query.get('ease') === '100' && query.get('benefit') === '50' && query.get('potential') === '20'),
      `a what-if request with ease=100: ${whatIf.map(String).join(' | ')}`,
    );
    const score = (name) => async () => (await visibleTexts(rowOf(name).getByRole('cell')))[3];
    await eventuallyEqual(score(easy), '49.47', `the what-if score of ${easy}`);
    await eventuallyEqual(score(big), '43.53', `the what-if score of ${big}`);
    const before = await moduleCall(token, '/ranking/ranking');
    assert.deepEqual(before.saved, { benefit: 50, ease: 30, potential: 20 }, 'a what-if saves nothing');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await notice(page, 'Weights saved', 'success').waitFor();
    assert.deepEqual((await moduleCall(token, '/ranking/ranking')).saved, { benefit: 50, ease: 100, potential: 20 });
    await page.reload();
    await page.getByText('Ease: 100', { exact: true }).waitFor();
    assert.equal(await page.getByRole('slider', { name: 'Ease weight' }).getAttribute('aria-valuenow'), '100');
    await page.getByText('What-if, not saved').waitFor({ state: 'hidden' });
    await rowOf(easy).waitFor();
    await eventuallyEqual(order, [easy, big], 'the ranking by the saved weights after a reload');

    // The filters live in the URL: a reload (or a shared link) shows the same view.
    await choose(page, 'Bucket', 'Strategic');
    await eventuallyEqual(order, [big], 'the ranking narrowed to the strategic bucket');
    await page.getByText('1 of 2 processes', { exact: true }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('bucket'), 'strategic');
    await page.reload();
    await page.getByText('1 of 2 processes', { exact: true }).waitFor();
    await eventuallyEqual(order, [big], 'the filter after a reload');
    assert.equal(await page.getByRole('combobox', { name: 'Bucket', exact: true }).inputValue(), 'Strategic');

    // A row opens its process in the Process Vault, its overview open.
    await rowOf(big).getByRole('cell').nth(3).click();
    await page.waitForURL((url) => url.pathname === '/Process' && url.searchParams.get('process') === bigId);
    await page.getByRole('dialog', { name: big }).getByRole('heading', { name: 'Details' }).waitFor();

    // On a 390×844 phone the shared view is the same, and the process opens from it too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goBack();
    await page.getByText('1 of 2 processes', { exact: true }).waitFor();
    await page.getByText(big, { exact: true }).filter({ visible: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/Process' && url.searchParams.get('process') === bigId);
    await page.getByRole('dialog', { name: big }).getByRole('heading', { name: 'Details' }).waitFor();
  }));

test('Process Board: moves by keyboard and by the card menu, recorded in the vault; a stale card gets the 409', (t) =>
  withPage(browser, t, async (page, seen) => {
    const { user, token } = await newCompanyUser();
    const name = unique('Expense audit ');
    const { id } = await createProcess(token, { name });
    const stageOf = async () => (await moduleCall(token, `/vault/processes/${id}`)).stage;
    await signIn(page, user);
    await page.goto('/ProcessBoard');
    const cardIn = (column) => page.getByRole('list', { name: column, exact: true })
      .getByRole('button', { name: `Open ${name}`, exact: true });
    await cardIn('Idea').waitFor();

    // The keyboard: the handle picks the card up, the arrow goes one column right, Space drops it.
    // Each step is announced to screen readers (a live region, not shown on screen: attached).
    await page.getByRole('button', { name: `Move ${name}`, exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByText(`Picked up ${name} in Idea.`).waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowRight');
    await page.getByText(`${name} is over Assessment.`).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await cardIn('Assessment').waitFor();
    await eventually('the stage assessment', async () => (await stageOf()) === 'assessment');

    // The card's menu.
    await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Analysis', exact: true }).click();
    await cardIn('Analysis').waitFor();
    await eventually('the stage analysis', async () => (await stageOf()) === 'analysis');

    // The vault records each move once the host's worker has delivered board.stage_changed.
    const stageChanges = async () => (await moduleCall(token, `/vault/processes/${id}/history`)).items
      .filter((entry) => entry.action === 'stage')
      .map((entry) => entry.changes.map((change) => `${change.field}: ${change.from} → ${change.to}`).join())
      // Newest first, but two moves may share a timestamp: compare them in a fixed order.
      .sort();
    await eventually('two stage entries in the history', async () => (await stageChanges()).length === 2, 15000);
    assert.deepEqual(await stageChanges(), ['stage: assessment → analysis', 'stage: idea → assessment']);

    // By now the board has read the moves' outcome (their realtime messages come with the moves,
    // well before the events above). Someone changes the stage in the vault: the card goes stale.
    await page.getByLabel('Refreshing the board').waitFor({ state: 'hidden' });
    const current = await moduleCall(token, `/vault/processes/${id}`);
    await moduleCall(token, `/vault/processes/${id}`, {
      method: 'PATCH', body: { version: current.version, stage: 'development' },
    });
    const boardReads = () => requestsTo(seen, 'GET', '/api/m/board/board').length;
    const readsBefore = boardReads();
    await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Testing', exact: true }).click();
    await notice(page, CONFLICT, 'failure').waitFor();
    const moves = requestsTo(seen, 'POST', `/api/m/board/cards/${id}/move`);
    assert.equal(moves.length, 3);
    assert.equal((await moves[2].request.response())?.status(), 409);
    // The board reads again and shows where the card really is.
    await cardIn('Development').waitFor();
    assert.ok(boardReads() > readsBefore, 'the board was fetched again');
    assert.equal(await stageOf(), 'development');

    // The vault's overview lists the moves (and the change made through the vault).
    await page.goto(`/Process?process=${id}`);
    const overview = page.getByRole('dialog', { name });
    for (const change of ['Idea → Assessment', 'Assessment → Analysis', 'Analysis → Development']) {
      await overview.getByText(`Stage: ${change}`, { exact: true }).waitFor();
    }
    await eventuallyEqual(() => overview.getByText('Stage changed', { exact: true }).filter({ visible: true }).count(), 3,
      'three stage changes in the history');
  }));

/** Whether `locator`'s box lies wholly inside `frame`'s, sideways. */
async function withinSideways(locator, frame) {
  const [box, bounds] = await Promise.all([locator.boundingBox(), frame.boundingBox()]);
  return Boolean(box && bounds && box.x >= bounds.x - 1 && box.x + box.width <= bounds.x + bounds.width + 1);
}

const pageScrollsSideways = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Drags `handle` with the mouse and drops it at `[x, y]` (dnd-kit starts a drag after a few pixels). */
async function dragTo(page, handle, [x, y]) {
  const from = await handle.boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(x, y, { steps: 12 });
  await page.mouse.up();
}

test('Process Board: columns out of view are cued at 1440×900 and on a phone; a move is acknowledged and Undo takes it back (a retired card back retired); the filters live in the URL', (t) =>
  withPage(browser, t, async (page, seen) => {
    const { user, token } = await newCompanyUser();
    const name = unique('Invoice matching ');
    const { id } = await createProcess(token, { name, health: 'at_risk' });
    const stageOf = async () => (await moduleCall(token, `/vault/processes/${id}`)).stage;
    await signIn(page, user);

    // A filter from the URL is in force and shown; the search typed joins it there.
    await page.goto('/ProcessBoard?health=at_risk');
    const board = page.getByRole('region', { name: 'Process board' });
    const header = (column) => board.getByText(column, { exact: true });
    const cardIn = (column) => page.getByRole('list', { name: column, exact: true })
      .getByRole('button', { name: `Open ${name}`, exact: true });
    await cardIn('Idea').waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Health', exact: true }).inputValue(), 'At risk');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('Invoice');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Invoice' && url.searchParams.get('health') === 'at_risk');
    await page.getByText('1 card matches the filters', { exact: true }).waitFor();

    // 1440×900: seven columns do not fit beside the sidebar. The board scrolls inside itself,
    // and says so: how many columns are out of view, and buttons that bring them.
    assert.equal(await pageScrollsSideways(page), false, 'the page scrolls sideways at 1440 px');
    const scrollLeft = page.getByRole('button', { name: 'Scroll left', exact: true });
    const scrollRight = page.getByRole('button', { name: 'Scroll right', exact: true });
    await page.getByText(/^\d more columns? →$/).waitFor();
    assert.equal(await scrollLeft.isDisabled(), true);
    assert.equal(await withinSideways(header('Retired or Rejected'), board), false);
    await scrollRight.click();
    await eventually('the last column in view', () => withinSideways(header('Retired or Rejected'), board));
    await page.getByText(/^← \d more columns?$/).waitFor();
    assert.equal(await scrollRight.isDisabled(), true);
    await scrollLeft.click();
    await eventually('the first column in view', () => withinSideways(header('Idea'), board));

    // A drop is acknowledged, and Undo moves the card back through the same API.
    const assessment = await header('Assessment').boundingBox();
    await dragTo(page, page.getByRole('button', { name: `Move ${name}`, exact: true }),
      [assessment.x + assessment.width / 2, assessment.y + assessment.height + 40]);
    await page.getByText(`Moved ${name} to Assessment`, { exact: true }).waitFor();
    await cardIn('Assessment').waitFor();
    await eventually('the stage assessment', async () => (await stageOf()) === 'assessment');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByText(`Moved ${name} back to Idea`, { exact: true }).waitFor();
    await cardIn('Idea').waitFor();
    await eventually('the stage idea again', async () => (await stageOf()) === 'idea');
    const moves = requestsTo(seen, 'POST', `/api/m/board/cards/${id}/move`);
    assert.deepEqual(moves.map(({ request }) => request.postDataJSON().to), ['assessment', 'idea']);

    // A phone: one column fills most of the screen, the next peeks in; the page still never
    // scrolls sideways, and the same cue pages the board a column at a time.
    await page.setViewportSize({ width: 390, height: 844 });
    await eventually('the first column in view on a phone', () => withinSideways(header('Idea'), board));
    assert.equal(await pageScrollsSideways(page), false, 'the page scrolls sideways at 390 px');
    await page.getByText('6 more columns →', { exact: true }).waitFor();
    assert.equal(await withinSideways(header('Assessment'), board), false);
    await scrollRight.click();
    await eventually('the second column in view', () => withinSideways(header('Assessment'), board));
    assert.equal(await withinSideways(header('Idea'), board), false);
    await page.getByText('5 more columns →', { exact: true }).waitFor();
    await scrollLeft.click();
    await eventually('the first column back in view', () => withinSideways(header('Idea'), board));

    // The card menu's move, acknowledged on screen at the foot of the phone, and undone.
    await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Testing', exact: true }).click();
    const acknowledged = page.getByText(`Moved ${name} to Testing`, { exact: true });
    await acknowledged.waitFor();
    const box = await acknowledged.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844, JSON.stringify(box));
    await eventually('the stage testing', async () => (await stageOf()) === 'testing');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByText(`Moved ${name} back to Idea`, { exact: true }).waitFor();
    await eventually('the stage idea after the undo', async () => (await stageOf()) === 'idea');
    await cardIn('Idea').waitFor();

    // A retired process reopened and undone goes back retired, not rejected as a plain move
    // to the closed column would make it.
    const archive = unique('Invoice archive ');
    const { id: archiveId } = await createProcess(token, { name: archive, health: 'at_risk', stage: 'retired' });
    await page.reload();
    await page.getByRole('button', { name: `Actions for ${archive}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Idea', exact: true }).click();
    await page.getByText(`Moved ${archive} to Idea`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByText(`Moved ${archive} back to Retired or Rejected`, { exact: true }).waitFor();
    await eventually('retired again after the undo', async () =>
      (await moduleCall(token, `/vault/processes/${archiveId}`)).stage === 'retired');
  }, { viewport: { width: 1440, height: 900 } }));

test('Process Vault: Export CSV downloads the header and the process row', (t) =>
  withPage(browser, t, async (page) => {
    const { user, token } = await newCompanyUser();
    const name = unique('Month-end close, EU ');
    await createProcess(token, {
      name, department: 'Finance', stage: 'analysis', health: 'delayed', monthly_volume: 40, handling_minutes: 90,
      hourly_cost: 30, applications: ['SAP', 'Excel'],
    });
    await signIn(page, user);
    await page.goto('/Process');
    await page.getByRole('button', { name, exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), titleButton(page, 'Export CSV').click()]);
    assert.match(download.suggestedFilename(), /^processes-\d{4}-\d{2}-\d{2}\.csv$/);
    await notice(page, '1 process exported', 'success').waitFor();
    const text = await readFile(await download.path(), 'utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    assert.equal(lines[0], [
      'name', 'description', 'department', 'owner_email', 'stage', 'health', 'monthly_volume', 'handling_minutes',
      'hourly_cost (INR)', 'exception_rate', 'automation_pct', 'complexity', 'applications', 'bots', 'ftes', 'potential',
      'ease', 'benefit_hours', 'benefit_money (INR)', 'benefit_fte', 'created', 'updated',
    ].join(','));
    assert.equal(lines.length, 3, 'the header, one row and the final line end');
    assert.equal(lines[2], '');
    // benefit: 40 × 12 × 90 / 60 = 720 hours, × 30 = 21,600; 720 / 1800 = 0.4 FTE; ease 100 − 10 − 15 − 8 − 8 = 59.
    const cells = lines[1].split(',');
    const row = `"${name}",,Finance,,Analysis,Delayed,40,90,30,0,0,medium,SAP; Excel,,0,,59,720,21600,0.4,`;
    assert.ok(lines[1].startsWith(row), lines[1]);
    assert.match(cells.at(-1), /^\d{2}\/\d{2}\/\d{4}$/);
  }));
