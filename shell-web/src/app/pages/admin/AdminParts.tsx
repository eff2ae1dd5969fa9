/**
 * Pieces the admin pages share: the loader or failure notice of a list, and the searchable,
 * paged table with its empty row, alone or in a titled card.
 */

import { Alert, Button, Card, Group, Loader, Pagination, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { ApiError, failureMessage } from '../../../api';
import type { TablePage } from './tablePage';

/** A failed admin call: a 403 shows the host's message (only platform admins get data). */
export function AdminError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const forbidden = error instanceof ApiError && error.status === 403;
  const message = failureMessage(error);
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

/** The children once `query` has its data; before that a loader (named `loadingLabel`) or the failure. */
export function WhenLoaded({
  query,
  loadingLabel,
  children,
}: {
  query: UseQueryResult<unknown>;
  loadingLabel?: string;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={loadingLabel} />
      </Group>
    );
  }
  if (query.isError) return <AdminError error={query.error} onRetry={() => void query.refetch()} />;
  return children;
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

/** A column heading; a `hidden` one (the actions) is named for assistive technology only. */
export interface AdminColumn {
  label: string;
  right?: boolean;
  hidden?: boolean;
}

/** A table of `rows` (`row` gives each `Table.Tr`), or one row saying `empty` when there is none. */
export interface AdminRowsProps<T> {
  rows: readonly T[];
  minWidth: number;
  columns: readonly AdminColumn[];
  empty: string;
  row: (item: T) => ReactNode;
}

export function AdminRows<T>({ rows, minWidth, columns, empty, row }: AdminRowsProps<T>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              column.hidden ? (
                <Table.Th key={column.label} aria-label={column.label} />
              ) : (
                <Table.Th key={column.label} ta={column.right ? 'right' : undefined}>
                  {column.label}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" size="sm" ta="center" py="md">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map(row)
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The current page of `table` with a row each (`row` gives the `Table.Tr`), a row saying
 * `empty` (or `noMatch` while searching) when there is none, and the pager counting `noun`.
 */
export interface AdminTableProps<T> {
  table: TablePage<T>;
  minWidth: number;
  columns: readonly AdminColumn[];
  empty: string;
  noMatch: string;
  noun: string;
  row: (item: T) => ReactNode;
}

export function AdminTable<T>({ table, minWidth, columns, empty, noMatch, noun, row }: AdminTableProps<T>) {
  return (
    <>
      <AdminRows
        rows={table.rows}
        minWidth={minWidth}
        columns={columns}
        empty={table.query ? noMatch : empty}
        row={row}
      />
      <TablePager table={table} noun={noun} />
    </>
  );
}

/** A dialog's buttons: Cancel (`onCancel`), then `children`, the dialog's own action. */
export function ModalActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      {children}
    </Group>
  );
}

/** A card's title and dimmed description, with a small loader while `query` refreshes data it already shows. */
export function AdminCardHeading({
  title,
  description,
  query,
  refreshingLabel,
}: {
  title: ReactNode;
  description: ReactNode;
  query: UseQueryResult<unknown>;
  refreshingLabel: string;
}) {
  return (
    <div>
      <Group gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {query.isFetching && !query.isPending && <Loader size={14} aria-label={refreshingLabel} />}
      </Group>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </div>
  );
}

/** A page's list in a card: `title` (and `description`) beside the search, then the table. */
export function AdminListCard<T>({
  title,
  description,
  searchLabel,
  ...list
}: AdminTableProps<T> & { title: string; description?: string; searchLabel: string }) {
  const heading = (
    <Title order={2} size="h5">
      {title}
    </Title>
  );
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm" wrap="wrap">
        {description ? (
          <div>
            {heading}
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
        ) : (
          heading
        )}
        <TableSearch table={list.table} label={searchLabel} />
      </Group>
      <AdminTable {...list} />
    </Card>
  );
}

/** The pager of a list the host pages: how many match, and the pages when there is more than one. */
export function ServerPager({
  total,
  page,
  pages,
  noun,
  onPage,
}: {
  total: number;
  page: number;
  pages: number;
  noun: string;
  onPage: (page: number) => void;
}) {
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed">
        {total} {noun}
      </Text>
      {pages > 1 && <Pagination total={pages} value={page} onChange={onPage} size="sm" />}
    </Group>
  );
}
