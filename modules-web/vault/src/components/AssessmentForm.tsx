import { useState } from 'react';
import {
  Alert,
  Button,
  Divider,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from '@autoscope/web-sdk';

import { DialogForm } from '@common/ui/DialogForm';
import { isConflict } from '@common/lib/errors';
import { useFormState, useFormSubmit } from '@common/lib/forms';
import { ResponsiveModal, type DialogProps } from '@common/ui/ResponsiveModal';
import { stageLabel } from '@common/domain/vocabulary';
import { refetchStale, useAssessProcess } from '../api';
import type { Process } from '../types';
import {
  ASSESSMENT_QUESTIONS,
  assessmentFormValues,
  fieldOfServerMessage,
  validateAssessment,
  toNumberValue,
  type AssessmentFormValues,
} from '../validation';
import { BenefitPanel } from './BenefitPanel';

interface AssessmentFormProps extends DialogProps {
  process: Process | null;
}

const ANSWERS = ['1', '2', '3', '4', '5'];

/** The detailed assessment's figures. */
const DETAILED_FIELDS = [
  { field: 'monthly_volume', label: 'Monthly volume', description: 'Cases per month', whole: true },
  { field: 'handling_minutes', label: 'Handling time', description: 'Minutes per case', whole: false },
  { field: 'ftes', label: 'FTEs', description: 'People working on it', whole: false },
] as const;

/**
 * The assessment: five quick questions (1–5) and the detailed figures. The plugin computes
 * the scores; after saving, the dialog shows what it computed.
 */
export function AssessmentForm({ process, ...dialog }: AssessmentFormProps) {
  return (
    <ResponsiveModal {...dialog} title={process ? `Assess ${process.name}` : 'Assess'} size="xl">
      {process && <AssessmentBody process={process} onClose={dialog.onClose} />}
    </ResponsiveModal>
  );
}

function AssessmentBody({ process, onClose }: { process: Process; onClose: () => void }) {
  const notify = useNotify();
  const client = useQueryClient();
  const form = useFormState<AssessmentFormValues>(() => assessmentFormValues(process));
  const { values, errors, setValue } = form;
  const [result, setResult] = useState<Process | null>(null);
  const assess = useAssessProcess();
  const submit = useFormSubmit(form, {
    validate: validateAssessment,
    fieldOf: fieldOfServerMessage,
    save: async (current) => {
      setResult(await assess.mutateAsync({ id: process.id, version: process.version, values: current }));
      notify.success('Assessment saved');
    },
    // Someone else saved first: the form opened again starts from their version.
    onFailure: (error) => {
      if (isConflict(error)) refetchStale(client, process.id);
    },
  });

  if (result) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" title="Assessment saved">
          {result.stage !== process.stage
            ? `The process moved from ${stageLabel(process.stage)} to ${stageLabel(result.stage)}.`
            : 'The scores below are computed from your answers.'}
        </Alert>
        <BenefitPanel process={result} />
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Done
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <DialogForm submit={submit} submitLabel="Save assessment" onCancel={onClose}>
      <div>
        <Title order={4}>Quick assessment</Title>
        <Text size="sm" c="dimmed">
          Rate each from 1 to 5; 5 is the most automatable.
        </Text>
      </div>
      {ASSESSMENT_QUESTIONS.map(({ key, label, hint }) => {
        const labelId = `vault-assessment-${key}`;
        const answer = values[key];
        return (
          <Stack key={key} gap={4}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <div>
                <Text size="sm" fw={500} id={labelId}>
                  {label}
                </Text>
                <Text size="xs" c="dimmed">
                  {hint}
                </Text>
              </div>
              <SegmentedControl
                aria-labelledby={labelId}
                aria-invalid={errors[key] ? true : undefined}
                data={ANSWERS}
                // No answer yet: a value outside the options selects none.
                value={answer == null ? '' : String(answer)}
                onChange={(value) => setValue(key, Number(value))}
                color={errors[key] ? 'red' : undefined}
              />
            </Group>
            {errors[key] && (
              <Text size="xs" c="red" role="alert">
                {errors[key]}
              </Text>
            )}
          </Stack>
        );
      })}
      <Divider />
      <div>
        <Title order={4}>Detailed assessment</Title>
        <Text size="sm" c="dimmed">
          The figures the yearly benefit is computed from.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {DETAILED_FIELDS.map(({ field, label, description, whole }) => (
          <NumberInput
            key={field}
            label={label}
            description={description}
            value={values[field]}
            onChange={(value) => setValue(field, toNumberValue(value))}
            error={errors[field]}
            min={0}
            allowNegative={false}
            allowDecimal={!whole}
            decimalScale={whole ? 0 : 2}
            thousandSeparator=","
          />
        ))}
      </SimpleGrid>
      <TagsInput
        label="Applications"
        description="The systems the process touches; press Enter after each"
        value={values.applications}
        onChange={(value) => setValue('applications', value)}
        splitChars={[',', ';']}
        clearable
      />
    </DialogForm>
  );
}
