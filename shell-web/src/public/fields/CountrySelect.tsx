import { Group, Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { countryByIso2, useMasterOptions } from '../../options';
import { Flag } from './Flag';
import { listStateProps, withChosen } from './masterList';

type CountrySelectProps = Omit<SelectProps, 'data' | 'renderOption' | 'searchable' | 'leftSection'>;

function CountryFlag({ code }: { code: string }) {
  const country = countryByIso2(code);
  return country ? <Flag code3={country.code3} /> : null;
}

/** A searchable list of the host's countries with their flags; the value is the ISO alpha-2 code. */
export function CountrySelect(props: CountrySelectProps) {
  const state = useMasterOptions();
  const countries = state.options?.countries;
  const data = useMemo(
    () =>
      withChosen(
        (countries ?? []).map((country) => ({ value: country.code, label: country.name })),
        props.value,
      ),
    [countries, props.value],
  );
  return (
    <Select
      {...listStateProps(state, 'No country matches')}
      {...props}
      data={data}
      searchable
      leftSection={typeof props.value === 'string' && props.value ? <CountryFlag code={props.value} /> : undefined}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <CountryFlag code={option.value} />
          <span>{option.label}</span>
        </Group>
      )}
    />
  );
}
