/** The records the chat remote's tests share; imported by nothing the remote builds. */

import { ADA, GRACE } from '@common/domain/testFixtures';
import type { Person } from '@common/domain/people';
import type { ChannelView, MessageView } from './types';

/** The signed-in user of renderWithShell (TEST_USER) as the directory lists her. */
export const ANN: Person = {
  user_id: 'user-1',
  email: 'ann@acme.test',
  firstname: 'Ann',
  lastname: 'Archer',
  job_title: null,
};

export const PEOPLE: Person[] = [ANN, ADA, GRACE];

/** 14 November 2026, 10:00 UTC. */
export const T0 = 1_794_650_400;

export function aMessage(overrides: Partial<MessageView> = {}): MessageView {
  const seq = overrides.seq ?? 1;
  return {
    id: `m${seq}`,
    channel_id: 'c1',
    seq,
    author_id: ADA.user_id,
    text: `Message ${seq}`,
    parent_id: null,
    reply_count: 0,
    last_reply_at: null,
    mentions: [],
    reactions: [],
    file: null,
    edited: false,
    deleted: false,
    created_at: T0 + seq * 60,
    updated_at: T0 + seq * 60,
    ...overrides,
  };
}

export function aChannel(overrides: Partial<ChannelView> = {}): ChannelView {
  return {
    id: 'c1',
    kind: 'public',
    name: 'general',
    topic: 'Everything',
    archived: false,
    member_ids: [ANN.user_id, ADA.user_id, GRACE.user_id],
    joined: true,
    unread: 0,
    mentions: 0,
    last_read_seq: 0,
    last_seq: 0,
    last_message_at: null,
    reads: [],
    created_by: ANN.user_id,
    ...overrides,
  };
}
