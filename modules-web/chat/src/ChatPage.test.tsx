// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEST_USER, mediaQueries, renderWithShell, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import ChatPage from './ChatPage';
import { aMessage } from './testFixtures';
import { GENERAL, GENERAL_MESSAGES, RANDOM, WITH_ADA, chatServer, push } from './testServer';

beforeAll(stubBrowser);
afterEach(cleanup);

function renderPage(server: FakeServer = chatServer(), url = '/Chat?channel=c1', user = TEST_USER) {
  return renderWithShell(<ChatPage />, { server, moduleKey: 'chat', url, user });
}

async function openStream(server: FakeServer) {
  await waitFor(() => expect(server.realtime.streams.length).toBeGreaterThan(0));
  return server.realtime.streams[0]!;
}

describe('ChatPage', () => {
  it('lists channels and direct conversations with unread and mention counts', async () => {
    renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Channels' });
    const general = await within(nav).findByRole('button', { name: /general/ });
    expect(within(general).getByLabelText('2 unread')).toBeTruthy();
    expect(within(general).getByLabelText('1 mentions')).toBeTruthy();
    expect(within(nav).getByRole('button', { name: /board/ })).toBeTruthy();
    expect(await within(nav).findByRole('button', { name: /Ada Lovelace/ })).toBeTruthy();
    // Not joined: to browse, not listed.
    expect(within(nav).queryByRole('button', { name: /random/ })).toBeNull();
  });

  it('opens a channel with its messages, the divider at the old marker, and marks it read', async () => {
    const { server } = renderPage();
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Welcome to general')).toBeTruthy();
    expect(within(log).getByText('@Ann Archer')).toBeTruthy();
    expect(within(log).getByRole('separator', { name: 'New messages' })).toBeTruthy();
    await waitFor(() =>
      expect(server.requestsTo('POST', '/api/m/chat/channels/c1/read').map((request) => request.body)).toEqual([
        { seq: 3 },
      ]),
    );
    const nav = screen.getByRole('navigation', { name: 'Channels' });
    await waitFor(() => expect(within(nav).queryByLabelText('2 unread')).toBeNull());
  });

  it('sends a message from the composer and shows it', async () => {
    const server = chatServer().on('POST', '/api/m/chat/channels/c1/messages', ({ body }) =>
      aMessage({ seq: 4, author_id: 'user-1', text: (body as { text: string }).text }),
    );
    renderPage(server);
    const log = await screen.findByRole('log', { name: 'Messages' });
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Here I am' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(log).findByText('Here I am')).toBeTruthy();
    expect(server.requestsTo('POST', '/api/m/chat/channels/c1/messages').map((request) => request.body)).toEqual([
      { text: 'Here I am' },
    ]);
    expect(server.requestsTo('POST', '/api/m/chat/channels/c1/typing')).toHaveLength(1);
  });

  it('shows messages, edits and typing pushed live', async () => {
    const { server } = renderPage();
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Welcome to general');
    const stream = await openStream(server);

    stream.send(push('typing', { channel_id: 'c1', user_id: 'u2' }));
    expect(await screen.findByText('Grace Hopper is typing…')).toBeTruthy();

    stream.send(push('message', { event: 'created', message: aMessage({ seq: 4, author_id: 'u2', text: 'Live!' }) }));
    expect(await within(log).findByText('Live!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Grace Hopper is typing…')).toBeNull());

    stream.send(
      push('message', { event: 'edited', message: aMessage({ seq: 1, text: 'Welcome, edited', edited: true }) }),
    );
    expect(await within(log).findByText('Welcome, edited')).toBeTruthy();

    stream.send(
      push('message', { event: 'deleted', message: aMessage({ seq: 3, author_id: 'u2', text: '', deleted: true }) }),
    );
    expect(await within(log).findByText('This message was deleted')).toBeTruthy();
  });

  it('opens a thread beside the conversation and replies in it', async () => {
    const root = aMessage({ seq: 1, text: 'Welcome to general', reply_count: 1 });
    const reply = aMessage({ seq: 5, id: 'r5', parent_id: 'm1', author_id: 'u2', text: 'Thanks!' });
    const server = chatServer()
      .on('GET', '/api/m/chat/channels/c1/messages', { messages: [root], has_more: false })
      .on('GET', '/api/m/chat/messages/m1/thread', { root, replies: [reply] })
      .on('POST', '/api/m/chat/channels/c1/messages', ({ body }) =>
        aMessage({ seq: 6, id: 'r6', parent_id: 'm1', author_id: 'user-1', text: (body as { text: string }).text }),
      );
    const shell = renderPage(server);
    fireEvent.click(await screen.findByRole('button', { name: '1 reply' }));
    const thread = await screen.findByRole('region', { name: 'Thread' });
    expect(await within(thread).findByText('Thanks!')).toBeTruthy();
    expect(shell.location().search).toBe('?channel=c1&thread=m1');

    const box = within(thread).getByRole('textbox', { name: 'Reply' });
    fireEvent.change(box, { target: { value: 'You are welcome' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(thread).findByText('You are welcome')).toBeTruthy();
    expect(server.requestsTo('POST', '/api/m/chat/channels/c1/messages').map((request) => request.body)).toEqual([
      { text: 'You are welcome', parent_id: 'm1' },
    ]);
    // The plugin sends the root anew with its count: the thread and the conversation show it.
    const stream = await openStream(server);
    stream.send(push('message', { event: 'edited', message: { ...root, reply_count: 2 } }));
    expect(await screen.findByRole('button', { name: '2 replies' })).toBeTruthy();
    expect(within(thread).getByText('2 replies')).toBeTruthy();

    fireEvent.click(within(thread).getByRole('button', { name: 'Close thread' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Thread' })).toBeNull());
  });

  it('refetches after a realtime gap', async () => {
    const { server } = renderPage();
    await screen.findByRole('log', { name: 'Messages' });
    const stream = await openStream(server);
    const before = server.requestsTo('GET', '/api/m/chat/channels').length;
    stream.send('event: reset\ndata: {}\n\n');
    await waitFor(() => expect(server.requestsTo('GET', '/api/m/chat/channels').length).toBeGreaterThan(before));
  });

  it('loads older messages before the first one shown', async () => {
    const server = chatServer().on('GET', '/api/m/chat/channels/c1/messages', ({ query }) =>
      query.get('before_seq') === '51'
        ? { messages: [aMessage({ seq: 50, text: 'An older one' })], has_more: false }
        : { messages: [aMessage({ seq: 51, text: 'The latest' })], has_more: true },
    );
    renderPage(server);
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('The latest');
    fireEvent.click(within(log).getByRole('button', { name: 'Load older messages' }));
    expect(await within(log).findByText('An older one')).toBeTruthy();
    const requests = server.requestsTo('GET', '/api/m/chat/channels/c1/messages');
    expect(requests.map((request) => request.query.toString())).toEqual(['limit=50', 'before_seq=51&limit=50']);
    expect(within(log).queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('does not mark a channel read while the tab is hidden', async () => {
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      const { server } = renderPage();
      const log = await screen.findByRole('log', { name: 'Messages' });
      await within(log).findByText('Welcome to general');
      await waitFor(() =>
        expect(server.requestsTo('POST', '/api/m/chat/presence').map((request) => request.body)).toEqual([
          { status: 'away' },
        ]),
      );
      expect(server.requestsTo('POST', '/api/m/chat/channels/c1/read')).toEqual([]);

      hidden.mockReturnValue('visible');
      fireEvent(document, new Event('visibilitychange'));
      await waitFor(() => expect(server.requestsTo('POST', '/api/m/chat/channels/c1/read')).toHaveLength(1));
      expect(server.requestsTo('POST', '/api/m/chat/presence').at(-1)?.body).toEqual({ status: 'online' });
    } finally {
      hidden.mockRestore();
    }
  });

  it('toggles a reaction, edits my last message with Up and deletes after asking', async () => {
    const mine = aMessage({ seq: 4, author_id: 'user-1', text: 'Helo' });
    const server = chatServer()
      .on('GET', '/api/m/chat/channels/c1/messages', { messages: [...GENERAL_MESSAGES, mine], has_more: false })
      .on('POST', '/api/m/chat/messages/m1/reactions', {
        ...GENERAL_MESSAGES[0],
        reactions: [{ emoji: '👍', user_ids: ['user-1'] }],
      })
      .on('PATCH', '/api/m/chat/messages/m4', ({ body }) => ({ ...mine, ...(body as object), edited: true }))
      .on('DELETE', '/api/m/chat/messages/m4', { ...mine, text: '', deleted: true });
    renderPage(server);
    const log = await screen.findByRole('log', { name: 'Messages' });
    const first = await within(log).findByRole('article', { name: /^Ada Lovelace/ });
    fireEvent.click(within(first).getByRole('button', { name: 'Add reaction' }));
    fireEvent.click(within(first).getByRole('button', { name: 'React with 👍' }));
    expect(await within(log).findByRole('button', { name: '👍 1' })).toBeTruthy();
    expect(server.requestsTo('POST', '/api/m/chat/messages/m1/reactions')[0]?.body).toEqual({ emoji: '👍' });

    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    await waitFor(() => expect(box.value).toBe('Helo'));
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(log).findByText('Hello')).toBeTruthy();
    expect(within(log).getByText('(edited)')).toBeTruthy();
    expect(server.requestsTo('PATCH', '/api/m/chat/messages/m4')[0]?.body).toEqual({ text: 'Hello' });

    const own = within(log).getByRole('article', { name: /^Ann Archer/ });
    fireEvent.click(within(own).getByRole('button', { name: 'Message actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete message' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete message' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(log).findByText('This message was deleted')).toBeTruthy();
    expect(server.requestsTo('DELETE', '/api/m/chat/messages/m4')).toHaveLength(1);
  });

  it('says Seen under my last direct message once the other read it', async () => {
    renderPage(chatServer(), '/Chat?channel=d1');
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Seen')).toBeTruthy();
  });

  it('searches and opens a result around its message, highlighted', async () => {
    const hit = aMessage({ seq: 2, author_id: 'u2', text: 'Hi <@user-1>' });
    const server = chatServer()
      .on('GET', '/api/m/chat/search', { results: [{ message: hit, channel_id: 'c1', channel_name: 'general' }] })
      .on('GET', '/api/m/chat/channels/c1/messages', ({ query }) => ({
        messages: query.get('around_seq') ? [hit] : [],
        has_more: false,
      }));
    const shell = renderPage(server);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Search messages' }), { target: { value: 'hi' } });
    const results = await screen.findByRole('list', { name: 'Search results' }, { timeout: 2000 });
    expect(within(results).getByText('Grace Hopper')).toBeTruthy();
    expect(within(results).getByText('Hi @Ann Archer')).toBeTruthy();
    fireEvent.click(within(results).getByRole('button'));

    // The search stays in the URL beside the result opened.
    await waitFor(() => expect(shell.location().search).toBe('?q=hi&channel=c1&around=2&message=m2'));
    const article = await screen.findByRole('article', { name: /^Grace Hopper/ });
    expect(article.getAttribute('data-highlighted')).toBe('true');
    expect(server.requestsTo('GET', '/api/m/chat/channels/c1/messages').at(-1)?.query.get('around_seq')).toBe('2');
    expect(screen.getByRole('button', { name: 'Jump to the latest messages' })).toBeTruthy();
  });

  it('opens the first channel by name when none is asked for', async () => {
    renderPage(chatServer(), '/Chat');
    expect(await screen.findByRole('heading', { name: 'board' })).toBeTruthy();
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });

  it('offers the export to company admins only', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Channel actions' }));
    expect(screen.queryByRole('menuitem', { name: 'Export as CSV' })).toBeNull();
    cleanup();

    renderPage(chatServer(), undefined, { ...TEST_USER, companyAdmin: true });
    await screen.findByRole('log', { name: 'Messages' });
    fireEvent.click(await screen.findByRole('button', { name: 'Channel actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Export as CSV' })).toBeTruthy();
  });

  it('creates a channel and opens it', async () => {
    const created = { ...GENERAL, id: 'c9', name: 'launch', unread: 0, mentions: 0, last_seq: 0, last_read_seq: 0 };
    const server = chatServer()
      .on('POST', '/api/m/chat/channels', created)
      .on('GET', '/api/m/chat/channels/c9/messages', { messages: [], has_more: false });
    const shell = renderPage(server);
    fireEvent.click(await screen.findByRole('button', { name: 'New channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'New channel' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create channel' }));
    expect(await within(dialog).findByText('A channel name is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'launch' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create channel' }));
    await waitFor(() => expect(shell.location().search).toBe('?channel=c9'));
    expect(server.requestsTo('POST', '/api/m/chat/channels').map((request) => request.body)).toEqual([
      { kind: 'public', name: 'launch', topic: '', member_ids: [] },
    ]);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });

  it('opens a direct conversation with the people chosen', async () => {
    const server = chatServer().on('POST', '/api/m/chat/direct', WITH_ADA);
    const shell = renderPage(server);
    fireEvent.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open conversation' }));
    expect(await within(dialog).findByText('Choose 1 to 8 people for a direct conversation')).toBeTruthy();
    expect(server.requestsTo('POST', '/api/m/chat/direct')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('combobox', { name: 'People' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ada Lovelace' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open conversation' }));
    await waitFor(() => expect(shell.location().search).toBe('?channel=d1'));
    expect(server.requestsTo('POST', '/api/m/chat/direct').map((request) => request.body)).toEqual([
      { user_ids: ['u1'] },
    ]);
  });

  it('browses the public channels not joined and joins one', async () => {
    let joined = false;
    const server = chatServer()
      .on('POST', '/api/m/chat/channels/c3/join', () => {
        joined = true;
        return { ...RANDOM, joined: true };
      })
      .on('GET', '/api/m/chat/channels/c3', () => ({ ...RANDOM, joined }))
      .on('GET', '/api/m/chat/channels/c3/messages', { messages: [], has_more: false });
    const shell = renderPage(server);
    fireEvent.click(await screen.findByRole('button', { name: /Browse channels/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Browse channels' });
    const random = within(dialog).getByRole('group', { name: 'random' });
    fireEvent.click(within(random).getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(shell.location().search).toBe('?channel=c3'));
    expect(server.requestsTo('POST', '/api/m/chat/channels/c3/join')).toHaveLength(1);
    const nav = screen.getByRole('navigation', { name: 'Channels' });
    expect(await within(nav).findByRole('button', { name: /random/ })).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
  });

  it('shows the plugin’s message when the channels cannot be loaded', async () => {
    const server = chatServer().on('GET', '/api/m/chat/channels', () => {
      throw new Error('down');
    });
    renderPage(server);
    expect(await screen.findByText('The channels could not be loaded')).toBeTruthy();
  });

  it('shows the channel list and the conversation one at a time on a phone', async () => {
    const phone = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation(mediaQueries((query) => query.includes('max-width')));
    try {
      const shell = renderPage(chatServer(), '/Chat');
      const nav = await screen.findByRole('navigation', { name: 'Channels' });
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Conversation' })).toBeNull());
      fireEvent.click(await within(nav).findByRole('button', { name: /general/ }));
      expect(await screen.findByRole('log', { name: 'Messages' })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Channels' })).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Back to channels' }));
      expect(await screen.findByRole('navigation', { name: 'Channels' })).toBeTruthy();
      expect(shell.location().search).toBe('');
    } finally {
      phone.mockRestore();
    }
  });
});
