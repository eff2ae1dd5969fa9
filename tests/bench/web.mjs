// `make bench-web`: what a person waits for, page by page, in Debian's chromium against the
// real host with the demo data and the product modules.
//
//   node tests/bench/web.mjs [word ...]   module pages whose route has a word (all without)
//
// For the login page, the first signed-in screen and each module page the demo user opens
// from the sidebar, it prints: the bytes on the wire with an empty browser cache ("cold")
// and on a reload with a filled one ("warm"), the time spent in long tasks (main-thread
// work of 50 ms or more) from the click until the page has settled, the DOM nodes then, and
// the time from the click (or the navigation) to the last change of the main content.
// A page has settled when no request has been under way for a second. The first signed-in
// screen is measured without the idle prefetch of the other pages (as on a connection that
// asks to save data), which is printed on its own line. Then one person, signed in once,
// opens each module page from the sidebar after that prefetch ("cold": the first visit in
// the session) and reloads it ("warm": a filled browser cache).
//
// The runner installs and builds nothing (the Makefile does): the host binary and the demo
// binary (AUTOSCOPE_BIN, AUTOSCOPE_DEMO_BIN), the shell's build (AUTOSCOPE_WEB_DIR) and the
// product packages (AUTOSCOPE_BENCH_PACKAGES, `$CARGO_TARGET_DIR/packages`).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

import {
  CHROMIUM_FLAGS, DEMO, ROOT, checkPrerequisites, installModules, seedDemo, startHost, startMaildev, startOidc, targetDir,
} from '../browser/support/env.mjs';
import { killAllNow, stopAll } from '../browser/support/processes.mjs';

const RUN_LIMIT_MS = 15 * 60 * 1000;
/** No request for this long: the page has settled. */
const QUIET_MS = 1000;
/** Longer than the shell waits before it prefetches the other pages (federation.ts). */
const PREFETCHED_QUIET_MS = 4000;
const SETTLE_LIMIT_MS = 60000;
const VIEWPORT = { width: 1440, height: 900 };
/** Where sign-in lands. */
const LANDING = '/BusinessInsight';
/** The realtime event stream (sdk/web's sse.ts), open for as long as the page. */
const REALTIME_PATH = '/api/realtime';

const words = process.argv.slice(2);
const webDir = process.env.AUTOSCOPE_WEB_DIR || join(ROOT, 'shell-web/dist');
const packagesDir = process.env.AUTOSCOPE_BENCH_PACKAGES || join(targetDir(), 'packages');

// In the page from its first script: long tasks, the last change under <main>, the last click.
function instrument() {
  const bench = { longTasks: [], lastMainChange: 0, clickAt: 0 };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((mutations) => {
    const inMain = mutations.some((m) => {
      const element = m.target.nodeType === Node.ELEMENT_NODE ? m.target : m.target.parentElement;
      return element?.closest('main');
    });
    if (inMain) bench.lastMainChange = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
  document.addEventListener('click', () => { bench.clickAt = performance.now(); }, true);
}

/** Counts the page's bytes on the wire (CDP's encoded lengths: headers and compressed bodies). */
async function meter(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const meterState = { bytes: 0, requests: 0, inflight: new Map(), lastActivity: Date.now() };
  const touch = () => { meterState.lastActivity = Date.now(); };
  cdp.on('Network.requestWillBeSent', (event) => {
    // The realtime stream stays open for the page's life: it never settles.
    if (new URL(event.request.url).pathname !== REALTIME_PATH) meterState.inflight.set(event.requestId, event.request.url);
    touch();
  });
  cdp.on('Network.loadingFinished', (event) => {
    meterState.bytes += event.encodedDataLength;
    meterState.requests += 1;
    meterState.inflight.delete(event.requestId);
    touch();
  });
  cdp.on('Network.loadingFailed', (event) => {
    meterState.inflight.delete(event.requestId);
    touch();
  });
  return {
    /** Starts counting afresh; the page settles no sooner than a quiet period from now. */
    reset() {
      meterState.bytes = 0;
      meterState.requests = 0;
      touch();
    },
    read: () => ({ bytes: meterState.bytes, requests: meterState.requests }),
    async settled(quietMs = QUIET_MS) {
      const deadline = Date.now() + SETTLE_LIMIT_MS;
      while (meterState.inflight.size > 0 || Date.now() - meterState.lastActivity < quietMs) {
        if (Date.now() > deadline) {
          const pending = [...meterState.inflight.values()].join(', ');
          throw new Error(`${page.url()} did not settle in ${SETTLE_LIMIT_MS / 1000} s; under way: ${pending}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/** What the page shows and did since `from` (ms on the page's clock). */
function pageFigures(page, from) {
  return page.evaluate((since) => {
    const bench = window.__bench;
    const start = since === 'click' ? bench.clickAt : 0;
    const longTaskMs = bench.longTasks.filter(([at]) => at >= start).reduce((sum, [, ms]) => sum + ms, 0);
    return {
      longTaskMs: Math.round(longTaskMs),
      domNodes: document.getElementsByTagName('*').length,
      toContentMs: Math.round(Math.max(0, bench.lastMainChange - start)),
    };
  }, from);
}

let browser;
let base;

/** A page in a fresh context (empty cache and storage); `saveData` turns the prefetch off. */
async function newPage({ saveData = false } = {}) {
  const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT, locale: 'en-US' });
  context.setDefaultTimeout(20000);
  await context.addInitScript(instrument);
  if (saveData) {
    await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  }
  const page = await context.newPage();
  return { context, page, meter: await meter(page) };
}

/** Opens the login page with an empty cache; answers its figures and the page, signed out. */
async function loginPage() {
  const opened = await newPage({ saveData: true });
  await opened.page.goto('/');
  await opened.page.getByRole('button', { name: 'Login', exact: true }).waitFor();
  await opened.meter.settled();
  const cold = { ...opened.meter.read(), ...(await pageFigures(opened.page, 'navigation')) };
  opened.meter.reset();
  await opened.page.reload();
  await opened.page.getByRole('button', { name: 'Login', exact: true }).waitFor();
  await opened.meter.settled();
  return { cold, warm: opened.meter.read(), opened };
}

/** Signs the demo user in from the login page; answers the landing page's figures. */
async function signIn({ page, meter: pageMeter }, quietMs = QUIET_MS) {
  await page.getByLabel('Username').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  pageMeter.reset();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`**${LANDING}`);
  await pageMeter.settled(quietMs);
  return { ...pageMeter.read(), ...(await pageFigures(page, 'click')) };
}

/** Clicks the sidebar entry of `entry` (opening its group first) and measures until settled. */
async function openFromMenu({ page, meter: pageMeter }, entry) {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // By its address: an entry's name may carry a count (Chat's unread messages).
  const link = menu.locator(`a[href="${entry.route}"]`);
  if (!(await link.isVisible()) && entry.group) {
    // A group's header is a button, or a link that opens it (Dashboards: /DashboardDefault).
    const header = menu.getByRole('button', { name: entry.group, exact: true })
      .or(menu.getByRole('link', { name: entry.group, exact: true }));
    await header.click();
    await link.waitFor();
    await pageMeter.settled(PREFETCHED_QUIET_MS);
  }
  pageMeter.reset();
  await link.click();
  await page.waitForURL(`**${entry.route}`);
  await pageMeter.settled();
  const cold = { ...pageMeter.read(), ...(await pageFigures(page, 'click')) };
  pageMeter.reset();
  await page.reload();
  await pageMeter.settled();
  return { cold, warm: pageMeter.read() };
}

/** The sidebar entries of the demo user's open module pages (from `GET /api/modules`). */
async function moduleEntries() {
  const signin = await fetch(`${base}/api/users/signin`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO),
  });
  const { token } = await signin.json();
  const answer = await (await fetch(`${base}/api/modules`, { headers: { authorization: `Bearer ${token}` } })).json();
  return answer.data
    .filter((module) => module.rights.view && !module.rights.disabled)
    .flatMap((module) => module.pages.map((page) => ({ label: page.label, route: page.route, group: page.group })));
}

const kb = (bytes) => (bytes / 1024).toFixed(0);

function row(name, cold, warm) {
  const cells = [
    name.padEnd(28), kb(cold.bytes).padStart(8), (warm ? kb(warm.bytes) : '-').padStart(8),
    String(cold.longTaskMs).padStart(10), String(cold.domNodes).padStart(9), String(cold.toContentMs).padStart(11),
  ];
  console.log(cells.join(' '));
}

const workDir = mkdtempSync(join(tmpdir(), 'autoscope-bench-web-'));
process.once('exit', killAllNow);
const watchdog = setTimeout(() => {
  console.error(`the web benchmark took longer than ${RUN_LIMIT_MS / 60000} minutes: stopping`);
  killAllNow();
  process.exit(1);
}, RUN_LIMIT_MS);

try {
  checkPrerequisites({ webDir, packagesDir });
  const [maildev, oidc] = await Promise.all([startMaildev(workDir), startOidc(workDir)]);
  const host = await startHost({ workDir, webDir, maildev, oidc });
  base = host.base;
  await installModules(base, packagesDir);
  await seedDemo(host);
  const entries = (await moduleEntries()).filter(({ route }) => words.length === 0 || words.some((w) => route.includes(w)));
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS });

  console.log(`${'page'.padEnd(28)} ${'cold KB'.padStart(8)} ${'warm KB'.padStart(8)} ${'long ms'.padStart(10)} ${'DOM'.padStart(9)} ${'content ms'.padStart(11)}`);
  const login = await loginPage();
  row('login', login.cold, login.warm);
  const landing = await signIn(login.opened);
  row('first signed-in screen', landing);
  await login.opened.context.close();

  // One person, signed in once, opens each page from the sidebar of the page before (landing
  // first, so the landing page is opened last), after the shell's idle prefetch.
  const opened = await newPage();
  await opened.page.goto('/');
  const prefetched = await signIn(opened, PREFETCHED_QUIET_MS);
  const landingFirst = entries.filter(({ route }) => route !== LANDING).concat(entries.filter(({ route }) => route === LANDING));
  const results = [];
  for (const entry of landingFirst) {
    const figures = await openFromMenu(opened, entry);
    row(entry.route, figures.cold, figures.warm);
    results.push({ entry, ...figures });
    await opened.meter.settled(PREFETCHED_QUIET_MS);
  }
  await opened.context.close();
  const insight = results.filter(({ entry }) => /Insight$/.test(entry.route));
  const worstLongTasks = Math.max(0, ...insight.map(({ cold }) => cold.longTaskMs));
  console.log(`the first signed-in screen with the other pages prefetched while idle: ${kb(prefetched.bytes)} KB`);
  console.log(`web login_kb=${kb(login.cold.bytes)} signed_in_kb=${kb(landing.bytes)} insight_long_task_ms=${worstLongTasks}`);
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  clearTimeout(watchdog);
  await browser?.close();
  await stopAll();
  rmSync(workDir, { recursive: true, force: true });
}
