import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconRefresh } from '@tabler/icons-react';
import { errorMessage, isRefused } from '@common/lib/errors';

interface QueryErrorProps {
  /** What could not be loaded, e.g. "The processes could not be loaded"; none for a failed refresh of shown data. */
  title?: string;
  error: unknown;
  onRetry: () => void;
}

/**
 * A failed load: what failed, the server's message and a Retry button. A refusal (403: the
 * person's rights do not allow it, e.g. another module's data) is no failure a retry mends:
 * it is shown as a notice, without Retry.
 */
export function QueryError({ title, error, onRetry }: QueryErrorProps) {
  const refused = isRefused(error);
  return (
    <Alert
      color={refused ? 'yellow' : 'red'}
      variant="light"
      icon={refused ? <IconLock size={18} /> : <IconAlertTriangle size={18} />}
      title={title}
      role="alert"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{errorMessage(error)}</Text>
        {!refused && (
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
            Retry
          </Button>
        )}
      </Group>
    </Alert>
  );
}
