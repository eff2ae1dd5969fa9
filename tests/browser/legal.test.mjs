// The legal pages: each shows its text with the facts it must state (support data removed
// within 90 days of a closed ticket, answers within seven business days, not aimed at
// children under 16; the agreement's date and limits), and its Go Back button leads to the
// login page.

import { test } from 'node:test';

import { useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();

const PAGES = [
  {
    path: '/terms-and-conditions',
    heading: 'Terms and Conditions',
    facts: ['Community Edition Service Agreement'],
  },
  {
    path: '/privacy-policy',
    heading: 'Privacy Policy',
    facts: [
      'Support data is removed within 90 days after the ticket is closed.',
      'within seven business days',
      'not aimed at children under 16',
    ],
  },
  {
    path: '/ServiceAggrement',
    heading: 'Community Edition Service Agreement',
    facts: ['Effective 1 June 2021', 'fewer than 250 machines', 'Up to 100 pages per month'],
  },
];

for (const { path, heading, facts } of PAGES) {
  test(`${path} shows '${heading}' and Go Back leads to /`, (t) =>
    withPage(browser, t, async (page) => {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      for (const fact of facts) await page.getByText(fact).filter({ visible: true }).first().waitFor();
      await page.getByRole('button', { name: 'Go Back' }).filter({ visible: true }).first().click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByLabel('Username').waitFor();
    }));
}

test('the login page links to the terms and the privacy policy', (t) =>
  withPage(browser, t, async (page) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Terms and Conditions' }).click();
    await page.waitForURL('**/terms-and-conditions');
    await page.getByRole('button', { name: 'Go Back' }).filter({ visible: true }).first().click();
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy-policy');
  }));
