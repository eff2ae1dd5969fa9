import { ActionIcon, Anchor, Menu, Skeleton, Table, Text } from '@mantine/core';
import { IconDotsVertical, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';

import { formatDateTime } from '@common/lib/format';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import { SkeletonRows, SortableHead } from '@common/ui/SortHeader';
import { formatMoney } from '../figures';
import type { Bot, BotStatus } from '../types';
import type { SortField } from '../urlState';
import { TYPE_LABELS } from '../vocabulary';
import { StateBadge } from './Badges';
import cells from '@common/ui/Cells.module.css';
import { dashboardClasses } from '@common/ui/Dashboard';
import classes from '../BotProfilePage.module.css';

export interface BotActions {
  onOpen: (bot: Bot) => void;
  onEdit: (bot: Bot) => void;
  onDelete: (bot: Bot) => void;
}

interface BotTableProps extends BotActions {
  /** Null while the first page loads. */
  bots: Bot[] | null;
  statuses: ReadonlyMap<string, BotStatus>;
  /** Whether the statuses are still loading (a badge placeholder shows). */
  statusesLoading: boolean;
  people: PeopleIndex;
  currencySymbol: string;
  sort: string;
  onSort: (sort: string) => void;
  stale: boolean;
}

const COLUMNS: readonly { label: string; sort?: SortField; numeric?: boolean }[] = [
  { label: 'Name', sort: 'name' },
  { label: 'Status' },
  { label: 'Last run event' },
  { label: 'Type', sort: 'type' },
  { label: 'Vendor', sort: 'vendor' },
  { label: 'Machine', sort: 'machine' },
  { label: 'Owner' },
  { label: 'Licence / year', sort: 'licence_cost', numeric: true },
  { label: 'Processes', numeric: true },
];

function RowMenu({ bot, onOpen, onEdit, onDelete }: BotActions & { bot: Bot }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${bot.name}`}
          onClick={(event) => event.stopPropagation()}
        >
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        <Menu.Item leftSection={<IconEye size={14} />} onClick={() => onOpen(bot)}>
          Open
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onEdit(bot)}>
          Edit
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(bot)}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The inventory with each bot's live status; it scrolls sideways on narrow screens. A row opens the bot. */
export function BotTable(props: BotTableProps) {
  const { bots, statuses, statusesLoading, people, currencySymbol, sort, onSort, stale, ...actions } = props;
  return (
    <Table.ScrollContainer minWidth={1100} type="native">
      <Table
        highlightOnHover
        verticalSpacing="sm"
        className={stale ? dashboardClasses.stale : undefined}
        aria-busy={stale}
      >
        <SortableHead columns={COLUMNS} sort={sort} onSort={onSort} actions />
        <Table.Tbody>
          {bots === null ? (
            <SkeletonRows columns={COLUMNS.length + 1} />
          ) : (
            bots.map((bot) => {
              const status = statuses.get(bot.name);
              return (
                <Table.Tr key={bot.id} className={classes.row} onClick={() => actions.onOpen(bot)}>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      fw={500}
                      className={`${cells.name} ${classes.name}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        actions.onOpen(bot);
                      }}
                    >
                      {bot.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td className={cells.badge}>
                    {status ? (
                      <StateBadge state={status.status} />
                    ) : statusesLoading ? (
                      <Skeleton height={18} width={80} radius="xl" />
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{formatDateTime(status?.last_event_at) || '—'}</Table.Td>
                  <Table.Td>{TYPE_LABELS[bot.type] ?? bot.type}</Table.Td>
                  <Table.Td>{bot.vendor}</Table.Td>
                  <Table.Td className={cells.name}>{bot.machine || '—'}</Table.Td>
                  <Table.Td>{nameOf(people, bot.owner_id) ?? '—'}</Table.Td>
                  <Table.Td className={cells.numeric}>{formatMoney(bot.licence_cost, currencySymbol)}</Table.Td>
                  <Table.Td className={cells.numeric}>
                    <Text size="sm" title={(bot.processes ?? []).join(', ')}>
                      {(bot.processes ?? []).length}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RowMenu bot={bot} {...actions} />
                  </Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
