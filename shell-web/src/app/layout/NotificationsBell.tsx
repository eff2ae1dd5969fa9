/**
 * The notifications bell: the user's notifications with time (hh:mm a) and date
 * (DD/MM/YYYY), the unread count, marking read, and new ones arriving live on the
 * `notifications` channel of the web SDK's shared realtime stream. A notification whose module
 * gave a link opens that page (its ticket, process, bot…) and is marked read.
 */

import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  getNotifications,
  markNotificationsRead,
  useHostApi,
  useRealtime,
  type NotificationEvent,
  type NotificationItem,
} from '@autoscope/web-sdk';

import { useSession } from '../../session';
import { formatNotificationDate, formatNotificationTime } from '../format';
import { queryKeys } from '../queryClient';
import classes from './NotificationsBell.module.css';

/** Ids of notifications that arrived live and are not yet in a fetched list. */
const LIVE_ID_PREFIX = 'live:';
let liveCount = 0;

export function NotificationsBell() {
  const { session } = useSession();
  const token = session?.token ?? '';
  const hostApi = useHostApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const key = queryKeys.notifications(token);

  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getNotifications(hostApi, { signal }),
    enabled: Boolean(token),
  });

  const refetch = () => void queryClient.invalidateQueries({ queryKey: key });

  useRealtime<NotificationEvent>(
    'notifications',
    (event) => {
      // Shown at once; the refetch then brings its id, so it can be marked read.
      queryClient.setQueryData<NotificationItem[]>(key, (old) => [
        {
          id: `${LIVE_ID_PREFIX}${++liveCount}`,
          createdAt: event.createdAt,
          message: event.message,
          link: event.link,
          read: false,
        },
        ...(old ?? []),
      ]);
      refetch();
    },
    { onGap: refetch, enabled: Boolean(token) },
  );

  const markRead = useMutation({
    mutationFn: (ids: string[]) => markNotificationsRead(hostApi, ids),
    onMutate: (ids) => {
      const marked = new Set(ids);
      queryClient.setQueryData<NotificationItem[]>(key, (old) =>
        (old ?? []).map((item) => (marked.has(item.id) ? { ...item, read: true } : item)),
      );
    },
    onSettled: refetch,
  });

  const items = list.data ?? [];
  const unread = items.filter((item) => !item.read);
  const unreadIds = unread.map((item) => item.id).filter((id) => !id.startsWith(LIVE_ID_PREFIX));
  const label = unread.length > 0 ? `Notifications, ${unread.length} unread` : 'Notifications';

  return (
    <Popover width={360} position="bottom-end" shadow="md" withArrow trapFocus opened={opened} onChange={setOpened}>
      <Popover.Target>
        <Indicator
          label={unread.length > 99 ? '99+' : unread.length}
          size={18}
          color="red"
          offset={6}
          disabled={unread.length === 0}
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            onClick={() => setOpened((shown) => !shown)}
          >
            <IconBell size={22} stroke={1.6} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="xs" className={classes.head}>
          <Text fw={600}>Notifications</Text>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={unreadIds.length === 0}
            loading={markRead.isPending}
            onClick={() => markRead.mutate(unreadIds)}
          >
            Mark all as read
          </Button>
        </Group>
        {list.isPending ? (
          <Group justify="center" p="lg">
            <Loader size="sm" />
          </Group>
        ) : list.isError ? (
          <Stack align="center" gap="xs" p="lg">
            <Text size="sm" c="dimmed">
              The notifications could not be loaded.
            </Text>
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </Stack>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" p="lg">
            No notifications yet.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={380} type="auto">
            <ul className={classes.list}>
              {items.map((item) => (
                <li key={item.id}>
                  <UnstyledButton
                    className={classes.item}
                    data-unread={!item.read || undefined}
                    onClick={() => {
                      if (!item.read && !item.id.startsWith(LIVE_ID_PREFIX)) markRead.mutate([item.id]);
                      if (item.link) {
                        setOpened(false);
                        void navigate(item.link);
                      }
                    }}
                    aria-label={`${item.message}${item.read ? '' : ' (unread)'}${item.link ? ', opens its page' : ''}`}
                  >
                    <Text size="sm" className={classes.message}>
                      {item.message}
                    </Text>
                    <Group gap="xs" mt={4}>
                      <Text size="xs" c="dimmed">
                        {formatNotificationTime(item.createdAt)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatNotificationDate(item.createdAt)}
                      </Text>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </ul>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
