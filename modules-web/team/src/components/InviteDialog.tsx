import { Alert, Select, Stack, Text, Textarea } from '@mantine/core';
import { useNotify } from '@autoscope/web-sdk';

import { DialogForm } from '@common/ui/DialogForm';
import { useFormState, useFormSubmit } from '@common/lib/forms';
import { ResponsiveModal, type DialogProps } from '@common/ui/ResponsiveModal';
import { useInvite, type Invitation, type Role } from '../api';
import { NO_ROLE, addressesProblem, isAboutAddresses, sentText, splitAddresses } from '../invite';
import { seatsText } from '../members';
import { SeatsFullAlert, UpgradeLink, withSeatsFull } from './Failure';

interface InviteDialogProps extends DialogProps {
  roles: readonly Role[];
  /** How many more people the company may have; null without a limit. */
  seatsLeft: number | null;
  onSent: (invitations: Invitation[]) => void;
}

/** Invites one or more e-mail addresses with a role; each gets a mail with a link valid 7 days. */
export function InviteDialog({ roles, seatsLeft, onSent, ...dialog }: InviteDialogProps) {
  return (
    <ResponsiveModal {...dialog} title="Invite people" size="lg">
      <InviteBody roles={roles} seatsLeft={seatsLeft} onSent={onSent} onClose={dialog.onClose} />
    </ResponsiveModal>
  );
}

interface Values {
  emails: string;
  role_id: string | null;
}

function InviteBody({ roles, seatsLeft, onSent, onClose }: Omit<InviteDialogProps, 'opened' | 'zIndex'>) {
  const notify = useNotify();
  const invite = useInvite();
  // With one role only, it is the one.
  const form = useFormState<Values>({ emails: '', role_id: roles.length === 1 ? (roles[0]?.id ?? null) : null });
  const { values, errors, setValue } = form;
  const addresses = splitAddresses(values.emails);
  const { submit, seatsFull } = withSeatsFull(
    useFormSubmit(form, {
      validate: (current) => ({
        emails: addressesProblem(splitAddresses(current.emails)) ?? undefined,
        role_id: current.role_id ? undefined : NO_ROLE,
      }),
      fieldOf: (message) => (isAboutAddresses(message) ? 'emails' : undefined),
      save: async (current) => {
        const sent = await invite.mutateAsync({
          emails: splitAddresses(current.emails),
          role_id: current.role_id ?? '',
        });
        notify.success(sentText(sent.length));
        onSent(sent);
        onClose();
      },
    }),
  );
  const seats = seatsText(seatsLeft);
  // More addresses than seats (or none left): the host will refuse them all.
  const overSeats = seatsLeft !== null && (seatsLeft === 0 || addresses.length > seatsLeft);

  return (
    <DialogForm submit={submit} submitLabel="Send invitations" onCancel={onClose}>
      <Textarea
        label="E-mail addresses"
        description="One or more, separated by commas, spaces or new lines"
        placeholder={'ada@example.com, grace@example.com'}
        value={values.emails}
        onChange={(event) => setValue('emails', event.currentTarget.value)}
        error={errors.emails}
        autosize
        minRows={3}
        maxRows={8}
        required
        data-autofocus
      />
      <Text size="xs" c="dimmed" aria-live="polite" mt={-8}>
        {addresses.length === 1 ? '1 address' : `${addresses.length} addresses`}
      </Text>
      <Select
        label="Role"
        description="What the invited people may see once they join"
        placeholder="Choose a role"
        data={roles.map((role) => ({ value: role.id, label: role.name }))}
        value={values.role_id}
        onChange={(value) => setValue('role_id', value)}
        error={errors.role_id}
        allowDeselect={false}
        searchable
        nothingFoundMessage="No role matches"
        required
      />
      {seats && (
        <Alert color={overSeats ? 'orange' : 'blue'} variant="light" title={seats} role="status">
          <Stack gap={4} align="flex-start">
            <Text size="sm">Members and pending invitations take the seats of the community edition.</Text>
            {overSeats && <UpgradeLink />}
          </Stack>
        </Alert>
      )}
      {seatsFull && <SeatsFullAlert />}
    </DialogForm>
  );
}
