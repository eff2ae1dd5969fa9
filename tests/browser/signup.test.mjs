// The sign-up wizard end to end: the one-time code is read from the real SMTP server, every
// step checks its fields, the password hints tick, the agreement gates the button, and the
// new user lands signed in on /BusinessInsight. Sign-up snackbars stay about 4 s; a refused
// code or address shows under its field too.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  PASSWORD, choose, createUser, errorUnder, eventually, eventuallyEqual, mailTo, msUntilGone, notice, postsTo,
  sixDigitCode, unique, useBrowser, withPage,
} from './support/harness.mjs';

const browser = useBrowser();

/** The hints a person sees and whether each is met (ticked), as `{ hint: met }`. */
async function hints(page) {
  const items = page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem');
  return items.evaluateAll((lis) => Object.fromEntries(lis
    .filter((li) => li.checkVisibility({ visibilityProperty: true }))
    .map((li) => [li.innerText.trim(), li.dataset.met === 'true'])));
}

const HINTS = ['At least 8 characters', 'One uppercase letter', 'One lowercase letter', 'One number', 'One special character'];

test('the full sign-up: code from the mail, profile, strong password, agreement, signed in', (t) =>
  withPage(browser, t, async (page, seen) => {
    const email = `${unique('signup')}@browser.test`;
    const company = `Company ${unique('c')}`;
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await page.waitForURL('**/userSignup');
    const next = page.getByRole('button', { name: 'Next', exact: true });

    // Step 1: who signs up.
    await next.click();
    for (const message of ['Please enter First Name', 'Please enter Last Name', 'Please enter valid Email']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await page.getByLabel('First name').fill('Priya');
    await page.getByLabel('Last name').fill('Raman');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await next.click();
    await notice(page, 'We have sent an OTP to your given email address.', 'success').waitFor();

    // Step 2: the code from the mail; an empty and a wrong one first.
    const code = page.getByLabel('Verification code');
    await code.waitFor();
    await next.click();
    await page.getByText('Please enter Otp sent to your email', { exact: true }).waitFor();
    const mailed = sixDigitCode(await mailTo(email));
    await code.fill(mailed === '000000' ? '111111' : '000000');
    await next.click();
    // A wrong code: in the snackbar and under the code field, until it is typed again.
    await notice(page, 'Otp Code not valid', 'failure').waitFor();
    await eventuallyEqual(() => errorUnder(code), 'Otp Code not valid', 'the error under the code');
    await code.fill(mailed);
    await eventuallyEqual(() => errorUnder(code), '', 'the error gone as the code is typed again');
    await next.click();
    await notice(page, 'Otp verfied', 'success').waitFor();

    // Step 3: the profile. The currency starts as USD.
    await page.getByLabel('Company name').waitFor();
    assert.match(await page.getByRole('combobox', { name: 'Currency', exact: true }).inputValue(), /^USD/);
    await next.click();
    for (const message of ['Please select a Gender', 'Please select a Country', 'Please enter your company name',
      'Please enter your job title', 'Please select a department']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await choose(page, 'Gender', 'Female');
    await choose(page, 'Country', 'India', { search: 'India' });
    await page.getByLabel('Company name').fill(company);
    await page.getByLabel('Job title').fill('Automation Lead');
    await choose(page, 'Currency', /^INR \(₹\)/, { search: 'INR' });
    await choose(page, 'Department', 'Information Technology');
    await next.click();

    // Step 4: the hints tick as the password grows; the agreement gates the button.
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abc');
    await eventuallyEqual(() => hints(page), {
      'At least 8 characters': false, 'One uppercase letter': false, 'One lowercase letter': true,
      'One number': false, 'One special character': false,
    }, 'the hints of abc');
    await password.fill(PASSWORD);
    await eventuallyEqual(() => hints(page), Object.fromEntries(HINTS.map((hint) => [hint, true])), 'every hint is met');
    await page.getByLabel('Confirm password').fill(`${PASSWORD}!`);
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await login.waitFor();
    await eventually('Login disabled until the agreement is ticked', () => login.isDisabled());
    // The agreement's own text links the three documents (the page's footer links two of them too).
    const agreementText = page.getByText('I have read and agree to the');
    for (const name of ['Community Edition Service Agreement', 'Terms and Conditions', 'Privacy Policy']) {
      await agreementText.getByRole('link', { name, exact: true }).waitFor();
    }
    const agreement = page.getByRole('checkbox', { name: /^I have read and agree to the/ });
    assert.ok(!(await agreement.isChecked()), 'the agreement starts unticked');
    await agreement.check();
    await eventually('Login enabled once the agreement is ticked', () => login.isEnabled());
    await login.click();
    await page.getByText("Password & Confirm Password doesn't match", { exact: true }).waitFor();
    assert.equal(postsTo(seen, '/users/communitySignUp').length, 0);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await login.click();

    await page.waitForURL('**/BusinessInsight');
    await notice(page, 'Login Successfully!', 'success').waitFor();
    await page.getByText('Priya Raman').filter({ visible: true }).first().waitFor();
    const [signUp] = postsTo(seen, '/users/communitySignUp');
    assert.deepEqual(signUp.request.postDataJSON(), {
      firstname: 'Priya', lastname: 'Raman', email, companyname: company, password: PASSWORD, country: 'IN',
      department: 'Information Technology', gender: 'Female', job_title: 'Automation Lead', currency_name: 'INR',
      currency_symbol: '₹', userrole: 'communityuser', agreedToTermsAndConditions: true,
    });
  }));

test('the sign-up refuses an address that already has an account', (t) =>
  withPage(browser, t, async (page) => {
    const user = await createUser();
    await page.goto('/userSignup');
    await page.getByLabel('First name').fill('Ann');
    await page.getByLabel('Last name').fill('Lee');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const failure = notice(page, 'Email already exists', 'failure');
    await failure.waitFor();
    await eventuallyEqual(() => errorUnder(page.getByLabel('Email', { exact: true })), 'Email already exists',
      'the error under the e-mail');
    // Sign-up notices stay 4 seconds.
    const shown = await msUntilGone(failure);
    assert.ok(shown > 3300 && shown < 4800, `gone after about 4 s, got ${shown} ms`);
    // Nothing typed is lost, and the wizard stays on step 1.
    assert.equal(await page.getByLabel('First name').inputValue(), 'Ann');
  }));
