import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Button, Input, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { defaultCountries, parseCountry, PhoneInput, type PhoneInputRefType } from 'react-international-phone';
import 'react-international-phone/style.css';
import { Link, useNavigate } from 'react-router';
import { api, ApiError } from '../../api';
import { countryByIso2 } from '../../options';
import { flagUrl } from '../../options/flags';
import { useSession } from '../../session';
import { notifyFailure, notifySuccess } from '../../ui';
import * as rules from '../../validation';
import { CountrySelect } from '../fields/CountrySelect';
import { AuthCard } from '../layout/AuthCard';
import { ENTERPRISE_FAILED, ENTERPRISE_NO_SESSION, ENTERPRISE_SUBSCRIBED, HOST } from '../messages';
import classes from './EnterpriseEdition.module.css';

/** The phone input's flags from world-countries' files (its default fetches them from a CDN). */
function phoneFlags() {
  return defaultCountries.flatMap((data) => {
    const { iso2 } = parseCountry(data);
    const country = countryByIso2(iso2);
    const src = country && flagUrl(country.code3);
    return src ? [{ iso2, src }] : [];
  });
}

/** /EnterpriseEdition: a signed-in community user registers interest in the enterprise edition. */
export default function EnterpriseEdition() {
  const { session } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  /** The last request failed: said on the form too, until the next one. */
  const [failed, setFailed] = useState(false);
  const phone = useRef<PhoneInputRefType>(null);
  const dialCode = useRef('1');
  const flags = useMemo(() => phoneFlags(), []);
  const turnedAway = useRef(false);

  // Without a token: say so, clear storage and go to the login page (the snackbar stays).
  const leave = useCallback(() => {
    if (turnedAway.current) return;
    turnedAway.current = true;
    notifyFailure(ENTERPRISE_NO_SESSION);
    localStorage.clear();
    navigate('/', { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (!session) leave();
  }, [session, leave]);

  const form = useForm({
    initialValues: {
      username: session ? `${session.userdata.firstname} ${session.userdata.lastname}`.trim() : '',
      email: session?.userdata.email ?? '',
      country: '',
      contactNumber: '',
    },
    validate: {
      username: rules.enterprise.username,
      email: rules.enterprise.email,
      country: rules.enterprise.country,
      contactNumber: (value) => rules.enterprise.contactNumber(value, dialCode.current),
    },
  });

  if (!session) return null;

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setFailed(false);
    try {
      const answer = await api<{ message: string }>('/users/enterpriseEditionSubscribers', {
        token: session.token,
        body: {
          communityUserEmail: session.userdata.email,
          communityUserCompany: session.userdata.companyname,
          username: values.username.trim(),
          email: values.email.trim(),
          country: values.country,
          contactNumber: values.contactNumber,
        },
      });
      if (answer.message !== HOST.subscribed) throw new Error(answer.message);
      notifySuccess(ENTERPRISE_SUBSCRIBED);
      navigate('/BusinessInsight');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        leave();
        return;
      }
      // A field the host refused shows its words under it.
      rules.showUnderFields(form, err, rules.enterpriseRefusals);
      setFailed(true);
      notifyFailure(ENTERPRISE_FAILED);
    } finally {
      setBusy(false);
    }
  });

  const contact = form.getInputProps('contactNumber');

  return (
    <AuthCard
      title="Enterprise Edition"
      subtitle="Tell us how to reach you and our team will contact you about the enterprise edition."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failed && (
            <Alert color="orange" title={ENTERPRISE_FAILED}>
              Your request was not sent. Please try again.
            </Alert>
          )}
          <TextInput label="Name" autoComplete="name" data-autofocus {...form.getInputProps('username')} />
          <TextInput label="Email Address" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <CountrySelect
            label="Country"
            placeholder="Search countries"
            {...form.getInputProps('country')}
            onChange={(code) => {
              form.setFieldValue('country', code ?? '');
              // A phone number not started yet follows the chosen country.
              if (code && rules.nationalDigits(form.values.contactNumber, dialCode.current) === '') {
                phone.current?.setCountry(code.toLowerCase());
              }
            }}
          />
          <Input.Wrapper label="Contact Number" error={contact.error as string | undefined} className={classes.phone}>
            <PhoneInput
              ref={phone}
              defaultCountry="us"
              flags={flags}
              onChange={(value, meta) => {
                dialCode.current = meta.country.dialCode;
                form.setFieldValue('contactNumber', value);
              }}
              inputProps={{ 'aria-invalid': Boolean(contact.error), autoComplete: 'tel' }}
              className={contact.error ? classes.invalid : undefined}
            />
          </Input.Wrapper>
          <Button type="submit" fullWidth loading={busy}>
            Register
          </Button>
          <Anchor component={Link} to="/BusinessInsight" size="sm" ta="center">
            Back to Autoscope
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
