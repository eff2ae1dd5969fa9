import { Badge, Table, Text } from '@mantine/core';
import { IconPlugOff, IconTicket } from '@tabler/icons-react';

import { EmptyNotice } from '@common/ui/EmptyNotice';
import { formatDate, humanize } from '@common/lib/format';
import { QueryError } from '@common/ui/QueryError';
import { TableHead } from '@common/ui/TableHead';
import { useTickets } from '../api';
import { ticketCreated, ticketNumber, ticketPriority, ticketStatus, ticketTitle } from '../tickets';
import { LoadingRows } from './LoadingRows';

/** The Support tab: the Ticket Management tickets linked to a process. */
export function SupportTickets({ processId }: { processId: string }) {
  const tickets = useTickets(processId);

  if (tickets.isPending) return <LoadingRows count={3} height={36} />;
  if (tickets.isError) {
    return (
      <QueryError
        title="The tickets could not be loaded"
        error={tickets.error}
        onRetry={() => void tickets.refetch()}
      />
    );
  }
  if (!tickets.data.available) {
    return (
      <EmptyNotice
        icon={IconPlugOff}
        title="Ticket Management is not available"
        description="Tickets linked to processes show here once the Ticket Management module is installed."
      />
    );
  }
  if (tickets.data.items.length === 0) {
    return (
      <EmptyNotice
        icon={IconTicket}
        title="No tickets linked to this process"
        description="Link a ticket to this process in Ticket Management and it shows here."
      />
    );
  }

  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table verticalSpacing="xs" striped>
        <TableHead columns={['Ticket', 'Status', 'Priority', 'Created']} />
        <Table.Tbody>
          {tickets.data.items.map((ticket) => {
            const number = ticketNumber(ticket);
            const status = ticketStatus(ticket);
            const priority = ticketPriority(ticket);
            return (
              <Table.Tr key={ticket.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {number && (
                    <Text span size="xs" c="dimmed" mr={6}>
                      #{number}
                    </Text>
                  )}
                  {ticketTitle(ticket)}
                </Table.Td>
                <Table.Td>{status ? <Badge variant="light">{humanize(status)}</Badge> : '—'}</Table.Td>
                <Table.Td>{priority ? humanize(priority) : '—'}</Table.Td>
                <Table.Td>{formatDate(ticketCreated(ticket)) || '—'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
