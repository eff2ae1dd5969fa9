// Forgot and reset password: the link comes by mail from the real SMTP server and can be
// used once, the reset form checks its rules (both fields, a strong password, the two the
// same), and the new password signs in where the old one no longer does.

import { test } from 'node:test';

import { createUser, mailTo, notice, resetLink, signIn, useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();
const NEW_PASSWORD = 'N3w-Harbour!Gate';

test('forgot password mails a link; the reset page saves a new password that then signs in', (t) =>
  withPage(browser, t, async (page) => {
    const user = await createUser();
    await page.goto('/');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByLabel('Username').fill(user.email);
    await page.getByRole('button', { name: 'SUBMIT', exact: true }).click();
    await notice(page, 'A link to reset the password has been sent on your registered email address.', 'success').waitFor();

    const link = resetLink(await mailTo(user.email, '/resetPassword'));
    await page.goto(link);
    const password = page.getByLabel('New password');
    const again = page.getByLabel('Re-enter password');
    const save = page.getByRole('button', { name: 'Save' });
    await save.click();
    await page.getByText('Please enter a password to reset').waitFor();
    await page.getByText('Please enter your confirm Password').waitFor();
    await password.fill('weakpass');
    await again.fill('weakpass');
    await save.click();
    await page.getByText('Please enter a password which follows conditions mentioned below').waitFor();
    await password.fill(NEW_PASSWORD);
    await again.fill(`${NEW_PASSWORD}x`);
    await save.click();
    await page.getByText('Password and Confirm Password does not match').waitFor();
    await again.fill(NEW_PASSWORD);
    await save.click();
    await notice(page, 'Password Updated succesfully', 'success').waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    // The old password no longer works; the new one does.
    await page.getByLabel('Username').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await notice(page, 'Invalid Credentials!', 'failure').waitFor();
    await signIn(page, { email: user.email, password: NEW_PASSWORD });

    // The link is single-use.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await page.getByText('Link is invalid please try again later', { exact: true }).waitFor();
  }));

test("a forged reset link shows 'Link is invalid please try again later'", (t) =>
  withPage(browser, t, async (page) => {
    const user = await createUser();
    await page.goto(`/resetPassword?email=${encodeURIComponent(user.email)}&code=${'0'.repeat(32)}`);
    await page.getByText('Link is invalid please try again later', { exact: true }).waitFor();
    await page.getByLabel('New password').waitFor({ state: 'hidden' });
  }));

test("forgot password for an unknown address shows 'User not found'", (t) =>
  withPage(browser, t, async (page) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByLabel('Username').fill('nobody-here@browser.test');
    await page.getByRole('button', { name: 'SUBMIT', exact: true }).click();
    await notice(page, 'User not found', 'failure').waitFor();
  }));
