import { memo } from 'react';
import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  Menu,
  Popover,
  SimpleGrid,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconDots, IconMessageReply, IconMoodSmile, IconPencil, IconTrash } from '@tabler/icons-react';

import { formatDateTime } from '@common/lib/format';
import { moduleAuthorName } from '../authors';
import { initials } from '../mentions';
import type { MessageView } from '../types';
import { useChat, useNameOf } from './chatContext';
import { MessageFile } from './MessageFile';
import { MessageText } from './MessageText';
import { PresenceDot } from './PresenceDot';
import classes from '../ChatPage.module.css';

/** The reactions offered. */
export const EMOJIS = ['👍', '❤️', '😂', '🎉', '😮', '😢', '👀', '✅'] as const;

export interface MessageActions {
  onReact: (message: MessageView, emoji: string) => void;
  /** Opens the message's thread; none inside a thread. */
  onOpenThread?: (message: MessageView) => void;
  onEdit: (message: MessageView) => void;
  onDelete: (message: MessageView) => void;
}

interface MessageItemProps extends MessageActions {
  message: MessageView;
  /** The author's name and avatar (first of a run). */
  header: boolean;
  highlighted?: boolean;
  /** "Seen" under my last message in a direct conversation. */
  receipt?: string | null;
}

/** "09:32 pm" */
export function timeOf(seconds: number): string {
  return formatDateTime(seconds).slice(11);
}

/** One message: author, time, text or "This message was deleted", file, reactions, replies and its actions. */
export const MessageItem = memo(function MessageItem({
  message,
  header,
  highlighted = false,
  receipt,
  onReact,
  onOpenThread,
  onEdit,
  onDelete,
}: MessageItemProps) {
  const { me } = useChat();
  const nameOf = useNameOf();
  const author = nameOf(message.author_id);
  // A module (Alerts) wrote it: no person's initials or presence.
  const byModule = moduleAuthorName(message.author_id) !== null;
  const mine = message.author_id === me;
  const replies = message.reply_count;

  return (
    <div
      id={`message-${message.id}`}
      role="article"
      aria-label={`${author}, ${timeOf(message.created_at)}`}
      data-seq={message.seq}
      data-highlighted={highlighted || undefined}
      className={highlighted ? `${classes.message} ${classes.highlighted}` : classes.message}
    >
      <div className={classes.gutter}>
        {header && byModule ? (
          <Avatar size={32} radius="xl" color="orange" variant="light" aria-hidden data-module-author>
            <IconBell size={18} />
          </Avatar>
        ) : header ? (
          <Avatar size={32} radius="xl" color="initials" name={author} aria-hidden>
            {initials(author)}
          </Avatar>
        ) : (
          <Text size="xs" c="dimmed" className={classes.hoverTime}>
            {timeOf(message.created_at)}
          </Text>
        )}
      </div>
      <div className={classes.body}>
        {header && (
          <Group gap={6} wrap="nowrap" align="center">
            <Text fw={600} size="sm">
              {author}
            </Text>
            {!byModule && <PresenceDot userId={message.author_id} />}
            <Text size="xs" c="dimmed" title={formatDateTime(message.created_at)}>
              {timeOf(message.created_at)}
            </Text>
          </Group>
        )}
        {message.deleted ? (
          <Text size="sm" c="dimmed" fs="italic">
            This message was deleted
          </Text>
        ) : (
          <>
            {message.text !== '' && <MessageText text={message.text} />}
            {message.edited && (
              <Text span size="xs" c="dimmed">
                (edited)
              </Text>
            )}
            {message.file && <MessageFile file={message.file} />}
          </>
        )}
        {message.reactions.length > 0 && !message.deleted && (
          <Group gap={4} mt={4} aria-label="Reactions">
            {message.reactions.map((reaction) => {
              const reacted = reaction.user_ids.includes(me);
              const count = reaction.user_ids.length;
              return (
                <Tooltip key={reaction.emoji} label={reaction.user_ids.map(nameOf).join(', ')} withArrow>
                  <Button
                    size="compact-xs"
                    radius="xl"
                    variant={reacted ? 'light' : 'default'}
                    aria-pressed={reacted}
                    aria-label={`${reaction.emoji} ${count}`}
                    onClick={() => onReact(message, reaction.emoji)}
                  >
                    {reaction.emoji} {count}
                  </Button>
                </Tooltip>
              );
            })}
          </Group>
        )}
        {replies > 0 && onOpenThread && (
          <UnstyledButton className={classes.replies} onClick={() => onOpenThread(message)}>
            {replies === 1 ? '1 reply' : `${replies} replies`}
          </UnstyledButton>
        )}
        {receipt && (
          <Text size="xs" c="dimmed" ta="right" aria-live="polite">
            {receipt}
          </Text>
        )}
      </div>
      {!message.deleted && (
        <Group gap={2} className={classes.actions}>
          <Popover position="top-end" withinPortal={false} shadow="md">
            <Popover.Target>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Add reaction">
                <IconMoodSmile size={16} />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown p={4}>
              <SimpleGrid cols={4} spacing={2} role="group" aria-label="Reactions to add">
                {EMOJIS.map((emoji) => (
                  <ActionIcon
                    key={emoji}
                    variant="subtle"
                    size="lg"
                    aria-label={`React with ${emoji}`}
                    onClick={() => onReact(message, emoji)}
                  >
                    {emoji}
                  </ActionIcon>
                ))}
              </SimpleGrid>
            </Popover.Dropdown>
          </Popover>
          {onOpenThread && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label="Reply in thread"
              onClick={() => onOpenThread(message)}
            >
              <IconMessageReply size={16} />
            </ActionIcon>
          )}
          {mine && (
            <Menu position="bottom-end" withinPortal={false}>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Message actions">
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onEdit(message)}>
                  Edit message
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(message)}>
                  Delete message
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      )}
    </div>
  );
});
