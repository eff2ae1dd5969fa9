import { Button, Card, Group, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/** A profile card holding one form: the title, the fields, and the submit button named `action`. */
export function FormCard({
  title,
  action,
  onSubmit,
  saving,
  disabled,
  children,
}: {
  title: string;
  action: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  /** The submit button is off (nothing has changed). */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={disabled}>
              {action}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
