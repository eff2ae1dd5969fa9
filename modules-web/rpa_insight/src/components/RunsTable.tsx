import { useState } from 'react';
import { Select, Skeleton, Table, Text } from '@mantine/core';

import cells from '../../../common/src/Cells.module.css';
import { formatNumber } from '../../../common/src/format';
import { QueryError } from '../../../common/src/QueryError';
import { PAGE_SIZE, useRunsPage } from '../api';
import { STATUS_LABELS, formatSeconds, formatUtc } from '../figures';
import { currentCursor, firstPage, nextPage, pagingFor, previousPage } from '../paging';
import { runsQuery, type PageState } from '../params';
import classes from '../RPAInsightPage.module.css';
import { RUN_STATUSES, type Run, type RunStatus } from '../types';
import { Pager } from './Pager';
import { Panel } from './Panel';
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
  const key = JSON.stringify(runsQuery(state, today, PAGE_SIZE, null));
  const [stored, setPaging] = useState(() => firstPage(key));
  const paging = pagingFor(stored, key);
  const list = useRunsPage(state, today, currentCursor(paging), true);
  const rows = list.data?.items ?? null;
  const settled = !list.isPlaceholderData;

  let body;
  if (list.isError && !rows) {
    body = <QueryError title="The runs could not be loaded" error={list.error} onRetry={() => void list.refetch()} />;
  } else if (!rows) {
    body = <Skeleton height={200} />;
  } else if (rows.length === 0 && settled) {
    body = (
      <Text size="sm" c="dimmed">
        No run {state.status ? `with status ${STATUS_LABELS[state.status].toLowerCase()} ` : ''}started in the range.
      </Text>
    );
  } else {
    body = (
      <>
        <Table.ScrollContainer minWidth={820} type="native">
          <Table
            striped
            highlightOnHover
            verticalSpacing={6}
            aria-label="Runs, newest first"
            data-testid="runs-table"
            opacity={settled ? 1 : 0.6}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Started (UTC)</Table.Th>
                <Table.Th scope="col">Bot</Table.Th>
                <Table.Th scope="col">Process</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col" className={cells.numeric}>
                  Duration
                </Table.Th>
                <Table.Th scope="col" className={cells.numeric}>
                  Items
                </Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((run) => (
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
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Pager
          paging={paging}
          shown={rows.length}
          size={PAGE_SIZE}
          nextCursor={list.data?.next_cursor ?? null}
          settled={settled}
          loading={list.isFetching}
          noun="runs"
          onPrevious={() => setPaging(previousPage(paging))}
          onNext={(cursor) => setPaging(nextPage(paging, cursor))}
        />
      </>
    );
  }

  return (
    <Panel
      id="insight-runs-title"
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
      {body}
    </Panel>
  );
}
