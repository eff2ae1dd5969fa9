/** The channel list: names (direct conversations by their other members), sections, and changes from realtime pushes. */

import { nameOf, type PeopleIndex } from '@common/domain/people';

import type { ChannelView, MessageView } from './types';

/** The other members of a direct conversation by name ("Ada Lovelace, Grace Hopper"); "Just you" alone. */
export function directName(channel: Pick<ChannelView, 'member_ids'>, me: string, people: PeopleIndex): string {
  const others = channel.member_ids.filter((id) => id !== me);
  if (others.length === 0) return 'Just you';
  return others
    .map((id) => nameOf(people, id) ?? '…')
    .sort((a, b) => a.localeCompare(b))
    .join(', ');
}

/** What a channel is called: its name, or for a direct conversation its other members. */
export function channelTitle(channel: ChannelView, me: string, people: PeopleIndex): string {
  return channel.kind === 'direct' ? directName(channel, me, people) : channel.name;
}

/** The sidebar's sections: joined channels by name, direct conversations newest first, archived ones last; public channels not joined apart (to browse). */
export function channelSections(channels: readonly ChannelView[]) {
  const active = channels.filter((channel) => channel.joined && !channel.archived);
  const byName = (a: ChannelView, b: ChannelView) => a.name.localeCompare(b.name);
  return {
    channels: active.filter((channel) => channel.kind !== 'direct').sort(byName),
    direct: active
      .filter((channel) => channel.kind === 'direct')
      .sort((a, b) => (b.last_message_at ?? 0) - (a.last_message_at ?? 0)),
    archived: channels.filter((channel) => channel.joined && channel.archived).sort(byName),
    browsable: channels
      .filter((channel) => !channel.joined && channel.kind === 'public' && !channel.archived)
      .sort(byName),
  };
}

/** The list with `channel` in place of the one with its id (or added). */
export function upsertChannel(channels: readonly ChannelView[], channel: ChannelView): ChannelView[] {
  const index = channels.findIndex((item) => item.id === channel.id);
  if (index < 0) return [...channels, channel];
  return channels.map((item, at) => (at === index ? channel : item));
}

export function removeChannel(channels: readonly ChannelView[], id: string): ChannelView[] {
  return channels.filter((channel) => channel.id !== id);
}

/** A channel after a message was posted in it: the latest seq and time, and my unread and mention counts. */
export function withNewMessage(channel: ChannelView, message: MessageView, me: string): ChannelView {
  if (message.seq <= channel.last_seq) return channel;
  const mine = message.author_id === me;
  const unread = !mine && message.seq > channel.last_read_seq;
  return {
    ...channel,
    last_seq: message.seq,
    last_message_at: message.created_at,
    unread: channel.unread + (unread ? 1 : 0),
    mentions: channel.mentions + (unread && message.mentions.includes(me) ? 1 : 0),
    // What I write, I have read.
    last_read_seq: mine && channel.last_read_seq === channel.last_seq ? message.seq : channel.last_read_seq,
  };
}

/** A channel after someone's marker moved: theirs in the receipts; mine also clears the counts once it reached the end. */
export function withRead(channel: ChannelView, userId: string, seq: number, me: string): ChannelView {
  let next = channel;
  if (channel.reads.length > 0 || channel.kind === 'direct') {
    const known = channel.reads.some((read) => read.user_id === userId);
    const reads = known
      ? channel.reads.map((read) =>
          read.user_id === userId ? { ...read, last_read_seq: Math.max(read.last_read_seq, seq) } : read,
        )
      : [...channel.reads, { user_id: userId, last_read_seq: seq }];
    next = { ...next, reads };
  }
  if (userId === me && seq > channel.last_read_seq) {
    next = { ...next, last_read_seq: seq };
    if (seq >= channel.last_seq) next = { ...next, unread: 0, mentions: 0 };
  }
  return next;
}

/** My unread messages over the joined channels. */
export function unreadTotal(channels: readonly ChannelView[]): number {
  return channels.reduce((sum, channel) => sum + (channel.joined ? channel.unread : 0), 0);
}

/** "# general", "🔒 board", or a direct conversation's names: for labels read aloud. */
export function channelLabel(channel: ChannelView, me: string, people: PeopleIndex): string {
  const title = channelTitle(channel, me, people);
  if (channel.kind === 'public') return `# ${title}`;
  if (channel.kind === 'private') return `${title} (private)`;
  return title;
}
