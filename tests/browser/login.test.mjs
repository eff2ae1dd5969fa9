// The login page: the form checks the address and the password before sending anything,
// each refused or accepted sign-in has its message (a snackbar at the top centre for about
// 3 s: orange for a failure, dark blue for a success), Enter submits, and a signed-in user is
// sent on to /BusinessInsight.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import {
  createUser, msUntilGone, notice, noticeLook, postsTo, signIn, useBrowser, withPage,
} from './support/harness.mjs';

const browser = useBrowser();
let user;

before(async () => {
  user = await createUser({ firstname: 'Lena', lastname: 'Ortiz' });
});

test('an address outside the e-mail pattern and an empty password are refused before any request', (t) =>
  withPage(browser, t, async (page, seen) => {
    await page.goto('/');
    const email = page.getByLabel('Username');
    const login = page.getByRole('button', { name: 'Login', exact: true });
    // No domain suffix, a suffix of 7 letters (a suffix has 2 to 4), a space in the name.
    for (const bad of ['lena@example', 'lena@example.company', 'lena ortiz@example.com']) {
      await email.fill(bad);
      await login.click();
      await page.getByText('Please enter valid Email').waitFor();
      await page.getByText('Please enter a password').waitFor();
    }
    await email.fill(user.email);
    await login.click();
    await page.getByText('Please enter valid Email').waitFor({ state: 'hidden' });
    await page.getByText('Please enter a password').waitFor();
    assert.equal(postsTo(seen, '/users/signin').length, 0, 'the form sent nothing');
  }));

test("a wrong password shows 'Invalid Credentials!' and keeps what was typed", (t) =>
  withPage(browser, t, async (page) => {
    await page.goto('/');
    await page.getByLabel('Username').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-Pass#1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const failure = notice(page, 'Invalid Credentials!', 'failure');
    await failure.waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await page.getByLabel('Username').inputValue(), user.email);
    // An orange snackbar at the top centre, for 3 seconds.
    const { rgb: [r, g, b], centreX, top, viewportWidth } = await noticeLook(failure);
    assert.ok(r > 200 && g > 80 && g < 180 && b < 80, `orange, got rgb(${r}, ${g}, ${b})`);
    assert.ok(Math.abs(centreX - viewportWidth / 2) < 20 && top < 80, `top centre, got x ${centreX}, top ${top}`);
    const shown = await msUntilGone(failure);
    assert.ok(shown > 2300 && shown < 3800, `gone after about 3 s, got ${shown} ms`);
  }));

test("a sign-in the host fails to answer shows 'Something Went Wrong!' and keeps what was typed", (t) =>
  withPage(browser, t, async (page) => {
    // The host answering 500 (the cause would be in its log), as a broken database would.
    await page.route('**/api/users/signin', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong"}' }));
    await page.goto('/');
    await page.getByLabel('Username').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await notice(page, 'Something Went Wrong!', 'failure').waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await page.getByLabel('Username').inputValue(), user.email);
  }));

test("Enter submits; success shows 'Login Successfully!' and lands on /BusinessInsight", (t) =>
  withPage(browser, t, async (page) => {
    await page.goto('/');
    await page.getByLabel('Username').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    const success = notice(page, 'Login Successfully!', 'success');
    await success.waitFor();
    await page.waitForURL('**/BusinessInsight');
    // A dark blue snackbar.
    const { rgb: [r, g, b] } = await noticeLook(success);
    assert.ok(b > r + 60 && b > g + 40 && r + g + b < 400, `dark blue, got rgb(${r}, ${g}, ${b})`);
    // The user box shows who signed in.
    await page.getByText('Lena Ortiz').filter({ visible: true }).first().waitFor();
  }));

test('a signed-in user who opens / is taken to /BusinessInsight', (t) =>
  withPage(browser, t, async (page) => {
    await signIn(page, user);
    await page.goto('/');
    await page.waitForURL('**/BusinessInsight', { timeout: 5000 });
  }));

test('Forgot Password turns the form into an e-mail-only form with SUBMIT; Sign In returns', (t) =>
  withPage(browser, t, async (page) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByRole('button', { name: 'SUBMIT', exact: true }).waitFor();
    await page.getByLabel('Password', { exact: true }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByLabel('Password', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
  }));
