import { useNotify } from '@autoscope/web-sdk';

import { DialogForm } from '@common/ui/DialogForm';
import { useFormState, useFormSubmit } from '@common/lib/forms';
import { ResponsiveModal, type DialogProps } from '@common/ui/ResponsiveModal';
import { useCreateTicket } from '../api';
import type { Ticket } from '../types';
import { EMPTY_TICKET, createPayload, fieldOfServerMessage, validateTicket } from '../validation';
import { TicketFieldInputs } from './TicketFieldInputs';

interface CreateTicketProps extends DialogProps {
  onCreated: (ticket: Ticket) => void;
}

/** A new ticket. Mounted afresh for each opening (see `useDialog`). */
export function CreateTicket({ onCreated, ...dialog }: CreateTicketProps) {
  return (
    <ResponsiveModal {...dialog} title="New ticket" size="lg">
      <CreateTicketForm onClose={dialog.onClose} onCreated={onCreated} />
    </ResponsiveModal>
  );
}

function CreateTicketForm({ onClose, onCreated }: { onClose: () => void; onCreated: (ticket: Ticket) => void }) {
  const notify = useNotify();
  const create = useCreateTicket();
  const form = useFormState(EMPTY_TICKET);
  const submit = useFormSubmit(form, {
    validate: validateTicket,
    fieldOf: fieldOfServerMessage,
    save: async (values) => {
      const ticket = await create.mutateAsync(createPayload(values));
      notify.success(`Ticket #${ticket.number} created`);
      onCreated(ticket);
      onClose();
    },
  });

  return (
    <DialogForm submit={submit} submitLabel="Create ticket" onCancel={onClose}>
      <TicketFieldInputs values={form.values} errors={form.errors} setValue={form.setValue} autoFocus />
    </DialogForm>
  );
}
