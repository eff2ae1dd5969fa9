import { useState } from 'react';
import { SegmentedControl, Skeleton, Table, Text } from '@mantine/core';

import cells from '../../../common/src/Cells.module.css';
import { formatNumber } from '../../../common/src/format';
import { QueryError } from '../../../common/src/QueryError';
import { PAGE_SIZE, useStuckPage } from '../api';
import { formatSeconds, formatUtc, waited } from '../figures';
import { currentCursor, firstPage, nextPage, pagingFor, previousPage } from '../paging';
import { stuckQuery, type PageState } from '../params';
import type { StuckCounts, StuckKind } from '../types';
import { Pager } from './Pager';
import { Panel } from './Panel';

interface StuckListProps {
  state: PageState;
  counts: StuckCounts;
  onKind: (kind: StuckKind) => void;
}

/** The stuck queue items of one kind, longest waiting first, by pages. */
export function StuckList({ state, counts, onKind }: StuckListProps) {
  const key = JSON.stringify(stuckQuery(state, PAGE_SIZE, null));
  const [stored, setPaging] = useState(() => firstPage(key));
  const paging = pagingFor(stored, key);
  const list = useStuckPage(state, currentCursor(paging), true);
  const rows = list.data?.items ?? null;
  const settled = !list.isPlaceholderData;
  const now = Date.now() / 1000;
  const since = state.stuck === 'in_progress' ? 'started_at' : 'added_at';
  const threshold = formatSeconds(state.stuck === 'in_progress' ? counts.in_progress_after_s : counts.new_after_s);

  let body;
  if (list.isError && !rows) {
    body = (
      <QueryError title="The stuck items could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
    );
  } else if (!rows) {
    body = <Skeleton height={120} />;
  } else if (rows.length === 0 && settled) {
    body = (
      <Text size="sm" c="dimmed">
        No item is stuck {state.stuck === 'in_progress' ? 'in progress' : 'as new'}.
      </Text>
    );
  } else {
    body = (
      <>
        <Table.ScrollContainer minWidth={760} type="native">
          <Table
            striped
            verticalSpacing={6}
            aria-label="Stuck queue items"
            data-testid="stuck-table"
            opacity={settled ? 1 : 0.6}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Queue</Table.Th>
                <Table.Th scope="col">Reference</Table.Th>
                <Table.Th scope="col">Process</Table.Th>
                <Table.Th scope="col">Bot</Table.Th>
                <Table.Th scope="col">{state.stuck === 'in_progress' ? 'Started (UTC)' : 'Added (UTC)'}</Table.Th>
                <Table.Th scope="col" className={cells.numeric}>
                  Waiting
                </Table.Th>
                <Table.Th scope="col">Deadline (UTC)</Table.Th>
                <Table.Th scope="col" className={cells.numeric}>
                  Retries
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td className={cells.name}>{item.queue}</Table.Td>
                  <Table.Td className={cells.name}>{item.reference ?? item.external_id}</Table.Td>
                  <Table.Td className={cells.name}>{item.process ?? '—'}</Table.Td>
                  <Table.Td className={cells.name}>{item.bot ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtc(item[since])}</Table.Td>
                  <Table.Td className={cells.numeric}>{formatSeconds(waited(item[since], now))}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {item.sla_deadline == null ? (
                      '—'
                    ) : (
                      <Text span size="sm" c={item.sla_deadline < now ? 'red' : undefined}>
                        {formatUtc(item.sla_deadline)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className={cells.numeric}>{formatNumber(item.retries ?? 0)}</Table.Td>
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
          noun="stuck items"
          onPrevious={() => setPaging(previousPage(paging))}
          onNext={(cursor) => setPaging(nextPage(paging, cursor))}
        />
      </>
    );
  }

  return (
    <Panel
      id="insight-stuck-title"
      title="Stuck items"
      hint={`${state.stuck === 'in_progress' ? 'In progress' : 'New'} for over ${threshold}, now; longest waiting first`}
      aside={
        <SegmentedControl
          size="xs"
          aria-label="Stuck items"
          value={state.stuck}
          onChange={(kind) => onKind(kind as StuckKind)}
          data={[
            { value: 'in_progress', label: `In progress (${formatNumber(counts.in_progress)})` },
            { value: 'new', label: `New (${formatNumber(counts.new)})` },
          ]}
        />
      }
    >
      {body}
    </Panel>
  );
}
