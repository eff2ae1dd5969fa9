import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconArrowLeft,
  IconDots,
  IconDownload,
  IconHash,
  IconLock,
  IconPencil,
  IconUsers,
} from '@tabler/icons-react';
import { useNotify } from '@autoscope/web-sdk';

import { ConfirmModal } from '@common/ui/ConfirmModal';
import { useDialog } from '@common/ui/dialogs';
import { useExportChannel, useUpdateChannel } from '../api';
import { channelTitle } from '../channels';
import type { ChannelView } from '../types';
import { topicProblem } from '../validation';
import { useChat } from './chatContext';
import { MembersDialog } from './Dialogs';
import { PresenceDot } from './PresenceDot';
import classes from '../ChatPage.module.css';

interface ChannelHeaderProps {
  channel: ChannelView;
  companyAdmin: boolean;
  /** On a phone: back to the channel list. */
  onBack?: () => void;
  /** After leaving: the channel is no longer open. */
  onLeft: () => void;
}

/** The conversation's header: its name and topic (editable), members, leave, archive and, for company admins, export. */
export function ChannelHeader({ channel, companyAdmin, onBack, onLeft }: ChannelHeaderProps) {
  const { me, byId } = useChat();
  const notify = useNotify();
  const update = useUpdateChannel(channel.id);
  const exporter = useExportChannel();
  const members = useDialog<null>();
  const archive = useDialog<null>();
  const [topic, setTopic] = useState<string | null>(null);
  const title = channelTitle(channel, me, byId);
  const others = channel.member_ids.filter((id) => id !== me);
  const canEdit = channel.joined && !channel.archived;

  const saveTopic = () => {
    if (topic === null) return;
    if (topic.trim() === channel.topic) return setTopic(null);
    const problem = topicProblem(topic);
    if (problem) return notify.failure(problem);
    update.mutate(
      { topic: topic.trim() },
      { onSuccess: () => setTopic(null), onError: (error) => notify.error(error) },
    );
  };

  const exportAs = (format: 'json' | 'csv') =>
    exporter.mutate({ channelId: channel.id, format }, { onError: (error) => notify.error(error) });

  return (
    <Group className={classes.header} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        {onBack && (
          <ActionIcon variant="subtle" color="gray" aria-label="Back to channels" onClick={onBack}>
            <IconArrowLeft size={18} />
          </ActionIcon>
        )}
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            {channel.kind === 'public' && <IconHash size={18} aria-label="Public channel" />}
            {channel.kind === 'private' && <IconLock size={18} aria-label="Private channel" />}
            {channel.kind === 'direct' && others.length === 1 && others[0] && <PresenceDot userId={others[0]} />}
            <Title order={2} size="h4" lineClamp={1}>
              {title}
            </Title>
            {channel.archived && (
              <Text size="xs" c="dimmed">
                (archived)
              </Text>
            )}
          </Group>
          {topic !== null ? (
            <TextInput
              size="xs"
              aria-label="Topic"
              value={topic}
              autoFocus
              disabled={update.isPending}
              onChange={(event) => setTopic(event.currentTarget.value)}
              onBlur={saveTopic}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  saveTopic();
                } else if (event.key === 'Escape') {
                  event.preventDefault();
                  setTopic(null);
                }
              }}
            />
          ) : (
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed" lineClamp={1} aria-label="Topic">
                {channel.topic || (canEdit ? 'Add a topic' : '')}
              </Text>
              {canEdit && (
                <Tooltip label="Edit topic">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="xs"
                    aria-label="Edit topic"
                    onClick={() => setTopic(channel.topic)}
                  >
                    <IconPencil size={12} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        </Stack>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconUsers size={14} />}
          aria-label={`Members: ${channel.member_ids.length}`}
          onClick={() => members.open(null)}
        >
          {channel.member_ids.length}
        </Button>
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label="Channel actions">
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconUsers size={14} />} onClick={() => members.open(null)}>
              {channel.kind === 'direct' ? 'Members' : 'Members and invitations'}
            </Menu.Item>
            {channel.joined && (
              <Menu.Item leftSection={<IconArchive size={14} />} onClick={() => archive.open(null)}>
                {channel.archived ? 'Unarchive channel' : 'Archive channel'}
              </Menu.Item>
            )}
            {companyAdmin && (
              <>
                <Menu.Divider />
                <Menu.Label>Export (company admins)</Menu.Label>
                <Menu.Item leftSection={<IconDownload size={14} />} onClick={() => exportAs('json')}>
                  Export as JSON
                </Menu.Item>
                <Menu.Item leftSection={<IconDownload size={14} />} onClick={() => exportAs('csv')}>
                  Export as CSV
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <MembersDialog key={`members:${members.key}`} {...members.props} channel={channel} onLeft={onLeft} />
      <ConfirmModal
        {...archive.props}
        title={channel.archived ? 'Unarchive channel' : 'Archive channel'}
        confirmLabel={channel.archived ? 'Unarchive' : 'Archive'}
        action={update}
        onConfirm={() =>
          update.mutate(
            { archived: !channel.archived },
            {
              onSuccess: () => {
                notify.success(channel.archived ? 'Channel unarchived' : 'Channel archived');
                archive.close();
              },
            },
          )
        }
      >
        {channel.archived
          ? `${title} takes messages again.`
          : `No one can post in ${title} while it is archived; its messages stay readable.`}
      </ConfirmModal>
    </Group>
  );
}
