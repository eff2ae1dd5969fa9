// The real peers of a browser-test run: maildev (SMTP + HTTP API), the OpenID Connect
// mock (tests/oidc-provider.mjs) and the host binary on a temporary SQLite data dir,
// serving the built shell and the module packages (product and test).

import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { fetchWithin, freePort, start, waitFor } from './processes.mjs';

export const ROOT = resolve(import.meta.dirname, '../../..');
const TESTS = join(ROOT, 'tests');

// Debian's chromium headless, without sandbox, GPU or QUIC, and without its own background
// traffic (first-run, networking, component updates, sync); playwright adds its automation switches.
export const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** The one social provider configured against the mock; the others show disabled. */
export const SOCIAL_PROVIDER = 'linkedin';
export const ADMIN = { email: 'admin@browser.test', password: 'Adm1n-Browser#Run' };
/** The demo company's first user (its administrator), as `autoscope-demo` creates it. */
export const DEMO = { email: 'demo@autoscope.test', password: 'Demo#Browser-Run-2026' };

export function targetDir() {
  return process.env.CARGO_TARGET_DIR || join(homedir(), '.cache/autoscope/target');
}

export function hostBinary() {
  return process.env.AUTOSCOPE_BIN || join(targetDir(), 'debug/autoscope');
}

/** The demo data's binary (the `autoscope-demo` crate), built next to the host's. */
export function demoBinary() {
  return process.env.AUTOSCOPE_DEMO_BIN || join(targetDir(), 'debug/autoscope-demo');
}

/** Refuses to start when something the Makefile should have built is missing. */
export function checkPrerequisites({ webDir, packagesDir }) {
  const missing = [];
  if (!existsSync(hostBinary())) missing.push(`${hostBinary()} (cargo build -p autoscope)`);
  if (!existsSync(demoBinary())) missing.push(`${demoBinary()} (cargo build -p autoscope-demo)`);
  if (!existsSync(join(webDir, 'index.html'))) missing.push(`${webDir}/index.html (cd shell-web && npm run build)`);
  if (!existsSync(join(TESTS, 'node_modules/playwright-core'))) missing.push('tests/node_modules (cd tests && npm ci)');
  if (!existsSync('/usr/bin/chromium')) missing.push('/usr/bin/chromium (apt-get install -y chromium)');
  if (!existsSync(packagesDir) || !readdirSync(packagesDir).some((f) => f.endsWith('.tar.gz'))) {
    missing.push(`${packagesDir}/*.tar.gz (node tests/modules/build-test-packages.mjs <that dir>)`);
  }
  if (missing.length) throw new Error(`missing:\n  ${missing.join('\n  ')}`);
}

export async function startMaildev(workDir) {
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  const bin = join(TESTS, 'node_modules/maildev/bin/maildev');
  const entry = start('maildev', process.execPath,
    [bin, '--ip', '127.0.0.1', '--smtp', String(smtpPort), '--web', String(webPort), '--silent'],
    { logFile: join(workDir, 'maildev.log') });
  const url = `http://127.0.0.1:${webPort}`;
  await waitFor('maildev', async () => (await fetchWithin(`${url}/email`, {}, 2000)).ok, { entry });
  return { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, url };
}

/** The mock prints `{"issuer": ...}` as its first line and exits when its stdin closes. */
export async function startOidc(workDir) {
  const entry = start('oidc-provider', process.execPath, [join(TESTS, 'oidc-provider.mjs')],
    { logFile: join(workDir, 'oidc.log'), stdin: 'pipe' });
  let output = '';
  entry.child.stdout.on('data', (chunk) => { output += chunk; });
  const issuer = await waitFor('the OpenID Connect mock to print its issuer', async () => {
    const line = output.split('\n').find((l) => l.startsWith('{'));
    return line && JSON.parse(line).issuer;
  }, { entry });
  return { issuer };
}

const run = promisify(execFile);

/** Starts the host: creates the administrator first (same data dir), then serves. */
export async function startHost({ workDir, webDir, maildev, oidc }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = join(workDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const provider = SOCIAL_PROVIDER.toUpperCase();
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    RUST_BACKTRACE: '0',
    AUTOSCOPE_SECRET: 'browser-tests-secret-browser-tests-0001',
    AUTOSCOPE_DATA_DIR: dataDir,
    AUTOSCOPE_ADDR: `127.0.0.1:${port}`,
    AUTOSCOPE_PUBLIC_URL: base,
    AUTOSCOPE_WEB_DIR: webDir,
    AUTOSCOPE_LOG: process.env.AUTOSCOPE_TEST_LOG || 'warn',
    AUTOSCOPE_ALLOW_UNSIGNED_MODULES: 'true',
    // Every test signs up and in from 127.0.0.1: the suite is many people behind one address.
    AUTOSCOPE_PEOPLE_PER_ADDRESS: '20',
    // Kept between runs: plugins compile once, later runs load them in milliseconds.
    AUTOSCOPE_COMPILE_CACHE_DIR: join(targetDir(), 'browser-test-compile-cache'),
    SMTP_URL: maildev.smtpUrl,
    AUTOSCOPE_MAIL_FROM: 'Autoscope <no-reply@browser.test>',
    [`AUTOSCOPE_${provider}_ISSUER`]: oidc.issuer,
    [`AUTOSCOPE_${provider}_CLIENT_ID`]: `autoscope-${SOCIAL_PROVIDER}`,
    [`AUTOSCOPE_${provider}_CLIENT_SECRET`]: `secret-of-${SOCIAL_PROVIDER}`,
  };
  await run(hostBinary(), ['user', 'create-admin', '--email', ADMIN.email, '--password', ADMIN.password],
    { env, timeout: 60000 });
  const entry = start('host', hostBinary(), ['serve'], { env, logFile: join(workDir, 'host.log') });
  await waitFor('the host to answer', async () => (await fetchWithin(`${base}/api/users/socialProviders`, {}, 2000)).ok,
    { entry, timeoutMs: 60000 });
  return { base, logFile: entry.logFile, env };
}

/** `autoscope-demo` on the host's database (the host's environment), once the modules are
 * installed: the demo company with its processes, bots, 90 days of runs and queue items,
 * and tickets. */
export async function seedDemo(host) {
  await run(demoBinary(), [], { env: { ...host.env, AUTOSCOPE_DEMO_PASSWORD: DEMO.password }, timeout: 120000 });
}

/** Signs the administrator in and installs every package archive of `packagesDir`. */
export async function installModules(base, packagesDir) {
  const signin = await fetchWithin(`${base}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!signin.ok) throw new Error(`admin sign-in: ${signin.status} ${await signin.text()}`);
  const { token } = await signin.json();
  const installed = [];
  for (const file of readdirSync(packagesDir).filter((f) => f.endsWith('.tar.gz')).sort()) {
    const answer = await fetchWithin(`${base}/api/admin/modules?grants=declared`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
      body: readFileSync(join(packagesDir, file)),
    }, 60000);
    const body = await answer.json().catch(() => ({}));
    if (!answer.ok) throw new Error(`installing ${file}: ${answer.status} ${body.message}`);
    installed.push({ key: body.key, version: body.version, rightsKey: body.rightsKey });
  }
  return installed;
}
