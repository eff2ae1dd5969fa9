// Calendar between two members of one company, each in a browser context of their own: Ann
// creates a weekly meeting with Bob; Bob accepts it and Ann sees his answer; Ann moves one
// occurrence only; the bot-schedule layer draws a bot's run windows when switched on, and the
// view, week and layer survive a reload; and
// Ann's private subscription URL answers iCalendar that lists the meeting.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { api, choose, createUser, env, joinCompany, signIn, useBrowser, withPage } from './support/harness.mjs';

const browser = useBrowser();

/** `YYYY-MM-DD` of a date (the browser and this process both read UTC here). */
const day = (date) => date.toISOString().slice(0, 10);

/** The Monday after today, and the Monday a week later. */
function nextMondays() {
  const today = new Date();
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() + (((8 - monday.getUTCDay()) % 7) || 7));
  const following = new Date(monday);
  following.setUTCDate(following.getUTCDate() + 7);
  return [monday, following];
}

/** A call to a module's plugin that must answer `status`; resolves the body. */
async function call(token, path, { method = 'GET', body, status = 200 } = {}) {
  const answer = await api(path, { method, body, token });
  assert.equal(answer.status, status, `${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Unix seconds of a date. */
const seconds = (date) => Math.floor(date.getTime() / 1000);

/**
 * Switches the calendar, once it is drawn (this month's title shows: a click before would be
 * lost), to `view` ('Week' or 'Agenda'), and waits for this week's title (a range of days).
 */
async function showThisWeek(page, view) {
  const month = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  await page.getByRole('heading', { name: month }).waitFor();
  await page.getByText(view, { exact: true }).click();
  await page.getByRole('heading', { name: /^\w{3} \d+ – / }).waitFor();
}

/** Switches to the week view and on to next week, whose Monday (weeks start on Mondays) is `monday`. */
async function showNextWeek(page, monday) {
  await showThisWeek(page, 'Week');
  await page.getByRole('button', { name: 'Next' }).click();
  const starts = monday.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  await page.getByRole('heading', { name: new RegExp(`^${starts}\\b`) }).waitFor();
}

/** Ann's occurrences of the meeting over the two weeks: [day, hour (UTC)] of each start. */
async function meetingStarts(token, monday) {
  const range = await call(token, `/m/calendar/range?from=${seconds(monday)}&to=${seconds(monday) + 14 * 86400}`);
  return range.occurrences
    .filter((occurrence) => occurrence.title === 'Automation sync')
    .map((occurrence) => [day(new Date(occurrence.start * 1000)), new Date(occurrence.start * 1000).getUTCHours()]);
}

test('a weekly meeting: invite a colleague, who accepts; move one occurrence; the bot layer; the subscription feed', (t) =>
  withPage(browser, t, async (ann) => {
    const owner = await createUser({ firstname: 'Ann', lastname: 'Lee' });
    const bob = await createUser({ firstname: 'Bob', lastname: 'Ray' });
    const annToken = await joinCompany(owner, bob);
    await call(annToken, '/m/bots/bots', {
      method: 'POST',
      status: 201,
      body: { name: 'Night Biller', type: 'unattended', vendor: 'UiPath', schedule: 'Daily 02:00-04:00' },
    });
    const [monday, nextMonday] = nextMondays();

    // Ann creates the weekly meeting with Bob.
    await signIn(ann, owner);
    await ann.goto('/Calendar');
    await ann.getByRole('button', { name: 'New event' }).click();
    const form = ann.getByRole('dialog', { name: 'New event' });
    await form.getByLabel('Title').fill('Automation sync');
    await form.getByLabel('Start date').fill(day(monday));
    await form.getByLabel('Start time').fill('10:00');
    await form.getByLabel('End date').fill(day(monday));
    await form.getByLabel('End time').fill('10:30');
    await choose(ann, 'Repeat', 'Weekly', { within: form });
    await choose(ann, 'Attendees', 'Bob Ray', { within: form, search: 'Bob' });
    await ann.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.waitFor({ state: 'hidden' });
    assert.deepEqual(await meetingStarts(annToken, monday), [[day(monday), 10], [day(nextMonday), 10]]);

    // Bob sees the invitation in his calendar and accepts it.
    await withPage(browser, t, async (bobPage) => {
      await signIn(bobPage, bob);
      await bobPage.goto('/Calendar');
      await showNextWeek(bobPage, monday);
      await bobPage.getByText('Automation sync').first().click();
      const answers = bobPage.getByRole('group', { name: 'Your answer' });
      await answers.getByRole('button', { name: 'Accept' }).click();
      await answers.getByRole('button', { name: 'Accept', pressed: true }).waitFor();
    });

    // Ann sees Bob's answer in the meeting's details.
    await ann.reload();
    await showNextWeek(ann, monday);
    await ann.getByText('Automation sync').first().click();
    await ann.getByRole('listitem').filter({ hasText: 'Bob Ray' }).getByText('Accepted').waitFor();

    // She moves only the next week's occurrence to 14:00.
    await ann.keyboard.press('Escape');
    await ann.getByRole('button', { name: 'Next' }).click();
    await ann.getByText('Automation sync').first().click();
    await ann.getByRole('button', { name: 'Edit' }).click();
    await ann.getByRole('button', { name: 'Only this event' }).click();
    const edit = ann.getByRole('dialog', { name: 'Edit event' });
    await edit.getByLabel('Start time').fill('14:00');
    await edit.getByLabel('End time').fill('14:30');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    assert.deepEqual(
      await meetingStarts(annToken, monday),
      [[day(monday), 10], [day(nextMonday), 14]],
      'only the second occurrence moved',
    );

    // The bot layer draws Night Biller's nightly window when switched on.
    await ann.getByRole('switch', { name: 'Bot schedules' }).check();
    await ann.getByText('Night Biller').first().waitFor();

    // The view, the week and the layer live in the URL: a reload shows the same.
    await ann.waitForURL(
      (url) =>
        url.searchParams.get('view') === 'week' &&
        url.searchParams.get('date') === day(nextMonday) &&
        url.searchParams.get('bots') === '1',
    );
    await ann.reload();
    const week = nextMonday.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    await ann.getByRole('heading', { name: new RegExp(`^${week}\\b`) }).waitFor();
    await ann.getByText('Night Biller').first().waitFor();
    assert.equal(await ann.getByRole('switch', { name: 'Bot schedules' }).isChecked(), true);
    // A shared link opens the same on a phone, whose own default view is the agenda.
    const link = ann.url();
    await ann.setViewportSize({ width: 390, height: 844 });
    await ann.goto('/Calendar');
    await ann.getByRole('radio', { name: 'Agenda', checked: true }).waitFor({ state: 'attached' });
    await ann.goto(link);
    await ann.getByRole('heading', { name: new RegExp(`^${week}\\b`) }).waitFor();
    await ann.getByRole('radio', { name: 'Week', checked: true }).waitFor({ state: 'attached' });
    await ann.getByText('Night Biller').first().waitFor();
    await ann.setViewportSize({ width: 1280, height: 800 });

    // The private subscription URL answers iCalendar with the meeting.
    await ann.getByRole('button', { name: 'Settings' }).click();
    await ann.getByRole('button', { name: 'Turn on' }).click();
    const url = await ann.getByRole('textbox', { name: 'Subscription URL' }).inputValue();
    assert.ok(url.startsWith(`${env.base}/api/m/calendar/feed.ics?`), url);
    const feed = await fetch(url);
    assert.equal(feed.status, 200);
    assert.match(feed.headers.get('content-type'), /^text\/calendar/);
    const ics = await feed.text();
    assert.match(ics, /BEGIN:VCALENDAR/);
    assert.match(ics, /SUMMARY:Automation sync/);
  }));

test("the demo company's calendar: this week's stand-ups in the agenda, and the Christmas holidays", (t) =>
  withPage(browser, t, async (page) => {
    const signedIn = await api('/users/signin', { method: 'POST', body: env.demo });
    const token = signedIn.body.token;
    const year = new Date().getUTCFullYear();
    const christmas = seconds(new Date(Date.UTC(year, 11, 25)));
    const holidays = await call(token, `/m/calendar/non-working?from=${christmas}&to=${christmas + 2 * 86400}`);
    assert.deepEqual(holidays.map((holiday) => holiday.name), ['Christmas Day', 'Boxing Day']);

    await signIn(page, env.demo);
    await page.goto('/Calendar');
    await showThisWeek(page, 'Agenda');
    const standups = page.getByText('Automation stand-up');
    await standups.first().waitFor();
    assert.equal(await standups.count(), 3, 'Monday, Wednesday and Friday');
  }));
