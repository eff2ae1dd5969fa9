import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { api, failureMessage } from '../../../api';
import { currencySymbol, DEFAULT_CURRENCY_SYMBOL } from '../../../options';
import { CurrencySelect } from '../../../public/fields/CurrencySelect';
import type { Session, UserData } from '../../../session';
import { notifyFailure, notifySuccess } from '../../../ui';
import * as rules from '../../../validation';
import { FormCard } from './FormCard';
import { useAdoptUser } from './useAdoptUser';

export const CURRENCY_SAVED = 'Company currency changed';

const CURRENCY_RULES = { currency_name: rules.profile.currency_name };
/** The host refuses a currency no longer in its list as the rule words a missing one. */
const CURRENCY_REFUSALS = rules.fieldWords(CURRENCY_RULES);

/**
 * The company's currency (PUT /api/users/companyCurrency), which the insight modules show
 * amounts in. Shown to the company's admins only; the host refuses anyone else.
 */
export function CurrencyCard({ session }: { session: Session }) {
  const adopt = useAdoptUser(session);
  const [saving, setSaving] = useState(false);
  const { currency_name, currency_symbol, companyname } = session.userdata;
  const form = useForm({
    initialValues: { currency_name, currency_symbol },
    validate: CURRENCY_RULES,
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const userdata = await api<UserData>('/users/companyCurrency', {
        method: 'PUT',
        body: values,
        token: session.token,
      });
      await adopt(userdata);
      const saved = { currency_name: userdata.currency_name, currency_symbol: userdata.currency_symbol };
      form.setInitialValues(saved);
      form.setValues(saved);
      notifySuccess(CURRENCY_SAVED);
    } catch (err) {
      rules.showUnderFields(form, err, CURRENCY_REFUSALS);
      notifyFailure(failureMessage(err));
    } finally {
      setSaving(false);
    }
  });

  return (
    <FormCard
      title="Company currency"
      action="Save currency"
      onSubmit={submit}
      saving={saving}
      disabled={!form.isDirty()}
    >
      <Text size="sm" c="dimmed">
        The currency {companyname}&apos;s benefits and costs are shown in, for everyone in the company.
      </Text>
      <CurrencySelect
        label="Currency"
        required
        {...form.getInputProps('currency_name')}
        onChange={(code) => {
          // Choosing a currency sets its symbol from the host's list.
          form.setValues({
            currency_name: code ?? '',
            currency_symbol: (code && currencySymbol(code)) || DEFAULT_CURRENCY_SYMBOL,
          });
          form.clearFieldError('currency_name');
        }}
      />
    </FormCard>
  );
}
