import { useState } from 'react';
import { Button, Grid, Table, Text } from '@mantine/core';

import { Section } from '@common/ui/Dashboard';
import cells from '@common/ui/Cells.module.css';
import { formatNumber, formatPercent } from '@common/lib/format';
import type { usePeople } from '@common/lib/queries';
import { QueryError } from '@common/ui/QueryError';
import { ACTIVE_TICKET_STATUSES, TICKET_STATUS_LABELS } from '@common/domain/tickets';
import { botRows, processRows, workloadRows, type CountRow, type WorkloadRow } from '../figures';
import type { Insight } from '../types';

/** Rows shown at first: a company may have hundreds of processes. */
const FIRST_ROWS = 10;

/** The first rows, and a button that shows the rest. */
function useMore<T>(rows: readonly T[]) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);
  const more =
    rows.length > FIRST_ROWS ? (
      <Button variant="subtle" size="xs" mt="xs" onClick={() => setAll((value) => !value)}>
        {all ? 'Show fewer' : `Show all ${rows.length}`}
      </Button>
    ) : null;
  return { shown, more };
}

interface BreakdownTablesProps {
  insight: Insight;
  /** Tickets opened in the range: the shares are of them. */
  opened: number;
  people: ReturnType<typeof usePeople>;
  /** Process names by id; null to show ids. */
  processNames: ReadonlyMap<string, string> | null;
}

/** Tickets per process and per bot in the range, and the workload per agent now. */
export function BreakdownTables({ insight, opened, people, processNames }: BreakdownTablesProps) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
        <Section id="insight-processes-title" title="Per process" hint="Tickets created in the range">
          <CountTable
            noun="Process"
            rows={processRows(insight, processNames, opened)}
            empty="No ticket of the range names a process."
          />
        </Section>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
        <Section id="insight-bots-title" title="Per bot" hint="Tickets created in the range">
          <CountTable noun="Bot" rows={botRows(insight, opened)} empty="No ticket of the range names a bot." />
        </Section>
      </Grid.Col>
      <Grid.Col span={{ base: 12, xl: 4 }}>
        <Section id="insight-workload-title" title="Per agent" hint="Unresolved tickets now, whenever created">
          {people.isError && (
            <QueryError
              title="The names could not be loaded"
              error={people.error}
              onRetry={() => void people.refetch()}
            />
          )}
          <WorkloadTable rows={workloadRows(insight.workload, people.byId)} />
        </Section>
      </Grid.Col>
    </Grid>
  );
}

interface CountTableProps {
  /** The table's accessible name and first column: "Process", "Bot". */
  noun: string;
  rows: readonly CountRow[];
  /** Said when there is no row. */
  empty: string;
}

/** Tickets per process or bot, most first, with their share of the range's tickets. */
function CountTable({ noun, rows, empty }: CountTableProps) {
  const { shown, more } = useMore(rows);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={280} type="native">
        <Table striped verticalSpacing={6} aria-label={`Tickets per ${noun.toLowerCase()}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{noun}</Table.Th>
              <Table.Th scope="col" className={cells.numeric}>
                Tickets
              </Table.Th>
              <Table.Th scope="col" className={cells.numeric}>
                Share
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td className={cells.name}>{row.label}</Table.Td>
                <Table.Td className={cells.numeric}>{formatNumber(row.n)}</Table.Td>
                <Table.Td className={cells.numeric}>{formatPercent(row.share)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {more}
    </>
  );
}

/** The active statuses, as Ticket Management labels them, then the total. */
const LOAD_COLUMNS = [
  ...ACTIVE_TICKET_STATUSES.map((status) => [status, TICKET_STATUS_LABELS[status]] as const),
  ['total', 'Total'] as const,
];

/** The unresolved tickets per agent now, busiest first. */
function WorkloadTable({ rows }: { rows: readonly WorkloadRow[] }) {
  const { shown, more } = useMore(rows);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No unresolved tickets.
      </Text>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={420} type="native">
        <Table striped verticalSpacing={6} aria-label="Unresolved tickets per agent">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Agent</Table.Th>
              {LOAD_COLUMNS.map(([key, label]) => (
                <Table.Th key={key} scope="col" className={cells.numeric}>
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td className={cells.name}>
                  {row.key ? (
                    row.name
                  ) : (
                    <Text span c="dimmed" size="sm">
                      {row.name}
                    </Text>
                  )}
                </Table.Td>
                {LOAD_COLUMNS.map(([key]) => (
                  <Table.Td key={key} className={cells.numeric} fw={key === 'total' ? 600 : undefined}>
                    {formatNumber(row[key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {more}
    </>
  );
}
