import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconHistory, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useNotify, type Job } from '@autoscope/web-sdk';

import { addDays, todayInput } from '@common/domain/days';
import { errorMessage } from '@common/lib/errors';
import { formatDate, formatDateTime, formatNumber } from '@common/lib/format';
import { useNow } from '@common/lib/useNow';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { QueryError } from '@common/ui/QueryError';
import { useCancelSync, useStartSync, useSyncs } from '../api';
import {
  STATUS_COLORS,
  STATUS_LABELS,
  backfillOf,
  durationText,
  isActive,
  progressParts,
  progressText,
  reportOf,
} from '../syncs';
import { RejectionsTable } from './RejectionsTable';
import classes from './SyncsPanel.module.css';

interface SyncsPanelProps {
  connectionId: string;
  /** Whether the connection has a saved mapping to sync. */
  mapped: boolean;
  /** Company admins start and cancel syncs; others watch. */
  editable: boolean;
}

/** Sync now or back-fill, the running sync's live progress with Cancel, and the history with each report. */
export function SyncsPanel({ connectionId, mapped, editable }: SyncsPanelProps) {
  const syncs = useSyncs(connectionId);
  const active = syncs.data?.find(isActive);

  return (
    <Stack gap="md">
      {editable && <StartSync connectionId={connectionId} mapped={mapped} running={active !== undefined} />}
      {active && <RunningSync connectionId={connectionId} job={active} editable={editable} />}
      {syncs.isPending ? (
        <Skeleton h={120} />
      ) : syncs.isError ? (
        <QueryError title="The syncs could not be loaded" error={syncs.error} onRetry={() => void syncs.refetch()} />
      ) : syncs.data.length === 0 ? (
        <EmptyNotice
          icon={IconHistory}
          title="No sync yet"
          description={mapped ? 'Sync now to import the runs, or wait for the schedule.' : 'Save a mapping, then sync.'}
        />
      ) : (
        <History jobs={syncs.data} />
      )}
    </Stack>
  );
}

function StartSync({ connectionId, mapped, running }: { connectionId: string; mapped: boolean; running: boolean }) {
  const notify = useNotify();
  const start = useStartSync(connectionId);
  const today = todayInput();
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(today);
  const disabled = !mapped || running;
  const run = (range: { from: string; to: string } | null) =>
    start.mutate(range, { onSuccess: () => notify.success(range ? 'Back-fill started' : 'Sync started') });

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          onClick={() => run(null)}
          disabled={disabled}
          loading={start.isPending}
        >
          Sync now
        </Button>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label="Back-fill from"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            w={160}
          />
          <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={160} />
          <Button variant="light" onClick={() => run({ from, to })} disabled={disabled || !from || !to}>
            Back-fill
          </Button>
        </Group>
      </Group>
      {!mapped && (
        <Text size="xs" c="dimmed" mt="xs">
          Save a mapping before syncing.
        </Text>
      )}
      {start.isError && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {errorMessage(start.error)}
        </Alert>
      )}
    </Paper>
  );
}

/** The sync that runs: a bar of the rows read (stored, skipped, rejected), what it reads now, and Cancel. */
function RunningSync({ connectionId, job, editable }: { connectionId: string; job: Job; editable: boolean }) {
  const cancel = useCancelSync(connectionId);
  const report = reportOf(job);
  const parts = progressParts(report);
  const text = progressText(report);
  const cancelling = job.status === 'cancelling';

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Running sync">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{cancelling ? 'Cancelling the sync…' : 'Syncing…'}</Title>
          {editable && (
            <Button
              variant="default"
              color="red"
              size="xs"
              leftSection={<IconPlayerStop size={14} />}
              onClick={() => cancel.mutate(job.id)}
              loading={cancel.isPending}
              disabled={cancelling}
            >
              Cancel sync
            </Button>
          )}
        </Group>
        <Progress.Root size="xl" role="progressbar" aria-label="Sync progress" aria-valuetext={text}>
          <Progress.Section value={parts.stored} color="green" animated striped />
          <Progress.Section value={parts.skipped} color="gray" animated striped />
          <Progress.Section value={parts.rejected} color="red" animated striped />
          {report.read === 0 && <Progress.Section value={100} color="blue" animated striped />}
        </Progress.Root>
        <Text size="sm" aria-live="polite">
          {text}
        </Text>
        {job.error && (
          <Text size="xs" c="orange">
            The last step failed and is tried again: {job.error}
          </Text>
        )}
        {cancel.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(cancel.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** The syncs, newest first; each row opens its report below the table. */
function History({ jobs }: { jobs: readonly Job[] }) {
  // Only a running sync's duration changes: tick each second while one runs.
  const now = useNow(jobs.some(isActive) ? 1_000 : 60_000);
  const [open, setOpen] = useState<string | null>(null);
  const opened = jobs.find((job) => job.id === open);
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={760}>
        <Table aria-label="Syncs" verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Started</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Duration</Table.Th>
              <Table.Th ta="right">Read</Table.Th>
              <Table.Th ta="right">Stored</Table.Th>
              <Table.Th ta="right">Skipped</Table.Th>
              <Table.Th ta="right">Rejected</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.map((job) => {
              const report = reportOf(job);
              const backfill = backfillOf(job);
              const shown = open === job.id;
              return (
                <Table.Tr key={job.id}>
                  <Table.Td className={classes.nowrap}>{formatDateTime(job.created_at)}</Table.Td>
                  <Table.Td>
                    {backfill
                      ? `Back-fill ${formatDate(backfill[0], true)}–${formatDate(backfill[1] - 1, true)}`
                      : 'Sync'}
                    {job.started_by === null && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (scheduled)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[job.status]} variant="light" className={classes.badge}>
                      {STATUS_LABELS[job.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{durationText(job, now)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(report.read)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(report.stored)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(report.skipped)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(report.rejected)}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="xs"
                      onClick={() => setOpen(shown ? null : job.id)}
                      aria-expanded={shown}
                    >
                      {shown ? 'Hide report' : 'Report'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {opened && (
        <Paper withBorder p="md" radius="md" component="section" aria-label="Sync report">
          <Title order={5} mb="xs">
            Report of the sync started {formatDateTime(opened.created_at)}
          </Title>
          <Report job={opened} />
        </Paper>
      )}
    </Stack>
  );
}

function Report({ job }: { job: Job }) {
  const report = reportOf(job);
  return (
    <Stack gap="xs">
      <Text size="sm">
        {progressText(report)}
        {job.finished_at !== null && `; ended ${formatDateTime(job.finished_at)}`}.
      </Text>
      {job.error && (
        <Alert color={job.status === 'failed' ? 'red' : 'orange'} variant="light">
          {job.error}
        </Alert>
      )}
      {report.rejections.length > 0 ? (
        <RejectionsTable rejections={report.rejections} label="Rejected rows" />
      ) : (
        <Text size="sm" c="dimmed">
          No row was rejected.
        </Text>
      )}
      {report.rejected > report.rejections.length && (
        <Text size="xs" c="dimmed">
          The first {report.rejections.length} of {formatNumber(report.rejected)} rejected rows.
        </Text>
      )}
    </Stack>
  );
}
