import { useState } from 'react';
import { CloseButton, Divider, Group, Loader, Text, Title, Center } from '@mantine/core';

import { QueryError } from '@common/ui/QueryError';
import { useNow } from '@common/lib/useNow';
import { useEditMessage, useSendMessage, useThread } from '../api';
import { lastOwnMessage, messageRows } from '../conversation';
import type { ChannelView, MessageView } from '../types';
import { useChat } from './chatContext';
import { Composer } from './Composer';
import { MessageItem } from './MessageItem';
import { MessageList } from './MessageList';
import { useMessageActions } from './useMessageActions';
import classes from '../ChatPage.module.css';

interface ThreadPanelProps {
  channel: ChannelView;
  rootId: string;
  onClose: () => void;
  /** In a drawer (phones): the drawer has its own title and close button. */
  inDrawer?: boolean;
}

/** A thread: its root, the replies and a composer for another reply. */
export function ThreadPanel({ channel, rootId, onClose, inDrawer = false }: ThreadPanelProps) {
  const { me, people } = useChat();
  const thread = useThread(rootId);
  const send = useSendMessage(channel.id);
  const edit = useEditMessage();
  const now = useNow(60_000);
  const [editing, setEditing] = useState<MessageView | null>(null);
  const { actions, dialog } = useMessageActions(setEditing);
  const replies = thread.data?.replies ?? [];
  const rows = messageRows(replies, { dividerSeq: null, now });
  const canPost = channel.joined && !channel.archived;

  let content;
  if (thread.isPending) {
    content = (
      <Center p="md">
        <Loader size="sm" aria-label="Loading the thread" />
      </Center>
    );
  } else if (thread.isError) {
    content = (
      <QueryError title="The thread could not be loaded" error={thread.error} onRetry={() => void thread.refetch()} />
    );
  } else {
    const root = thread.data.root;
    content = (
      <MessageList
        label="Replies"
        rows={rows}
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={() => undefined}
        before={
          <>
            <MessageItem message={root} header {...actions} onOpenThread={undefined} />
            <Divider
              my="xs"
              labelPosition="left"
              label={
                <Text size="xs" c="dimmed">
                  {root.reply_count === 1 ? '1 reply' : `${root.reply_count} replies`}
                </Text>
              }
            />
          </>
        }
        {...actions}
        onOpenThread={undefined}
      />
    );
  }

  return (
    <section className={classes.thread} aria-label="Thread">
      {!inDrawer && (
        <Group className={classes.header} justify="space-between" wrap="nowrap">
          <Title order={3} size="h5">
            Thread
          </Title>
          <CloseButton aria-label="Close thread" onClick={onClose} />
        </Group>
      )}
      {content}
      {canPost && thread.isSuccess && (
        <Composer
          label="Reply"
          placeholder="Reply in the thread…"
          people={people}
          lastOwn={lastOwnMessage(replies, me)}
          editing={editing}
          onEditingChange={setEditing}
          onSend={(body) => send.mutateAsync({ ...body, parent_id: rootId })}
          onEdit={(id, text) => edit.mutateAsync({ id, text })}
        />
      )}
      {dialog}
    </section>
  );
}
