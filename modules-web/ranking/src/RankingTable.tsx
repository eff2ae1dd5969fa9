import { useState } from 'react';
import { Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useCurrency } from '@autoscope/web-sdk';

import cells from '@common/ui/Cells.module.css';
import { SortableHead, type SortColumn } from '@common/ui/SortHeader';
import { recordRoute } from '@common/domain/links';
import { formatMoney, formatNumber, formatScore } from '@common/lib/format';
import type { RankedProcess } from './api';
import { bucketInfo } from './buckets';
import { ProcessLink } from './ProcessLink';
import type { SortField } from './urlState';
import classes from './RankingPage.module.css';

/** Rows shown at first and added by "Show more": a company may rank thousands of processes. */
const PAGE = 100;

/** The table's columns; those with a field sort the table (the phone's Sort by offers them too). */
export const COLUMNS: readonly (SortColumn & { sort?: SortField })[] = [
  { label: 'Rank', sort: 'rank' },
  { label: 'Process', sort: 'name' },
  { label: 'Department', sort: 'department' },
  { label: 'Score', numeric: true },
  { label: 'Value', sort: 'value', numeric: true },
  { label: 'Ease', sort: 'ease', numeric: true },
  { label: 'Potential', sort: 'potential', numeric: true },
  { label: 'Yearly benefit', sort: 'benefit_money', numeric: true },
  { label: 'Bucket' },
];

interface RankingTableProps {
  /** The rows, in the table's sort. */
  items: readonly RankedProcess[];
  /** Rank moves against the saved weights (positive: climbed), while a what-if is shown. */
  changes: ReadonlyMap<string, number>;
  sort: string;
  onSort: (sort: string) => void;
}

function RankChange({ change }: { change: number | undefined }) {
  if (!change) return null;
  const up = change > 0;
  const label = `${up ? 'Up' : 'Down'} ${Math.abs(change)} against the saved weights`;
  return (
    <Tooltip label={label}>
      <Text span size="xs" c={up ? 'teal' : 'red'} className={classes.change} aria-label={label}>
        {up ? <IconArrowUp size={12} aria-hidden /> : <IconArrowDown size={12} aria-hidden />}
        {Math.abs(change)}
      </Text>
    </Tooltip>
  );
}

/** The ranking: rank, process, department, score and its parts, yearly benefit and bucket. A row opens the process. */
export function RankingTable({ items, changes, sort, onSort }: RankingTableProps) {
  const navigate = useNavigate();
  const currency = useCurrency();
  const [shown, setShown] = useState(PAGE);
  const visible = items.slice(0, shown);

  return (
    <>
      <Table.ScrollContainer minWidth={880} type="native" className={classes.tableScroll}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label="Process ranking">
          <SortableHead columns={COLUMNS} sort={sort} onSort={onSort} />
          <Table.Tbody>
            {visible.map((item) => {
              const bucket = bucketInfo(item.bucket);
              return (
                <Table.Tr
                  key={item.id}
                  className={classes.row}
                  onClick={() => void navigate(recordRoute('process', item.id))}
                >
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={700}>{item.rank}</Text>
                      <RankChange change={changes.get(item.id)} />
                    </Group>
                  </Table.Td>
                  <Table.Td className={cells.name}>
                    <ProcessLink item={item} />
                  </Table.Td>
                  <Table.Td>
                    {item.department || (
                      <Text span c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className={cells.numeric}>
                    <Text fw={700}>{formatScore(item.score)}</Text>
                  </Table.Td>
                  <Table.Td className={cells.numeric}>{formatNumber(item.value, true)}</Table.Td>
                  <Table.Td className={cells.numeric}>{formatNumber(item.ease, true)}</Table.Td>
                  <Table.Td className={cells.numeric}>{formatNumber(item.potential, true)}</Table.Td>
                  <Table.Td className={cells.numeric}>
                    <Text size="sm">{formatMoney(item.benefit_money, currency)}</Text>
                    <Text size="xs" c="dimmed">
                      {formatNumber(item.benefit_hours)} h · {formatNumber(item.benefit_fte, true)} FTE
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={bucket.color} className={classes.badge}>
                      {bucket.label}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {items.length > shown && (
        <Group justify="center" className={classes.noPrint}>
          <Button variant="default" onClick={() => setShown((count) => count + PAGE)}>
            Show more ({formatNumber(items.length - shown)} left)
          </Button>
        </Group>
      )}
    </>
  );
}
