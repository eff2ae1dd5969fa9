import { useEffect, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useNotify } from '@autoscope/web-sdk';

import { FormActions } from '@common/ui/DialogForm';
import { isConflict } from '@common/lib/errors';
import { submitOnModEnter, useFormState, useFormSubmit } from '@common/lib/forms';
import { useRefetchTicket, useUpdateTicket } from '../api';
import type { Ticket } from '../types';
import {
  changedFields,
  conflictText,
  fieldOfServerMessage,
  rebase,
  ticketFormValues,
  validateTicket,
} from '../validation';
import { TicketFieldInputs } from './TicketFieldInputs';

/**
 * The ticket's fields, edited in place and saved together with the version they were edited
 * on. Changes others save meanwhile come in where the user has not edited; where both did,
 * saving meets the plugin's 409 and its message shows, with a way to load the latest.
 */
export function TicketDetailsForm({ ticket }: { ticket: Ticket }) {
  const notify = useNotify();
  const update = useUpdateTicket();
  const refetch = useRefetchTicket();
  const [base, setBase] = useState(ticket);
  const form = useFormState(() => ticketFormValues(ticket));
  const { values, setValues } = form;

  const newer = ticket.version > base.version;
  const conflicts = newer ? rebase(base, ticket, values).conflicts : [];
  useEffect(() => {
    if (ticket.version <= base.version) return;
    const rebased = rebase(base, ticket, values);
    if (rebased.conflicts.length > 0) return;
    setBase(rebased.base);
    setValues(rebased.values);
  }, [ticket, base, values, setValues]);

  const changes = changedFields(base, values);
  const dirty = Object.keys(changes).length > 0;

  const loadLatest = () => {
    setBase(ticket);
    setValues(ticketFormValues(ticket));
    form.setErrors({});
  };

  const submit = useFormSubmit(form, {
    validate: validateTicket,
    fieldOf: fieldOfServerMessage,
    save: async () => {
      if (!dirty) return;
      const saved = await update.mutateAsync({ id: base.id, version: base.version, changes });
      setBase(saved);
      setValues(ticketFormValues(saved));
      notify.success('Ticket saved');
    },
    // Someone else saved first: the latest version comes in and the conflict shows.
    onFailure: (error) => {
      if (isConflict(error)) refetch(base.id);
    },
  });

  return (
    <form
      ref={submit.formRef}
      onSubmit={submit.onSubmit}
      onKeyDown={submitOnModEnter}
      noValidate
      aria-label="Ticket details"
    >
      <Stack gap="md">
        <TicketFieldInputs values={values} errors={form.errors} setValue={form.setValue} />
        {conflicts.length > 0 && (
          <Alert color="orange" variant="light" title={conflictText(conflicts)}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Load the latest version to see their changes; yours are discarded.</Text>
              <Button
                size="xs"
                variant="light"
                color="orange"
                leftSection={<IconRefresh size={14} />}
                onClick={loadLatest}
              >
                Load the latest
              </Button>
            </Stack>
          </Alert>
        )}
        <FormActions
          submit={submit}
          hint="Ctrl+Enter saves"
          cancel={{ label: 'Discard changes', onClick: loadLatest, disabled: !dirty && !newer }}
          submitLabel="Save changes"
          submitDisabled={!dirty}
        />
      </Stack>
    </form>
  );
}
