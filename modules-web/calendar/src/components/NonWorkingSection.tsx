import { ActionIcon, Badge, Button, Group, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNotify } from '@autoscope/web-sdk';

import { useFormState, useFormSubmit, type FormErrors } from '@common/lib/forms';
import { ConfirmModal } from '@common/ui/ConfirmModal';
import { DialogForm } from '@common/ui/DialogForm';
import { useDialog } from '@common/ui/dialogs';
import { QueryError } from '@common/ui/QueryError';
import { ResponsiveModal } from '@common/ui/ResponsiveModal';
import { useDeleteNonWorking, useNonWorking, useSaveNonWorking } from '../api';
import { useAbove } from './above';
import { TimesFields } from './TimesFields';
import { addDays, dayOf, dayStart, describeWhen, fromInputs, toInputs } from '../time';
import { MAX_NAME, MESSAGES, type NonWorking, type NonWorkingInput } from '../types';

/** The list's window: a month back, a year ahead. */
const BACK_DAYS = 30;
const AHEAD_DAYS = 365;

interface NonWorkingSectionProps {
  today: string;
  zone: string;
  /** Company admins change the list; everyone else reads it. */
  canChange: boolean;
}

/** The company's holidays and maintenance windows (GET /non-working); added, changed and deleted by company admins. */
export function NonWorkingSection({ today, zone, canChange }: NonWorkingSectionProps) {
  const from = dayStart(addDays(today, -BACK_DAYS)) ?? 0;
  const to = dayStart(addDays(today, AHEAD_DAYS)) ?? 0;
  const list = useNonWorking(from, to);
  const form = useDialog<NonWorking | null>();
  const deleting = useDialog<NonWorking>();
  const remove = useDeleteNonWorking();
  const notify = useNotify();
  useAbove(form.opened || deleting.opened);

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={4}>Non-working days</Title>
        {canChange && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => form.open(null)}>
            Add
          </Button>
        )}
      </Group>
      {list.isPending ? (
        <Skeleton h={60} />
      ) : list.isError ? (
        <QueryError
          title="The non-working days could not be loaded"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No holidays or maintenance windows from {addDays(today, -BACK_DAYS)} to {addDays(today, AHEAD_DAYS)}.
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.data.map((entry) => (
            <Group key={entry.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <div>
                <Text size="sm" component="div">
                  {entry.name}{' '}
                  <Badge size="xs" variant="light" color={entry.kind === 'holiday' ? 'gray' : 'orange'}>
                    {entry.kind === 'holiday' ? 'Holiday' : 'Maintenance'}
                  </Badge>
                </Text>
                <Text size="xs" c="dimmed">
                  {describeWhen(entry.start, entry.end, entry.all_day, zone)}
                </Text>
              </div>
              {canChange && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Edit ${entry.name}`} onClick={() => form.open(entry)}>
                    <IconEdit size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${entry.name}`}
                    onClick={() => deleting.open(entry)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {canChange && <NonWorkingForm key={form.key} {...form.props} entry={form.target} today={today} zone={zone} />}
      <ConfirmModal
        {...deleting.props}
        title="Delete non-working day"
        confirmLabel="Delete"
        action={remove}
        onConfirm={() =>
          deleting.target &&
          remove.mutate(deleting.target.id, {
            onSuccess: () => {
              notify('Non-working day deleted');
              deleting.close();
            },
          })
        }
      >
        Delete “{deleting.target?.name}”?
      </ConfirmModal>
    </Stack>
  );
}

interface NonWorkingValues {
  name: string;
  kind: 'holiday' | 'maintenance';
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

function initialValues(entry: NonWorking | null, today: string, zone: string): NonWorkingValues {
  if (!entry)
    return { name: '', kind: 'holiday', startDate: today, startTime: '22:00', endDate: today, endTime: '23:00' };
  if (entry.all_day) {
    return {
      name: entry.name,
      kind: entry.kind,
      startDate: dayOf(entry.start),
      startTime: '22:00',
      endDate: addDays(dayOf(entry.end), -1),
      endTime: '23:00',
    };
  }
  const start = toInputs(entry.start, zone);
  const end = toInputs(entry.end, zone);
  return {
    name: entry.name,
    kind: entry.kind,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
  };
}

/** Holidays are whole days (floating, like all-day events); maintenance windows are times in the person's zone. */
function toInput(values: NonWorkingValues, zone: string): NonWorkingInput | null {
  const holiday = values.kind === 'holiday';
  const start = holiday ? dayStart(values.startDate) : fromInputs(values.startDate, values.startTime, zone);
  const end = holiday
    ? /^\d{4}-\d{2}-\d{2}$/.test(values.endDate)
      ? dayStart(addDays(values.endDate, 1))
      : null
    : fromInputs(values.endDate, values.endTime, zone);
  if (start === null || end === null) return null;
  return { name: values.name.trim(), kind: values.kind, start, end, all_day: holiday };
}

function formErrors(values: NonWorkingValues, zone: string): FormErrors<NonWorkingValues> {
  const errors: FormErrors<NonWorkingValues> = {};
  const name = values.name.trim();
  if (!name) errors.name = MESSAGES.NAME_REQUIRED;
  else if (name.length > MAX_NAME) errors.name = MESSAGES.NAME_TOO_LONG;
  const input = toInput(values, zone);
  if (!input) errors.endDate = 'Choose the start and the end';
  else if (input.end <= input.start) errors.endDate = MESSAGES.END_BEFORE_START;
  return errors;
}

interface NonWorkingFormProps {
  opened: boolean;
  onClose: () => void;
  zIndex?: number;
  entry: NonWorking | null;
  today: string;
  zone: string;
}

function NonWorkingForm({ opened, onClose, zIndex, entry, today, zone }: NonWorkingFormProps) {
  const form = useFormState<NonWorkingValues>(() => initialValues(entry, today, zone));
  const { values, errors, setValue } = form;
  const save = useSaveNonWorking();
  const notify = useNotify();
  const holiday = values.kind === 'holiday';
  const submit = useFormSubmit(form, {
    validate: (current) => formErrors(current, zone),
    fieldOf: (message) => (message.toLowerCase().includes('name') ? 'name' : undefined),
    save: async (current) => {
      const body = toInput(current, zone);
      if (!body) return;
      await save.mutateAsync({ id: entry?.id ?? null, body: entry ? { ...body, version: entry.version } : body });
      notify(entry ? 'Non-working day saved' : 'Non-working day added');
      onClose();
    },
  });
  return (
    <ResponsiveModal
      opened={opened}
      onClose={onClose}
      zIndex={zIndex}
      title={entry ? 'Edit non-working day' : 'New non-working day'}
    >
      <DialogForm submit={submit} submitLabel={entry ? 'Save' : 'Add'} onCancel={onClose}>
        <TextInput
          label="Name"
          required
          data-autofocus
          value={values.name}
          onChange={(event) => setValue('name', event.currentTarget.value)}
          error={errors.name}
        />
        <Select
          label="Kind"
          data={[
            { value: 'holiday', label: 'Holiday (whole days)' },
            { value: 'maintenance', label: 'Maintenance window' },
          ]}
          value={values.kind}
          onChange={(kind) => kind && setValue('kind', kind as NonWorkingValues['kind'])}
          allowDeselect={false}
        />
        <TimesFields values={values} wholeDays={holiday} endError={errors.endDate} setValue={setValue} />
      </DialogForm>
    </ResponsiveModal>
  );
}
