import { useState, type FormEvent } from 'react';
import { Button, SimpleGrid, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { useSession, type UserData } from '../../session';
import { notifyFailure, notifySuccess } from '../../ui';
import * as rules from '../../validation';
import { Agreement } from '../fields/Agreement';
import { locked } from '../fields/locked';
import { ProfileFields, type ProfileValues } from '../fields/ProfileFields';
import { AuthCard } from '../layout/AuthCard';
import { flowOf } from '../social/providers';
import type { NewSocialUser } from '../social/flow';
import { socialSignUpFailure } from '../messages';
import { BackAndSubmit, SignUpSteps, StepForm } from './StepParts';
import { EMPTY_PROFILE, personErrors, profileErrors, profilePayload, showErrors, SIGN_UP_REFUSALS } from './steps';

interface Values extends ProfileValues {
  firstname: string;
  lastname: string;
  email: string;
}

const NOTICE = { signUp: true };

/** The provider's full name split at the first space: "Ann Marie Lee" -> first "Ann", last "Marie Lee". */
function splitName(name: string): [string, string] {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return [first, rest.join(' ')];
}

/** The social sign-up variant: the provider's name and e-mail, then the profile. */
export function SocialSignUp({ user }: { user: NewSocialUser }) {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [[firstname, lastname]] = useState(() => splitName(`${user.firstname} ${user.lastname}`));
  const provider = flowOf(user.providerName)?.label ?? user.providerName;

  const form = useForm<Values>({ initialValues: { firstname, lastname, email: user.email, ...EMPTY_PROFILE } });
  const { values } = form;

  const submitPerson = (event: FormEvent) => {
    event.preventDefault();
    if (showErrors(form, personErrors(values))) setStep(1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !showErrors(form, profileErrors(values)) || !agreed) return;
    setBusy(true);
    try {
      const answer = await api<{ message: string; data: { token: string; userdata: UserData } }>(
        '/users/socialSignUp',
        {
          body: {
            providerName: user.providerName,
            firstname: values.firstname.trim(),
            lastname: values.lastname.trim(),
            accessToken: user.accessToken,
            expiresIn: user.expiresIn,
            tokenId: user.tokenId,
            userId: user.userId,
            email: user.email,
            imageUrl: user.imageUrl,
            nonce: user.nonce,
            ...profilePayload(values),
          },
        },
      );
      await signIn(answer.data.token, answer.data.userdata);
      notifySuccess(answer.message, NOTICE);
      navigate('/BusinessInsight', { replace: true });
    } catch (err) {
      const message = socialSignUpFailure(err, user.providerName);
      rules.showUnderFields(form, err, SIGN_UP_REFUSALS, message);
      notifyFailure(message, NOTICE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Complete your sign-up" subtitle={`Signing up with ${provider}`} wide>
      <SignUpSteps step={step}>
        <Stepper.Step label="Your details">
          <StepForm onSubmit={submitPerson} actions={<Button type="submit">Next</Button>}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="First name"
                autoComplete="given-name"
                {...locked(firstname !== '')}
                {...form.getInputProps('firstname')}
              />
              <TextInput
                label="Last name"
                autoComplete="family-name"
                {...locked(lastname !== '')}
                {...form.getInputProps('lastname')}
              />
            </SimpleGrid>
            <TextInput label="Email" {...locked(true)} {...form.getInputProps('email')} />
            <Text size="xs" c="dimmed">
              Fields filled in by {provider} cannot be changed here.
            </Text>
          </StepForm>
        </Stepper.Step>
        <Stepper.Step label="Company">
          <StepForm
            onSubmit={(event) => void submit(event)}
            actions={
              <BackAndSubmit onBack={() => setStep(0)} busy={busy} disabled={!agreed}>
                Sign Up
              </BackAndSubmit>
            }
          >
            <ProfileFields form={form} disabled={busy} />
            <Agreement checked={agreed} onChange={setAgreed} />
          </StepForm>
        </Stepper.Step>
      </SignUpSteps>
    </AuthCard>
  );
}
