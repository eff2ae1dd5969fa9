import { Anchor, Group, Stack, Table, Text } from '@mantine/core';

import { formatDate } from '@common/lib/format';
import { CardList, ItemCard } from '@common/ui/CardList';
import { useIsMobile } from '@common/ui/mobile';
import { ScrollTable } from '@common/ui/ScrollTable';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import { SkeletonRows, SortableHead } from '@common/ui/SortHeader';
import type { Ticket } from '../types';
import type { SortField } from '../urlState';
import { ApprovalBadge, BreachBadges, DueText, PriorityBadge, StatusBadge } from './Badges';
import cells from '@common/ui/Cells.module.css';
import classes from './TicketTable.module.css';

interface TicketTableProps {
  /** Null while the first page loads. */
  tickets: Ticket[] | null;
  people: PeopleIndex;
  sort: string;
  onSort: (sort: string) => void;
  /** The rows are of the previous filters or page while the new ones load. */
  stale: boolean;
  now: number;
  onOpen: (ticket: Ticket) => void;
}

const COLUMNS: readonly { label: string; sort?: SortField }[] = [
  { label: '#', sort: 'number' },
  { label: 'Title', sort: 'title' },
  { label: 'Status', sort: 'status' },
  { label: 'Priority', sort: 'priority' },
  { label: 'Assignee' },
  { label: 'Response' },
  { label: 'Resolution', sort: 'resolution_due' },
  { label: 'Created', sort: 'created_at' },
  { label: 'Updated', sort: 'updated_at' },
];

/** The tickets: a table with sortable headers, or cards on a phone. A row opens the ticket. */
export function TicketTable(props: TicketTableProps) {
  return useIsMobile() ? <TicketCards {...props} /> : <WideTable {...props} />;
}

function WideTable({ tickets, people, sort, onSort, stale, now, onOpen }: TicketTableProps) {
  return (
    <ScrollTable minWidth={1080} numbered>
      <Table highlightOnHover verticalSpacing="sm" className={stale ? classes.stale : undefined} aria-busy={stale}>
        <SortableHead columns={COLUMNS} sort={sort} onSort={onSort} />
        <Table.Tbody>
          {tickets === null ? (
            <SkeletonRows columns={COLUMNS.length} />
          ) : (
            tickets.map((ticket) => (
              <Table.Tr key={ticket.id} className={classes.row} onClick={() => onOpen(ticket)}>
                <Table.Td className={classes.number}>#{ticket.number}</Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <Anchor
                      component="button"
                      type="button"
                      className={classes.title}
                      fw={500}
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(ticket);
                      }}
                    >
                      {ticket.title}
                    </Anchor>
                    <Group gap={4}>
                      <BreachBadges ticket={ticket} />
                      <ApprovalBadge approval={ticket.approval} />
                    </Group>
                  </Stack>
                </Table.Td>
                <Table.Td className={cells.badge}>
                  <StatusBadge status={ticket.status} />
                </Table.Td>
                <Table.Td className={cells.badge}>
                  <PriorityBadge priority={ticket.priority} />
                </Table.Td>
                <Table.Td>{nameOf(people, ticket.assignee_id) ?? 'Unassigned'}</Table.Td>
                <Table.Td>
                  <DueText ticket={ticket} target="response" now={now} />
                </Table.Td>
                <Table.Td>
                  <DueText ticket={ticket} target="resolution" now={now} />
                </Table.Td>
                <Table.Td>{formatDate(ticket.created_at)}</Table.Td>
                <Table.Td>{formatDate(ticket.updated_at)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function TicketCards({ tickets, people, stale, now, onOpen }: TicketTableProps) {
  return (
    <CardList label="Tickets" loading={tickets === null} stale={stale}>
      {tickets?.map((ticket) => (
        <ItemCard
          key={ticket.id}
          title={
            <>
              <Text span c="dimmed" size="sm" mr={6}>
                #{ticket.number}
              </Text>{' '}
              {ticket.title}
            </>
          }
          onOpen={() => onOpen(ticket)}
          aside={<StatusBadge status={ticket.status} style={{ flex: 'none' }} />}
        >
          <Group gap="xs">
            <PriorityBadge priority={ticket.priority} />
            <BreachBadges ticket={ticket} />
            <ApprovalBadge approval={ticket.approval} />
          </Group>
          <Group gap="xs" justify="space-between">
            <Text size="xs" c="dimmed">
              {nameOf(people, ticket.assignee_id) ?? 'Unassigned'} · {formatDate(ticket.created_at)}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed">
                Resolution
              </Text>
              <DueText ticket={ticket} target="resolution" now={now} />
            </Group>
          </Group>
        </ItemCard>
      ))}
    </CardList>
  );
}
