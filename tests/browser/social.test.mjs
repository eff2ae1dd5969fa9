// Social sign-in with the one provider the host is configured with (the professional
// network, against the OpenID Connect mock): the others are disabled; a new identity goes
// through the social sign-up form; a known one signs straight in.
//
// The mock's own /authorize hands out codes its token endpoint does not know, so the test
// stands in for the provider's consent screen: it answers the authorization request with
// the redirect a provider sends, carrying a code minted by the mock for a chosen profile.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { choose, env, eventually, notice, postsTo, unique, useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();

/** Answers the provider's authorization request with a code for `userinfo`; records the request's query. */
async function consentAs(page, userinfo) {
  const asked = [];
  await page.route((url) => url.href.startsWith(`${env.issuer}/authorize`), async (route) => {
    const query = new URL(route.request().url()).searchParams;
    asked.push(query);
    const minted = await fetch(`${env.issuer}/test/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userinfo }),
      signal: AbortSignal.timeout(5000),
    });
    const { code } = await minted.json();
    const back = new URL(query.get('redirect_uri'));
    back.searchParams.set('code', code);
    back.searchParams.set('state', query.get('state'));
    await route.fulfill({ status: 302, headers: { location: back.href } });
  });
  return asked;
}

test('only the configured provider can be used; the others are shown disabled', (t) =>
  withPage(browser, t, async (page) => {
    assert.equal(env.socialProvider, 'linkedin');
    await page.goto('/');
    const button = (label) => page.getByRole('button', { name: `Sign in with ${label}`, exact: true });
    await page.getByText('Not available on this server: Facebook, Google').waitFor();
    // The buttons wait for the provider list, disabled: each settles to its state.
    await eventually('Sign in with Facebook disabled', () => button('Facebook').isDisabled());
    await eventually('Sign in with Google disabled', () => button('Google').isDisabled());
    await eventually('Sign in with LinkedIn enabled', () => button('LinkedIn').isEnabled());
  }));

test('a new LinkedIn identity signs up through the social form, then signs straight in', (t) =>
  withPage(browser, t, async (page, seen) => {
    const id = unique('li');
    const userinfo = {
      sub: id, email: `${id}@browser.test`, email_verified: true, given_name: 'Mei', family_name: 'Chen', name: 'Mei Chen',
    };
    const asked = await consentAs(page, userinfo);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in with LinkedIn', exact: true }).click();

    // The form is prefilled from the provider, with name and e-mail locked, and local storage cleared.
    await page.waitForURL('**/userSignup');
    const first = page.getByLabel('First name');
    await first.waitFor();
    assert.equal(asked.length, 1);
    assert.equal(asked[0].get('response_type'), 'code');
    assert.equal(asked[0].get('client_id'), 'autoscope-linkedin');
    assert.equal(asked[0].get('redirect_uri'), `${env.base}/linkedin`);
    assert.equal(await first.inputValue(), 'Mei');
    assert.equal(await page.getByLabel('Last name').inputValue(), 'Chen');
    assert.equal(await page.getByLabel('Email').inputValue(), userinfo.email);
    for (const field of ['First name', 'Last name', 'Email']) {
      await eventually(`${field} locked`, async () => !(await page.getByLabel(field, { exact: true }).isEditable()));
    }
    assert.equal(await page.evaluate(() => localStorage.length), 0, 'local storage is cleared');

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const company = `Company ${unique('s')}`;
    await choose(page, 'Gender', 'Female');
    await choose(page, 'Country', 'Singapore', { search: 'Singapore' });
    await page.getByLabel('Company name').fill(company);
    await page.getByLabel('Job title').fill('Process Analyst');
    await choose(page, 'Department', 'Research and Development');
    const signUp = page.getByRole('button', { name: 'Sign Up', exact: true });
    await eventually('Sign Up disabled until the agreement is ticked', () => signUp.isDisabled());
    await page.getByRole('checkbox', { name: /^I have read and agree to the/ }).check();
    await signUp.click();
    await page.waitForURL('**/BusinessInsight');
    await page.getByText('Mei Chen').filter({ visible: true }).first().waitFor();
    const [sent] = postsTo(seen, '/users/socialSignUp');
    const payload = sent.request.postDataJSON();
    assert.equal(payload.providerName, 'linkedin');
    assert.equal(payload.companyname, company);
    assert.equal(payload.userrole, 'communityuser');
    assert.equal(payload.agreedToTermsAndConditions, true);
    assert.ok(!('password' in payload), 'no password in a social sign-up');

    // Signed out, the same identity signs straight in.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in with LinkedIn', exact: true }).click();
    await notice(page, 'Login Successfully!', 'success').waitFor();
    await page.waitForURL('**/BusinessInsight');
    await page.getByText('Mei Chen').filter({ visible: true }).first().waitFor();
    assert.equal(asked.length, 2);
  }));
