// The enterprise edition form: without a session it alerts, clears local storage and goes
// to /; with one it is prefilled from the session, checks its fields (name, e-mail, country,
// phone number) before sending anything, and subscribes.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createUser, eventually, postsTo, signIn, useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();

test("without a session: alert 'User not found please login', storage cleared, back at /", (t) =>
  withPage(browser, t, async (page, seen) => {
    await page.goto('/terms-and-conditions');
    await page.evaluate(() => localStorage.setItem('left-behind', 'yes'));
    await page.goto('/EnterpriseEdition');
    await eventually('the alert', () => seen.dialogs.includes('User not found please login'));
    await page.waitForURL((url) => url.pathname === '/');
    assert.equal(await page.evaluate(() => localStorage.length), 0, 'local storage is empty');
    assert.equal(postsTo(seen, '/users/enterpriseEditionSubscribers').length, 0);
  }));

test("with a session: the field messages, then 'Thank you for subscribing'", (t) =>
  withPage(browser, t, async (page, seen) => {
    const user = await createUser({ firstname: 'Omar', lastname: 'Haddad' });
    await signIn(page, user);
    await page.goto('/EnterpriseEdition');
    const name = page.getByLabel('Name', { exact: true });
    const email = page.getByLabel('Email Address');
    const register = page.getByRole('button', { name: 'Register' });
    // Prefilled from the session; emptied to see every message.
    assert.equal(await name.inputValue(), 'Omar Haddad');
    assert.equal(await email.inputValue(), user.email);
    await name.fill('');
    await email.fill('');
    await register.click();
    for (const message of ['Please enter your name', 'Please enter your email', 'Please select your country',
      'Please enter your Mobile Number']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await email.fill('omar.haddad');
    await register.click();
    await page.getByText('Please enter valid email', { exact: true }).waitFor();
    assert.equal(postsTo(seen, '/users/enterpriseEditionSubscribers').length, 0, 'nothing sent while invalid');

    await name.fill('Omar Haddad');
    await email.fill('omar.haddad@example.com');
    const country = page.getByRole('combobox', { name: 'Country', exact: true });
    await country.fill('Jordan');
    await page.getByRole('option', { name: 'Jordan', exact: true }).click();
    // The Contact Number field: the phone library's input, which the label does not name; the
    // form marks it as the telephone field (autocomplete).
    const phone = page.getByRole('textbox').and(page.locator('[autocomplete="tel"]'));
    // The phone input follows the chosen country while no number is typed.
    await eventually('the phone input to take Jordan', async () => (await phone.inputValue()).startsWith('+962'));
    // Typed as a person types: the input formats as it goes.
    await phone.click();
    await phone.press('End');
    await phone.pressSequentially('790123456');
    await register.click();
    await eventually('the subscription alert', () => seen.dialogs.includes('Thank you for subscribing'));
    const [post] = postsTo(seen, '/users/enterpriseEditionSubscribers');
    assert.deepEqual(post.request.postDataJSON(), {
      communityUserEmail: user.email,
      communityUserCompany: user.company,
      username: 'Omar Haddad',
      email: 'omar.haddad@example.com',
      country: 'JO',
      contactNumber: '+962790123456',
    });
  }));
