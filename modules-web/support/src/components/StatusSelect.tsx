import { Select } from '@mantine/core';
import { useNotify } from '@autoscope/web-sdk';

import { isConflict } from '@common/lib/errors';
import { TICKET_STATUS_LABELS, TICKET_STATUS_OPTIONS, isTicketStatus } from '@common/domain/tickets';
import { useRefetchTicket, useUpdateTicket } from '../api';
import type { Ticket } from '../types';

/** The ticket's status, changed at once (with the version shown; a 409 brings the latest in). */
export function StatusSelect({ ticket }: { ticket: Ticket }) {
  const notify = useNotify();
  const update = useUpdateTicket();
  const refetch = useRefetchTicket();

  const change = (value: string | null) => {
    if (!isTicketStatus(value) || value === ticket.status || update.isPending) return;
    update.mutate(
      { id: ticket.id, version: ticket.version, changes: { status: value } },
      {
        onSuccess: () => notify.success(`Ticket #${ticket.number} is now ${TICKET_STATUS_LABELS[value]}`),
        onError: (error) => {
          notify.error(error);
          if (isConflict(error)) refetch(ticket.id);
        },
      },
    );
  };

  return (
    <Select
      label="Status"
      data={TICKET_STATUS_OPTIONS}
      value={ticket.status}
      onChange={change}
      allowDeselect={false}
      disabled={update.isPending}
      w={{ base: '100%', xs: 180 }}
    />
  );
}
