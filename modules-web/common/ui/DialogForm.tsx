import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';

import { submitOnModEnter, type FormSubmit } from '@common/lib/forms';

interface DialogFormProps {
  submit: FormSubmit;
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
}

/** A dialog's form: its fields, the message of a failure that belongs to no field, Cancel and submit. */
export function DialogForm({ submit, submitLabel, onCancel, children }: DialogFormProps) {
  return (
    <form ref={submit.formRef} onSubmit={submit.onSubmit} onKeyDown={submitOnModEnter} noValidate>
      <Stack gap="md">
        {children}
        <FormActions
          submit={submit}
          hint="Ctrl+Enter submits"
          cancel={{ label: 'Cancel', onClick: onCancel }}
          submitLabel={submitLabel}
        />
      </Stack>
    </form>
  );
}

interface FormActionsProps {
  submit: FormSubmit;
  /** What Ctrl+Enter does (`Ctrl+Enter saves`), said on wider screens. */
  hint: string;
  /** The button that leaves the form or undoes its changes. */
  cancel: { label: string; onClick: () => void; disabled?: boolean };
  submitLabel: string;
  submitDisabled?: boolean;
}

/** The end of a form: the message of a failure that belongs to no field, then its buttons. */
export function FormActions({ submit, hint, cancel, submitLabel, submitDisabled }: FormActionsProps) {
  return (
    <>
      {submit.error && (
        <Alert color="red" variant="light" role="alert">
          {submit.error}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {hint}
        </Text>
        <Group gap="sm" ml="auto">
          <Button variant="default" onClick={cancel.onClick} disabled={cancel.disabled}>
            {cancel.label}
          </Button>
          <Button type="submit" loading={submit.saving} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </>
  );
}
