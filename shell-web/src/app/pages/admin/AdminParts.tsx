/** Pieces the admin pages share: the refusal or failure notice, and search with pagination. */

import { Alert, Button, Group, Pagination, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';

import { ApiError, FALLBACK_MESSAGE } from '../../../api';
import type { TablePage } from './tablePage';

/** A failed admin call: a 403 shows the host's message (only platform admins get data). */
export function AdminError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const forbidden = error instanceof ApiError && error.status === 403;
  const message = error instanceof ApiError ? error.message : FALLBACK_MESSAGE;
  return (
    <Alert
      color={forbidden ? 'orange' : 'red'}
      icon={<IconAlertTriangle size={20} />}
      title={forbidden ? 'Not allowed' : 'The list could not be loaded'}
      role="alert"
    >
      <Text size="sm">{message}</Text>
      {!forbidden && onRetry && (
        <Button size="xs" variant="light" mt="sm" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Alert>
  );
}

export function TableSearch<T>({ table, label }: { table: TablePage<T>; label: string }) {
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} />}
      value={table.query}
      onChange={(event) => table.setQuery(event.currentTarget.value)}
      maw={360}
    />
  );
}

export function TablePager<T>({ table, noun }: { table: TablePage<T>; noun: string }) {
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed">
        {table.matching} {noun}
      </Text>
      {table.pages > 1 && <Pagination total={table.pages} value={table.page} onChange={table.setPage} size="sm" />}
    </Group>
  );
}
