// The enterprise edition form: without a session it says so in the app's snackbar (never the
// browser's alert), clears local storage and goes to /; with one it is prefilled from the
// session, checks its fields (name, e-mail, country, phone number) before sending anything,
// says a failure in the snackbar and on the form, and subscribes.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createUser, eventually, notice, postsTo, signIn, useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();

// Each test at both sizes.
for (const [size, viewport] of [['1440×900', { width: 1440, height: 900 }], ['a 390×844 phone', { width: 390, height: 844 }]]) {
  test(`without a session (${size}): 'User not found please login' in the snackbar, storage cleared, back at /`, (t) =>
    withPage(browser, t, async (page, seen) => {
      await page.goto('/terms-and-conditions');
      await page.evaluate(() => localStorage.setItem('left-behind', 'yes'));
      await page.goto('/EnterpriseEdition');
      await notice(page, 'User not found please login', 'failure').waitFor();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.length), 0, 'local storage is empty');
      assert.equal(postsTo(seen, '/users/enterpriseEditionSubscribers').length, 0);
      assert.deepEqual(seen.dialogs, [], "no browser's alert");
    }, { viewport }));

  test(`with a session (${size}): the field messages, a failure said on the form, then 'Thank you for subscribing'`, (t) =>
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

      // The host failing once: the snackbar and the form say so, and nothing typed is lost.
      const subscribe = '**/api/users/enterpriseEditionSubscribers';
      await page.route(subscribe, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong"}' }));
      await register.click();
      await notice(page, 'Something went wrong', 'failure').waitFor();
      const onForm = page.getByRole('alert').filter({ hasText: 'Your request was not sent. Please try again.' });
      await onForm.getByText('Something went wrong', { exact: true }).waitFor();
      assert.equal(await name.inputValue(), 'Omar Haddad');
      assert.equal(new URL(page.url()).pathname, '/EnterpriseEdition');
      await page.unroute(subscribe);

      await register.click();
      await notice(page, 'Thank you for subscribing', 'success').waitFor();
      await page.waitForURL('**/BusinessInsight');
      assert.deepEqual(seen.dialogs, [], "no browser's alert");
      const post = postsTo(seen, '/users/enterpriseEditionSubscribers').at(-1);
      assert.deepEqual(post.request.postDataJSON(), {
        communityUserEmail: user.email,
        communityUserCompany: user.company,
        username: 'Omar Haddad',
        email: 'omar.haddad@example.com',
        country: 'JO',
        contactNumber: '+962790123456',
      });
    }, { viewport }));
}
