/** Changing the password (POST /api/users/changePassword) under the sign-up's password rule. */

import { PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { api, ApiError, failureMessage } from '../../../api';
import type { Session } from '../../../session';
import { notifyFailure, notifySuccess } from '../../../ui';
import { PasswordHints } from '../../../public/fields/PasswordHints';
import * as rules from '../../../validation';
import { FormCard } from './FormCard';

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
      const message = failureMessage(err);
      if (err instanceof ApiError && err.status === 400) {
        form.setFieldError(message === WRONG_CURRENT_PASSWORD ? 'currentPassword' : 'newPassword', message);
      }
      notifyFailure(message);
    } finally {
      setSaving(false);
    }
  });

  return (
    <FormCard title="Change password" action="Change password" onSubmit={submit} saving={saving}>
      <PasswordInput
        label="Current password"
        required
        autoComplete="current-password"
        {...form.getInputProps('currentPassword')}
      />
      <PasswordInput label="New password" required autoComplete="new-password" {...form.getInputProps('newPassword')} />
      <PasswordInput
        label="Confirm new password"
        required
        autoComplete="new-password"
        {...form.getInputProps('confirmPassword')}
      />
      <PasswordHints password={form.values.newPassword} />
    </FormCard>
  );
}
