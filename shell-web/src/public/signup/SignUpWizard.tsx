import { useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, PasswordInput, SimpleGrid, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api';
import { DEFAULT_CURRENCY, DEFAULT_CURRENCY_SYMBOL } from '../../options';
import { useSession, type UserData } from '../../session';
import { notifyFailure, notifySuccess } from '../../ui';
import * as rules from '../../validation';
import { Agreement } from '../fields/Agreement';
import { PasswordHints } from '../fields/PasswordHints';
import { ProfileFields, type ProfileValues } from '../fields/ProfileFields';
import { AuthCard } from '../layout/AuthCard';
import {
  CODE_SENT,
  CODE_VERIFIED,
  codeRequestFailure,
  codeVerifyFailure,
  HOST,
  LOGIN_SUCCESS,
  loginFailure,
  signUpFailure,
} from '../messages';
import { failed, personErrors, profileErrors, profilePayload, type FormErrors } from './steps';
import classes from './SignUp.module.css';

interface Values extends ProfileValues {
  firstname: string;
  lastname: string;
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}

const NOTICE = { signUp: true };

/** The four steps of sign-up by e-mailed code (spec sections 2 and 4). */
export function SignUpWizard() {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [agreed, setAgreed] = useState(false);
  // The person a code was last sent to: going back and on again does not ask for another.
  const codeSentTo = useRef<string | null>(null);

  const form = useForm<Values>({
    initialValues: {
      firstname: '',
      lastname: '',
      email: '',
      code: '',
      gender: '',
      country: '',
      companyname: '',
      job_title: '',
      currency_name: DEFAULT_CURRENCY,
      currency_symbol: DEFAULT_CURRENCY_SYMBOL,
      department: '',
      password: '',
      confirmPassword: '',
    },
  });
  const { values } = form;
  const person = () => ({ firstname: values.firstname.trim(), lastname: values.lastname.trim(), email: values.email.trim() });

  /** Shows the step's errors; true when there are none. */
  const check = (errors: FormErrors) => {
    form.setErrors(errors);
    return Object.keys(errors).length === 0;
  };

  /** Runs a call with the buttons busy; the form keeps everything typed whatever happens. */
  const run = (work: () => Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async () => {
    try {
      await api('/users/newUserSignUp', { body: person() });
      codeSentTo.current = JSON.stringify(person());
      notifySuccess(CODE_SENT, NOTICE);
      return true;
    } catch (err) {
      notifyFailure(codeRequestFailure(err), NOTICE);
      return false;
    }
  };

  const submitPerson = run(async () => {
    if (!check(personErrors(values))) return;
    if (codeSentTo.current === JSON.stringify(person()) || (await sendCode())) setStep(1);
  });

  const resend = run(async () => {
    await sendCode();
  });

  const submitCode = run(async () => {
    if (!check(failed({ code: rules.signUpCode(values.code) }))) return;
    try {
      const answer = await api<{ message: string }>('/users/userSignUpTokenVerification', {
        body: { email: values.email.trim(), verificationCode: values.code.trim() },
      });
      if (answer.message !== HOST.tokenVerified) {
        notifyFailure('Otp Code not valid', NOTICE);
        return;
      }
      notifySuccess(CODE_VERIFIED, NOTICE);
      setStep(2);
    } catch (err) {
      notifyFailure(codeVerifyFailure(err), NOTICE);
    }
  });

  const submitProfile = run(async () => {
    if (check(profileErrors(values))) setStep(3);
  });

  const submitPassword = run(async () => {
    const errors = failed({
      password: rules.signUpPassword.password(values.password),
      confirmPassword: rules.signUpPassword.confirmPassword(values.confirmPassword, values.password),
    });
    if (!check(errors) || !agreed) return;
    const { email } = person();
    try {
      const answer = await api<{ message: string }>('/users/communitySignUp', {
        body: { ...person(), ...profilePayload(values), password: values.password },
      });
      notifySuccess(answer.message, NOTICE);
    } catch (err) {
      notifyFailure(signUpFailure(err), NOTICE);
      return;
    }
    try {
      const session = await api<{ token?: string; userdata: UserData }>('/users/signin', {
        body: { email, password: values.password },
      });
      if (!session.token) throw new Error('The sign-in answer has no token');
      await signIn(session.token, session.userdata);
      notifySuccess(LOGIN_SUCCESS, NOTICE);
      navigate('/BusinessInsight', { replace: true });
    } catch (err) {
      // The account exists: the login page is where to try again.
      notifyFailure(loginFailure(err), NOTICE);
      navigate('/', { replace: true });
    }
  });

  const backToLogin = (
    <Anchor component={Link} to="/" size="sm">
      Back to Login
    </Anchor>
  );

  return (
    <AuthCard title="Create your account" subtitle="Community edition: free for individuals and small businesses." wide>
      <Stepper active={step} size="xs" allowNextStepsSelect={false} classNames={{ stepBody: classes.stepBody }}>
        <Stepper.Step label="Your details">
          <form onSubmit={submitPerson} noValidate>
            <Stack gap="md" mt="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="First name" autoComplete="given-name" data-autofocus {...form.getInputProps('firstname')} />
                <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastname')} />
              </SimpleGrid>
              <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
            </Stack>
            <div className={classes.actions}>
              {backToLogin}
              <Button type="submit" loading={busy}>
                Next
              </Button>
            </div>
          </form>
        </Stepper.Step>

        <Stepper.Step label="Verify">
          <form onSubmit={submitCode} noValidate>
            <Stack gap="md" mt="md">
              <Text size="sm">
                We have e-mailed a 6-digit code to <b>{values.email.trim()}</b>. Enter it below.
              </Text>
              <TextInput
                label="Verification code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                {...form.getInputProps('code')}
              />
              <Text size="sm">
                Didn&apos;t get the code?{' '}
                <Anchor component="button" type="button" onClick={() => void resend()} disabled={busy} inherit>
                  Click Here
                </Anchor>{' '}
                to send it again.
              </Text>
            </Stack>
            <div className={classes.actions}>
              {backToLogin}
              <Group gap="sm">
                <Button variant="default" onClick={() => setStep(0)} disabled={busy}>
                  Back
                </Button>
                <Button type="submit" loading={busy}>
                  Next
                </Button>
              </Group>
            </div>
          </form>
        </Stepper.Step>

        <Stepper.Step label="Company">
          <form onSubmit={submitProfile} noValidate>
            <Stack gap="md" mt="md">
              <ProfileFields form={form} />
            </Stack>
            <div className={classes.actions}>
              {backToLogin}
              <Group gap="sm">
                <Button variant="default" onClick={() => setStep(1)}>
                  Back
                </Button>
                <Button type="submit">Next</Button>
              </Group>
            </div>
          </form>
        </Stepper.Step>

        <Stepper.Step label="Password">
          <form onSubmit={submitPassword} noValidate>
            <Stack gap="md" mt="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PasswordInput label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
                <PasswordInput
                  label="Confirm password"
                  autoComplete="new-password"
                  {...form.getInputProps('confirmPassword')}
                />
              </SimpleGrid>
              <PasswordHints password={values.password} />
              <Agreement checked={agreed} onChange={setAgreed} />
            </Stack>
            <div className={classes.actions}>
              {backToLogin}
              <Group gap="sm">
                <Button variant="default" onClick={() => setStep(2)} disabled={busy}>
                  Back
                </Button>
                <Button type="submit" loading={busy} disabled={!agreed}>
                  Login
                </Button>
              </Group>
            </div>
          </form>
        </Stepper.Step>
      </Stepper>
    </AuthCard>
  );
}
