/**
 * /createCompany (premium): a new company, of the community edition, with the person as its
 * company admin; the app then opens in it.
 */

import { Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { api, failureMessage } from '../../api';
import { CountrySelect } from '../../public/fields/CountrySelect';
import { CurrencySelect } from '../../public/fields/CurrencySelect';
import { currencySymbol } from '../../options';
import { useSession, type MyCompany, type Session } from '../../session';
import { notifyFailure } from '../../ui';
import * as rules from '../../validation';
import { FormCard } from './profile/FormCard';

/** The host's answer to a name another company has. */
export const COMPANY_NAME_TAKEN = 'A company with this name already exists';

const COMPANY_RULES = {
  companyname: rules.profile.companyname,
  country: rules.profile.country,
  currency_name: rules.profile.currency_name,
};

/** The host's refusals by field: the same rules, and a name taken. */
const COMPANY_REFUSALS = rules.fieldWords(COMPANY_RULES, { companyname: [COMPANY_NAME_TAKEN] });

export function CreateCompanyPage({ session }: { session: Session }) {
  const { switchCompany } = useSession();
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { companyname: '', country: '', currency_name: 'USD' },
    validate: COMPANY_RULES,
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const company = await api<MyCompany>('/users/createCompany', {
        body: {
          ...values,
          companyname: values.companyname.trim(),
          currency_symbol: currencySymbol(values.currency_name) ?? '',
        },
        token: session.token,
      });
      await switchCompany(company.company_id);
    } catch (err) {
      // What was typed stays in the form.
      setSaving(false);
      rules.showUnderFields(form, err, COMPANY_REFUSALS);
      notifyFailure(failureMessage(err));
    }
  });

  return (
    <Stack gap="lg" maw={640}>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="xs">
          A new company
        </Title>
        <Text size="sm" c="dimmed">
          You will be its company admin and can invite your colleagues from Team Master. A new company starts on the
          community edition.
        </Text>
      </Card>
      <FormCard title="Company details" action="Create company" onSubmit={submit} saving={saving}>
        <TextInput label="Company name" required autoComplete="organization" {...form.getInputProps('companyname')} />
        <CountrySelect label="Country" required {...form.getInputProps('country')} />
        <CurrencySelect label="Currency" required {...form.getInputProps('currency_name')} />
      </FormCard>
    </Stack>
  );
}
