import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api';
import { useSession, type SignedIn } from '../../session';
import { notifyFailure, notifySuccess } from '../../ui';
import * as rules from '../../validation';
import { Agreement } from '../fields/Agreement';
import { locked } from '../fields/locked';
import { NewPasswordFields } from '../fields/NewPasswordFields';
import { PersonFields } from '../fields/ProfileFields';
import { AuthCard, AuthCardWaiting } from '../layout/AuthCard';
import { INVITATION_INVALID, invitationFailure, invitationGone } from '../messages';
import { failed, passwordErrors, personProfileErrors, showErrors } from '../signup/steps';
import {
  acceptAsNewPerson,
  acceptWithAccount,
  openInvitation,
  type InvitationInfo,
  type NewPersonValues,
} from './invitation';

/** Where a person who joined lands: the app's home. */
const HOME = '/BusinessInsight';

type LinkState =
  | { kind: 'opening' }
  /** Not valid, used, withdrawn or expired: the host's words, and the way to the login page. */
  | { kind: 'gone'; message: string }
  /** The host could not be asked (offline, a failure of its own): try again. */
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; info: InvitationInfo };

/**
 * /acceptInvitation?token=…: the link of an invitation mail. It says whose invitation it is;
 * a person with an account gives their password, a new person their name, profile and a
 * password. Either way they join the company and are signed in to it.
 */
export default function AcceptInvitation() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [link, setLink] = useState<LinkState>(() =>
    token ? { kind: 'opening' } : { kind: 'gone', message: INVITATION_INVALID },
  );
  const [attempt, setAttempt] = useState(0);
  // Each token (and each retry) is opened once, however often the effect runs.
  const opened = useRef<string | null>(null);

  useEffect(() => {
    const key = `${token}\n${attempt}`;
    if (!token || opened.current === key) return;
    opened.current = key;
    openInvitation(token).then(
      (info) => setLink({ kind: 'ready', info }),
      (err: unknown) => setLink({ kind: invitationGone(err) ? 'gone' : 'failed', message: invitationFailure(err) }),
    );
  }, [token, attempt]);

  const gone = (message: string) => setLink({ kind: 'gone', message });

  switch (link.kind) {
    case 'opening':
      return <AuthCardWaiting title="Invitation">Checking your invitation…</AuthCardWaiting>;
    case 'gone':
    case 'failed':
      return (
        <AuthCard title="Invitation">
          <Stack align="center" gap="md" py="md">
            <Text fw={500} ta="center" data-testid="invitation-unusable">
              {link.message}
            </Text>
            {link.kind === 'failed' && (
              <Button
                variant="light"
                onClick={() => {
                  setLink({ kind: 'opening' });
                  setAttempt((n) => n + 1);
                }}
              >
                Try again
              </Button>
            )}
            <Anchor component={Link} to="/">
              Go to Login
            </Anchor>
          </Stack>
        </AuthCard>
      );
    case 'ready':
      return link.info.has_account ? (
        <JoinWithAccount token={token} info={link.info} onGone={gone} />
      ) : (
        <JoinAsNewPerson
          token={token}
          info={link.info}
          onGone={gone}
          onAccountExists={() => setLink({ kind: 'ready', info: { ...link.info, has_account: true } })}
        />
      );
  }
}

/** Signs the person in as the login page does, says so in the host's words, and goes to the app's home. */
function useJoin() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return async (answer: SignedIn) => {
    await signIn(answer.token, answer.userdata);
    notifySuccess(answer.message);
    navigate(HOME, { replace: true });
  };
}

interface JoinProps {
  token: string;
  info: InvitationInfo;
  /** The link stopped working meanwhile (used, withdrawn, expired). */
  onGone: (message: string) => void;
}

/** Who invited, to which company and role. */
function invitedText(info: InvitationInfo): string {
  const by = info.invited_by.trim() || 'A company admin';
  return `${by} invited you to join ${info.companyname} as ${info.role}.`;
}

/** The invited address: shown, not editable (the invitation is for it). */
function InvitedEmail({ email }: { email: string }) {
  return <TextInput label="Email" value={email} autoComplete="username" {...locked(true)} />;
}

function JoinWithAccount({ token, info, onGone }: JoinProps) {
  const join = useJoin();
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { password: '' }, validate: { password: rules.login.password } });

  const submit = form.onSubmit(async ({ password }) => {
    setBusy(true);
    try {
      await join(await acceptWithAccount(token, password));
    } catch (err) {
      if (invitationGone(err)) onGone(invitationFailure(err));
      else if (err instanceof ApiError && err.status === 401) form.setFieldError('password', err.message);
      else notifyFailure(invitationFailure(err));
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard title={`Sign in to join ${info.companyname}`} subtitle={invitedText(info)}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <InvitedEmail email={info.email} />
          <PasswordInput
            label="Password"
            placeholder="Your password"
            autoComplete="current-password"
            disabled={busy}
            data-autofocus
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={busy}>
            Sign in and join
          </Button>
          <Text size="sm" ta="center">
            Forgot your password?{' '}
            <Anchor component={Link} to="/" inherit>
              Go to Login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

const NEW_PERSON: NewPersonValues = {
  firstname: '',
  lastname: '',
  gender: '',
  country: '',
  job_title: '',
  department: '',
  password: '',
  confirmPassword: '',
};

/** The sign-up's rules for what an invited new person gives. */
function newPersonErrors(values: NewPersonValues) {
  return {
    ...failed({
      firstname: rules.signUpPerson.firstname(values.firstname),
      lastname: rules.signUpPerson.lastname(values.lastname),
    }),
    ...personProfileErrors(values),
    ...passwordErrors(values),
  };
}

function JoinAsNewPerson({ token, info, onGone, onAccountExists }: JoinProps & { onAccountExists: () => void }) {
  const join = useJoin();
  const [busy, setBusy] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const form = useForm<NewPersonValues>({ initialValues: NEW_PERSON });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !showErrors(form, newPersonErrors(form.values)) || !agreed) return;
    setBusy(true);
    try {
      await join(await acceptAsNewPerson(token, form.values));
    } catch (err) {
      if (invitationGone(err)) onGone(invitationFailure(err));
      else {
        notifyFailure(invitationFailure(err));
        // The address got an account meanwhile: its password is what is asked now.
        if (err instanceof ApiError && err.status === 409) onAccountExists();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={`Join ${info.companyname}`} subtitle={`${invitedText(info)} Create your account to accept.`} wide>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <InvitedEmail email={info.email} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              autoComplete="given-name"
              disabled={busy}
              data-autofocus
              {...form.getInputProps('firstname')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              disabled={busy}
              {...form.getInputProps('lastname')}
            />
          </SimpleGrid>
          <PersonFields form={form} disabled={busy} />
          <NewPasswordFields form={form} disabled={busy} />
          <Agreement checked={agreed} onChange={setAgreed} />
          <Button type="submit" fullWidth loading={busy} disabled={!agreed}>
            Create account and join
          </Button>
          <Anchor component={Link} to="/" size="sm" ta="center">
            Back to Login
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
