import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { api, failureMessage } from '../../../api';
import { useSession, type Session, type UserData } from '../../../session';
import { notifyFailure, notifySuccess } from '../../../ui';
import * as rules from '../../../validation';
import { queryKeys } from '../../queryClient';
import { FormCard } from './FormCard';

export const PROFILE_SAVED = 'Profile updated';

/** Name and job title (PUT /api/users/me); e-mail and company are shown, not edited here. */
export function DetailsCard({ session }: { session: Session }) {
  const { update } = useSession();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const { firstname, lastname, job_title, email, companyname } = session.userdata;
  const form = useForm({
    initialValues: { firstname, lastname, job_title },
    validate: {
      firstname: rules.signUpPerson.firstname,
      lastname: rules.signUpPerson.lastname,
      job_title: rules.profile.job_title,
    },
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const userdata = await api<UserData>('/users/me', {
        method: 'PUT',
        body: {
          firstname: values.firstname.trim(),
          lastname: values.lastname.trim(),
          job_title: values.job_title.trim(),
        },
        token: session.token,
      });
      queryClient.setQueryData(queryKeys.me(session.token), userdata);
      await update(userdata);
      form.setInitialValues({
        firstname: userdata.firstname,
        lastname: userdata.lastname,
        job_title: userdata.job_title,
      });
      form.setValues({ firstname: userdata.firstname, lastname: userdata.lastname, job_title: userdata.job_title });
      notifySuccess(PROFILE_SAVED);
    } catch (err) {
      // What was typed stays in the form.
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
      <TextInput label="Job title" required autoComplete="organization-title" {...form.getInputProps('job_title')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Email" value={email} readOnly variant="filled" />
        <TextInput label="Company" value={companyname} readOnly variant="filled" />
      </SimpleGrid>
    </FormCard>
  );
}
