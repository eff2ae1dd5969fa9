import { MultiSelect, Text } from '@mantine/core';
import { useNotify } from '@autoscope/web-sdk';

import { DialogForm } from '@common/ui/DialogForm';
import { errorMessage } from '@common/lib/errors';
import { useFormState, useFormSubmit } from '@common/lib/forms';
import { usePeople } from '@common/lib/queries';
import { ResponsiveModal, type DialogProps } from '@common/ui/ResponsiveModal';
import { useRequestApproval } from '../api';
import { NO_APPROVERS, approverOptions } from '../approvals';
import type { Approval, Ticket } from '../types';

interface RequestApprovalProps extends DialogProps {
  ticket: Ticket | null;
  approvals: readonly Approval[];
}

/** Asks one or more people to approve a ticket: each gets an e-mail with an approve and a decline link. */
export function RequestApproval({ ticket, approvals, ...dialog }: RequestApprovalProps) {
  return (
    <ResponsiveModal {...dialog} title={ticket ? `Request approval of #${ticket.number}` : 'Request approval'}>
      {ticket && <RequestApprovalForm ticket={ticket} approvals={approvals} onClose={dialog.onClose} />}
    </ResponsiveModal>
  );
}

interface RequestApprovalFormProps {
  ticket: Ticket;
  approvals: readonly Approval[];
  onClose: () => void;
}

function RequestApprovalForm({ ticket, approvals, onClose }: RequestApprovalFormProps) {
  const notify = useNotify();
  const people = usePeople();
  const request = useRequestApproval(ticket.id);
  const form = useFormState<{ person_ids: string[] }>({ person_ids: [] });
  const submit = useFormSubmit(form, {
    validate: (values) => (values.person_ids.length === 0 ? { person_ids: NO_APPROVERS } : {}),
    // 'X is not a user of this company' is about the people chosen; a refusal (403) is not.
    fieldOf: (message) => (/\b(user|person)\b/i.test(message) ? 'person_ids' : undefined),
    save: async (values) => {
      await request.mutateAsync(values.person_ids);
      const count = values.person_ids.length;
      notify.success(count === 1 ? 'Approval requested' : `Approval requested from ${count} people`);
      onClose();
    },
  });

  return (
    <DialogForm submit={submit} submitLabel="Send requests" onCancel={onClose}>
      <Text size="sm">
        Each person gets an e-mail with links to approve or decline the ticket. The links work once, for 7 days.
      </Text>
      <MultiSelect
        label="People"
        placeholder={people.isPending ? 'Loading people…' : 'Choose people'}
        data={approverOptions(people.options, approvals)}
        value={form.values.person_ids}
        onChange={(value) => form.setValue('person_ids', value)}
        error={form.errors.person_ids ?? (people.isError ? errorMessage(people.error) : undefined)}
        nothingFoundMessage="No people match"
        searchable
        clearable
        data-autofocus
      />
    </DialogForm>
  );
}
