// Database Integration (issue 19) end to end: a company admin of an enterprise company
// connects the UiPath-shaped database the test makes in this machine's MariaDB, tests the
// connection, maps it with the UiPath preset, previews it, syncs it while the progress bar
// follows, and sees the imported runs in Operational Insight.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';

import { ROOT } from './support/env.mjs';
import { api, choose, createUser, env, eventuallyEqual, notice, signIn, unique, useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();
const run = promisify(execFile);

/** Jobs in the source: enough pages of 5,000 for the bar to be seen moving. */
const JOBS = 30_000;

/** Runs SQL on this machine's MariaDB (root, no password) with its own client; resolves the output. */
async function mariadb(sql, database) {
  const args = ['-h', '127.0.0.1', '-P', '3306', '-u', 'root', '--batch', '--skip-column-names', '-e', sql];
  const { stdout } = await run('mariadb', database ? [...args, database] : args, { timeout: 60_000 });
  return stdout.trim();
}

/**
 * A database shaped as UiPath Orchestrator's (the plugin's tests' fixture) with a day of
 * jobs up to now: mostly successful, some faulted, some pending (left out by the preset)
 * and some in a state the preset does not know (rejected); and queue items.
 */
async function uipathSource() {
  const database = unique('autoscope_browser_uipath_').replace(/[^a-z0-9_]/gi, '_');
  await mariadb(`CREATE DATABASE ${database}`);
  const tables = readFileSync(join(ROOT, 'plugins/db_integration/tests/fixtures/uipath.sql'), 'utf8');
  await mariadb(tables, database);
  await mariadb(`
    INSERT INTO Releases VALUES (1, 'Invoice Intake'), (2, 'Vendor Onboarding'), (3, 'Payroll Check');
    INSERT INTO Robots VALUES (1, 'ROBOT-A'), (2, 'ROBOT-B'), (3, 'ROBOT-C'), (4, 'ROBOT-D');
    INSERT INTO QueueDefinitions VALUES (1, 'Invoices');
    INSERT INTO Jobs (Id, ReleaseId, RobotId, State, StartTime, EndTime, CreationTime, Info)
      SELECT seq, 1 + seq % 3, 1 + seq % 4,
        CASE WHEN seq % 1000 = 0 THEN 9 WHEN seq % 97 = 0 THEN 0 WHEN seq % 25 = 0 THEN 4 ELSE 5 END,
        UTC_TIMESTAMP() - INTERVAL (2 * seq + 60) SECOND,
        UTC_TIMESTAMP() - INTERVAL (2 * seq) SECOND,
        UTC_TIMESTAMP() - INTERVAL (2 * seq + 61) SECOND,
        IF(seq % 50 = 0, 'BusinessRuleException: the invoice has no PO number', NULL)
      FROM seq_1_to_${JOBS};
    INSERT INTO QueueItems (Id, QueueDefinitionId, RobotId, Status, Reference, CreationTime, StartProcessing, EndProcessing)
      SELECT seq, 1, 1 + seq % 4, 3, CONCAT('INV-', seq), UTC_TIMESTAMP() - INTERVAL (seq * 60) SECOND,
        UTC_TIMESTAMP() - INTERVAL (seq * 60 - 5) SECOND, UTC_TIMESTAMP() - INTERVAL (seq * 60 - 30) SECOND
      FROM seq_1_to_200;`, database);
  return database;
}

let source;
after(async () => {
  if (source) await mariadb(`DROP DATABASE IF EXISTS ${source}`);
});

test('an admin connects a UiPath database, previews the preset, syncs with a progress bar and sees the runs', (t) =>
  withPage(browser, t, async (page) => {
    source = await uipathSource();
    const runs = Number(await mariadb('SELECT COUNT(*) FROM Jobs WHERE State NOT IN (0, 9)', source));
    const rejected = Number(await mariadb('SELECT COUNT(*) FROM Jobs WHERE State = 9', source));
    // Database Integration is premium: the platform administrator upgrades the company.
    const user = await createUser();
    const admin = await api('/users/signin', { method: 'POST', body: env.admin });
    const me = await api('/users/signin', { method: 'POST', body: { email: user.email, password: user.password } });
    const upgraded = await api(`/admin/companies/${me.body.userdata.company_id}/edition`, {
      method: 'POST', token: admin.body.token, body: { edition: 'enterprise' },
    });
    assert.equal(upgraded.status, 200, JSON.stringify(upgraded.body));

    await signIn(page, user);
    await page.getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Database Integration', exact: true }).click();
    await page.getByText('No database connected yet').waitFor();

    // The connection, tried before it is saved: first with a wrong database.
    await page.getByRole('button', { name: 'Add a connection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a connection' });
    await dialog.getByLabel('Name').fill('UiPath Orchestrator');
    await choose(page, 'Engine', 'MySQL / MariaDB', { within: dialog });
    assert.equal(await dialog.getByLabel('Port').inputValue(), '3306', 'the port follows the engine');
    await dialog.getByLabel('Host').fill('127.0.0.1');
    await dialog.getByLabel('Database').fill(`${source}_missing`);
    await dialog.getByLabel('User').fill('root');
    await choose(page, 'TLS', 'Off', { within: dialog });
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await dialog.getByRole('alert').filter({ hasText: `${source}_missing` }).waitFor();
    await dialog.getByLabel('Database').fill(source);
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await dialog.getByText(/^Connected: .*MariaDB/).waitFor();
    await dialog.getByRole('button', { name: 'Add connection' }).click();
    await notice(page, 'Connection added', 'success').waitFor();
    await page.getByRole('navigation', { name: 'Connections' }).getByText('UiPath Orchestrator').waitFor();

    // The UiPath preset finds the vendor's tables; the preview maps the first jobs.
    await choose(page, 'Preset', 'UiPath Orchestrator');
    await page.getByRole('button', { name: 'Use preset' }).click();
    const jobs = page.getByRole('region', { name: 'Table Jobs' });
    await jobs.waitFor();
    await page.getByRole('region', { name: 'Table QueueItems' }).waitFor();
    await jobs.getByRole('table', { name: 'Statuses of Jobs' }).getByRole('textbox', { name: 'Source value 5' }).waitFor();
    await jobs.getByRole('button', { name: 'Preview Jobs' }).click();
    const preview = jobs.getByRole('region', { name: 'Preview of Jobs' });
    await preview.getByText(/Preview of the first 20 rows: \d+ imported/).waitFor();
    await preview.getByRole('cell', { name: 'Invoice Intake' }).first().waitFor();
    await page.getByRole('button', { name: 'Save mapping' }).click();
    await notice(page, 'Mapping saved', 'success').waitFor();

    // The sync: its bar and counts while it runs, then its report in the history.
    await page.getByRole('tab', { name: 'Syncs' }).click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    const running = page.getByRole('region', { name: 'Running sync' });
    await running.getByRole('progressbar', { name: 'Sync progress' }).waitFor();
    // A quiet machine syncs these rows within a second, before a count reaches the page; the
    // counts while it runs are the page's unit test's ("Table 1 of 2: … rows read").
    await running.waitFor({ state: 'detached', timeout: 120_000 });
    const history = page.getByRole('table', { name: 'Syncs' });
    const row = history.getByRole('row').nth(1);
    await row.getByText('Done', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Report' }).click();
    const report = page.getByRole('region', { name: 'Sync report' });
    await report.getByText(`${(JOBS + 200).toLocaleString('en-US')} rows read`, { exact: false }).waitFor();
    const rejections = report.getByRole('table', { name: 'Rejected rows' });
    await rejections.getByRole('cell', { name: 'The status 9 is not in the status table' }).first().waitFor();
    assert.equal(await rejections.getByRole('row').count() - 1, Math.min(rejected, 20), 'the first rejected rows');

    // The runs are the portal's now: Operational Insight counts them.
    await page.goto('/RPAInsight');
    await eventuallyEqual(async () => Number((await page.getByTestId('kpi-runs-value').innerText()).replace(/[^\d]/g, '')),
      runs, 'the runs Operational Insight shows');
  }));
