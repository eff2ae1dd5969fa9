import type { ReactNode } from 'react';
import { SimpleGrid, TextInput } from '@mantine/core';

/** The start and end as the forms keep them: `YYYY-MM-DD` days and `HH:MM` times. */
export interface Times {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

interface TimesFieldsProps {
  values: Times;
  /** Whole days (an all-day event, a holiday): the days only. */
  wholeDays: boolean;
  endError?: ReactNode;
  setValue: (field: keyof Times, value: string) => void;
}

/** The start and end fields of an event or a non-working period. */
export function TimesFields({ values, wholeDays, endError, setValue }: TimesFieldsProps) {
  const field = (name: keyof Times, type: 'date' | 'time', label: string, error?: ReactNode) => (
    <TextInput
      type={type}
      label={label}
      value={values[name]}
      onChange={(event) => setValue(name, event.currentTarget.value)}
      error={error}
    />
  );
  return (
    <SimpleGrid cols={{ base: 2, sm: wholeDays ? 2 : 4 }} spacing="xs">
      {field('startDate', 'date', wholeDays ? 'First day' : 'Start date')}
      {!wholeDays && field('startTime', 'time', 'Start time')}
      {field('endDate', 'date', wholeDays ? 'Last day' : 'End date', endError)}
      {!wholeDays && field('endTime', 'time', 'End time')}
    </SimpleGrid>
  );
}
