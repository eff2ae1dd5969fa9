/**
 * How a conversation shows: messages grouped under one header per author run, day separators,
 * the "new messages" divider at the marker the channel had when it was opened, and the "Seen"
 * receipt of a direct conversation.
 */

import { formatDate } from '@common/lib/format';

import type { ChannelView, MessageView } from './types';

/** A run of one author's messages within this many seconds shares one header. */
export const GROUP_SECONDS = 5 * 60;

export interface MessageRow {
  message: MessageView;
  /** The author's name and avatar are shown (first of a run). */
  header: boolean;
  /** A day separator above it ("Today", "Yesterday" or the date). */
  day: string | null;
  /** The "New messages" divider above it. */
  divider: boolean;
}

/** The local day of a time, as a key. */
function dayKey(seconds: number): string {
  const at = new Date(seconds * 1000);
  return `${at.getFullYear()}-${at.getMonth()}-${at.getDate()}`;
}

/** "Today", "Yesterday" or DD/MM/YYYY, against `now` (unix seconds). */
export function dayLabel(seconds: number, now: number): string {
  if (dayKey(seconds) === dayKey(now)) return 'Today';
  if (dayKey(seconds) === dayKey(now - 86_400)) return 'Yesterday';
  return formatDate(seconds);
}

/**
 * The seq of the first message after `marker` that someone else wrote: the "new messages"
 * divider goes above it; null when there is none.
 */
export function firstUnreadSeq(messages: readonly MessageView[], marker: number, me: string): number | null {
  const first = messages.find((message) => message.seq > marker && message.author_id !== me);
  return first ? first.seq : null;
}

/** The rows of a conversation, in order. */
export function messageRows(
  messages: readonly MessageView[],
  options: { dividerSeq: number | null; now: number },
): MessageRow[] {
  const rows: MessageRow[] = [];
  let previous: MessageView | null = null;
  for (const message of messages) {
    const newDay = previous === null || dayKey(previous.created_at) !== dayKey(message.created_at);
    const divider = options.dividerSeq !== null && message.seq === options.dividerSeq;
    const header =
      previous === null ||
      newDay ||
      divider ||
      previous.author_id !== message.author_id ||
      message.created_at - previous.created_at > GROUP_SECONDS;
    rows.push({ message, header, day: newDay ? dayLabel(message.created_at, options.now) : null, divider });
    previous = message;
  }
  return rows;
}

/** The last message of mine that is not deleted, for Up to edit; null when none. */
export function lastOwnMessage(messages: readonly MessageView[], me: string): MessageView | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message && message.author_id === me && !message.deleted) return message;
  }
  return null;
}

/**
 * The read receipt of a direct conversation, under my last message:
 * "Seen" when every other member's marker reached it, "Seen by Ada" when some did; null otherwise.
 */
export function seenReceipt(
  channel: Pick<ChannelView, 'kind' | 'reads' | 'member_ids'>,
  messages: readonly MessageView[],
  me: string,
  nameOf: (userId: string) => string,
): { messageId: string; text: string } | null {
  if (channel.kind !== 'direct') return null;
  const last = lastOwnMessage(messages, me);
  if (!last) return null;
  const others = channel.member_ids.filter((id) => id !== me);
  if (others.length === 0) return null;
  const marker = new Map(channel.reads.map((read) => [read.user_id, read.last_read_seq]));
  const seen = others.filter((id) => (marker.get(id) ?? 0) >= last.seq);
  if (seen.length === 0) return null;
  if (seen.length === others.length) return { messageId: last.id, text: 'Seen' };
  return { messageId: last.id, text: `Seen by ${seen.map(nameOf).join(', ')}` };
}
