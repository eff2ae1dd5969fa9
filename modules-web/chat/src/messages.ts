/** The cached pages of a conversation and a thread, kept current by the plugin's answers and realtime pushes. */

import type { MessagePage, MessageView, Thread } from './types';

/** Pages as TanStack Query keeps an infinite query: the first page is the newest; later ones are older. */
export interface MessagePages {
  pages: MessagePage[];
  pageParams: unknown[];
}

/** Every loaded message of the pages, ascending seq, once each. */
export function flattenPages(data: MessagePages | undefined): MessageView[] {
  if (!data) return [];
  const all = data.pages
    .slice()
    .reverse()
    .flatMap((page) => page.messages);
  return mergeMessages([], all);
}

/** `list` with `incoming` put in (a message with the same id replaced), ascending seq. */
export function mergeMessages(list: readonly MessageView[], incoming: readonly MessageView[]): MessageView[] {
  const byId = new Map(list.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** Replaces the message with `message.id` wherever it is; null when none is. */
function replaceIn(pages: MessagePage[], message: MessageView): MessagePage[] | null {
  let found = false;
  const next = pages.map((page) => {
    if (!page.messages.some((item) => item.id === message.id)) return page;
    found = true;
    return { ...page, messages: page.messages.map((item) => (item.id === message.id ? message : item)) };
  });
  return found ? next : null;
}

/**
 * The pages after a message was created, edited, deleted or reacted to. A new top-level message
 * joins the newest page when `atEnd` (the pages reach the channel's latest message). A reply
 * changes nothing here: the plugin sends its root anew, with the root's count.
 */
export function pagesWithMessage(data: MessagePages, message: MessageView, atEnd: boolean): MessagePages {
  if (message.parent_id !== null) return data;
  const replaced = replaceIn(data.pages, message);
  if (replaced) return { ...data, pages: replaced };
  if (!atEnd) return data;
  const [newest, ...older] = data.pages;
  if (!newest) return { pages: [{ messages: [message], has_more: false }], pageParams: [null] };
  return { ...data, pages: [{ ...newest, messages: mergeMessages(newest.messages, [message]) }, ...older] };
}

/** The pages with a message changed (edited, deleted, reactions): replaced where it is, nothing added. */
export function pagesWithChange(data: MessagePages, message: MessageView): MessagePages {
  const replaced = message.parent_id === null ? replaceIn(data.pages, message) : null;
  return replaced ? { ...data, pages: replaced } : data;
}

/** A thread after a message of it (the root or a reply) was created or changed; the root's count comes with the root. */
export function threadWithMessage(thread: Thread, message: MessageView): Thread {
  if (message.id === thread.root.id) return { ...thread, root: message };
  if (message.parent_id !== thread.root.id) return thread;
  return { ...thread, replies: mergeMessages(thread.replies, [message]) };
}
