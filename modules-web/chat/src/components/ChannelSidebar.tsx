import type { ReactNode } from 'react';
import { Badge, Button, Group, Loader, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconHash, IconLock, IconMessagePlus, IconPlus, IconSearch, IconUsers, IconWorld } from '@tabler/icons-react';

import { formatDate } from '@common/lib/format';
import { DebouncedInput } from '@common/ui/DebouncedInput';
import { QueryError } from '@common/ui/QueryError';
import { useSearch } from '../api';
import { channelSections, channelTitle } from '../channels';
import { plainText } from '../text';
import type { ChannelView, SearchHit } from '../types';
import { useChat, useNameOf } from './chatContext';
import { timeOf } from './MessageItem';
import { PresenceDot } from './PresenceDot';
import classes from '../ChatPage.module.css';

interface ChannelSidebarProps {
  channels: readonly ChannelView[];
  activeId: string | null;
  onOpen: (channelId: string) => void;
  onNewChannel: () => void;
  onNewMessage: () => void;
  onBrowse: () => void;
  /** The search in force (the URL's `q`); the box sends its text 300 ms after the last key. */
  search: string;
  onSearch: (q: string) => void;
  onOpenHit: (hit: SearchHit) => void;
}

/** The sidebar: search, the channels and direct conversations with unread and mention counts, and the dialogs that add one. */
export function ChannelSidebar({
  channels,
  activeId,
  onOpen,
  onNewChannel,
  onNewMessage,
  onBrowse,
  search,
  onSearch,
  onOpenHit,
}: ChannelSidebarProps) {
  const sections = channelSections(channels);
  const searching = search.trim().length >= 2;

  return (
    <div className={classes.sidebar}>
      <Stack gap="xs" p="xs">
        <DebouncedInput
          aria-label="Search messages"
          placeholder="Search messages"
          leftSection={<IconSearch size={14} />}
          value={search}
          onCommit={onSearch}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onSearch('');
          }}
          clearLabel="Clear search"
        />
        <Group gap="xs" grow>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onNewChannel}>
            New channel
          </Button>
          <Button size="xs" variant="light" leftSection={<IconMessagePlus size={14} />} onClick={onNewMessage}>
            New message
          </Button>
        </Group>
      </Stack>
      <div className={classes.sidebarScroll}>
        {searching ? (
          <SearchResults q={search} channels={channels} onOpenHit={onOpenHit} />
        ) : (
          <nav aria-label="Channels">
            <Section title="Channels">
              {sections.channels.map((channel) => (
                <ChannelLink key={channel.id} channel={channel} active={channel.id === activeId} onOpen={onOpen} />
              ))}
              <NavLink
                component="button"
                label="Browse channels"
                leftSection={<IconWorld size={16} />}
                rightSection={
                  sections.browsable.length > 0 ? (
                    <Text size="xs" c="dimmed">
                      {sections.browsable.length}
                    </Text>
                  ) : null
                }
                onClick={onBrowse}
              />
            </Section>
            <Section title="Direct messages">
              {sections.direct.length === 0 && (
                <Text size="xs" c="dimmed" px="sm">
                  No conversations yet
                </Text>
              )}
              {sections.direct.map((channel) => (
                <ChannelLink key={channel.id} channel={channel} active={channel.id === activeId} onOpen={onOpen} />
              ))}
            </Section>
            {sections.archived.length > 0 && (
              <Section title="Archived">
                {sections.archived.map((channel) => (
                  <ChannelLink key={channel.id} channel={channel} active={channel.id === activeId} onOpen={onOpen} />
                ))}
              </Section>
            )}
          </nav>
        )}
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={0} mb="sm" role="group" aria-label={title}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function ChannelIcon({ channel }: { channel: ChannelView }) {
  const { me } = useChat();
  if (channel.kind === 'public') return <IconHash size={16} aria-hidden />;
  if (channel.kind === 'private') return <IconLock size={16} aria-hidden />;
  const others = channel.member_ids.filter((id) => id !== me);
  if (others.length === 1 && others[0]) return <PresenceDot userId={others[0]} size={10} />;
  return <IconUsers size={16} aria-hidden />;
}

function ChannelLink({
  channel,
  active,
  onOpen,
}: {
  channel: ChannelView;
  active: boolean;
  onOpen: (channelId: string) => void;
}) {
  const { me, byId } = useChat();
  const title = channelTitle(channel, me, byId);
  const unread = channel.unread > 0;
  return (
    <NavLink
      component="button"
      active={active}
      aria-current={active ? 'page' : undefined}
      label={
        <Text size="sm" fw={unread ? 700 : 400} truncate c={channel.archived ? 'dimmed' : undefined}>
          {title}
        </Text>
      }
      leftSection={<ChannelIcon channel={channel} />}
      rightSection={
        <Group gap={4} wrap="nowrap">
          {channel.mentions > 0 && (
            <Badge size="sm" color="red" aria-label={`${channel.mentions} mentions`}>
              @{channel.mentions}
            </Badge>
          )}
          {unread && (
            <Badge size="sm" variant="light" aria-label={`${channel.unread} unread`}>
              {channel.unread}
            </Badge>
          )}
        </Group>
      }
      onClick={() => onOpen(channel.id)}
    />
  );
}

function SearchResults({
  q,
  channels,
  onOpenHit,
}: {
  q: string;
  channels: readonly ChannelView[];
  onOpenHit: (hit: SearchHit) => void;
}) {
  const { me, byId } = useChat();
  const nameOf = useNameOf();
  const results = useSearch(q);
  const byChannel = new Map(channels.map((channel) => [channel.id, channel]));

  if (results.isPending) return <Loader size="sm" m="sm" aria-label="Searching" />;
  if (results.isError) return <QueryError error={results.error} onRetry={() => void results.refetch()} />;
  if (results.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        No messages match “{q.trim()}”
      </Text>
    );
  }
  return (
    <Stack gap={2} role="list" aria-label="Search results">
      {results.data.map((hit) => {
        const channel = byChannel.get(hit.channel_id);
        const where = channel ? channelTitle(channel, me, byId) : hit.channel_name || 'Direct message';
        const excerpt = plainText(hit.message.text, nameOf);
        return (
          <div role="listitem" key={hit.message.id}>
            <UnstyledButton className={classes.hit} onClick={() => onOpenHit(hit)}>
              <Group justify="space-between" gap={4} wrap="nowrap">
                <Text size="xs" fw={700} truncate>
                  {channel?.kind === 'public' || (!channel && hit.channel_name) ? `# ${where}` : where}
                </Text>
                <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                  {formatDate(hit.message.created_at)} {timeOf(hit.message.created_at)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {nameOf(hit.message.author_id)}
              </Text>
              <Text size="sm" lineClamp={2}>
                {excerpt.length > 160 ? `${excerpt.slice(0, 160)}…` : excerpt}
              </Text>
            </UnstyledButton>
          </div>
        );
      })}
    </Stack>
  );
}
