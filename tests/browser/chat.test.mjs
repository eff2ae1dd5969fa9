// Chat between two members of one company, each in a browser context of their own, live:
// a direct message reaches the other's sidebar badge and page, their typing shows, and the
// "Seen" receipt follows their reading; in a channel a reply in a thread mentions the
// author, who sees the reply count and the bell; an image arrives as a preview; a search
// opens the message it found in its conversation. On a phone the channel list and a
// conversation are two views.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  api, createUser, eventually, joinCompany, signIn, tokenOf, useBrowser, visibleTexts, withPage,
} from './support/harness.mjs';

const browser = useBrowser();

/** A 1×1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A call to the Chat plugin that must answer `status`; resolves the body. */
async function chat(token, path, { method = 'GET', body, status = 200 } = {}) {
  const answer = await api(`/m/chat${path}`, { method, body, token });
  assert.equal(answer.status, status, `${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Waits until the page's realtime stream is open, so that what happens next reaches it live. */
async function streamOpen(seen) {
  await eventually('the realtime stream', () => seen.requests.some(({ url }) => url.endsWith('/api/realtime')));
  await seen.requests.find(({ url }) => url.endsWith('/api/realtime')).request.response();
}

/** The conversation `name` in the page's channel list, opened. */
async function openConversation(page, name) {
  await page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name }).first().click();
  await page.getByRole('heading', { name }).first().waitFor();
}

/** Types `text` in the composer labelled `label` and sends it with Enter. */
async function send(page, text, label = 'Message') {
  const composer = page.getByRole('textbox', { name: label, exact: true });
  await composer.fill(text);
  await composer.press('Enter');
  await page.getByRole('log', { name: label === 'Reply' ? 'Replies' : 'Messages' }).getByText(text).waitFor();
}

test('two members chat live: a direct message, a thread with a mention, an image and a search', (t) =>
  withPage(browser, t, async (ann, annSeen) => {
    const owner = await createUser({ firstname: 'Ann', lastname: 'Lee' });
    const bob = await createUser({ firstname: 'Bob', lastname: 'Ray' });
    const annToken = await joinCompany(owner, bob);
    const bobToken = await tokenOf(bob);
    const bobId = (await api('/users/me', { token: bobToken })).body.user_id;
    assert.ok(bobId, 'Bob has an id');
    await chat(annToken, '/direct', { method: 'POST', body: { user_ids: [bobId] }, status: 201 });
    const launch = { kind: 'public', name: 'launch', topic: 'Go-live of the invoice bot', member_ids: [bobId] };
    await chat(annToken, '/channels', { method: 'POST', body: launch, status: 201 });

    await signIn(ann, owner);
    await withPage(browser, t, async (bobPage, bobSeen) => {
      await signIn(bobPage, bob);
      await streamOpen(bobSeen);
      const bobMenu = bobPage.getByRole('navigation', { name: 'Main menu' });

      // Ann writes to Bob: his menu's Chat entry counts it before he opens Chat.
      await ann.goto('/Chat');
      await streamOpen(annSeen);
      await openConversation(ann, 'Bob Ray');
      await send(ann, 'Hello Bob, is the invoice bot ready?');
      await bobMenu.getByRole('link', { name: 'Chat (1 new)' }).waitFor();

      await bobMenu.getByRole('link', { name: /^Chat/ }).click();
      await openConversation(bobPage, 'Ann Lee');
      await bobPage.getByRole('log', { name: 'Messages' }).getByText('Hello Bob, is the invoice bot ready?').waitFor();
      // Bob read it: Ann sees it seen, and his badge is gone.
      await ann.getByRole('log', { name: 'Messages' }).getByText('Seen', { exact: true }).waitFor();
      await bobMenu.getByRole('link', { name: 'Chat', exact: true }).waitFor();

      // Bob types: Ann sees it; he sends, and she reads his answer live.
      await bobPage.getByRole('textbox', { name: 'Message', exact: true }).pressSequentially('Almost');
      await ann.getByText('Bob Ray is typing…').waitFor();
      await bobPage.getByRole('textbox', { name: 'Message', exact: true }).fill('');
      await send(bobPage, 'Yes, it goes live on Friday.');
      await ann.getByRole('log', { name: 'Messages' }).getByText('Yes, it goes live on Friday.').waitFor();

      // In #launch, Bob replies in a thread to Ann's message and mentions her.
      await openConversation(ann, 'launch');
      await send(ann, 'Launch checklist is in the vault.');
      await openConversation(bobPage, 'launch');
      const root = bobPage.getByRole('article').filter({ hasText: 'Launch checklist is in the vault.' });
      await root.hover();
      await root.getByRole('button', { name: 'Reply in thread' }).click();
      const reply = bobPage.getByRole('textbox', { name: 'Reply', exact: true });
      await reply.pressSequentially('@Ann');
      await bobPage.getByRole('listbox', { name: 'People to mention' }).getByRole('option', { name: /Ann Lee/ }).click();
      await reply.pressSequentially('thanks, I signed it off.');
      await reply.press('Enter');
      await bobPage.getByRole('log', { name: 'Replies' }).getByText('@Ann Lee').waitFor();

      const annRoot = ann.getByRole('article').filter({ hasText: 'Launch checklist is in the vault.' });
      await annRoot.getByRole('button', { name: '1 reply' }).waitFor();
      await ann.getByRole('button', { name: /Notifications/ }).click();
      await ann.getByText('Bob Ray mentioned you in #launch').waitFor();
      await ann.keyboard.press('Escape');

      // Ann sends an image: Bob sees its preview.
      await ann.getByLabel('File to attach').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL });
      await ann.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
      await bobPage.getByRole('log', { name: 'Messages' }).getByRole('img', { name: 'pixel.png' }).waitFor();

      // Bob searches the direct conversation's words from #launch and jumps to the message.
      await bobPage.getByRole('textbox', { name: 'Search messages' }).fill('invoice bot ready');
      const results = bobPage.getByRole('list', { name: 'Search results' });
      await results.getByText('Hello Bob, is the invoice bot ready?').click();
      await bobPage.getByRole('heading', { name: 'Ann Lee' }).first().waitFor();
      const found = bobPage.getByRole('article').filter({ hasText: 'Hello Bob, is the invoice bot ready?' });
      await found.waitFor();
      assert.deepEqual(
        await visibleTexts(bobPage.getByRole('log', { name: 'Messages' }).getByText('Hello Bob, is the invoice bot ready?')),
        ['Hello Bob, is the invoice bot ready?'],
      );
    });
  }));

test('on a phone the channel list and a conversation are two views, and a thread opens over it', (t) =>
  withPage(browser, t, async (page) => {
    const owner = await createUser({ firstname: 'Ann', lastname: 'Lee' });
    const token = await tokenOf(owner);
    const general = await chat(token, '/channels', {
      method: 'POST', body: { kind: 'public', name: 'general', topic: 'Everyone' }, status: 201,
    });
    const root = await chat(token, `/channels/${general.id}/messages`, {
      method: 'POST', body: { text: 'Standup moved to 10:00' }, status: 201,
    });
    await chat(token, `/channels/${general.id}/messages`, {
      method: 'POST', body: { text: 'Noted', parent_id: root.id }, status: 201,
    });

    await signIn(page, owner);
    await page.goto('/Chat');
    const channels = page.getByRole('navigation', { name: 'Channels' });
    await channels.waitFor();
    // No conversation is opened for the phone: the list is the view.
    await page.getByRole('log', { name: 'Messages' }).waitFor({ state: 'hidden' });
    await openConversation(page, 'general');
    await channels.waitFor({ state: 'hidden' });
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText('Standup moved to 10:00').waitFor();
    await log.getByRole('button', { name: '1 reply' }).click();
    await page.getByRole('log', { name: 'Replies' }).getByText('Noted').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('log', { name: 'Replies' }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Back to channels' }).click();
    await channels.waitFor();
  }, { viewport: { width: 390, height: 844 } }));
