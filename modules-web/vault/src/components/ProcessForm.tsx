import { NumberInput, SegmentedControl, Select, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrency, useNotify } from '@autoscope/web-sdk';

import { DialogForm } from '@common/ui/DialogForm';
import { isConflict } from '@common/lib/errors';
import { useFormState, useFormSubmit } from '@common/lib/forms';
import { DepartmentSelect, PersonSelect } from '@common/ui/Pickers';
import { ResponsiveModal, type DialogProps } from '@common/ui/ResponsiveModal';
import { COMPLEXITY_OPTIONS, HEALTH_OPTIONS, STAGE_OPTIONS, isComplexity } from '@common/domain/vocabulary';
import { refetchStale, useCreateProcess, useUpdateProcess } from '../api';
import type { Process } from '../types';
import {
  EMPTY_PROCESS,
  changedFields,
  fieldOfServerMessage,
  processFormValues,
  processPayload,
  toNumberValue,
  validateProcess,
  type ProcessFormValues,
} from '../validation';
import { NameFields } from './NameFields';

interface ProcessFormProps extends DialogProps {
  /** The process to edit; null to create one. */
  process: Process | null;
  onSaved: (process: Process) => void;
}

/** Create or edit a process. Mounted afresh for each opening (see `useDialog`). */
export function ProcessForm({ process, onSaved, ...dialog }: ProcessFormProps) {
  return (
    <ResponsiveModal {...dialog} title={process ? `Edit ${process.name}` : 'New process'} size="xl">
      <ProcessFormBody process={process} onClose={dialog.onClose} onSaved={onSaved} />
    </ResponsiveModal>
  );
}

function ProcessFormBody({ process, onClose, onSaved }: Omit<ProcessFormProps, 'opened' | 'zIndex'>) {
  const notify = useNotify();
  const currency = useCurrency();
  const client = useQueryClient();
  const form = useFormState(() => (process ? processFormValues(process) : EMPTY_PROCESS));
  const { values, errors, setValue } = form;
  const create = useCreateProcess();
  const update = useUpdateProcess();
  const submit = useFormSubmit(form, {
    validate: validateProcess,
    fieldOf: fieldOfServerMessage,
    save: async (current) => {
      let saved: Process;
      if (process) {
        const changes = changedFields(process, current);
        if (Object.keys(changes).length === 0) {
          onClose();
          return;
        }
        saved = await update.mutateAsync({ id: process.id, version: process.version, changes });
      } else {
        saved = await create.mutateAsync(processPayload(current));
      }
      notify.success('Process saved');
      onSaved(saved);
      onClose();
    },
    // Someone else saved first: the form opened again starts from their version.
    onFailure: (error) => {
      if (process && isConflict(error)) refetchStale(client, process.id);
    },
  });

  const choiceField = <F extends 'stage' | 'health'>(
    field: F,
    label: string,
    options: readonly { value: ProcessFormValues[F]; label: string }[],
  ) => (
    <Select
      label={label}
      data={options}
      value={values[field]}
      onChange={(value) => {
        const option = options.find((item) => item.value === value);
        if (option) setValue(field, option.value);
      }}
      error={errors[field]}
      allowDeselect={false}
    />
  );

  const numberField = (
    field: 'monthly_volume' | 'handling_minutes' | 'hourly_cost' | 'exception_rate' | 'automation_pct' | 'ftes',
    label: string,
    options: { max?: number; decimals?: boolean; suffix?: string; description?: string } = {},
  ) => (
    <NumberInput
      label={label}
      description={options.description}
      value={values[field]}
      onChange={(value) => setValue(field, toNumberValue(value))}
      error={errors[field]}
      min={0}
      max={options.max}
      allowNegative={false}
      allowDecimal={options.decimals ?? true}
      decimalScale={options.decimals === false ? 0 : 2}
      suffix={options.suffix}
      thousandSeparator=","
      clampBehavior="none"
    />
  );

  const tagsField = (field: 'applications' | 'bots', label: string) => (
    <TagsInput
      label={label}
      description="Press Enter after each"
      value={values[field]}
      onChange={(value) => setValue(field, value)}
      splitChars={[',', ';']}
      clearable
    />
  );

  return (
    <DialogForm submit={submit} submitLabel={process ? 'Save changes' : 'Create process'} onCancel={onClose}>
      <NameFields values={values} errors={errors} setValue={setValue} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DepartmentSelect
          label="Department"
          value={values.department}
          onChange={(value) => setValue('department', value)}
          error={errors.department}
        />
        <PersonSelect
          label="Owner"
          value={values.owner_id}
          onChange={(value) => setValue('owner_id', value)}
          error={errors.owner_id}
        />
        {choiceField('stage', 'Stage', STAGE_OPTIONS)}
        {choiceField('health', 'Health', HEALTH_OPTIONS)}
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="vault-complexity-label">
          Complexity
        </Text>
        <SegmentedControl
          aria-labelledby="vault-complexity-label"
          data={COMPLEXITY_OPTIONS}
          value={values.complexity}
          onChange={(value) => isComplexity(value) && setValue('complexity', value)}
        />
        {errors.complexity && (
          <Text size="xs" c="red">
            {errors.complexity}
          </Text>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {tagsField('applications', 'Applications')}
        {tagsField('bots', 'Bots')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {numberField('monthly_volume', 'Monthly volume', { decimals: false, description: 'Cases per month' })}
        {numberField('handling_minutes', 'Handling time', { description: 'Minutes per case' })}
        {numberField('hourly_cost', 'Hourly cost', { description: `Cost of one working hour, in ${currency.code}` })}
        {numberField('exception_rate', 'Exception rate', {
          max: 100,
          suffix: ' %',
          description: 'Cases handled by hand',
        })}
        {numberField('automation_pct', 'Automation', { max: 100, suffix: ' %', description: 'Share automated today' })}
        {numberField('ftes', 'FTEs', { description: 'People working on it' })}
      </SimpleGrid>
    </DialogForm>
  );
}
