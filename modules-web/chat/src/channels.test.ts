import { describe, expect, it } from 'vitest';

import { indexPeople } from '@common/domain/people';
import { ADA, GRACE } from '@common/domain/testFixtures';
import {
  channelLabel,
  channelSections,
  channelTitle,
  directName,
  removeChannel,
  unreadTotal,
  upsertChannel,
  withNewMessage,
  withRead,
} from './channels';
import { ANN, PEOPLE, aChannel, aMessage } from './testFixtures';

const me = ANN.user_id;
const people = indexPeople(PEOPLE);

describe('names', () => {
  it('names a direct conversation by its other members', () => {
    const direct = aChannel({ kind: 'direct', name: '', member_ids: [me, GRACE.user_id, ADA.user_id] });
    expect(directName(direct, me, people)).toBe('Ada Lovelace, Grace Hopper');
    expect(channelTitle(direct, me, people)).toBe('Ada Lovelace, Grace Hopper');
    expect(directName(aChannel({ kind: 'direct', member_ids: [me] }), me, people)).toBe('Just you');
  });

  it('says who left the company', () => {
    const direct = aChannel({ kind: 'direct', name: '', member_ids: [me, 'gone'] });
    expect(directName(direct, me, people)).toBe('Former user');
  });

  it('labels channels by kind', () => {
    expect(channelLabel(aChannel(), me, people)).toBe('# general');
    expect(channelLabel(aChannel({ kind: 'private', name: 'board' }), me, people)).toBe('board (private)');
  });
});

describe('channelSections', () => {
  it('sorts joined channels by name, direct ones newest first, archived and unjoined apart', () => {
    const list = [
      aChannel({ id: 'z', name: 'zeta' }),
      aChannel({ id: 'a', name: 'alpha', kind: 'private' }),
      aChannel({ id: 'd1', kind: 'direct', name: '', last_message_at: 10 }),
      aChannel({ id: 'd2', kind: 'direct', name: '', last_message_at: 20 }),
      aChannel({ id: 'old', name: 'old', archived: true }),
      aChannel({ id: 'pub', name: 'public', joined: false }),
    ];
    const sections = channelSections(list);
    expect(sections.channels.map((channel) => channel.id)).toEqual(['a', 'z']);
    expect(sections.direct.map((channel) => channel.id)).toEqual(['d2', 'd1']);
    expect(sections.archived.map((channel) => channel.id)).toEqual(['old']);
    expect(sections.browsable.map((channel) => channel.id)).toEqual(['pub']);
  });
});

describe('list changes', () => {
  it('replaces, adds and removes by id', () => {
    const list = [aChannel({ id: 'a' }), aChannel({ id: 'b' })];
    expect(upsertChannel(list, aChannel({ id: 'a', topic: 'New' })).map((channel) => channel.topic)).toEqual([
      'New',
      'Everything',
    ]);
    expect(upsertChannel(list, aChannel({ id: 'c' })).map((channel) => channel.id)).toEqual(['a', 'b', 'c']);
    expect(removeChannel(list, 'a').map((channel) => channel.id)).toEqual(['b']);
  });

  it('sums the unread of joined channels', () => {
    expect(
      unreadTotal([aChannel({ unread: 2 }), aChannel({ unread: 3, joined: false }), aChannel({ unread: 1 })]),
    ).toBe(3);
  });
});

describe('withNewMessage', () => {
  const channel = aChannel({ last_seq: 4, last_read_seq: 4 });

  it('counts a message of someone else as unread, and a mention of me', () => {
    const next = withNewMessage(channel, aMessage({ seq: 5, mentions: [me] }), me);
    expect(next).toMatchObject({ last_seq: 5, unread: 1, mentions: 1, last_read_seq: 4 });
  });

  it('takes my own message as read', () => {
    const next = withNewMessage(channel, aMessage({ seq: 5, author_id: me }), me);
    expect(next).toMatchObject({ last_seq: 5, unread: 0, last_read_seq: 5 });
  });

  it('counts a message once', () => {
    const once = withNewMessage(channel, aMessage({ seq: 5 }), me);
    expect(withNewMessage(once, aMessage({ seq: 5 }), me)).toBe(once);
  });
});

describe('withRead', () => {
  it('clears my counts once my marker reached the end', () => {
    const channel = aChannel({ last_seq: 6, last_read_seq: 2, unread: 4, mentions: 1 });
    expect(withRead(channel, me, 6, me)).toMatchObject({ last_read_seq: 6, unread: 0, mentions: 0 });
    expect(withRead(channel, me, 4, me)).toMatchObject({ last_read_seq: 4, unread: 4 });
  });

  it('moves a member marker of a direct conversation, never backwards', () => {
    const direct = aChannel({ kind: 'direct', reads: [{ user_id: ADA.user_id, last_read_seq: 3 }] });
    expect(withRead(direct, ADA.user_id, 5, me).reads).toEqual([{ user_id: ADA.user_id, last_read_seq: 5 }]);
    expect(withRead(direct, ADA.user_id, 1, me).reads).toEqual([{ user_id: ADA.user_id, last_read_seq: 3 }]);
    expect(withRead(direct, GRACE.user_id, 2, me).reads).toHaveLength(2);
  });
});
