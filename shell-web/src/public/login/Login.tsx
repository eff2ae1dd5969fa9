import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Center, Divider, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconLock } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { api } from '../../api';
import { useSession, type UserData } from '../../session';
import { notifyFailure, notifySuccess } from '../../ui';
import * as rules from '../../validation';
import { AuthCard } from '../layout/AuthCard';
import { FORGOT_SENT, forgotFailure, HOST, LOGIN_SUCCESS, loginFailure, SOCIAL_CLIENT_FAILURE } from '../messages';
import { takeFragmentAnswer } from '../social/flow';
import { SocialButtons } from '../social/SocialButtons';
import { useFinishSignIn } from '../social/useFinishSignIn';

/** The refusals of a reset link's request that are about the address typed. */
const FORGOT_REFUSALS: rules.FieldWords<'email'> = { email: [HOST.userNotFound, HOST.socialAccount] };

/** A signed-in user who opens the login page is taken in after 1.5 s. */
const SIGNED_IN_REDIRECT_MS = 1500;

interface SignedIn {
  message: string;
  token?: string;
  userdata: UserData;
}

/** The login page (/): e-mail and password, forgot password, and social sign-in. */
export default function Login() {
  const { session, signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const finishSocial = useFinishSignIn();
  const [forgot, setForgot] = useState(false);
  const [busy, setBusy] = useState(false);
  const [socialReturn, setSocialReturn] = useState(false);
  const signedInHere = useRef(false);
  const handledHash = useRef<string | null>(null);

  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: rules.login.email,
      password: (value) => (forgot ? null : rules.login.password(value)),
    },
  });

  // Back from a provider with an ID token in the fragment: finish the social sign-in.
  useEffect(() => {
    // Once per answer: the pending sign-in it matches is used up by reading it.
    if (handledHash.current === location.hash) return;
    handledHash.current = location.hash;
    const answer = takeFragmentAnswer(location.hash);
    if (!answer) return;
    if ('failed' in answer) {
      notifyFailure(SOCIAL_CLIENT_FAILURE);
      navigate('/', { replace: true });
      return;
    }
    setSocialReturn(true);
    void finishSocial(answer.proof).finally(() => setSocialReturn(false));
  }, [location.hash, navigate, finishSocial]);

  useEffect(() => {
    if (!session || signedInHere.current) return;
    const timer = window.setTimeout(() => navigate('/BusinessInsight', { replace: true }), SIGNED_IN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [session, navigate]);

  const submit = form.onSubmit(async ({ email, password }) => {
    setBusy(true);
    try {
      if (forgot) {
        await api('/users/forgot_password', { body: { email: email.trim() } });
        notifySuccess(FORGOT_SENT);
        setForgot(false);
        return;
      }
      const answer = await api<SignedIn>('/users/signin', { body: { email: email.trim(), password } });
      if (!answer.token) {
        notifyFailure('Invalid Credentials!');
        return;
      }
      signedInHere.current = true;
      await signIn(answer.token, answer.userdata);
      notifySuccess(LOGIN_SUCCESS);
      navigate('/BusinessInsight', { replace: true });
    } catch (err) {
      if (forgot) {
        const message = forgotFailure(err);
        rules.showUnderFields(form, err, FORGOT_REFUSALS, message);
        notifyFailure(message);
      } else {
        notifyFailure(loginFailure(err));
      }
    } finally {
      setBusy(false);
    }
  });

  const toggleForgot = () => {
    form.clearErrors();
    setForgot((value) => !value);
  };

  if (socialReturn || (session && !signedInHere.current)) {
    return (
      <AuthCard title="Welcome back">
        <Center py="lg">
          <Stack align="center" gap="sm">
            <Loader />
            <Text c="dimmed" ta="center">
              {socialReturn ? 'Signing you in…' : 'You are signed in. Taking you to Business Insight…'}
            </Text>
          </Stack>
        </Center>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={forgot ? 'Forgot Password' : 'Sign in to Autoscope'}
      subtitle={
        forgot
          ? 'Enter your e-mail address and we will send you a link to reset your password.'
          : 'Automation analytics for your processes, bots and support tickets.'
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Username"
            placeholder="you@company.com"
            type="email"
            autoComplete="username"
            leftSection={<IconAt size={16} />}
            disabled={busy}
            data-autofocus
            {...form.getInputProps('email')}
          />
          {!forgot && (
            <PasswordInput
              label="Password"
              placeholder="Your password"
              autoComplete="current-password"
              leftSection={<IconLock size={16} />}
              disabled={busy}
              {...form.getInputProps('password')}
            />
          )}
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={toggleForgot} disabled={busy}>
              {forgot ? 'Sign In' : 'Forgot Password?'}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={busy}>
            {forgot ? 'SUBMIT' : 'Login'}
          </Button>
        </Stack>
      </form>

      {!forgot && (
        <>
          <Divider label="or sign in with" labelPosition="center" my="lg" />
          <SocialButtons disabled={busy} />
        </>
      )}

      <Text size="sm" ta="center" mt="lg">
        Don&apos;t have an account?{' '}
        <Anchor component={Link} to="/userSignup" fw={600}>
          Sign Up
        </Anchor>
      </Text>
    </AuthCard>
  );
}
