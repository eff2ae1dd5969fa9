import { Fragment, useMemo, useState } from 'react';
import { ActionIcon, Badge, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFingerprint } from '@tabler/icons-react';

import { formatNumber } from '@common/lib/format';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { LoadMore } from '@common/ui/LoadMore';
import { QueryError } from '@common/ui/QueryError';
import { SkeletonRows } from '@common/ui/SortHeader';
import { ColumnHeads } from '@common/ui/TableHead';
import cells from '@common/ui/Cells.module.css';
import { useSignatures } from '../api';
import type { Sample, Signature } from '../generated';
import { QuietDaysSettings } from './QuietDaysSettings';
import { When } from './When';
import classes from '../AlertsPage.module.css';

const COLUMNS = [
  { label: <VisuallyHidden>Samples</VisuallyHidden> },
  { label: 'Process' },
  { label: 'Message' },
  { label: 'Failures', numeric: true },
  { label: 'First seen' },
  { label: 'Last seen' },
  { label: 'Bot' },
];

/** Failed runs grouped by process and error message, the latest failure first; a row shows its samples. */
export function SignaturesTab({ now }: { now: number }) {
  const signatures = useSignatures();
  const pages = signatures.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.items) ?? null, [pages]);
  const total = pages?.[0]?.total ?? null;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  let content;
  if (signatures.isError && !rows) {
    content = (
      <QueryError
        title="The failure signatures could not be loaded"
        error={signatures.error}
        onRetry={() => void signatures.refetch()}
      />
    );
  } else if (rows && rows.length === 0) {
    content = (
      <EmptyNotice
        icon={IconFingerprint}
        title="No failure signatures yet"
        description="Failed runs are grouped here by process and error message, each group opening one ticket."
      />
    );
  } else {
    content = (
      <Stack gap="sm">
        {signatures.isError && <QueryError error={signatures.error} onRetry={() => void signatures.refetch()} />}
        <Table.ScrollContainer minWidth={980} type="native">
          <Table highlightOnHover verticalSpacing="sm" aria-label="Failure signatures" aria-busy={rows === null}>
            <ColumnHeads columns={COLUMNS} />
            <Table.Tbody>
              {rows === null ? (
                <SkeletonRows columns={COLUMNS.length} />
              ) : (
                rows.map((signature) => (
                  <SignatureRow
                    key={signature.id}
                    signature={signature}
                    now={now}
                    expanded={expanded.has(signature.id)}
                    onToggle={() => toggle(signature.id)}
                  />
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {rows && <LoadMore shown={rows.length} total={total} noun="signatures" pages={signatures} />}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <QuietDaysSettings />
      <Paper withBorder p="md" radius="md">
        {content}
      </Paper>
    </Stack>
  );
}

interface SignatureRowProps {
  signature: Signature;
  now: number;
  expanded: boolean;
  onToggle: () => void;
}

function SignatureRow({ signature, now, expanded, onToggle }: SignatureRowProps) {
  const samplesId = `signature-samples-${signature.id}`;
  return (
    <Fragment>
      <Table.Tr className={classes.row} onClick={onToggle}>
        <Table.Td>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={expanded ? 'Hide the samples' : 'Show the samples'}
            aria-expanded={expanded}
            aria-controls={expanded ? samplesId : undefined}
            onClick={(event) => {
              event.stopPropagation();
              onToggle();
            }}
          >
            {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td className={cells.name}>
          <Text size="sm" fw={500}>
            {signature.process}
          </Text>
        </Table.Td>
        <Table.Td className={classes.message}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" ff="monospace" className={classes.summaryText}>
              {signature.message}
            </Text>
            {signature.quiet_offered && (
              <Badge variant="light" color="teal" className={classes.noShrink}>
                Quiet
              </Badge>
            )}
          </Group>
        </Table.Td>
        <Table.Td className={cells.numeric}>{formatNumber(signature.count)}</Table.Td>
        <Table.Td>
          <When at={signature.first_seen} now={now} />
        </Table.Td>
        <Table.Td>
          <When at={signature.last_seen} now={now} />
        </Table.Td>
        <Table.Td>
          <Text size="sm">{signature.bot || '—'}</Text>
        </Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr id={samplesId}>
          <Table.Td />
          <Table.Td colSpan={COLUMNS.length - 1}>
            <Samples samples={signature.samples} now={now} />
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}

function Samples({ samples, now }: { samples: readonly Sample[]; now: number }) {
  if (samples.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No samples kept.
      </Text>
    );
  }
  return (
    <Table withTableBorder verticalSpacing={4} aria-label="Samples">
      <ColumnHeads columns={['Run', 'Bot', 'Started', 'Reason']} />
      <Table.Tbody>
        {samples.map((sample, index) => (
          <Table.Tr key={`${sample.external_id}-${index}`}>
            <Table.Td className={cells.name}>
              <Text size="sm" ff="monospace">
                {sample.external_id}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{sample.bot}</Text>
            </Table.Td>
            <Table.Td>
              <When at={sample.started_at} now={now} />
            </Table.Td>
            <Table.Td className={classes.message}>
              <Text size="sm" className={classes.summaryText}>
                {sample.reason || 'No reason given'}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
