import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button, Center, Divider, Loader, Text } from '@mantine/core';

import type { MessageRow } from '../conversation';
import { useChat } from './chatContext';
import { MessageItem, type MessageActions } from './MessageItem';
import classes from '../ChatPage.module.css';

/** Within this many pixels of the end, the list is "at the bottom". */
const BOTTOM_SLACK = 48;
/** Within this many pixels of the top, older messages load. */
const TOP_SLACK = 120;

interface MessageListProps extends MessageActions {
  rows: readonly MessageRow[];
  /** A label for the log: "Messages" or "Replies". */
  label: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** The message to scroll to and highlight (a search result). */
  highlightId?: string | null;
  receipt?: { messageId: string; text: string } | null;
  /** Whether the end of the list is in view; told on every change. */
  onAtBottom?: (atBottom: boolean) => void;
  /** Shown when there are no rows. */
  empty?: ReactNode;
  /** Above the first message (a thread's root). */
  before?: ReactNode;
}

interface Snapshot {
  firstId: string | null;
  lastId: string | null;
  scrollTop: number;
  scrollHeight: number;
  atBottom: boolean;
}

/**
 * A scrolling list of messages: it starts at the end (or at the highlighted message), follows new
 * messages while at the end, loads older ones near the top and keeps the reader's place when they
 * arrive above.
 */
export function MessageList({
  rows,
  label,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  highlightId = null,
  receipt = null,
  onAtBottom,
  empty,
  before,
  ...actions
}: MessageListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const snapshot = useRef<Snapshot | null>(null);
  const latest = useRef({ hasOlder, loadingOlder, onLoadOlder, onAtBottom });
  useEffect(() => {
    latest.current = { hasOlder, loadingOlder, onLoadOlder, onAtBottom };
  });

  const firstId = rows[0]?.message.id ?? null;
  const lastId = rows[rows.length - 1]?.message.id ?? null;
  const lastAuthor = rows[rows.length - 1]?.message.author_id ?? null;
  const { me } = useChat();

  const measure = (element: HTMLDivElement): Snapshot => ({
    firstId,
    lastId,
    scrollTop: element.scrollTop,
    scrollHeight: element.scrollHeight,
    atBottom: element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK,
  });

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const previous = snapshot.current;
    if (previous === null || previous.firstId === null) {
      // First rows: the highlighted message, else the end.
      const target = highlightId ? document.getElementById(`message-${highlightId}`) : null;
      if (target) target.scrollIntoView({ block: 'center' });
      else element.scrollTop = element.scrollHeight;
    } else if (previous.firstId !== firstId && previous.lastId === lastId) {
      // Older messages came in above: the same messages stay in view.
      element.scrollTop = previous.scrollTop + (element.scrollHeight - previous.scrollHeight);
    } else if (previous.lastId !== lastId && (previous.atBottom || lastAuthor === me)) {
      // A new message at the end: followed while at the end, and always when I wrote it.
      element.scrollTop = element.scrollHeight;
    }
    const now = measure(element);
    snapshot.current = now;
    latest.current.onAtBottom?.(now.atBottom);
    // measure reads firstId and lastId, which are the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstId, lastId, highlightId, rows.length, receipt?.text]);

  const onScroll = () => {
    const element = ref.current;
    if (!element) return;
    const now = measure(element);
    const wasAtBottom = snapshot.current?.atBottom;
    snapshot.current = now;
    if (wasAtBottom !== now.atBottom) latest.current.onAtBottom?.(now.atBottom);
    const { hasOlder: more, loadingOlder: loading, onLoadOlder: load } = latest.current;
    if (element.scrollTop <= TOP_SLACK && more && !loading) load();
  };

  return (
    <div ref={ref} className={classes.log} role="log" aria-label={label} aria-live="polite" onScroll={onScroll}>
      {hasOlder && (
        <Center py="xs">
          {loadingOlder ? (
            <Loader size="sm" aria-label="Loading older messages" />
          ) : (
            <Button variant="subtle" size="xs" onClick={onLoadOlder}>
              Load older messages
            </Button>
          )}
        </Center>
      )}
      {before}
      {rows.length === 0 && empty}
      {rows.map((row) => (
        <div key={row.message.id}>
          {row.day && (
            <Divider
              my="xs"
              labelPosition="center"
              label={
                <Text size="xs" c="dimmed">
                  {row.day}
                </Text>
              }
            />
          )}
          {row.divider && (
            <Divider
              my="xs"
              color="red"
              labelPosition="right"
              role="separator"
              aria-label="New messages"
              label={
                <Text size="xs" c="red" fw={600}>
                  New messages
                </Text>
              }
            />
          )}
          <MessageItem
            message={row.message}
            header={row.header}
            highlighted={row.message.id === highlightId}
            receipt={receipt && receipt.messageId === row.message.id ? receipt.text : null}
            {...actions}
          />
        </div>
      ))}
    </div>
  );
}
