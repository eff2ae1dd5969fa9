import { useEffect, useRef, useState } from 'react';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconMessages } from '@tabler/icons-react';
import { useNotify } from '@autoscope/web-sdk';

import { EmptyNotice } from '@common/ui/EmptyNotice';
import { QueryError } from '@common/ui/QueryError';
import { useNow } from '@common/lib/useNow';
import { useEditMessage, useJoinChannel, useMarkRead, useMessages, useSendMessage, useSendTyping } from '../api';
import { firstUnreadSeq, lastOwnMessage, messageRows, seenReceipt } from '../conversation';
import { flattenPages } from '../messages';
import { typingText } from '../typing';
import type { ChannelView, MessageView } from '../types';
import { ChannelHeader } from './ChannelHeader';
import { useChat, useNameOf } from './chatContext';
import { Composer } from './Composer';
import { usePageVisible } from './hooks';
import { MessageList } from './MessageList';
import { useMessageActions } from './useMessageActions';
import classes from '../ChatPage.module.css';

interface ConversationProps {
  channel: ChannelView;
  /** A search result's seq: the window around it instead of the latest messages. */
  around: number | null;
  /** The message to scroll to and highlight. */
  highlightId: string | null;
  /** Back to the latest messages (from a window around a result). */
  onJumpToLatest: () => void;
  onOpenThread: (message: MessageView) => void;
  /** Who types here now, by name. */
  typing: readonly string[];
  companyAdmin: boolean;
  onBack?: () => void;
  onLeft: () => void;
}

/**
 * One channel open: its header, the messages (older ones on scrolling up; marked read while the
 * end is in view and the tab shown), who types, and the composer (or Join for a public channel
 * not joined).
 */
export function Conversation({
  channel,
  around,
  highlightId,
  onJumpToLatest,
  onOpenThread,
  typing,
  companyAdmin,
  onBack,
  onLeft,
}: ConversationProps) {
  const { me, people } = useChat();
  const nameOf = useNameOf();
  const notify = useNotify();
  const now = useNow(60_000);
  const visible = usePageVisible();
  const query = useMessages(channel.id, around);
  const send = useSendMessage(channel.id);
  const edit = useEditMessage();
  const join = useJoinChannel();
  const markRead = useMarkRead();
  const sendTyping = useSendTyping();
  const [editing, setEditing] = useState<MessageView | null>(null);
  const { actions, dialog } = useMessageActions(setEditing, onOpenThread);
  // The marker as it was on opening: the "new messages" divider stays where it was.
  const [marker] = useState(channel.last_read_seq);
  const [atBottom, setAtBottom] = useState(false);

  const messages = flattenPages(query.data);
  const rows = messageRows(messages, { dividerSeq: firstUnreadSeq(messages, marker, me), now });
  const receipt = seenReceipt(channel, messages, me, nameOf);
  const latest = around === null;

  // Read while the end is in view and the tab is shown (once per new last message).
  const markedFor = useRef('');
  const mark = markRead.mutate;
  useEffect(() => {
    if (!atBottom || !visible || !latest || !channel.joined || !query.isSuccess) return;
    if (channel.last_read_seq >= channel.last_seq) return;
    const key = `${channel.id}:${channel.last_seq}`;
    if (markedFor.current === key) return;
    markedFor.current = key;
    mark({ channelId: channel.id, seq: channel.last_seq });
  }, [
    atBottom,
    visible,
    latest,
    channel.joined,
    channel.id,
    channel.last_read_seq,
    channel.last_seq,
    query.isSuccess,
    mark,
  ]);

  let body;
  if (query.isPending) {
    body = (
      <Center style={{ flex: 1 }}>
        <Loader aria-label="Loading messages" />
      </Center>
    );
  } else if (query.isError) {
    body = (
      <Stack p="md" style={{ flex: 1 }}>
        <QueryError title="The messages could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  } else {
    body = (
      <MessageList
        key={around ?? 'latest'}
        label="Messages"
        rows={rows}
        hasOlder={query.hasNextPage}
        loadingOlder={query.isFetchingNextPage}
        onLoadOlder={() => void query.fetchNextPage()}
        highlightId={highlightId}
        receipt={receipt}
        onAtBottom={setAtBottom}
        empty={
          <EmptyNotice
            icon={IconMessages}
            title="No messages yet"
            description={
              channel.joined ? 'Say hello: the first message starts the conversation.' : 'Join to post here.'
            }
          />
        }
        {...actions}
      />
    );
  }

  let footer;
  if (!channel.joined) {
    footer = (
      <Group className={classes.composer} justify="center">
        <Text size="sm" c="dimmed">
          You are not a member of this channel.
        </Text>
        <Button
          size="xs"
          loading={join.isPending}
          onClick={() =>
            join.mutate({ channelId: channel.id, variables: undefined }, { onError: (error) => notify.error(error) })
          }
        >
          Join channel
        </Button>
      </Group>
    );
  } else if (channel.archived) {
    footer = (
      <Text className={classes.composer} size="sm" c="dimmed" ta="center">
        This channel is archived
      </Text>
    );
  } else {
    footer = (
      <Composer
        label="Message"
        placeholder="Write a message… (Enter sends, Shift+Enter for a new line)"
        people={people}
        lastOwn={lastOwnMessage(messages, me)}
        editing={editing}
        onEditingChange={setEditing}
        onSend={(message) => send.mutateAsync(message)}
        onEdit={(id, text) => edit.mutateAsync({ id, text })}
        onTyping={() => sendTyping(channel.id)}
      />
    );
  }

  return (
    <section className={classes.main} aria-label="Conversation">
      <ChannelHeader channel={channel} companyAdmin={companyAdmin} onBack={onBack} onLeft={onLeft} />
      {!latest && (
        <Group justify="center" py={4}>
          <Button size="compact-xs" variant="light" leftSection={<IconArrowDown size={12} />} onClick={onJumpToLatest}>
            Jump to the latest messages
          </Button>
        </Group>
      )}
      {body}
      <Text size="xs" c="dimmed" className={classes.typing} aria-live="polite">
        {typingText(typing)}
      </Text>
      {footer}
      {dialog}
    </section>
  );
}
