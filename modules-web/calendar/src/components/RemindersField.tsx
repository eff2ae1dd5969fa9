import { ActionIcon, Button, Group, Input, NumberInput, Select, Stack } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';

import type { ReminderField, ReminderUnit } from '../eventForm';

const UNITS: { value: ReminderUnit; label: string }[] = [
  { value: 'minutes', label: 'minutes before' },
  { value: 'hours', label: 'hours before' },
  { value: 'days', label: 'days before' },
];

interface RemindersFieldProps {
  value: ReminderField[];
  onChange: (reminders: ReminderField[]) => void;
  error?: string;
  max: number;
}

/** Reminders: each an amount of minutes, hours or days before the start. */
export function RemindersField({ value, onChange, error, max }: RemindersFieldProps) {
  const change = (index: number, reminder: ReminderField) =>
    onChange(value.map((item, at) => (at === index ? reminder : item)));
  return (
    <Input.Wrapper label="Reminders" error={error}>
      <Stack gap="xs">
        {value.map((reminder, index) => (
          <Group key={index} gap="xs" wrap="nowrap">
            <NumberInput
              aria-label={`Reminder ${index + 1}`}
              min={0}
              allowDecimal={false}
              value={reminder.amount}
              onChange={(amount) => change(index, { ...reminder, amount })}
              w={100}
            />
            <Select
              aria-label={`Reminder ${index + 1} unit`}
              data={UNITS}
              value={reminder.unit}
              onChange={(unit) => unit && change(index, { ...reminder, unit: unit as ReminderUnit })}
              allowDeselect={false}
              w={170}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove reminder ${index + 1}`}
              onClick={() => onChange(value.filter((_, at) => at !== index))}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...value, { amount: 1, unit: 'hours' }])}
            disabled={value.length >= max}
          >
            Add reminder
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
