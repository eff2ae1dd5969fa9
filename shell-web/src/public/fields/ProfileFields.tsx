import { Select, SimpleGrid, TextInput, type SelectProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { currencySymbol, DEFAULT_CURRENCY_SYMBOL, useMasterOptions } from '../../options';
import { CountrySelect } from './CountrySelect';
import { CurrencySelect } from './CurrencySelect';
import { listStateProps, withChosen } from './masterList';

/** The profile part of both sign-up forms. */
export interface ProfileValues {
  gender: string;
  country: string;
  companyname: string;
  job_title: string;
  currency_name: string;
  currency_symbol: string;
  department: string;
}

/** The person's part of the profile, without the company's: what an invited person gives. */
export type PersonValues = Pick<ProfileValues, 'gender' | 'country' | 'job_title' | 'department'>;

type Field = keyof PersonValues;

/** A select of one of the host's lists of names (genders, departments). */
function NameSelect({ list, ...props }: Omit<SelectProps, 'data'> & { list: 'genders' | 'departments' }) {
  const state = useMasterOptions();
  const names = state.options?.[list];
  const data = useMemo(
    () =>
      withChosen(
        (names ?? []).map((name) => ({ value: name, label: name })),
        props.value,
      ),
    [names, props.value],
  );
  return <Select {...listStateProps(state, 'Nothing matches')} {...props} data={data} />;
}

/** One field of the person's part, as both forms draw it. */
function PersonField<T extends PersonValues>({
  field,
  form,
  disabled,
}: {
  field: Field;
  form: UseFormReturnType<T>;
  disabled?: boolean;
}) {
  const input = form.getInputProps(field);
  switch (field) {
    case 'gender':
      return <NameSelect list="genders" label="Gender" placeholder="Select" disabled={disabled} {...input} />;
    case 'country':
      return <CountrySelect label="Country" placeholder="Search countries" disabled={disabled} {...input} />;
    case 'job_title':
      return <TextInput label="Job title" autoComplete="organization-title" disabled={disabled} {...input} />;
    case 'department':
      return <NameSelect list="departments" label="Department" placeholder="Select" disabled={disabled} {...input} />;
  }
}

/** The step 3 fields, in order: gender, country, company name, job title, currency, department. */
export function ProfileFields<T extends ProfileValues>({
  form,
  disabled,
}: {
  form: UseFormReturnType<T>;
  disabled?: boolean;
}) {
  const input = (path: keyof ProfileValues) => form.getInputProps(path);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <PersonField field="gender" form={form} disabled={disabled} />
      <PersonField field="country" form={form} disabled={disabled} />
      <TextInput label="Company name" autoComplete="organization" disabled={disabled} {...input('companyname')} />
      <PersonField field="job_title" form={form} disabled={disabled} />
      <CurrencySelect
        label="Currency"
        disabled={disabled}
        {...input('currency_name')}
        onChange={(code) => {
          // Choosing a currency sets its symbol from the host's list.
          const currency = {
            currency_name: code ?? '',
            currency_symbol: (code && currencySymbol(code)) || DEFAULT_CURRENCY_SYMBOL,
          };
          form.setValues(currency as Partial<T>);
          form.clearFieldError('currency_name');
        }}
      />
      <PersonField field="department" form={form} disabled={disabled} />
    </SimpleGrid>
  );
}

/** The step 3 fields of the person only (the company is the inviter's): gender, country, job title, department. */
export function PersonFields<T extends PersonValues>({
  form,
  disabled,
}: {
  form: UseFormReturnType<T>;
  disabled?: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {(['gender', 'country', 'job_title', 'department'] as const).map((field) => (
        <PersonField key={field} field={field} form={form} disabled={disabled} />
      ))}
    </SimpleGrid>
  );
}
