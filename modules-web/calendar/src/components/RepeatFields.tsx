import { Chip, Group, Input, NumberInput, Select, Stack, TextInput } from '@mantine/core';

import type { FormErrors } from '@common/lib/forms';
import { WEEKDAYS, nthWeekday, weekdayOfDay, type RepeatFreq, type RepeatForm } from '../recurrence';
import { MAX_COUNT, MAX_INTERVAL, type Weekday } from '../types';

const FREQS: { value: RepeatFreq; label: string }[] = [
  { value: 'none', label: 'Does not repeat' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];

const UNIT: Record<Exclude<RepeatFreq, 'none'>, string> = {
  daily: 'days',
  weekly: 'weeks',
  monthly: 'months',
  yearly: 'years',
};

interface RepeatFieldsProps {
  values: RepeatForm;
  errors: FormErrors<RepeatForm>;
  /** The event's first day (`YYYY-MM-DD`): the default weekday and the monthly choices. */
  startDay: string;
  setValue: <K extends keyof RepeatForm>(field: K, value: RepeatForm[K]) => void;
}

/** Repeat: none, daily, weekly on chosen weekdays, monthly by date or nth weekday, yearly; and when it ends. */
export function RepeatFields({ values, errors, startDay, setValue }: RepeatFieldsProps) {
  const validStart = /^\d{4}-\d{2}-\d{2}$/.test(startDay);
  const chooseFreq = (freq: RepeatFreq) => {
    setValue('freq', freq);
    if (freq === 'weekly' && values.weekdays.length === 0 && validStart) setValue('weekdays', [weekdayOfDay(startDay)]);
  };
  return (
    <Stack gap="xs">
      <Select
        label="Repeat"
        data={FREQS}
        value={values.freq}
        onChange={(freq) => freq && chooseFreq(freq as RepeatFreq)}
        allowDeselect={false}
      />
      {values.freq !== 'none' && (
        <>
          <NumberInput
            label="Every"
            rightSection={UNIT[values.freq]}
            rightSectionWidth={70}
            min={1}
            max={MAX_INTERVAL}
            allowDecimal={false}
            value={values.interval}
            onChange={(interval) => setValue('interval', interval)}
            error={errors.interval}
            w={180}
          />
          {values.freq === 'weekly' && (
            <Input.Wrapper label="On" error={errors.weekdays}>
              <Chip.Group multiple value={values.weekdays} onChange={(days) => setValue('weekdays', days as Weekday[])}>
                <Group gap={6}>
                  {WEEKDAYS.map((day) => (
                    <Chip key={day.value} value={day.value} size="xs" aria-label={day.long}>
                      {day.label}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Input.Wrapper>
          )}
          {values.freq === 'monthly' && validStart && (
            <Select
              label="On"
              data={[
                { value: 'date', label: `Day ${Number(startDay.slice(8, 10))} of the month` },
                { value: 'weekday', label: `The ${nthWeekday(startDay)}` },
              ]}
              value={values.monthlyBy}
              onChange={(by) => by && setValue('monthlyBy', by as RepeatForm['monthlyBy'])}
              allowDeselect={false}
            />
          )}
          <Group gap="xs" align="flex-start" wrap="wrap">
            <Select
              label="Ends"
              data={[
                { value: 'never', label: 'Never' },
                { value: 'on', label: 'On a day' },
                { value: 'after', label: 'After a number of times' },
              ]}
              value={values.ends}
              onChange={(ends) => ends && setValue('ends', ends as RepeatForm['ends'])}
              allowDeselect={false}
              w={220}
            />
            {values.ends === 'on' && (
              <TextInput
                type="date"
                label="Last day"
                value={values.until}
                onChange={(event) => setValue('until', event.currentTarget.value)}
                error={errors.until}
              />
            )}
            {values.ends === 'after' && (
              <NumberInput
                label="Times"
                min={1}
                max={MAX_COUNT}
                allowDecimal={false}
                value={values.count}
                onChange={(count) => setValue('count', count)}
                error={errors.count}
                w={120}
              />
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
