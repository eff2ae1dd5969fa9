// What every browser test file uses: the peers started by run.mjs, chromium through
// playwright-core, a fresh browser context per test, and the host's API and mailbox.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

import { CHROMIUM_FLAGS } from './env.mjs';

if (!process.env.AUTOSCOPE_BROWSER) {
  throw new Error('run the browser tests through tests/browser/run.mjs, which starts the host and its peers');
}

/** { base, maildev, issuer, socialProvider, modules: [{key, version, rightsKey}], artifactsDir } */
export const env = JSON.parse(process.env.AUTOSCOPE_BROWSER);

const ACTION_TIMEOUT_MS = 10000;
const NAVIGATION_TIMEOUT_MS = 15000;

/**
 * The two sizes a page is tested at, each with a name for the test's title: a 1440×900
 * desktop with a mouse, and a 390×844 phone with a touch screen (nothing hovers there).
 * `withPage(browser, t, body, size)` opens a page of that size.
 */
export const SIZES = [
  ['1440×900', { viewport: { width: 1440, height: 900 } }],
  ['a 390×844 phone', { viewport: { width: 390, height: 844 }, hasTouch: true }],
];

/** One chromium per test file, closed after its tests. */
export function useBrowser() {
  const holder = {};
  before(async () => {
    holder.browser = await chromium.launch({
      executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS, timeout: 30000,
    });
  });
  after(async () => {
    await holder.browser?.close();
  });
  return holder;
}

/**
 * Runs `body(page, seen)` in a fresh context (empty local storage), with every request
 * URL, dialog and page error recorded in `seen`. On failure it saves a screenshot and
 * adds the page's errors to the thrown error. `hasTouch`: a touch screen (`page.tap`), where
 * nothing hovers.
 */
export async function withPage(holder, t, body, { viewport = { width: 1280, height: 800 }, hasTouch = false } = {}) {
  // A fixed locale: the remotes format numbers in the browser's (24,000 rather than 24.000).
  const context = await holder.browser.newContext({ baseURL: env.base, viewport, hasTouch, locale: 'en-US' });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  const seen = { requests: [], dialogs: [], errors: [] };
  context.on('request', (request) => seen.requests.push({ method: request.method(), url: request.url(), request }));
  const page = await context.newPage();
  page.on('pageerror', (error) => seen.errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(`console: ${message.text()}`);
  });
  // Alerts are accepted and kept, so a test can assert their text.
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    dialog.accept().catch(() => {});
  });
  try {
    await body(page, seen);
  } catch (error) {
    const name = t.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
    mkdirSync(env.artifactsDir, { recursive: true });
    await page.screenshot({ path: join(env.artifactsDir, `${name}.png`), fullPage: true, timeout: 5000 }).catch(() => {});
    if (seen.errors.length) error.message += `\npage errors:\n  ${seen.errors.slice(0, 10).join('\n  ')}`;
    error.message += `\nat ${page.url()}`;
    throw error;
  } finally {
    await context.close();
  }
}

/** A person's press on `locator`: a tap on a touch screen (a size of `SIZES` with `hasTouch`), else a click. */
export function press(locator, size) {
  return size.hasTouch ? locator.tap() : locator.click();
}

/** Waits until `predicate()` is truthy (bounded), for conditions outside the page. */
export async function eventually(what, predicate, timeoutMs = ACTION_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await predicate();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until `locator` stops moving: a group opens with an animation that shifts every
 * entry below it, and a click aimed during it lands on whatever passes underneath.
 */
export async function settled(locator) {
  let last = null;
  await eventually('the menu to stop moving', async () => {
    const box = await locator.boundingBox();
    const still = Boolean(box && last && box.x === last.x && box.y === last.y && box.height === last.height);
    last = box;
    return still;
  });
}

/**
 * Waits until `read()` deep-equals `expected` (bounded) and resolves it; when it does not in
 * time, fails with the assertion's diff against the last value read. For what the page shows
 * once it has settled: a list of entries, a row's cells, a figure.
 */
export async function eventuallyEqual(read, expected, message, timeoutMs = ACTION_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const actual = await read();
    try {
      assert.deepEqual(actual, expected, message);
      return actual;
    } catch (error) {
      if (!(error instanceof assert.AssertionError) || Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The text a person sees in each element `locator` matches, in page order: elements that are
 * not rendered (`display: none`, as in a closed group or an inactive tab, or `visibility:
 * hidden`) are left out, and each text is its rendered text (`innerText`: no hidden parts, CSS
 * `text-transform` applied), its lines trimmed and empty ones dropped.
 */
export function visibleTexts(locator) {
  return locator.evaluateAll((elements) => elements
    .filter((element) => element.checkVisibility({ visibilityProperty: true }))
    .map((element) => element.innerText.split('\n').map((line) => line.trim()).filter(Boolean).join('\n')));
}

/**
 * Asserts that `what` does not happen: `wait(timeoutMs)` is a Playwright wait for it (a
 * navigation, a request, a notice shown) and must time out. An absence can only be seen over
 * some time; the wait fails the test the moment the thing happens.
 */
export async function neverWithin(what, wait, timeoutMs = 1000) {
  const happened = await wait(timeoutMs).then(() => true, (error) => {
    if (error?.name === 'TimeoutError') return false;
    throw error;
  });
  assert.ok(!happened, `${what} happened`);
}

/** A value no other test (or earlier run on the same mailbox) uses. */
export function unique(prefix) {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A call to the host's API; resolves { status, body }. */
export async function api(path, { method = 'GET', body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${env.base}/api${path}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(15000),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** The newest mail to `address` whose text contains `contains` (maildev's JSON), waiting at most 10 s. */
export async function mailTo(address, contains = '') {
  return eventually(`a mail to ${address} containing '${contains}'`, async () => {
    const response = await fetch(`${env.maildev}/email`, { signal: AbortSignal.timeout(5000) });
    const mails = await response.json();
    return mails
      .filter((mail) => mail.to.some((to) => to.address === address) && `${mail.text}`.includes(contains))
      .sort((a, b) => new Date(b.date) - new Date(a.date))[0];
  });
}

export function sixDigitCode(mail) {
  const code = /\b\d{6}\b/.exec(mail.text)?.[0];
  if (!code) throw new Error(`no 6-digit code in the mail: ${mail.text}`);
  return code;
}

/** The reset link of a forgot-password mail, made relative to the host. */
export function resetLink(mail) {
  const link = /https?:\/\/\S+\/resetPassword\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in the mail: ${mail.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export const PASSWORD = 'Tr4vel-Kite#2';

/** A community user made through the API (sign-up with the mailed code), for tests that start signed out. */
export async function createUser({ firstname = 'Ann', lastname = 'Lee', jobTitle = 'RPA Lead' } = {}) {
  const id = unique('u');
  const user = { firstname, lastname, email: `${id}@browser.test`, password: PASSWORD, company: `Company ${id}`, jobTitle };
  const asked = await api('/users/newUserSignUp', { method: 'POST', body: { firstname, lastname, email: user.email } });
  if (asked.status !== 200) throw new Error(`newUserSignUp: ${asked.status} ${JSON.stringify(asked.body)}`);
  const code = sixDigitCode(await mailTo(user.email));
  const verified = await api('/users/userSignUpTokenVerification', {
    method: 'POST', body: { email: user.email, verificationCode: code },
  });
  if (verified.body?.message !== 'Token verified') throw new Error(`verification: ${JSON.stringify(verified.body)}`);
  const registered = await api('/users/communitySignUp', {
    method: 'POST',
    body: {
      firstname, lastname, email: user.email, companyname: user.company, password: PASSWORD, country: 'IN',
      department: 'Information Technology', gender: 'Female', job_title: jobTitle, currency_name: 'INR',
      currency_symbol: '₹', userrole: 'communityuser', agreedToTermsAndConditions: true,
    },
  });
  if (registered.status !== 200) throw new Error(`communitySignUp: ${registered.status} ${JSON.stringify(registered.body)}`);
  return user;
}

/** A bearer token of `user`, signed in through the API. */
export async function tokenOf(user) {
  const signedIn = await api('/users/signin', { method: 'POST', body: { email: user.email, password: user.password } });
  if (signedIn.status !== 200) throw new Error(`signin: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  return signedIn.body.token;
}

/**
 * `guest` joins `host`'s company with the communityuser role, through an invitation accepted
 * with their password (their next sign-in opens it); resolves `host`'s token.
 */
export async function joinCompany(host, guest) {
  const token = await tokenOf(host);
  const roles = await api('/m/team/roles', { token });
  const role = roles.body.roles.find((r) => r.name === 'communityuser');
  const invited = await api('/m/team/invitations', { method: 'POST', token, body: { emails: [guest.email], role_id: role.id } });
  if (invited.status !== 201) throw new Error(`invitation: ${invited.status} ${JSON.stringify(invited.body)}`);
  const mail = await mailTo(guest.email, 'acceptInvitation');
  const link = /acceptInvitation\?token=(\S+)/.exec(mail.text)?.[1];
  const accepted = await api('/invitations/accept', { method: 'POST', body: { token: link, password: guest.password } });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return token;
}

/** A snackbar with `text`: `success` (dark blue), `failure` (orange) or `warning` (amber, shown longer). */
export function notice(page, text, kind) {
  return page.locator(`[data-notice="${kind}"]`).filter({ hasText: text });
}

/**
 * Picks `option` in the Mantine select labelled `label`, typing first when `search` is given;
 * `within` (a locator, e.g. a dialog) tells it apart from a select of the same label elsewhere.
 */
export async function choose(page, label, option, { search, within = page } = {}) {
  const input = within.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Signs in through the login form and waits for the landing page. */
export async function signIn(page, user) {
  await page.goto('/');
  await page.getByLabel('Username').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/BusinessInsight');
}

/** The POST requests to `path` (under /api) that the page sent. */
export function postsTo(seen, path) {
  return seen.requests.filter(({ method, url }) => method === 'POST' && new URL(url).pathname === `/api${path}`);
}

/** The notice's background as [r, g, b], and where its centre sits in the viewport. */
export async function noticeLook(locator) {
  return locator.evaluate((element) => {
    const [r, g, b] = getComputedStyle(element).backgroundColor.match(/\d+/g).map(Number);
    const box = element.getBoundingClientRect();
    return { rgb: [r, g, b], centreX: box.left + box.width / 2, top: box.top, viewportWidth: window.innerWidth };
  });
}

/** Milliseconds from now (the notice is showing) until it is no longer seen. */
export async function msUntilGone(locator) {
  const start = Date.now();
  await locator.waitFor({ state: 'hidden', timeout: 8000 });
  return Date.now() - start;
}

/**
 * The error shown under a form field: the text its description (`aria-describedby`, what a
 * screen reader reads after it) shows, when that text is laid out below the field; '' otherwise.
 */
export function errorUnder(field) {
  return field.evaluate((element) => {
    const input = element.getBoundingClientRect();
    return (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
      .map((id) => document.getElementById(id))
      .filter((said) => {
        const box = said?.getBoundingClientRect();
        return box && box.height > 0 && box.top >= input.bottom - 1 && box.left < input.right && input.left < box.right;
      })
      .map((said) => said.innerText.trim()).join(' ');
  });
}
