import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useNotify } from '@autoscope/web-sdk';

import { TICKET_STATUS_LABELS } from '@common/domain/tickets';
import { isConflict } from '@common/lib/errors';
import { useRefetchTicket, useUpdateTicket } from '../api';
import type { Ticket } from '../types';

/** Closing is offered while the ticket's failure signature is quiet (Alerts said so) and it is not closed. */
export function closeOffered(ticket: Ticket): boolean {
  return ticket.close_offered_at != null && ticket.status !== 'closed';
}

/** The offer to close a ticket whose failure signature went quiet: one click closes it, with the version shown. */
export function CloseOffer({ ticket }: { ticket: Ticket }) {
  const notify = useNotify();
  const update = useUpdateTicket();
  const refetch = useRefetchTicket();
  if (!closeOffered(ticket)) return null;

  const close = () =>
    update.mutate(
      { id: ticket.id, version: ticket.version, changes: { status: 'closed' } },
      {
        onSuccess: () => notify.success(`Ticket #${ticket.number} is now ${TICKET_STATUS_LABELS.closed}`),
        onError: (error) => {
          notify.error(error);
          if (isConflict(error)) refetch(ticket.id);
        },
      },
    );

  return (
    // An offer, not an error: announced politely.
    <Alert
      role="status"
      color="teal"
      variant="light"
      icon={<IconCircleCheck size={18} />}
      title="No new failures for a while"
    >
      <Text size="sm">
        The failure signature behind this ticket has been quiet: no bot run has failed with it lately. If the cause is
        fixed, close the ticket; new failures would reopen it.
      </Text>
      <Group mt="sm">
        <Button size="xs" onClick={close} loading={update.isPending}>
          Close ticket
        </Button>
      </Group>
    </Alert>
  );
}
