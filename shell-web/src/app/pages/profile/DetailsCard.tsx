import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';

import { api, failureMessage } from '../../../api';
import { PersonFields } from '../../../public/fields/ProfileFields';
import type { Session, UserData } from '../../../session';
import { notifyFailure, notifySuccess } from '../../../ui';
import * as rules from '../../../validation';
import { FormCard } from './FormCard';
import { useAdoptUser } from './useAdoptUser';

export const PROFILE_SAVED = 'Profile updated';
const UNKNOWN_TIME_ZONE = 'Unknown time zone';

/** The sign-up's rules of the person's fields. */
const DETAILS_RULES = {
  firstname: rules.signUpPerson.firstname,
  lastname: rules.signUpPerson.lastname,
  gender: rules.profile.gender,
  country: rules.profile.country,
  job_title: rules.profile.job_title,
  department: rules.profile.department,
};

/** The host's refusals by field: the same rules (and a name or job title over 100 characters), an unknown zone. */
const DETAILS_REFUSALS = rules.fieldWords(DETAILS_RULES, { time_zone: [UNKNOWN_TIME_ZONE] });

/** The fields of the details form, as the host has them ('' for a time zone not chosen). */
export function detailsOf(userdata: UserData) {
  const { firstname, lastname, gender, country, job_title, department } = userdata;
  return { firstname, lastname, gender, country, job_title, department, time_zone: userdata.time_zone ?? '' };
}

/** The browser's own time zone: what applies while the person has not chosen one. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zones the browser knows (the IANA database), the chosen one included. */
function timeZones(chosen: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return chosen && !known.includes(chosen) ? [chosen, ...known] : known;
}

export type DetailsValues = ReturnType<typeof detailsOf>;

/** The body of PUT /api/users/me: every field trimmed. */
export function detailsBody(values: DetailsValues): DetailsValues {
  return {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    gender: values.gender,
    country: values.country,
    job_title: values.job_title.trim(),
    department: values.department,
    time_zone: values.time_zone,
  };
}

/**
 * Every sign-up field of the person (PUT /api/users/me): name, gender, country, job title and
 * department, with the sign-up's rules and selects; e-mail and company are shown, and changed
 * in their own cards.
 */
export function DetailsCard({ session }: { session: Session }) {
  const adopt = useAdoptUser(session);
  const [saving, setSaving] = useState(false);
  const { email, companyname } = session.userdata;
  const form = useForm({
    initialValues: detailsOf(session.userdata),
    validate: DETAILS_RULES,
  });

  // One list per chosen zone: a new array each render would reset what is typed in the search.
  const zones = useMemo(() => timeZones(form.values.time_zone), [form.values.time_zone]);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const userdata = await api<UserData>('/users/me', {
        method: 'PUT',
        body: detailsBody(values),
        token: session.token,
      });
      await adopt(userdata);
      form.setInitialValues(detailsOf(userdata));
      form.setValues(detailsOf(userdata));
      notifySuccess(PROFILE_SAVED);
    } catch (err) {
      // What was typed stays in the form.
      rules.showUnderFields(form, err, DETAILS_REFUSALS);
      notifyFailure(failureMessage(err));
    } finally {
      setSaving(false);
    }
  });

  return (
    <FormCard title="Your details" action="Save details" onSubmit={submit} saving={saving} disabled={!form.isDirty()}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="First name" required autoComplete="given-name" {...form.getInputProps('firstname')} />
        <TextInput label="Last name" required autoComplete="family-name" {...form.getInputProps('lastname')} />
      </SimpleGrid>
      <PersonFields form={form} />
      <Select
        label="Time zone"
        description="Times in the portal are shown in this zone"
        placeholder={`Your browser's: ${browserTimeZone()}`}
        data={zones}
        searchable
        clearable
        limit={50}
        value={form.values.time_zone}
        error={form.errors.time_zone}
        onChange={(zone) => form.setFieldValue('time_zone', zone ?? '')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Email" value={email} readOnly variant="filled" />
        <TextInput label="Company" value={companyname} readOnly variant="filled" />
      </SimpleGrid>
    </FormCard>
  );
}
