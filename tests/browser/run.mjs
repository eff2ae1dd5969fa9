// Browser tests of the web shell against the real host, in Debian's chromium.
//
//   node tests/browser/run.mjs [word ...]    runs the *.test.mjs files whose name has a word
//
// Starts maildev, the OpenID Connect mock and the host (temporary SQLite data dir, the
// built shell-web/dist, the product and test module packages installed through the admin
// API), runs the test files one after another with node:test, and stops everything it started,
// whatever happens. It installs nothing: the Makefile builds what it needs first.

import { mkdirSync, mkdtempSync, readdirSync, rmSync, copyFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

import { ADMIN, DEMO, ROOT, SOCIAL_PROVIDER, checkPrerequisites, installModules, seedDemo, startHost, startMaildev, startOidc, targetDir }
  from './support/env.mjs';
import { killAllNow, stopAll } from './support/processes.mjs';

// The whole run, start-up included, may not take longer than this.
const RUN_LIMIT_MS = 14 * 60 * 1000;
const FILE_LIMIT_MS = 3 * 60 * 1000;

const here = import.meta.dirname;
const webDir = process.env.AUTOSCOPE_WEB_DIR || join(ROOT, 'shell-web/dist');
const packagesDir = process.env.AUTOSCOPE_TEST_PACKAGES || join(targetDir(), 'browser-test-packages');
const artifactsDir = join(tmpdir(), 'autoscope-browser-artifacts');
const words = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.test.mjs') && (words.length === 0 || words.some((w) => f.includes(w))))
  .sort()
  .map((f) => join(here, f));

const workDir = mkdtempSync(join(tmpdir(), 'autoscope-browser-'));
let cleaning = null;

/** Stops the peers and removes the work dir, once; every caller waits for the same end. */
function cleanUp() {
  cleaning ??= stopPeers();
  return cleaning;
}

async function stopPeers() {
  await stopAll();
  // Keep the peers' logs of a failed run next to its screenshots.
  if (process.exitCode) {
    for (const log of ['host.log', 'maildev.log', 'oidc.log']) {
      if (existsSync(join(workDir, log))) copyFileSync(join(workDir, log), join(artifactsDir, log));
    }
    console.error(`logs and screenshots of the failures: ${artifactsDir}`);
  }
  rmSync(workDir, { recursive: true, force: true });
}

// Aborting the run sends SIGTERM to the test files' processes; each closes its chromium.
const testRun = new AbortController();
let finished = Promise.resolve();

function stopEarly(code) {
  process.exitCode = code;
  testRun.abort();
  const settled = new Promise((resolve) => setTimeout(resolve, 5000));
  Promise.race([finished, settled]).then(cleanUp).finally(() => process.exit(code));
}

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopEarly(130));
process.once('exit', killAllNow);
const watchdog = setTimeout(() => {
  console.error(`the browser tests took longer than ${RUN_LIMIT_MS / 1000} s: stopping`);
  stopEarly(1);
}, RUN_LIMIT_MS);

try {
  if (files.length === 0) throw new Error(`no test file matches ${words.join(' ')}`);
  rmSync(artifactsDir, { recursive: true, force: true });
  mkdirSync(artifactsDir, { recursive: true });
  checkPrerequisites({ webDir, packagesDir });
  const started = Date.now();
  const [maildev, oidc] = await Promise.all([startMaildev(workDir), startOidc(workDir)]);
  const host = await startHost({ workDir, webDir, maildev, oidc });
  const modules = await installModules(host.base, packagesDir);
  await seedDemo(host);
  console.log(`peers ready in ${Date.now() - started} ms: host ${host.base}, modules ${modules.map((m) => m.key).join(', ')}`);

  // The test files run in child processes and read their peers from here.
  process.env.AUTOSCOPE_BROWSER = JSON.stringify({
    base: host.base, maildev: maildev.url, issuer: oidc.issuer, socialProvider: SOCIAL_PROVIDER, admin: ADMIN, demo: DEMO, modules,
    artifactsDir,
  });
  const stream = run({ files, concurrency: 1, timeout: FILE_LIMIT_MS, signal: testRun.signal });
  stream.on('test:fail', () => { process.exitCode = 1; });
  const report = stream.compose(spec);
  report.pipe(process.stdout);
  finished = new Promise((resolve, reject) => {
    report.once('end', resolve);
    report.once('error', reject);
  });
  await finished;
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}
