import { Button, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core';

import { formatDateTime, formatNumber, humanize } from '@common/lib/format';
import { QueryError } from '@common/ui/QueryError';
import { useRuns } from '../api';
import { formatDuration } from '../figures';
import { RUN_STATUSES, type Run, type RunStatus } from '../types';
import { RUN_LABELS } from '../vocabulary';
import { RunBadge } from './Badges';
import cells from '@common/ui/Cells.module.css';

const STATUS_OPTIONS = RUN_STATUSES.map((status) => ({ value: status, label: RUN_LABELS[status] }));

/** What went wrong in a failed run: its exception type and reason. */
export function exceptionText(run: Pick<Run, 'exception_type' | 'reason'>): string {
  const kind = run.exception_type ? `${humanize(run.exception_type)} exception` : '';
  return [kind, run.reason].filter(Boolean).join(': ') || '—';
}

/** Runs as rows: start, process, status, duration, items, exception. */
export function RunRows({ runs }: { runs: readonly Run[] }) {
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Process</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Duration</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Items</Table.Th>
            <Table.Th>Exception</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr key={run.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(run.started_at)}</Table.Td>
              <Table.Td className={cells.name}>{run.process}</Table.Td>
              <Table.Td>
                <RunBadge status={run.status} />
              </Table.Td>
              <Table.Td className={cells.numeric}>{formatDuration(run.duration_s)}</Table.Td>
              <Table.Td className={cells.numeric}>{formatNumber(run.items)}</Table.Td>
              <Table.Td className={cells.name}>{run.status === 'failed' ? exceptionText(run) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface RunsListProps {
  botId: string;
  /** The runs shown: of one status, or of any (null). */
  status: RunStatus | null;
  onStatus: (status: RunStatus | null) => void;
}

/** A bot's runs, newest first, 20 at a time, by status. */
export function RunsList({ botId, status, onStatus }: RunsListProps) {
  const runs = useRuns(botId, status);
  const rows = runs.data?.pages.flatMap((page) => page.items) ?? null;

  let body;
  if (runs.isError && !rows) {
    body = <QueryError title="The runs could not be loaded" error={runs.error} onRetry={() => void runs.refetch()} />;
  } else if (!rows) {
    body = <Skeleton height={120} />;
  } else if (rows.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {status
          ? `No ${RUN_LABELS[status].toLowerCase()} runs.`
          : 'No runs yet: the orchestrator has sent none for this bot.'}
      </Text>
    );
  } else {
    body = (
      <>
        <RunRows runs={rows} />
        {runs.isFetchNextPageError && (
          <QueryError
            title="More runs could not be loaded"
            error={runs.error}
            onRetry={() => void runs.fetchNextPage()}
          />
        )}
        {runs.hasNextPage && (
          <Group justify="center">
            <Button variant="default" onClick={() => void runs.fetchNextPage()} loading={runs.isFetchingNextPage}>
              Load more
            </Button>
          </Group>
        )}
      </>
    );
  }

  return (
    <Stack gap="sm">
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUS_OPTIONS}
        value={status}
        onChange={(value) => onStatus(RUN_STATUSES.find((known) => known === value) ?? null)}
        clearable
        maw={220}
      />
      {body}
    </Stack>
  );
}
