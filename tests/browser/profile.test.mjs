// Profile settings: the person changes their name and department (the user menu follows),
// changes their e-mail address with the code mailed to the new one, and signs in with it.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  api, choose, createUser, eventually, eventuallyEqual, mailTo, notice, signIn, sixDigitCode, unique, useBrowser, withPage,
} from './support/harness.mjs';

const browser = useBrowser();

test('name, department and e-mail address change, and the new address signs in', (t) =>
  withPage(browser, t, async (page) => {
    const ann = await createUser({ firstname: 'Ann', lastname: 'Lee' });
    await signIn(page, ann);
    await page.goto('/Profile');

    const details = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save details' }) });
    await details.getByLabel('First name').fill('Anna');
    await details.getByLabel('Last name').fill('Berg');
    await choose(page, 'Department', 'Legal', { within: details });
    await details.getByRole('button', { name: 'Save details' }).click();
    await notice(page, 'Profile updated', 'success').waitFor();
    await page.getByRole('button', { name: 'User menu of Anna Berg' }).waitFor();
    await eventuallyEqual(
      () => details.getByRole('combobox', { name: 'Department', exact: true }).inputValue(),
      'Legal',
      'the saved department stays in the form',
    );

    const newAddress = `${unique('anna')}@browser.test`;
    await page.getByLabel('New email address').fill(newAddress);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(`We have sent a code to ${newAddress}`, { exact: false }).waitFor();
    const code = sixDigitCode(await mailTo(newAddress, 'code'));
    await page.getByLabel('Code').fill('000000' === code ? '111111' : '000000');
    await page.getByLabel('Code').press('Enter');
    await page.getByText('Otp Code not valid').first().waitFor();
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Confirm new address' }).click();
    await notice(page, 'Email address changed', 'success').waitFor();
    await page.getByText(`You sign in with ${newAddress}`, { exact: false }).waitFor();
    await mailTo(ann.email, newAddress);

    const old = await api('/users/signin', { method: 'POST', body: { email: ann.email, password: ann.password } });
    assert.equal(old.status, 401, 'the old address no longer signs in');
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signIn(page, { ...ann, email: newAddress });
    await page.goto('/Profile');
    await page.getByText(`You sign in with ${newAddress}`, { exact: false }).waitFor();
  }));

// At both sizes: the phone's header shows the picture too.
for (const [size, viewport] of [['1440×900', { width: 1440, height: 900 }], ['a 390×844 phone', { width: 390, height: 844 }]]) {
  test(`a person without a picture gets no failed request in the console, page after page (${size})`, (t) =>
    withPage(browser, t, async (page, seen) => {
      const ben = await createUser({ firstname: 'Ben', lastname: 'Ode' });
      await signIn(page, ben);
      await page.getByRole('button', { name: 'User menu of Ben Ode' }).waitFor();
      await page.goto('/Profile');
      await page.getByRole('button', { name: 'Save details' }).waitFor();
      await page.reload();
      await page.getByRole('button', { name: 'User menu of Ben Ode' }).waitFor();
      // Each of the three loads asked for the picture and was told there is none.
      const answers = await eventually('the picture asked for on each load', async () => {
        const statuses = await pictureAnswers(seen);
        return statuses.length >= 3 && statuses;
      });
      assert.deepEqual(new Set(answers), new Set([204]), `answers: ${answers}`);
      assert.deepEqual(seen.errors, [], 'nothing logged in the console');
    }, { viewport }));
}

/** The statuses of the answers to the picture requests the page sent, in order. */
async function pictureAnswers(seen) {
  const asked = seen.requests.filter(({ url }) => new URL(url).pathname.startsWith('/api/users/getUploadedProfilePic/'));
  return Promise.all(asked.map(async ({ request }) => (await request.response())?.status()));
}
