/** Changing the password (POST /api/users/changePassword) under the spec's password rule. */

import { Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { api, ApiError, FALLBACK_MESSAGE } from '../../../api';
import type { Session } from '../../../session';
import { notifyFailure, notifySuccess } from '../../../ui';
import { PasswordHints } from '../../../public/fields/PasswordHints';
import * as rules from '../../../validation';

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password';
/** The host's answer to a wrong current password. */
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

export function PasswordCard({ session }: { session: Session }) {
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value === '' ? CURRENT_PASSWORD_REQUIRED : null),
      newPassword: rules.signUpPassword.password,
      confirmPassword: (value, values) => rules.signUpPassword.confirmPassword(value, values.newPassword),
    },
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    setSaving(true);
    try {
      const answer = await api<{ message: string }>('/users/changePassword', {
        method: 'POST',
        body: { currentPassword, newPassword },
        token: session.token,
      });
      form.reset();
      notifySuccess(answer.message);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : FALLBACK_MESSAGE;
      if (err instanceof ApiError && err.status === 400) {
        form.setFieldError(message === WRONG_CURRENT_PASSWORD ? 'currentPassword' : 'newPassword', message);
      }
      notifyFailure(message);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        Change password
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput label="Current password" required autoComplete="current-password" {...form.getInputProps('currentPassword')} />
          <PasswordInput label="New password" required autoComplete="new-password" {...form.getInputProps('newPassword')} />
          <PasswordInput
            label="Confirm new password"
            required
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <PasswordHints password={form.values.newPassword} />
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
