import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

import { errorMessage } from '@common/lib/errors';

interface QueryErrorProps {
  /** What could not be loaded, e.g. "The processes could not be loaded"; none for a failed refresh of shown data. */
  title?: string;
  error: unknown;
  onRetry: () => void;
}

/** A failed load: what failed, the server's message and a Retry button. */
export function QueryError({ title, error, onRetry }: QueryErrorProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
