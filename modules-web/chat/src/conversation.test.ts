import { describe, expect, it } from 'vitest';

import { ADA, GRACE } from '@common/domain/testFixtures';
import { dayLabel, firstUnreadSeq, lastOwnMessage, messageRows, seenReceipt } from './conversation';
import { ANN, T0, aChannel, aMessage } from './testFixtures';

const me = ANN.user_id;

describe('messageRows', () => {
  it('gives one header per run of an author within five minutes', () => {
    const messages = [
      aMessage({ seq: 1, created_at: T0 }),
      aMessage({ seq: 2, created_at: T0 + 60 }),
      aMessage({ seq: 3, created_at: T0 + 60 + 301 }),
      aMessage({ seq: 4, created_at: T0 + 700, author_id: GRACE.user_id }),
    ];
    expect(messageRows(messages, { dividerSeq: null, now: T0 }).map((row) => row.header)).toEqual([
      true,
      false,
      true,
      true,
    ]);
  });

  it('puts a day separator above the first message of each day', () => {
    const messages = [aMessage({ seq: 1, created_at: T0 - 86_400 }), aMessage({ seq: 2, created_at: T0 })];
    expect(messageRows(messages, { dividerSeq: null, now: T0 }).map((row) => row.day)).toEqual(['Yesterday', 'Today']);
  });

  it('puts the divider above its message and starts a new header there', () => {
    const messages = [aMessage({ seq: 1 }), aMessage({ seq: 2 })];
    const rows = messageRows(messages, { dividerSeq: 2, now: T0 });
    expect(rows.map((row) => [row.divider, row.header])).toEqual([
      [false, true],
      [true, true],
    ]);
  });
});

describe('dayLabel', () => {
  it('says Today, Yesterday or the date', () => {
    expect(dayLabel(T0, T0)).toBe('Today');
    expect(dayLabel(T0 - 86_400, T0)).toBe('Yesterday');
    expect(dayLabel(T0 - 3 * 86_400, T0)).toBe('11/11/2026');
  });
});

describe('firstUnreadSeq', () => {
  const messages = [
    aMessage({ seq: 1 }),
    aMessage({ seq: 2, author_id: me }),
    aMessage({ seq: 3 }),
    aMessage({ seq: 4 }),
  ];

  it('is the first message after the marker by someone else', () => {
    expect(firstUnreadSeq(messages, 1, me)).toBe(3);
    expect(firstUnreadSeq(messages, 3, me)).toBe(4);
  });

  it('is null when everything was read', () => {
    expect(firstUnreadSeq(messages, 4, me)).toBeNull();
  });
});

describe('lastOwnMessage', () => {
  it('skips deleted messages and other authors', () => {
    const messages = [
      aMessage({ seq: 1, author_id: me }),
      aMessage({ seq: 2, author_id: me, deleted: true }),
      aMessage({ seq: 3 }),
    ];
    expect(lastOwnMessage(messages, me)?.seq).toBe(1);
    expect(lastOwnMessage([aMessage({ seq: 1 })], me)).toBeNull();
  });
});

describe('seenReceipt', () => {
  const names: Record<string, string> = { [ADA.user_id]: 'Ada Lovelace', [GRACE.user_id]: 'Grace Hopper' };
  const nameOf = (id: string) => names[id] ?? '?';
  const messages = [aMessage({ seq: 1 }), aMessage({ seq: 2, author_id: me })];

  it('says Seen when every other member read my last message', () => {
    const channel = aChannel({
      kind: 'direct',
      member_ids: [me, ADA.user_id],
      reads: [
        { user_id: me, last_read_seq: 2 },
        { user_id: ADA.user_id, last_read_seq: 2 },
      ],
    });
    expect(seenReceipt(channel, messages, me, nameOf)).toEqual({ messageId: 'm2', text: 'Seen' });
  });

  it('names who saw it in a group conversation', () => {
    const channel = aChannel({
      kind: 'direct',
      member_ids: [me, ADA.user_id, GRACE.user_id],
      reads: [
        { user_id: ADA.user_id, last_read_seq: 5 },
        { user_id: GRACE.user_id, last_read_seq: 1 },
      ],
    });
    expect(seenReceipt(channel, messages, me, nameOf)).toEqual({ messageId: 'm2', text: 'Seen by Ada Lovelace' });
  });

  it('says nothing before anyone read it, or outside direct conversations', () => {
    const direct = aChannel({ kind: 'direct', member_ids: [me, ADA.user_id], reads: [] });
    expect(seenReceipt(direct, messages, me, nameOf)).toBeNull();
    const channel = aChannel({ reads: [{ user_id: ADA.user_id, last_read_seq: 9 }] });
    expect(seenReceipt(channel, messages, me, nameOf)).toBeNull();
  });
});
