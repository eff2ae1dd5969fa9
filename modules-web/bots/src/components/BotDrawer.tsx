import type { ReactNode } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconChartBar, IconList, IconPencil, IconSearchOff, IconTrash } from '@tabler/icons-react';

import { DetailDrawer } from '@common/ui/DetailDrawer';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { isNotFound } from '@common/lib/errors';
import { useUrlState } from '@common/lib/listHooks';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent } from '@common/lib/format';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import { DAY } from '@common/domain/ranges';
import { QueryError } from '@common/ui/QueryError';
import { useOverview } from '../api';
import { formatDuration } from '../figures';
import type { RangeChoice } from '../range';
import type { Bot, Currency, Overview } from '../types';
import { runsViewFromParams, withRunsView } from '../urlState';
import { TYPE_LABELS } from '../vocabulary';
import { StateBadge } from './Badges';
import { RunRows, RunsList } from './RunsList';
import cells from '@common/ui/Cells.module.css';

interface BotDrawerProps {
  opened: boolean;
  botId: string | null;
  range: RangeChoice;
  people: PeopleIndex;
  currency: Currency;
  /** False while a dialog opened from the drawer is above it. */
  closeOnEscape: boolean;
  onClose: () => void;
  onEdit: (bot: Bot) => void;
  onDelete: (bot: Bot) => void;
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <div>
        <Title order={4}>{title}</Title>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Paper>
  );
}

/** A bot: its live status and runs now, its range's figures, failures and processes, its details and every run. */
export function BotDrawer({
  opened,
  botId,
  range,
  people,
  currency,
  closeOnEscape,
  onClose,
  onEdit,
  onDelete,
}: BotDrawerProps) {
  const overview = useOverview(botId, range);
  const data = overview.data?.bot.id === botId ? overview.data : undefined;

  let body: ReactNode;
  if (overview.isError && isNotFound(overview.error)) {
    body = (
      <EmptyNotice icon={IconSearchOff} title="Bot not found" description="It may have been deleted by someone else." />
    );
  } else if (overview.isError && !data) {
    body = (
      <QueryError title="The bot could not be loaded" error={overview.error} onRetry={() => void overview.refetch()} />
    );
  } else if (!data) {
    body = (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={28} width="50%" />
        <Skeleton height={90} />
        <Skeleton height={160} />
      </Stack>
    );
  } else {
    body = <OverviewBody overview={data} people={people} currency={currency} onEdit={onEdit} onDelete={onDelete} />;
  }

  return (
    <DetailDrawer
      opened={opened}
      onClose={onClose}
      closeOnEscape={closeOnEscape}
      title={
        <Title order={3} style={{ overflowWrap: 'anywhere' }}>
          {data?.bot.name ?? 'Bot'}
        </Title>
      }
    >
      {body}
    </DetailDrawer>
  );
}

interface OverviewBodyProps {
  overview: Overview;
  people: PeopleIndex;
  currency: Currency;
  onEdit: (bot: Bot) => void;
  onDelete: (bot: Bot) => void;
}

function OverviewBody({ overview, people, currency, onEdit, onDelete }: OverviewBodyProps) {
  const { bot, status, runs, failures, range } = overview;
  // The tab and the runs' filter live in the URL, so that a link opens the bot's failed runs.
  const [runsView, setRunsView] = useUrlState(runsViewFromParams, withRunsView);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs">
          <StateBadge state={status.status} size="lg" />
          <Text size="sm" c="dimmed">
            {status.last_event_at ? `Last run event ${formatDateTime(status.last_event_at)}` : 'Never ran'}
          </Text>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={() => onEdit(bot)}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => onDelete(bot)}
          >
            Delete
          </Button>
        </Group>
      </Group>
      <Tabs
        value={runsView ? 'runs' : 'overview'}
        onChange={(tab) => setRunsView(tab === 'runs' ? 'all' : null)}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="overview" leftSection={<IconChartBar size={16} />}>
            Overview
          </Tabs.Tab>
          <Tabs.Tab value="runs" leftSection={<IconList size={16} />}>
            Runs
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Stack gap="xl">
            <Section title="Now">
              {overview.current_runs.length > 0 ? (
                <>
                  <Text size="sm">
                    {overview.current_runs.length === 1 ? '1 run' : `${overview.current_runs.length} runs`} going on
                  </Text>
                  <RunRows runs={overview.current_runs} />
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  No run going on.
                </Text>
              )}
              <Text size="sm" fw={500}>
                Last run
              </Text>
              {overview.last_run ? (
                <RunRows runs={[overview.last_run]} />
              ) : (
                <Text size="sm" c="dimmed">
                  No finished run yet.
                </Text>
              )}
            </Section>
            <Section
              title="In the range"
              hint={`${formatDate(range.start, true)} to ${formatDate(range.end - DAY, true)} (UTC), by start of run`}
            >
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
                <Fact label="Runs" value={formatNumber(runs.total)} />
                <Fact label="Success rate" value={formatPercent(runs.success_rate)} />
                <Fact label="Failed" value={formatNumber(runs.failed)} />
                <Fact label="Stopped" value={formatNumber(runs.stopped)} />
                <Fact label="Items" value={formatNumber(runs.items)} />
                <Fact label="Busy time" value={formatDuration(runs.busy_seconds)} />
              </SimpleGrid>
            </Section>
            <Section title="Failures" hint="Failed runs in the range by exception type and reason">
              {failures.total === 0 ? (
                <Text size="sm" c="dimmed">
                  No failed run in the range.
                </Text>
              ) : (
                <>
                  <Group gap="xs">
                    <Badge color="red" variant="light">{`${formatNumber(failures.system)} system`}</Badge>
                    <Badge color="orange" variant="light">{`${formatNumber(failures.business)} business`}</Badge>
                    {failures.unspecified > 0 && (
                      <Badge color="gray" variant="light">{`${formatNumber(failures.unspecified)} unspecified`}</Badge>
                    )}
                  </Group>
                  <Table verticalSpacing="xs" fz="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Reason</Table.Th>
                        <Table.Th>Type</Table.Th>
                        <Table.Th style={{ textAlign: 'right' }}>Runs</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {failures.reasons.map((reason, index) => (
                        <Table.Tr key={index}>
                          <Table.Td className={cells.name}>{reason.reason ?? 'No reason given'}</Table.Td>
                          <Table.Td>{reason.exception_type ?? '—'}</Table.Td>
                          <Table.Td className={cells.numeric}>{formatNumber(reason.n)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </>
              )}
            </Section>
            <Section title="Processes" hint="Its assigned processes, then others it ran in the range">
              {overview.processes.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No process assigned, and none run in the range.
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={520} type="native">
                  <Table verticalSpacing="xs" fz="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Process</Table.Th>
                        <Table.Th style={{ textAlign: 'right' }}>Runs</Table.Th>
                        <Table.Th style={{ textAlign: 'right' }}>Failed</Table.Th>
                        <Table.Th style={{ textAlign: 'right' }}>Items</Table.Th>
                        <Table.Th style={{ textAlign: 'right' }}>Busy time</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {overview.processes.map((process) => (
                        <Table.Tr key={process.process}>
                          <Table.Td className={cells.name}>
                            {process.process}{' '}
                            {!process.assigned && (
                              <Badge size="xs" variant="outline" color="gray">
                                not assigned
                              </Badge>
                            )}
                          </Table.Td>
                          <Table.Td className={cells.numeric}>{formatNumber(process.runs)}</Table.Td>
                          <Table.Td className={cells.numeric}>{formatNumber(process.failed)}</Table.Td>
                          <Table.Td className={cells.numeric}>{formatNumber(process.items)}</Table.Td>
                          <Table.Td className={cells.numeric}>{formatDuration(process.busy_seconds)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Section>
            <Section title="Details">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                <Fact label="Type" value={TYPE_LABELS[bot.type] ?? bot.type} />
                <Fact label="Vendor" value={bot.vendor} />
                <Fact label="Machine" value={bot.machine || '—'} />
                <Fact label="Owner" value={nameOf(people, bot.owner_id) ?? '—'} />
                <Fact label="Licence cost per year" value={formatMoney(bot.licence_cost, currency)} />
                <Fact label="Schedule" value={bot.schedule || '—'} />
              </SimpleGrid>
              {bot.notes && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {bot.notes}
                </Text>
              )}
            </Section>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="runs" pt="md">
          <RunsList
            botId={bot.id}
            status={runsView === 'all' ? null : runsView}
            onStatus={(status) => setRunsView(status ?? 'all')}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
