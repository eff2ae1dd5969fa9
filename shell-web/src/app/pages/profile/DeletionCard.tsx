import { Alert, Button, Card, Group, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { api, failureMessage } from '../../../api';
import type { DeletionStatus, Session } from '../../../session';
import { notifyFailure, notifySuccess } from '../../../ui';
import { formatDateTime } from '../../format';

export const CONFIRMATION_WORD = 'DELETE';
export const PASSWORD_REQUIRED = 'Please enter your password';
export const CONFIRMATION_REQUIRED = 'Please type DELETE to confirm';
export const REQUESTED = 'Your deletion request was received';
export const CANCELLED = 'Your deletion request was cancelled';

/** The body of POST /api/users/requestDataDeletion, or the reason it cannot be sent yet. */
export function deletionBody(
  hasPassword: boolean,
  typed: string,
): { body: { password: string } | { confirmation: string } } | { error: string } {
  if (hasPassword) return typed === '' ? { error: PASSWORD_REQUIRED } : { body: { password: typed } };
  return typed.trim() === CONFIRMATION_WORD
    ? { body: { confirmation: CONFIRMATION_WORD } }
    : { error: CONFIRMATION_REQUIRED };
}

const statusKey = (token: string) => ['shell', 'dataDeletion', token] as const;

/**
 * Asking for one's data to be deleted (privacy policy: answered within seven business days).
 * Confirmed with the password (or by typing DELETE without one); while the request waits
 * for the host's job it shows when it is due and may be cancelled.
 */
export function DeletionCard({ session }: { session: Session }) {
  const queryClient = useQueryClient();
  const hasPassword = session.userdata.has_password;
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const status = useQuery({
    queryKey: statusKey(session.token),
    queryFn: () => api<DeletionStatus>('/users/dataDeletion', { token: session.token }),
  });
  const settle = (next: DeletionStatus, message: string) => {
    queryClient.setQueryData(statusKey(session.token), next);
    setConfirming(false);
    setTyped('');
    setError(null);
    notifySuccess(message);
  };
  const request = useMutation({
    mutationFn: (body: object) =>
      api<DeletionStatus>('/users/requestDataDeletion', { method: 'POST', body, token: session.token }),
    onSuccess: (next) => settle(next, REQUESTED),
    onError: (err) => {
      setError(failureMessage(err));
      notifyFailure(failureMessage(err));
    },
  });
  const cancel = useMutation({
    mutationFn: () =>
      api<DeletionStatus>('/users/cancelDataDeletion', { method: 'POST', body: {}, token: session.token }),
    onSuccess: (next) => settle(next, CANCELLED),
    onError: (err) => notifyFailure(failureMessage(err)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = deletionBody(hasPassword, typed);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    request.mutate(checked.body);
  };

  let body;
  if (status.isPending) {
    body = <Loader size="sm" aria-label="Loading the deletion request" />;
  } else if (status.isError) {
    body = (
      <Alert color="red" role="alert" title="The deletion request could not be loaded">
        <Button size="xs" variant="light" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (status.data.pending) {
    body = (
      <Stack gap="sm">
        <Alert color="orange" title="Deletion requested">
          Your personal data will be deleted after {formatDateTime(status.data.due_at ?? '')}. Until then you can cancel
          the request.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" loading={cancel.isPending} onClick={() => cancel.mutate()}>
            Cancel deletion request
          </Button>
        </Group>
      </Stack>
    );
  } else if (confirming) {
    const label = hasPassword ? 'Your password' : `Type ${CONFIRMATION_WORD} to confirm`;
    const input = {
      label,
      required: true,
      value: typed,
      error,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        setTyped(event.currentTarget.value);
        setError(null);
      },
    };
    body = (
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {hasPassword ? (
            <PasswordInput autoComplete="current-password" {...input} />
          ) : (
            <TextInput autoComplete="off" {...input} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={request.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={request.isPending}>
              Request deletion
            </Button>
          </Group>
        </Stack>
      </form>
    );
  } else {
    body = (
      <Group justify="flex-end">
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          Delete my data
        </Button>
      </Group>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="xs">
        Delete your data
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Your name, email address, password, picture and profile details are removed from every company you belong to;
        what you did there stays under &quot;Deleted user&quot;. The request is carried out after a short grace period
        and answered within seven business days.
      </Text>
      {body}
    </Card>
  );
}
