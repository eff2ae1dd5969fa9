import { useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, SimpleGrid, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { useSession, type UserData } from '../../session';
import { notifyFailure, notifySuccess } from '../../ui';
import * as rules from '../../validation';
import { Agreement } from '../fields/Agreement';
import { NewPasswordFields } from '../fields/NewPasswordFields';
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
import { BackAndSubmit, SignUpSteps, StepForm } from './StepParts';
import {
  CODE_REFUSALS,
  EMPTY_PROFILE,
  failed,
  passwordErrors,
  PERSON_REFUSALS,
  personErrors,
  profileErrors,
  profilePayload,
  showErrors,
  SIGN_UP_REFUSALS,
} from './steps';

interface Values extends ProfileValues {
  firstname: string;
  lastname: string;
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}

const NOTICE = { signUp: true };

/** The four steps of sign-up by e-mailed code: details, the code, the company profile, the password. */
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
      ...EMPTY_PROFILE,
      password: '',
      confirmPassword: '',
    },
  });
  const { values } = form;
  const person = () => ({
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
  });

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
      const message = codeRequestFailure(err);
      rules.showUnderFields(form, err, PERSON_REFUSALS, message);
      notifyFailure(message, NOTICE);
      return false;
    }
  };

  const submitPerson = run(async () => {
    if (!showErrors(form, personErrors(values))) return;
    if (codeSentTo.current === JSON.stringify(person()) || (await sendCode())) setStep(1);
  });

  const resend = run(async () => {
    await sendCode();
  });

  const submitCode = run(async () => {
    if (!showErrors(form, failed({ code: rules.signUpCode(values.code) }))) return;
    try {
      const answer = await api<{ message: string }>('/users/userSignUpTokenVerification', {
        body: { email: values.email.trim(), verificationCode: values.code.trim() },
      });
      if (answer.message !== HOST.tokenVerified) {
        form.setFieldError('code', HOST.codeNotValid);
        notifyFailure(HOST.codeNotValid, NOTICE);
        return;
      }
      notifySuccess(CODE_VERIFIED, NOTICE);
      setStep(2);
    } catch (err) {
      const message = codeVerifyFailure(err);
      rules.showUnderFields(form, err, CODE_REFUSALS, message);
      notifyFailure(message, NOTICE);
    }
  });

  const submitProfile = run(async () => {
    if (showErrors(form, profileErrors(values))) setStep(3);
  });

  const submitPassword = run(async () => {
    if (!showErrors(form, passwordErrors(values)) || !agreed) return;
    const { email } = person();
    try {
      const answer = await api<{ message: string }>('/users/communitySignUp', {
        body: { ...person(), ...profilePayload(values), password: values.password },
      });
      notifySuccess(answer.message, NOTICE);
    } catch (err) {
      // Under its field too, when the field is on an earlier step: there when the person goes back.
      const message = signUpFailure(err);
      rules.showUnderFields(form, err, SIGN_UP_REFUSALS, message);
      notifyFailure(message, NOTICE);
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

  return (
    <AuthCard title="Create your account" subtitle="Community edition: free for individuals and small businesses." wide>
      <SignUpSteps step={step}>
        <Stepper.Step label="Your details">
          <StepForm
            onSubmit={submitPerson}
            actions={
              <Button type="submit" loading={busy}>
                Next
              </Button>
            }
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="First name"
                autoComplete="given-name"
                data-autofocus
                {...form.getInputProps('firstname')}
              />
              <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastname')} />
            </SimpleGrid>
            <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          </StepForm>
        </Stepper.Step>

        <Stepper.Step label="Verify">
          <StepForm
            onSubmit={submitCode}
            actions={
              <BackAndSubmit onBack={() => setStep(0)} busy={busy}>
                Next
              </BackAndSubmit>
            }
          >
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
          </StepForm>
        </Stepper.Step>

        <Stepper.Step label="Company">
          <StepForm onSubmit={submitProfile} actions={<BackAndSubmit onBack={() => setStep(1)}>Next</BackAndSubmit>}>
            <ProfileFields form={form} />
          </StepForm>
        </Stepper.Step>

        <Stepper.Step label="Password">
          <StepForm
            onSubmit={submitPassword}
            actions={
              <BackAndSubmit onBack={() => setStep(2)} busy={busy} disabled={!agreed}>
                Login
              </BackAndSubmit>
            }
          >
            <NewPasswordFields form={form} />
            <Agreement checked={agreed} onChange={setAgreed} />
          </StepForm>
        </Stepper.Step>
      </SignUpSteps>
    </AuthCard>
  );
}
