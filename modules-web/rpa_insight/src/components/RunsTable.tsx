import { Select, Table, Text } from '@mantine/core';

import cells from '@common/ui/Cells.module.css';
import { Section } from '@common/ui/Dashboard';
import { formatNumber } from '@common/lib/format';
import { PagedTable } from '@common/ui/PagedTable';
import { useCursorPaging } from '@common/ui/Pager';
import { numericColumns } from '@common/ui/TableHead';
import { PAGE_SIZE, useRunsPage } from '../api';
import { STATUS_LABELS, formatSeconds, formatUtc } from '../figures';
import { runsQuery, type PageState } from '../params';
import classes from '../RPAInsightPage.module.css';
import { RUN_STATUSES, type Run, type RunStatus } from '../types';
import { RunStatusBadge } from './RunStatusBadge';

interface RunsTableProps {
  state: PageState;
  today: string;
  onStatus: (status: RunStatus | null) => void;
  onOpen: (run: Run) => void;
}

const STATUS_OPTIONS = RUN_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

/** The runs of the range and filters, newest first, by pages; a row opens the run. */
export function RunsTable({ state, today, onStatus, onOpen }: RunsTableProps) {
  const paging = useCursorPaging(JSON.stringify(runsQuery(state, today, PAGE_SIZE, null)));
  const list = useRunsPage(state, today, paging.cursor, true);

  return (
    <Section
      id="insight-runs-title"
      testId="insight-runs"
      title="Runs"
      hint="Newest first; open a run for its details. Export CSV in the title bar takes every run shown."
      aside={
        <Select
          size="xs"
          aria-label="Run status"
          placeholder="Every status"
          data={STATUS_OPTIONS}
          value={state.status}
          onChange={(status) => onStatus(status as RunStatus | null)}
          clearable
          w={160}
          comboboxProps={{ withinPortal: true }}
        />
      }
    >
      <PagedTable
        list={list}
        paging={paging}
        size={PAGE_SIZE}
        noun="runs"
        errorTitle="The runs could not be loaded"
        loadingHeight={200}
        empty={`No run ${state.status ? `with status ${STATUS_LABELS[state.status].toLowerCase()} ` : ''}started in the range.`}
        table={{
          label: 'Runs, newest first',
          testId: 'runs-table',
          minWidth: 820,
          highlightOnHover: true,
          columns: ['Started (UTC)', 'Bot', 'Process', 'Status', ...numericColumns('Duration', 'Items'), 'Reason'],
        }}
      >
        {(rows) =>
          rows.map((run) => (
            <Table.Tr
              key={run.id}
              className={classes.row}
              tabIndex={0}
              aria-label={`Run of ${run.bot} on ${run.process}, started ${formatUtc(run.started_at)}`}
              onClick={() => onOpen(run)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onOpen(run);
                }
              }}
              data-testid="run-row"
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtc(run.started_at)}</Table.Td>
              <Table.Td className={cells.name}>{run.bot}</Table.Td>
              <Table.Td className={cells.name}>{run.process}</Table.Td>
              <Table.Td className={cells.badge}>
                <RunStatusBadge status={run.status} />
              </Table.Td>
              <Table.Td className={cells.numeric}>{formatSeconds(run.duration_s)}</Table.Td>
              <Table.Td className={cells.numeric}>{formatNumber(run.items ?? 0)}</Table.Td>
              <Table.Td className={cells.name}>
                <Text size="sm" lineClamp={2}>
                  {run.reason ?? ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))
        }
      </PagedTable>
    </Section>
  );
}
