/** The fake host of the chat remote's component tests; imported by nothing the remote builds. */

import { fakeServer, type FakeServer } from '@autoscope/web-sdk/testing';

import { PEOPLE, aChannel, aMessage } from './testFixtures';
import type { ChannelView, MessageView } from './types';

export const GENERAL = aChannel({ id: 'c1', name: 'general', last_seq: 3, last_read_seq: 1, unread: 2, mentions: 1 });
export const BOARD = aChannel({ id: 'c2', kind: 'private', name: 'board', topic: '' });
export const WITH_ADA = aChannel({
  id: 'd1',
  kind: 'direct',
  name: '',
  topic: '',
  member_ids: ['user-1', 'u1'],
  reads: [
    { user_id: 'user-1', last_read_seq: 2 },
    { user_id: 'u1', last_read_seq: 2 },
  ],
  last_seq: 2,
  last_read_seq: 2,
  last_message_at: 100,
});
export const RANDOM = aChannel({ id: 'c3', name: 'random', joined: false, member_ids: ['u1'] });

export const GENERAL_MESSAGES: MessageView[] = [
  aMessage({ seq: 1, text: 'Welcome to general' }),
  aMessage({ seq: 2, author_id: 'u2', text: 'Hi <@user-1>' }),
  aMessage({ seq: 3, author_id: 'u2', text: 'Anyone there?' }),
];

/** A company with three channels, a direct conversation and a public channel not joined. */
export function chatServer(channels: ChannelView[] = [GENERAL, BOARD, WITH_ADA, RANDOM]): FakeServer {
  return fakeServer()
    .on('GET', '/api/m/chat/channels', { channels })
    .on('GET', '/api/m/chat/people', PEOPLE)
    .on('GET', '/api/m/chat/presence', { users: [{ user_id: 'u1', status: 'online' }] })
    .on('POST', '/api/m/chat/presence', { users: [{ user_id: 'u1', status: 'online' }] })
    .on('GET', '/api/m/chat/channels/c1/messages', { messages: GENERAL_MESSAGES, has_more: false })
    .on('GET', '/api/m/chat/channels/c2/messages', { messages: [], has_more: false })
    .on('GET', '/api/m/chat/channels/d1/messages', {
      messages: [aMessage({ seq: 1, channel_id: 'd1' }), aMessage({ seq: 2, channel_id: 'd1', author_id: 'user-1' })],
      has_more: false,
    })
    .on('POST', '/api/m/chat/channels/:id/read', ({ params, body }) => {
      const channel = channels.find((item) => item.id === params.id);
      const seq = (body as { seq?: number }).seq ?? channel?.last_seq ?? 0;
      return { ...channel, last_read_seq: seq, unread: 0, mentions: 0 };
    })
    .on('POST', '/api/m/chat/channels/:id/typing', { ok: true });
}

/** A realtime push as the host's stream carries it. */
export function push(name: string, payload: unknown): string {
  return `event: chat.${name}\ndata: ${JSON.stringify(payload)}\n\n`;
}
