/**
 * /DashboardDefault: a summary widget from every module page the user may open that
 * declares one, beside the team and recent activity the start-up fetches brought.
 */

import { Anchor, Avatar, Card, EmptyState, Loader, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { RemoteWidget } from '../../modules';
import { Loading } from '../../ui';
import type { Session } from '../../session';
import { formatDateTime } from '../format';
import type { ModuleRoute } from '../menu';
import { useSystemLogs, useUserList } from '../startup/useStartupData';
import classes from './DashboardPage.module.css';

interface DashboardPageProps {
  session: Session;
  /** The module routes the user may open. */
  routes: readonly ModuleRoute[];
  /** The module list is still loading. */
  loading: boolean;
}

function Widgets({ routes, loading }: Omit<DashboardPageProps, 'session'>) {
  const withWidget = routes.filter((route) => route.page.widget);
  if (loading) return <Loading />;
  if (withWidget.length === 0) {
    return (
      <Card withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconLayoutDashboard size={40} stroke={1.4} />}
          withIndicatorBackground
          title="No dashboard widgets yet"
          description="The modules you can open have no summary to show here. Widgets appear as modules that offer one are installed and opened to you."
        />
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
      {withWidget.map((route) => (
        <Card key={`${route.module.key}:${route.path}`} withBorder radius="md" className={classes.widget}>
          <Card.Section withBorder inheritPadding py="xs">
            <Anchor component={Link} to={route.path} fw={600} c="inherit">
              {route.label}
            </Anchor>
          </Card.Section>
          <div className={classes.widgetBody}>
            <RemoteWidget module={route.module} page={route.page} />
          </div>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A card of start-up data: a loader while `query` is pending, `failure` if it failed, else `children` of its data. */
function SummaryCard<T>({
  title,
  query,
  failure,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  failure: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {query.isPending ? (
        <Loader size="sm" />
      ) : query.isError ? (
        <Text size="sm" c="dimmed">
          {failure}
        </Text>
      ) : (
        children(query.data)
      )}
    </Card>
  );
}

function Team({ session }: { session: Session }) {
  const team = useUserList(session);
  return (
    <SummaryCard title="Your team" query={team} failure="The team could not be loaded.">
      {(users) => (
        <Stack gap="xs">
          <Text size="sm">
            {users.length === 1 ? '1 person' : `${users.length} people`} in {session.userdata.companyname}
          </Text>
          <Tooltip.Group openDelay={200} closeDelay={100}>
            <Avatar.Group spacing="sm">
              {users.slice(0, 8).map((user) => (
                <Tooltip key={user.id} label={`${user.firstname} ${user.lastname}`} withArrow>
                  <Avatar radius="xl" color="brand" alt={`${user.firstname} ${user.lastname}`}>
                    {`${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase()}
                  </Avatar>
                </Tooltip>
              ))}
              {users.length > 8 && <Avatar radius="xl">+{users.length - 8}</Avatar>}
            </Avatar.Group>
          </Tooltip.Group>
        </Stack>
      )}
    </SummaryCard>
  );
}

function Activity({ session }: { session: Session }) {
  const logs = useSystemLogs(session);
  return (
    <SummaryCard title="Recent activity" query={logs} failure="The activity could not be loaded.">
      {(page) => {
        const entries = page.data.slice(0, 6);
        return entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing has happened yet.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" className={classes.activity}>
            {entries.map((entry) => (
              <li key={entry.id}>
                <Text size="sm">{entry.message}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.createdAt)}
                </Text>
              </li>
            ))}
          </Stack>
        );
      }}
    </SummaryCard>
  );
}

export function DashboardPage({ session, routes, loading }: DashboardPageProps) {
  return (
    <Stack gap="lg">
      <Widgets routes={routes} loading={loading} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Team session={session} />
        <Activity session={session} />
      </SimpleGrid>
    </Stack>
  );
}
