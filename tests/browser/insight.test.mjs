// Bot Profile, Operational Insight and Business Insight (issue 7) on the demo company that
// `autoscope-demo` filled before the run (run.mjs): 90 days of runs and queue items
// sent through the ingestion API's code, bots and processes created through the modules'
// own routes. Each screen renders those figures, a filter changes them as the API says,
// and a formula opens with its inputs. Business Insight shows the days with runs by
// default, names the days of run data its estimates count, shows no ROI for a month
// without runs and says from when to when there is run data (issue 20).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { api, choose, env, eventually, eventuallyEqual, signIn, useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();

/** The demo user's API token. */
async function demoToken() {
  const signedIn = await api('/users/signin', { method: 'POST', body: env.demo });
  assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
  return signedIn.body.token;
}

/** A module call as the demo user that must answer 200; resolves the body. */
async function moduleGet(token, path) {
  const answer = await api(`/m${path}`, { token });
  assert.equal(answer.status, 200, `GET ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The number a figure shows, rounded to a whole ("38,297" → 38297, "$840.50" → 841: money under 1,000 has cents). */
async function shownCount(locator) {
  const text = await locator.innerText();
  return Math.round(Number(text.replace(/[^\d.]/g, '')));
}

/** `path` asked with the query of `url` and `extra` (e.g. a filter) set. */
function withQuery(path, url, extra = {}) {
  const query = new URLSearchParams(url.search);
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  return `${path}?${query}`;
}

/** The request the page sent to `path` last, as a URL. */
function lastRequest(seen, path) {
  const hits = seen.requests.filter((request) => new URL(request.url).pathname === `/api${path}`);
  assert.ok(hits.length > 0, `the page called ${path}`);
  return new URL(hits.at(-1).url);
}

test('Operational Insight shows the demo runs, a bot filter narrows them as the API does, and a run opens', (t) =>
  withPage(browser, t, async (page, seen) => {
    const token = await demoToken();
    await signIn(page, env.demo);
    await page.goto('/RPAInsight');
    const runs = page.getByTestId('kpi-runs-value');
    await runs.waitFor();
    const overviewUrl = lastRequest(seen, '/m/rpa_insight/overview');
    const all = await moduleGet(token, `/rpa_insight/overview${overviewUrl.search}`);
    assert.ok(all.kpis.runs > 1000, `the demo has runs in the last 30 days: ${all.kpis.runs}`);
    await eventuallyEqual(() => shownCount(runs), all.kpis.runs, 'the runs shown');
    assert.ok(all.kpis.failed > 0 && all.reasons.top.length > 0, 'the demo has failures with reasons');
    await page.getByTestId('reasons-table').getByText(all.reasons.top[0].reason, { exact: true })
      .filter({ visible: true }).first().waitFor();

    const { bots } = await moduleGet(token, '/rpa_insight/filters');
    const bot = bots.find((name) => name.startsWith('FIN')) ?? bots[0];
    await choose(page, 'Bot', bot);
    const one = await moduleGet(token, `/rpa_insight/overview${overviewUrl.search}&bot=${encodeURIComponent(bot)}`);
    assert.ok(one.kpis.runs > 0 && one.kpis.runs < all.kpis.runs, `${bot}: ${one.kpis.runs} of ${all.kpis.runs}`);
    await eventuallyEqual(() => shownCount(runs), one.kpis.runs, `the runs shown for ${bot}`);
    assert.equal(new URL(page.url()).searchParams.get('bot'), bot, 'the filter is in the URL');

    // The runs table is at the foot of the page, mounted as the person scrolls to it.
    const row = page.getByTestId('run-row').filter({ visible: true }).first();
    await page.mouse.move(700, 500);
    await eventually('the runs table, scrolled to', async () => {
      await page.mouse.wheel(0, 1000);
      return (await row.count()) > 0;
    });
    await row.click();
    const detail = page.getByTestId('run-detail');
    await detail.waitFor();
    await detail.getByText(bot, { exact: true }).filter({ visible: true }).first().waitFor();
  }));

test('Business Insight shows the demo benefits, a department filter changes them, and a figure opens its formula', (t) =>
  withPage(browser, t, async (page, seen) => {
    const token = await demoToken();
    await signIn(page, env.demo);
    await page.getByTestId('business-insight-page').waitFor();
    const cost = page.getByTestId('kpi-cost-saved-value');
    await cost.waitFor();
    const overviewUrl = lastRequest(seen, '/m/business_insight/overview');
    assert.equal(overviewUrl.searchParams.get('from'), null, 'the default range names no days');
    const all = await moduleGet(token, withQuery('/business_insight/overview', overviewUrl));
    assert.ok(all.run_data, 'the demo has run data');
    assert.deepEqual(all.data, all.range, 'every day of the default range has run data');
    assert.equal(all.range.to, all.run_data.to, 'the default range ends on the last day with runs');
    await page.getByTestId('run-data-note').filter({ hasText: `Run data from ${all.run_data.from} to ${all.run_data.to}.` }).waitFor();
    const realised = all.totals.cost_saved.realised.value;
    assert.ok(realised > 0, `the demo runs saved money: ${realised}`);
    await eventuallyEqual(() => shownCount(cost), Math.round(realised), 'the card shows the API figure');
    assert.equal(all.currency.symbol, '$');
    assert.match(await cost.innerText(), /^\$/);

    const department = all.by_department.find((row) => row.department === 'Finance & Accounting')?.department
      ?? all.by_department[0].department;
    await choose(page, 'Department', department);
    const one = await moduleGet(token, withQuery('/business_insight/overview', overviewUrl, { department }));
    const narrowed = one.totals.cost_saved.realised.value;
    assert.ok(narrowed > 0 && narrowed < realised, `${department}: ${narrowed} of ${realised}`);
    await eventuallyEqual(() => shownCount(cost), Math.round(narrowed), `the cost saved shown for ${department}`);
    assert.equal(new URL(page.url()).searchParams.get('department'), department);

    await page.getByTestId('kpi-hours-saved-formula').click();
    const drawer = page.getByRole('dialog', { name: 'Hours saved (realised)' });
    await drawer.waitFor();
    const figure = one.totals.hours_saved.realised;
    await eventuallyEqual(() => drawer.getByTestId('formula-text').innerText(), figure.formula, 'the formula');
    const inputs = drawer.getByRole('table', { name: 'Inputs' });
    for (const input of figure.inputs) await inputs.getByText(input.label, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The estimate is prorated over the days of run data, and its formula names them.
    const estimate = one.totals.hours_saved.estimated;
    assert.ok(
      estimate.formula.endsWith(`, over ${one.data.days} days of run data (${one.data.from} to ${one.data.to})`),
      estimate.formula,
    );
    await page.getByTestId('kpi-hours-saved-estimated').click();
    const estimated = page.getByRole('dialog', { name: 'Hours saved (estimated)' });
    await eventuallyEqual(() => estimated.getByTestId('formula-text').innerText(), estimate.formula, 'the formula of the estimate');
    await page.keyboard.press('Escape');
    await estimated.waitFor({ state: 'hidden' });

    // From two months before the first run: the first month has no runs, and no ROI.
    const [year, month] = all.run_data.from.split('-').map(Number);
    const before = new Date(Date.UTC(year, month - 3, 1));
    const from = before.toISOString().slice(0, 10);
    const label = `${before.toLocaleString('en', { month: 'short', timeZone: 'UTC' })} ${before.getUTCFullYear()}`;
    const longer = await moduleGet(token, `/business_insight/overview?from=${from}&to=${all.run_data.to}`);
    const empty = longer.by_month[0];
    assert.deepEqual([empty.runs, empty.data_days, empty.roi.realised.value], [0, 0, null], JSON.stringify(empty.roi));
    await page.goto(`/BusinessInsight?range=custom&from=${from}&to=${all.run_data.to}`);
    await page.getByRole('button', { name: 'Show the figures of each month' }).click();
    const monthRow = page.getByRole('table', { name: 'Benefits by month' }).getByRole('row').filter({ hasText: label });
    await monthRow.getByText('(No runs)').waitFor();
    await monthRow.getByRole('button', { name: new RegExp(`^ROI \\(realised\\), ${label}: `) }).click();
    const roi = page.getByRole('dialog', { name: 'ROI (realised)' });
    await eventuallyEqual(() => roi.getByTestId('formula-note').innerText(), empty.roi.realised.note, 'why it has no ROI');
    await page.keyboard.press('Escape');
    await roi.waitFor({ state: 'hidden' });

    // Days before the first run say from when to when there is run data, and lead to it.
    const tenDays = new Date(before.getTime() + 9 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/BusinessInsight?range=custom&from=${from}&to=${tenDays}`);
    const notice = page.getByRole('alert').filter({ hasText: 'No runs in these days' });
    await notice.getByText(`Run data from ${all.run_data.from} to ${all.run_data.to}.`, { exact: false }).waitFor();
    await notice.getByRole('button', { name: 'Show the days with runs' }).click();
    await notice.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).searchParams.get('range'), null, 'back to the default range');

    // The process table's search and sort live in the URL: a reload, here on a phone, shows
    // the same view.
    const name = [...all.by_process].sort((a, b) => b.runs - a.runs)[0].process;
    const processes = page.getByRole('region', { name: 'Processes' });
    await processes.getByRole('textbox', { name: 'Search', exact: true }).fill(name);
    await processes.getByRole('button', { name: 'ROI', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === name && url.searchParams.get('sort') === 'roi');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const table = page.getByRole('table', { name: 'Benefits by process' });
    await table.getByText(name, { exact: true }).waitFor();
    assert.equal(await processes.getByRole('textbox', { name: 'Search', exact: true }).inputValue(), name);
    assert.equal(await table.getByRole('columnheader', { name: 'ROI' }).getAttribute('aria-sort'), 'ascending');
    // The phone shows the same figures, and says which days of run data they count.
    await page.getByTestId('run-data-note').filter({ hasText: `Run data from ${all.run_data.from} to ${all.run_data.to}.` }).waitFor();
    await eventuallyEqual(() => shownCount(cost), Math.round(realised), 'the cost saved shown on a phone');
  }));

test('Bot Profile lists the demo bots with their live status, a bot calculation opens its formula, and a bot’s runs filter lives in the URL', (t) =>
  withPage(browser, t, async (page, seen) => {
    const token = await demoToken();
    await signIn(page, env.demo);
    await page.goto('/BotProfile');
    await page.getByTestId('bot-profile-page').waitFor();
    const list = await moduleGet(token, '/bots/bots?limit=100');
    assert.equal(list.items.length, 15, 'the demo data has 15 bots');
    await page.getByText(`Showing 15 of 15 bots`).waitFor();
    const status = await moduleGet(token, '/bots/status');
    assert.ok(status.counts.running > 0, `some demo runs are going on: ${JSON.stringify(status.counts)}`);
    const counts = page.getByLabel('Bots by live status');
    await counts.getByText(String(status.counts.running), { exact: true }).filter({ visible: true }).first().waitFor();

    await page.getByRole('tab', { name: 'Calculation' }).click();
    const calculation = await moduleGet(token, '/bots/calculation');
    const best = [...calculation.bots].sort((a, b) => b.savings - a.savings)[0];
    assert.ok(best.savings > 0 && best.figures.savings.inputs.length > 0, JSON.stringify(best).slice(0, 300));
    await page.getByRole('button', { name: new RegExp(`^Savings of ${best.bot}: .*Show the formula$`) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(best.figures.savings.formula, { exact: true }).waitFor();
    await dialog.getByText(best.figures.savings.inputs[0].label, { exact: true }).filter({ visible: true }).first().waitFor();

    // A company administrator has the API keys tab: a key made there sends runs until it
    // is revoked there.
    await page.getByRole('tab', { name: 'API keys' }).click();
    const keyName = `Browser orchestrator ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(keyName);
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-api-key').innerText()).trim();
    const send = () => fetch(`${env.base}/api/ingest/bots/runs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
      body: `{"external_id": "browser-${keyName}", "bot": "${best.bot}", "process": "Browser check", "started_at": "${new Date().toISOString()}", "status": "running"}\n`,
    });
    const sent = await send();
    assert.equal(sent.status, 200);
    assert.deepEqual(await sent.json(), { received: 1, stored: 1, errors: [] });
    const row = page.getByRole('row').filter({ hasText: keyName });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke key' }).click();
    await row.getByText('Revoked', { exact: true }).waitFor();
    assert.equal((await send()).status, 401, 'a revoked key sends nothing');

    // A bot's drawer keeps its Runs tab and filter in the URL: a reload, here on a phone,
    // opens the same bot's runs with the same filter; closing the drawer drops them.
    await page.getByRole('tab', { name: 'Inventory' }).click();
    await page.getByRole('button', { name: best.bot, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: best.bot });
    await drawer.getByRole('tab', { name: 'Runs' }).click();
    await choose(page, 'Status', 'Failed', { within: drawer });
    await page.waitForURL((url) => url.searchParams.get('runs') === 'failed' && url.searchParams.has('bot'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await drawer.getByRole('tab', { name: 'Runs', selected: true }).waitFor();
    await eventuallyEqual(() => drawer.getByRole('combobox', { name: 'Status', exact: true }).inputValue(), 'Failed', 'the filter');
    const botId = list.items.find((bot) => bot.name === best.bot).id;
    assert.equal(lastRequest(seen, `/m/bots/bots/${botId}/runs`).searchParams.get('status'), 'failed');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('runs') && !url.searchParams.has('bot'));
  }));
