import { Group, Select, type SelectProps } from '@mantine/core';
import { countries, countryByIso2 } from '../../options';
import { Flag } from './Flag';

const data = countries.map((country) => ({ value: country.code, label: country.name }));

type CountrySelectProps = Omit<SelectProps, 'data' | 'renderOption' | 'searchable' | 'leftSection'>;

/** A searchable list of countries with their flags; the value is the ISO alpha-2 code. */
export function CountrySelect(props: CountrySelectProps) {
  const selected = typeof props.value === 'string' ? countryByIso2(props.value) : undefined;
  return (
    <Select
      {...props}
      data={data}
      searchable
      nothingFoundMessage="No country matches"
      leftSection={selected ? <Flag code3={selected.code3} /> : undefined}
      renderOption={({ option }) => {
        const country = countryByIso2(option.value);
        return (
          <Group gap="xs" wrap="nowrap">
            {country && <Flag code3={country.code3} />}
            <span>{option.label}</span>
          </Group>
        );
      }}
    />
  );
}
