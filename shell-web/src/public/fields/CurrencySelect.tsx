import { Select, type SelectProps } from '@mantine/core';
import { currencies } from '../../options';

const data = currencies.map((currency) => ({
  value: currency.code,
  label: `${currency.code} (${currency.symbol}) – ${currency.name}`,
}));

type CurrencySelectProps = Omit<SelectProps, 'data' | 'searchable'>;

/** A searchable list of currencies by code, symbol and name; the value is the code. */
export function CurrencySelect(props: CurrencySelectProps) {
  return <Select {...props} data={data} searchable nothingFoundMessage="No currency matches" />;
}
