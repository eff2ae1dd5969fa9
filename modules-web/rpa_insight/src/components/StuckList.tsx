import { SegmentedControl, Table, Text } from '@mantine/core';

import cells from '@common/ui/Cells.module.css';
import { Section } from '@common/ui/Dashboard';
import { formatNumber } from '@common/lib/format';
import { PagedTable } from '@common/ui/PagedTable';
import { useCursorPaging } from '@common/ui/Pager';
import { PAGE_SIZE, useStuckPage } from '../api';
import { formatSeconds, formatUtc, waited } from '../figures';
import { stuckQuery, type PageState } from '../params';
import type { StuckCounts, StuckKind } from '../types';

interface StuckListProps {
  state: PageState;
  counts: StuckCounts;
  onKind: (kind: StuckKind) => void;
}

/** The stuck queue items of one kind, longest waiting first, by pages. */
export function StuckList({ state, counts, onKind }: StuckListProps) {
  const paging = useCursorPaging(JSON.stringify(stuckQuery(state, PAGE_SIZE, null)));
  const list = useStuckPage(state, paging.cursor, true);
  // How long each item had waited when the page was read: the answer's time, not the render's.
  const now = list.dataUpdatedAt / 1000;
  const since = state.stuck === 'in_progress' ? 'started_at' : 'added_at';
  const threshold = formatSeconds(state.stuck === 'in_progress' ? counts.in_progress_after_s : counts.new_after_s);

  return (
    <Section
      id="insight-stuck-title"
      testId="insight-stuck"
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
      <PagedTable
        list={list}
        paging={paging}
        size={PAGE_SIZE}
        noun="stuck items"
        errorTitle="The stuck items could not be loaded"
        loadingHeight={120}
        empty={`No item is stuck ${state.stuck === 'in_progress' ? 'in progress' : 'as new'}.`}
        table={{
          label: 'Stuck queue items',
          testId: 'stuck-table',
          minWidth: 760,
          columns: [
            'Queue',
            'Reference',
            'Process',
            'Bot',
            state.stuck === 'in_progress' ? 'Started (UTC)' : 'Added (UTC)',
            { label: 'Waiting', numeric: true },
            'Deadline (UTC)',
            { label: 'Retries', numeric: true },
          ],
        }}
      >
        {(rows) =>
          rows.map((item) => (
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
          ))
        }
      </PagedTable>
    </Section>
  );
}
