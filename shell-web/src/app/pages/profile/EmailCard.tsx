import { Anchor, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { api, ApiError, failureMessage } from '../../../api';
import type { Session, UserData } from '../../../session';
import { notifyFailure, notifySuccess } from '../../../ui';
import * as rules from '../../../validation';
import { FormCard } from './FormCard';
import { useAdoptUser } from './useAdoptUser';

export const EMAIL_CHANGED = 'Email address changed';
export const CODE_REQUIRED = 'Please enter the code sent to your new email address';
export const SAME_EMAIL = 'This is already your email address';

/** The check of the new address: the sign-up's pattern, and not the present one. */
export function newEmailError(value: string, current: string): string | null {
  const pattern = rules.signUpPerson.email(value.trim());
  if (pattern) return pattern;
  return value.trim().toLowerCase() === current.toLowerCase() ? SAME_EMAIL : null;
}

/** The mailed code: six digits (anything else cannot match). */
export function codeError(value: string): string | null {
  const code = value.trim();
  if (code === '') return CODE_REQUIRED;
  return /^\d{6}$/.test(code) ? null : 'Otp Code not valid';
}

/**
 * Changing the e-mail address in two steps: the new address gets a code
 * (POST /api/users/changeEmail), the code confirms it (POST /api/users/confirmEmailChange).
 * Then the account signs in with the new address, other sessions end and the old address is
 * told.
 */
export function EmailCard({ session }: { session: Session }) {
  const adopt = useAdoptUser(session);
  const [saving, setSaving] = useState(false);
  /** The address a code was sent to: the second step. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { email } = session.userdata;
  const ask = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => newEmailError(value, email) },
  });
  const confirm = useForm({ initialValues: { code: '' }, validate: { code: codeError } });

  const sendCode = ask.onSubmit(async (values) => {
    setSaving(true);
    try {
      const answer = await api<{ message: string }>('/users/changeEmail', {
        method: 'POST',
        body: { email: values.email.trim() },
        token: session.token,
      });
      setSentTo(values.email.trim().toLowerCase());
      confirm.reset();
      notifySuccess(answer.message);
    } catch (err) {
      const message = failureMessage(err);
      if (err instanceof ApiError && err.status === 400) ask.setFieldError('email', message);
      notifyFailure(message);
    } finally {
      setSaving(false);
    }
  });

  const confirmCode = confirm.onSubmit(async (values) => {
    setSaving(true);
    try {
      const userdata = await api<UserData>('/users/confirmEmailChange', {
        method: 'POST',
        body: { code: values.code.trim() },
        token: session.token,
      });
      await adopt(userdata);
      setSentTo(null);
      ask.reset();
      notifySuccess(EMAIL_CHANGED);
    } catch (err) {
      const message = failureMessage(err);
      if (err instanceof ApiError && err.status === 400) confirm.setFieldError('code', message);
      notifyFailure(message);
    } finally {
      setSaving(false);
    }
  });

  if (sentTo) {
    return (
      <FormCard title="Email address" action="Confirm new address" onSubmit={confirmCode} saving={saving}>
        <Text size="sm">
          We have sent a code to <b>{sentTo}</b>. Enter it to sign in with that address from now on.
        </Text>
        <TextInput
          label="Code"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          data-autofocus
          {...confirm.getInputProps('code')}
        />
        <Anchor component="button" type="button" size="sm" onClick={() => setSentTo(null)}>
          Use another address
        </Anchor>
      </FormCard>
    );
  }
  return (
    <FormCard title="Email address" action="Send code" onSubmit={sendCode} saving={saving}>
      <Text size="sm">
        You sign in with <b>{email}</b>. A code sent to the new address confirms a change.
      </Text>
      <TextInput label="New email address" required type="email" autoComplete="email" {...ask.getInputProps('email')} />
    </FormCard>
  );
}
