import { ActionIcon, Anchor, Menu, Skeleton, Table, Text } from '@mantine/core';
import { IconDotsVertical, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';

import { formatDateTime, formatMoney } from '@common/lib/format';
import { countText } from '@common/lib/lists';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import { CardList, ItemCard } from '@common/ui/CardList';
import { useIsMobile } from '@common/ui/mobile';
import { ScrollTable } from '@common/ui/ScrollTable';
import { SkeletonRows, SortableHead } from '@common/ui/SortHeader';
import type { Bot, BotStatus, Currency } from '../types';
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
  currency: Currency;
  sort: string;
  onSort: (sort: string) => void;
  stale: boolean;
}

/** The table's columns; those with a field sort it (the phone's Sort by offers them too). */
export const BOT_COLUMNS: readonly { label: string; sort?: SortField; numeric?: boolean }[] = [
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

/** The inventory with each bot's live status: a table with sortable headers, or cards on a phone. A row opens the bot. */
export function BotTable(props: BotTableProps) {
  return useIsMobile() ? <BotCards {...props} /> : <WideTable {...props} />;
}

/** A bot's live status: its badge, a placeholder while the statuses load, or a dash for a bot without runs. */
function StatusCell({ status, loading }: { status: BotStatus | undefined; loading: boolean }) {
  if (status) return <StateBadge state={status.status} />;
  return loading ? <Skeleton height={18} width={80} radius="xl" /> : '—';
}

function WideTable(props: BotTableProps) {
  const { bots, statuses, statusesLoading, people, currency, sort, onSort, stale, ...actions } = props;
  return (
    <ScrollTable minWidth={1100}>
      <Table
        highlightOnHover
        verticalSpacing="sm"
        className={stale ? dashboardClasses.stale : undefined}
        aria-busy={stale}
      >
        <SortableHead columns={BOT_COLUMNS} sort={sort} onSort={onSort} actions />
        <Table.Tbody>
          {bots === null ? (
            <SkeletonRows columns={BOT_COLUMNS.length + 1} />
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
                    <StatusCell status={status} loading={statusesLoading} />
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{formatDateTime(status?.last_event_at) || '—'}</Table.Td>
                  <Table.Td>{TYPE_LABELS[bot.type] ?? bot.type}</Table.Td>
                  <Table.Td>{bot.vendor}</Table.Td>
                  <Table.Td className={cells.name}>{bot.machine || '—'}</Table.Td>
                  <Table.Td>{nameOf(people, bot.owner_id) ?? '—'}</Table.Td>
                  <Table.Td className={cells.numeric}>{formatMoney(bot.licence_cost, currency)}</Table.Td>
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
    </ScrollTable>
  );
}

function BotCards(props: BotTableProps) {
  // The sort is Sort by's, among the filters: cards have no headers.
  const { bots, statuses, statusesLoading, people, currency, sort, onSort, stale, ...actions } = props;
  return (
    <CardList label="Bots" loading={bots === null} stale={stale}>
      {bots?.map((bot) => {
        const status = statuses.get(bot.name);
        const processes = bot.processes ?? [];
        return (
          <ItemCard
            key={bot.id}
            title={bot.name}
            onOpen={() => actions.onOpen(bot)}
            aside={<StatusCell status={status} loading={statusesLoading} />}
            menu={<RowMenu bot={bot} {...actions} />}
          >
            <Text size="xs" c="dimmed">
              {TYPE_LABELS[bot.type] ?? bot.type} · {bot.vendor} · {bot.machine || '—'} ·{' '}
              {nameOf(people, bot.owner_id) ?? '—'}
            </Text>
            <Text size="xs" c="dimmed">
              Licence / year {formatMoney(bot.licence_cost, currency)} ·{' '}
              {countText(processes.length, ['process', 'processes'])} · Last run event{' '}
              {formatDateTime(status?.last_event_at) || '—'}
            </Text>
          </ItemCard>
        );
      })}
    </CardList>
  );
}
