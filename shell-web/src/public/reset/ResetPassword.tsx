import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api';
import { notifyFailure, notifySuccess } from '../../ui';
import * as rules from '../../validation';
import { PasswordHints } from '../fields/PasswordHints';
import { AuthCard, AuthCardWaiting } from '../layout/AuthCard';
import { LINK_INVALID, linkFailure, PASSWORD_UPDATED, resetFailure } from '../messages';

type LinkState = 'verifying' | 'valid' | 'invalid';

/** The host's refusals of the new password (the link's own are the snackbar's alone). */
const PASSWORD_REFUSALS = rules.fieldWords(
  { password: rules.resetPassword.password },
  { password: [rules.RESET_PASSWORD_RULE_MESSAGE, ...rules.HOST_PASSWORD_REFUSALS] },
);

/** /resetPassword?email=…&code=…: checks the e-mailed link, then takes the new password. */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get('email') ?? '';
  const code = params.get('code') ?? '';
  const [link, setLink] = useState<LinkState>(email && code ? 'verifying' : 'invalid');
  const [busy, setBusy] = useState(false);
  const checked = useRef(false);

  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: rules.resetPassword.password,
      confirmPassword: (value, values) => rules.resetPassword.confirmPassword(value, values.password),
    },
  });

  useEffect(() => {
    if (!email || !code || checked.current) return;
    checked.current = true;
    api('/users/resetPasswordCodeVerification', { body: { email, code } }).then(
      () => setLink('valid'),
      (err: unknown) => {
        const notice = linkFailure(err);
        if (notice) notifyFailure(notice);
        setLink('invalid');
      },
    );
  }, [email, code]);

  const submit = form.onSubmit(async ({ password }) => {
    setBusy(true);
    try {
      await api('/users/reset_password', { body: { email, code, password } });
      notifySuccess(PASSWORD_UPDATED);
      navigate('/', { replace: true });
    } catch (err) {
      const message = resetFailure(err);
      rules.showUnderFields(form, err, PASSWORD_REFUSALS, message);
      notifyFailure(message);
    } finally {
      setBusy(false);
    }
  });

  if (link === 'verifying') {
    return <AuthCardWaiting title="Reset password">Checking your link…</AuthCardWaiting>;
  }

  if (link === 'invalid') {
    return (
      <AuthCard title="Reset password">
        <Stack align="center" gap="md" py="md">
          <Text fw={500} ta="center" data-testid="reset-invalid">
            {LINK_INVALID}
          </Text>
          <Anchor component={Link} to="/">
            Back to Login
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" subtitle={`Choose a new password for ${email}.`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            data-autofocus
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Re-enter password"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <PasswordHints password={form.values.password} />
          <Button type="submit" fullWidth loading={busy}>
            Save
          </Button>
          <Anchor component={Link} to="/" size="sm" ta="center">
            Back to Login
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
