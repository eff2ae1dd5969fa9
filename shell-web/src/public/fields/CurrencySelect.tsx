import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useMasterOptions } from '../../options';
import { listStateProps, withChosen } from './masterList';

type CurrencySelectProps = Omit<SelectProps, 'data' | 'searchable'>;

/** A searchable list of the host's currencies by code, symbol and name; the value is the code. */
export function CurrencySelect(props: CurrencySelectProps) {
  const state = useMasterOptions();
  const currencies = state.options?.currencies;
  const data = useMemo(
    () =>
      withChosen(
        (currencies ?? []).map((currency) => ({
          value: currency.code,
          label: currency.symbol
            ? `${currency.code} (${currency.symbol}) – ${currency.name}`
            : `${currency.code} – ${currency.name}`,
        })),
        props.value,
      ),
    [currencies, props.value],
  );
  return <Select {...listStateProps(state, 'No currency matches')} {...props} data={data} searchable />;
}
