import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';

import { submitOnModEnter, type FormSubmit } from './forms';

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
        {submit.error && (
          <Alert color="red" variant="light" role="alert">
            {submit.error}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed" visibleFrom="sm">
            Ctrl+Enter submits
          </Text>
          <Group gap="sm" ml="auto">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={submit.saving}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
