import type { ReactNode } from 'react';
import { Alert, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';

import cells from '@common/ui/Cells.module.css';
import { DetailDrawer } from '@common/ui/DetailDrawer';
import { formatNumber } from '@common/lib/format';
import { QueryError } from '@common/ui/QueryError';
import { ColumnHeads, numericColumns } from '@common/ui/TableHead';
import { useRunDetail } from '../api';
import { formatSeconds, formatUtc } from '../figures';
import classes from '../RPAInsightPage.module.css';
import type { BotSummary, Run, RunDetail } from '../types';
import { RunStatusBadge } from './RunStatusBadge';

interface RunDrawerProps {
  opened: boolean;
  /** The run shown (kept while the drawer slides out). */
  runId: string | null;
  onOpen: (run: Run) => void;
  onClose: () => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function failureTitle(run: Run): string {
  if (run.exception_type === 'business') return 'Business exception';
  return run.exception_type === 'system' ? 'System exception' : 'Failed';
}

function BotFacts({ bot, name }: { bot: BotSummary | null; name: string }) {
  if (!bot) {
    return (
      <Text size="sm" c="dimmed">
        {name} is not in Bot Profile&apos;s inventory.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Fact label="Type">{bot.type ?? '—'}</Fact>
      <Fact label="Vendor">{bot.vendor ?? '—'}</Fact>
      <Fact label="Machine">{bot.machine ?? '—'}</Fact>
      <Fact label="Schedule">{bot.schedule ?? '—'}</Fact>
    </SimpleGrid>
  );
}

function Details({ detail, onOpen }: { detail: RunDetail; onOpen: (run: Run) => void }) {
  const { run, bot, recent } = detail;
  return (
    <Stack gap="lg" data-testid="run-detail">
      <Group gap="sm">
        <RunStatusBadge status={run.status} />
        <Text size="sm" c="dimmed">
          {run.external_id}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <Fact label="Bot">{run.bot}</Fact>
        <Fact label="Process">{run.process}</Fact>
        <Fact label="Items">{formatNumber(run.items ?? 0)}</Fact>
        <Fact label="Started (UTC)">{formatUtc(run.started_at)}</Fact>
        <Fact label="Ended (UTC)">{run.ended_at == null ? 'Still running' : formatUtc(run.ended_at)}</Fact>
        <Fact label="Duration">{formatSeconds(run.duration_s)}</Fact>
      </SimpleGrid>
      {run.status === 'failed' && (
        <Alert color={run.exception_type === 'business' ? 'orange' : 'red'} variant="light" title={failureTitle(run)}>
          {run.reason ?? 'No reason was given.'}
        </Alert>
      )}
      {run.status !== 'failed' && run.reason && <Fact label="Reason">{run.reason}</Fact>}
      <section aria-labelledby="run-bot-title">
        <Title order={3} size="h6" id="run-bot-title" mb="xs">
          Bot
        </Title>
        <BotFacts bot={bot} name={run.bot} />
      </section>
      <section aria-labelledby="run-recent-title">
        <Title order={3} size="h6" id="run-recent-title" mb="xs">
          Latest runs of {run.bot} on {run.process}
        </Title>
        <Table.ScrollContainer minWidth={420} type="native">
          <Table verticalSpacing={4} highlightOnHover aria-label="Latest runs of this bot on this process">
            <ColumnHeads columns={['Started (UTC)', 'Status', ...numericColumns('Duration', 'Items')]} />
            <Table.Tbody>
              {recent.map((other) => (
                <Table.Tr
                  key={other.id}
                  className={other.id === run.id ? classes.current : classes.row}
                  aria-current={other.id === run.id ? 'true' : undefined}
                  onClick={() => other.id !== run.id && onOpen(other)}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtc(other.started_at)}</Table.Td>
                  <Table.Td className={cells.badge}>
                    <RunStatusBadge status={other.status} />
                  </Table.Td>
                  <Table.Td className={cells.numeric}>{formatSeconds(other.duration_s)}</Table.Td>
                  <Table.Td className={cells.numeric}>{formatNumber(other.items ?? 0)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </section>
    </Stack>
  );
}

/** One run beside the table: its facts, exception, bot and the bot's latest runs of the process. */
export function RunDrawer({ opened, runId, onOpen, onClose }: RunDrawerProps) {
  const detail = useRunDetail(runId);
  let body;
  if (detail.isPending) {
    body = <Loader aria-label="Loading the run" />;
  } else if (detail.isError) {
    body = (
      <QueryError title="The run could not be loaded" error={detail.error} onRetry={() => void detail.refetch()} />
    );
  } else {
    body = <Details detail={detail.data} onOpen={onOpen} />;
  }
  const title = detail.data ? `Run of ${detail.data.run.bot} on ${detail.data.run.process}` : 'Run';
  return (
    <DetailDrawer opened={opened} onClose={onClose} title={title} size="lg">
      {body}
    </DetailDrawer>
  );
}
