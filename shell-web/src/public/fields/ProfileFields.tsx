import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { currencySymbol, DEFAULT_CURRENCY_SYMBOL, departments, genders } from '../../options';
import { CountrySelect } from './CountrySelect';
import { CurrencySelect } from './CurrencySelect';

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
      <Select label="Gender" placeholder="Select" data={[...genders]} disabled={disabled} {...input('gender')} />
      <CountrySelect label="Country" placeholder="Search countries" disabled={disabled} {...input('country')} />
      <TextInput label="Company name" autoComplete="organization" disabled={disabled} {...input('companyname')} />
      <TextInput label="Job title" autoComplete="organization-title" disabled={disabled} {...input('job_title')} />
      <CurrencySelect
        label="Currency"
        disabled={disabled}
        {...input('currency_name')}
        onChange={(code) => {
          // Choosing a currency sets its symbol from the fixed list.
          const currency = {
            currency_name: code ?? '',
            currency_symbol: (code && currencySymbol(code)) || DEFAULT_CURRENCY_SYMBOL,
          };
          form.setValues(currency as Partial<T>);
          form.clearFieldError('currency_name');
        }}
      />
      <Select
        label="Department"
        placeholder="Select"
        data={[...departments]}
        disabled={disabled}
        {...input('department')}
      />
    </SimpleGrid>
  );
}
