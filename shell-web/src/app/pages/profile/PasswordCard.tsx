/**
 * Changing the password (POST /api/users/changePassword) under the sign-up's password rule;
 * an account made by social sign-in without a password sets its first one instead
 * (POST /api/users/setPassword), without a current password.
 */

import { PasswordInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { api, ApiError, failureMessage } from '../../../api';
import type { Session } from '../../../session';
import { notifyFailure, notifySuccess } from '../../../ui';
import { PasswordHints } from '../../../public/fields/PasswordHints';
import * as rules from '../../../validation';
import { FormCard } from './FormCard';
import { useAdoptUser } from './useAdoptUser';

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password';
/** The host's answer to a wrong current password. */
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/** The call and body that save `values`: a change needs the current password, a first password does not. */
export function passwordRequest(hasPassword: boolean, values: { currentPassword: string; newPassword: string }) {
  return hasPassword
    ? {
        path: '/users/changePassword',
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
      }
    : { path: '/users/setPassword', body: { newPassword: values.newPassword } };
}

export function PasswordCard({ session }: { session: Session }) {
  const adopt = useAdoptUser(session);
  const [saving, setSaving] = useState(false);
  const hasPassword = session.userdata.has_password;
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (hasPassword && value === '' ? CURRENT_PASSWORD_REQUIRED : null),
      newPassword: rules.signUpPassword.password,
      confirmPassword: (value, values) => rules.signUpPassword.confirmPassword(value, values.newPassword),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    const { path, body } = passwordRequest(hasPassword, values);
    try {
      const answer = await api<{ message: string }>(path, { method: 'POST', body, token: session.token });
      form.reset();
      if (!hasPassword) await adopt({ ...session.userdata, has_password: true });
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

  const title = hasPassword ? 'Change password' : 'Set a password';
  return (
    <FormCard title={title} action={title} onSubmit={submit} saving={saving}>
      {hasPassword ? (
        <PasswordInput
          label="Current password"
          required
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
      ) : (
        <Text size="sm" c="dimmed">
          You sign in with a social account. With a password you can also sign in with your email address.
        </Text>
      )}
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
