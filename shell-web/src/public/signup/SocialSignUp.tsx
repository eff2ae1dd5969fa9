import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, SimpleGrid, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api';
import { DEFAULT_CURRENCY, DEFAULT_CURRENCY_SYMBOL } from '../../options';
import { useSession, type UserData } from '../../session';
import { notifyFailure, notifySuccess } from '../../ui';
import { Agreement } from '../fields/Agreement';
import { ProfileFields, type ProfileValues } from '../fields/ProfileFields';
import { AuthCard } from '../layout/AuthCard';
import { flowOf } from '../social/providers';
import type { NewSocialUser } from '../social/flow';
import { socialSignUpFailure } from '../messages';
import { personErrors, profileErrors, profilePayload, type FormErrors } from './steps';
import classes from './SignUp.module.css';

interface Values extends ProfileValues {
  firstname: string;
  lastname: string;
  email: string;
}

const NOTICE = { signUp: true };

/** Props of a field the provider filled: read-only, and drawn so. */
function locked(isLocked: boolean) {
  return isLocked
    ? { readOnly: true, variant: 'filled', rightSection: <IconLock size={14} aria-hidden />, 'data-locked': true }
    : {};
}

/** "Ann Marie Lee" -> first "Ann", last "Marie Lee" (spec section 2). */
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

  const form = useForm<Values>({
    initialValues: {
      firstname,
      lastname,
      email: user.email,
      gender: '',
      country: '',
      companyname: '',
      job_title: '',
      currency_name: DEFAULT_CURRENCY,
      currency_symbol: DEFAULT_CURRENCY_SYMBOL,
      department: '',
    },
  });
  const { values } = form;

  const check = (errors: FormErrors) => {
    form.setErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const submitPerson = (event: FormEvent) => {
    event.preventDefault();
    if (check(personErrors(values))) setStep(1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !check(profileErrors(values)) || !agreed) return;
    setBusy(true);
    try {
      const answer = await api<{ message: string; data: { token: string; userdata: UserData } }>('/users/socialSignUp', {
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
      });
      await signIn(answer.data.token, answer.data.userdata);
      notifySuccess(answer.message, NOTICE);
      navigate('/BusinessInsight', { replace: true });
    } catch (err) {
      notifyFailure(socialSignUpFailure(err, user.providerName), NOTICE);
    } finally {
      setBusy(false);
    }
  };

  const backToLogin = (
    <Anchor component={Link} to="/" size="sm">
      Back to Login
    </Anchor>
  );

  return (
    <AuthCard title="Complete your sign-up" subtitle={`Signing up with ${provider}`} wide>
      <Stepper active={step} size="xs" allowNextStepsSelect={false} classNames={{ stepBody: classes.stepBody }}>
        <Stepper.Step label="Your details">
          <form onSubmit={submitPerson} noValidate>
            <Stack gap="md" mt="md">
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
            </Stack>
            <div className={classes.actions}>
              {backToLogin}
              <Button type="submit">Next</Button>
            </div>
          </form>
        </Stepper.Step>
        <Stepper.Step label="Company">
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="md" mt="md">
              <ProfileFields form={form} disabled={busy} />
              <Agreement checked={agreed} onChange={setAgreed} />
            </Stack>
            <div className={classes.actions}>
              {backToLogin}
              <Group gap="sm">
                <Button variant="default" onClick={() => setStep(0)} disabled={busy}>
                  Back
                </Button>
                <Button type="submit" loading={busy} disabled={!agreed}>
                  Sign Up
                </Button>
              </Group>
            </div>
          </form>
        </Stepper.Step>
      </Stepper>
    </AuthCard>
  );
}
