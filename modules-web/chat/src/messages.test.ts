import { describe, expect, it } from 'vitest';

import {
  flattenPages,
  mergeMessages,
  pagesWithChange,
  pagesWithMessage,
  threadWithMessage,
  type MessagePages,
} from './messages';
import { aMessage } from './testFixtures';

const pages = (...seqs: number[][]): MessagePages => ({
  pages: seqs.map((list) => ({ messages: list.map((seq) => aMessage({ seq })), has_more: true })),
  pageParams: seqs.map((_, index) => (index === 0 ? null : index)),
});

const seqsOf = (data: MessagePages) => flattenPages(data).map((message) => message.seq);

describe('flattenPages', () => {
  it('puts older pages first, once each message', () => {
    expect(seqsOf(pages([3, 4], [1, 2, 3]))).toEqual([1, 2, 3, 4]);
    expect(flattenPages(undefined)).toEqual([]);
  });
});

describe('mergeMessages', () => {
  it('replaces by id and sorts by seq', () => {
    const merged = mergeMessages([aMessage({ seq: 2 }), aMessage({ seq: 1 })], [aMessage({ seq: 2, text: 'new' })]);
    expect(merged.map((message) => [message.seq, message.text])).toEqual([
      [1, 'Message 1'],
      [2, 'new'],
    ]);
  });
});

describe('pagesWithMessage', () => {
  it('adds a new message to the newest page when the pages reach the end', () => {
    expect(seqsOf(pagesWithMessage(pages([3, 4], [1, 2]), aMessage({ seq: 5 }), true))).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves a window around a search result as it is', () => {
    const data = pages([3, 4]);
    expect(pagesWithMessage(data, aMessage({ seq: 9 }), false)).toBe(data);
  });

  it('does not add a message twice', () => {
    const once = pagesWithMessage(pages([1]), aMessage({ seq: 2 }), true);
    expect(seqsOf(pagesWithMessage(once, aMessage({ seq: 2 }), true))).toEqual([1, 2]);
  });

  it("leaves the pages to the root's own push when a reply comes", () => {
    const data = pages([1, 2]);
    expect(pagesWithMessage(data, aMessage({ seq: 7, id: 'r1', parent_id: 'm2' }), true)).toBe(data);
    const root = aMessage({ seq: 2, reply_count: 1, last_reply_at: 999 });
    const counted = pagesWithMessage(data, root, true);
    expect(flattenPages(counted).find((message) => message.id === 'm2')).toMatchObject({ reply_count: 1 });
    expect(seqsOf(counted)).toEqual([1, 2]);
  });
});

describe('pagesWithChange', () => {
  it('replaces an edited message where it is and adds nothing', () => {
    const next = pagesWithChange(pages([1, 2]), aMessage({ seq: 2, text: 'edited', edited: true }));
    expect(flattenPages(next).map((message) => message.text)).toEqual(['Message 1', 'edited']);
    const data = pages([1]);
    expect(pagesWithChange(data, aMessage({ seq: 8 }))).toEqual(data);
  });
});

describe('threadWithMessage', () => {
  const thread = { root: aMessage({ seq: 1 }), replies: [aMessage({ seq: 2, id: 'r2', parent_id: 'm1' })] };

  it("adds a new reply once, and takes the count from the root's push", () => {
    const reply = aMessage({ seq: 3, id: 'r3', parent_id: 'm1' });
    const twice = threadWithMessage(threadWithMessage(thread, reply), reply);
    expect(twice.replies.map((message) => message.id)).toEqual(['r2', 'r3']);
    expect(twice.root.reply_count).toBe(thread.root.reply_count);
    expect(threadWithMessage(twice, { ...thread.root, reply_count: 2 }).root.reply_count).toBe(2);
  });

  it('replaces the root and ignores other threads', () => {
    expect(threadWithMessage(thread, aMessage({ seq: 1, text: 'root edited' })).root.text).toBe('root edited');
    expect(threadWithMessage(thread, aMessage({ seq: 9, id: 'x', parent_id: 'other' }))).toBe(thread);
  });
});
