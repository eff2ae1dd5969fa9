// Operational Insight's Export CSV past its limit (issue 20): an export takes the newest
// 100,000 runs of the range and filters, and a warning in the snackbar says what it left out.
// A company of its own gets 100,001 runs through the ingestion API (ten batches of 10,000,
// the most a request takes, and one more run) before the tests; at 1440×900 and on a
// 390×844 phone the page counts them all, and the export saves the newest 100,000 and warns.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, test } from 'node:test';

import {
  SIZES, api, createUser, env, eventuallyEqual, notice, press, signIn, tokenOf, useBrowser, withPage,
} from './support/harness.mjs';

const browser = useBrowser();

/** The runs an export takes at most (`MAX_EXPORT` of modules-web/rpa_insight), and one more. */
const RUNS = 100_001;
/** The most records an ingestion request takes. */
const BATCH = 10_000;
/** What the warning says after the count (`EXPORT_LEFT_OUT` of modules-web/rpa_insight). */
const LEFT_OUT = 'the older runs of the range were left out: narrow the range or filters to export them';
/** The newest run and the oldest, which the export leaves out. */
const NEWEST = 'export-run-0';
const OLDEST = `export-run-${RUNS - 1}`;

let owner;

before(async () => {
  owner = await createUser({ firstname: 'Eli', lastname: 'Park' });
  const key = await api('/ingest/keys', { method: 'POST', token: await tokenOf(owner), body: { name: 'orchestrator' } });
  assert.equal(key.status, 200, JSON.stringify(key.body));
  // One run a second back from two minutes ago: all within the page's default range, the
  // last 30 days.
  const now = Math.floor(Date.now() / 1000) - 120;
  const run = (i) => JSON.stringify({
    external_id: `export-run-${i}`, bot: 'EXP-UB-01', process: 'Invoice Processing', started_at: now - i,
    ended_at: now - i + 1, status: 'successful', items: 1,
  });
  for (let first = 0; first < RUNS; first += BATCH) {
    const count = Math.min(BATCH, RUNS - first);
    const body = Array.from({ length: count }, (_, i) => run(first + i)).join('\n');
    const sent = await fetch(`${env.base}/api/ingest/bots/runs`, {
      method: 'POST', headers: { authorization: `Bearer ${key.body.key}`, 'content-type': 'application/x-ndjson' }, body,
      signal: AbortSignal.timeout(60_000),
    });
    const answer = await sent.json();
    assert.deepEqual([sent.status, answer.stored, answer.errors], [200, count, []], `the batch from ${first}`);
  }
});

for (const [size, options] of SIZES) {
  test(`at ${size}, Export CSV past 100,000 runs saves the newest 100,000 and warns of the older ones left out`, (t) =>
    withPage(browser, t, async (page) => {
      await signIn(page, owner);
      await page.goto('/RPAInsight');
      await eventuallyEqual(() => page.getByTestId('kpi-runs-value').innerText(), '100,001', 'the runs counted');

      const exportButton = page.getByRole('region', { name: 'Page title' }).getByRole('button', { name: 'Export CSV' });
      const downloaded = page.waitForEvent('download', { timeout: 45_000 });
      await press(exportButton, options);
      // 200 pages of 500 runs are read first.
      const download = await downloaded;
      const warning = notice(page, `100,000 runs exported; ${LEFT_OUT}`, 'warning');
      await warning.waitFor();
      assert.match(download.suggestedFilename(), /^runs-\d{4}-\d{2}-\d{2}\.csv$/);

      const lines = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
      assert.equal(lines.length, 1 + 100_000 + 1, 'the header, 100,000 runs and the final line end');
      assert.ok(lines[1].endsWith(`,${NEWEST}`), `the newest run comes first: ${lines[1]}`);
      assert.ok(!lines.some((line) => line.endsWith(`,${OLDEST}`)), 'the oldest run is left out');
    }, options));
}
