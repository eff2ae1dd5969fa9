import { Fragment } from 'react';
import { ActionIcon, Anchor, Group, Menu, Table, Text } from '@mantine/core';
import { IconDotsVertical, IconEye } from '@tabler/icons-react';
import { useCurrency } from '@autoscope/web-sdk';

import { HealthBadge, StageBadge } from '@common/ui/Badges';
import { formatDate, formatMoney, formatNumber, formatPercent } from '@common/lib/format';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import { CardList, ItemCard } from '@common/ui/CardList';
import { useIsMobile } from '@common/ui/mobile';
import { ScrollTable } from '@common/ui/ScrollTable';
import { SkeletonRows, SortableHead } from '@common/ui/SortHeader';
import type { Process } from '../types';
import type { SortField } from '../urlState';
import { CHANGE_ACTIONS, type ProcessActions } from './processActions';
import cells from '@common/ui/Cells.module.css';
import classes from './ProcessTable.module.css';

interface ProcessTableProps extends ProcessActions {
  /** Null while the first page loads. */
  processes: Process[] | null;
  people: PeopleIndex;
  sort: string;
  onSort: (sort: string) => void;
  /** The rows are of the previous filters while the new ones load. */
  stale: boolean;
}

interface Column {
  label: string;
  sort?: SortField;
  numeric?: boolean;
}

/** The table's columns; those with a field sort it (the phone's Sort by offers them too). */
export const PROCESS_COLUMNS: readonly Column[] = [
  { label: 'Name', sort: 'name' },
  { label: 'Stage', sort: 'stage' },
  { label: 'Health', sort: 'health' },
  { label: 'Department', sort: 'department' },
  { label: 'Owner' },
  { label: 'Monthly volume', sort: 'monthly_volume', numeric: true },
  { label: 'Potential', sort: 'potential', numeric: true },
  { label: 'Ease', sort: 'ease', numeric: true },
  { label: 'Benefit / year', sort: 'benefit_money', numeric: true },
  { label: 'Updated', sort: 'updated_at' },
];

function RowMenu({ process, ...actions }: ProcessActions & { process: Process }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${process.name}`}
          onClick={(event) => event.stopPropagation()}
        >
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        <Menu.Item leftSection={<IconEye size={14} />} onClick={() => actions.onOpen(process)}>
          Open
        </Menu.Item>
        {CHANGE_ACTIONS.map(({ action, label, icon: Icon, danger }) => (
          <Fragment key={action}>
            {danger && <Menu.Divider />}
            <Menu.Item
              color={danger ? 'red' : undefined}
              leftSection={<Icon size={14} />}
              onClick={() => actions[action](process)}
            >
              {label}
            </Menu.Item>
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The processes: a table with sortable headers, or cards on a phone. A row opens the overview. */
export function ProcessTable(props: ProcessTableProps) {
  return useIsMobile() ? <ProcessCards {...props} /> : <WideTable {...props} />;
}

function WideTable({ processes, people, sort, onSort, stale, ...actions }: ProcessTableProps) {
  const currency = useCurrency();
  return (
    <ScrollTable minWidth={1250}>
      <Table highlightOnHover verticalSpacing="sm" className={stale ? classes.stale : undefined} aria-busy={stale}>
        <SortableHead columns={PROCESS_COLUMNS} sort={sort} onSort={onSort} actions />
        <Table.Tbody>
          {processes === null ? (
            <SkeletonRows columns={PROCESS_COLUMNS.length + 1} />
          ) : (
            processes.map((process) => (
              <Table.Tr key={process.id} className={classes.row} onClick={() => actions.onOpen(process)}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    className={classes.name}
                    fw={500}
                    onClick={(event) => {
                      event.stopPropagation();
                      actions.onOpen(process);
                    }}
                  >
                    {process.name}
                  </Anchor>
                </Table.Td>
                <Table.Td className={cells.badge}>
                  <StageBadge stage={process.stage} />
                </Table.Td>
                <Table.Td className={cells.badge}>
                  <HealthBadge health={process.health} />
                </Table.Td>
                <Table.Td>{process.department || '—'}</Table.Td>
                <Table.Td>{nameOf(people, process.owner_id) ?? '—'}</Table.Td>
                <Table.Td className={classes.numeric}>{formatNumber(process.monthly_volume)}</Table.Td>
                <Table.Td className={classes.numeric}>{formatPercent(process.potential)}</Table.Td>
                <Table.Td className={classes.numeric}>{formatNumber(process.ease)}</Table.Td>
                <Table.Td className={classes.numeric}>{formatMoney(process.benefit_money, currency)}</Table.Td>
                <Table.Td>{formatDate(process.updated_at)}</Table.Td>
                <Table.Td>
                  <RowMenu process={process} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

// The sort is Sort by's, among the filters: cards have no headers.
function ProcessCards({ processes, people, stale, sort, onSort, ...actions }: ProcessTableProps) {
  const currency = useCurrency();
  return (
    <CardList label="Processes" loading={processes === null} stale={stale}>
      {processes?.map((process) => (
        <ItemCard
          key={process.id}
          title={process.name}
          onOpen={() => actions.onOpen(process)}
          menu={<RowMenu process={process} {...actions} />}
        >
          <Group gap="xs">
            <StageBadge stage={process.stage} />
            <HealthBadge health={process.health} />
          </Group>
          <Text size="xs" c="dimmed">
            {process.department || '—'} · {nameOf(people, process.owner_id) ?? '—'} · Updated{' '}
            {formatDate(process.updated_at)}
          </Text>
          <Text size="xs" c="dimmed">
            Benefit / year {formatMoney(process.benefit_money, currency)} · Potential {formatPercent(process.potential)}{' '}
            · Ease {formatNumber(process.ease)}
          </Text>
        </ItemCard>
      ))}
    </CardList>
  );
}
