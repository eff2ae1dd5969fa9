/**
 * Admin: the people's requests to delete their data (GET /api/admin/deletionRequests),
 * pending ones first. The host's job carries a request out once its grace period is over;
 * the person then shows as "Deleted user".
 */

import { Badge, Card, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';

import { api } from '../../../api';
import type { DeletionRequestRow, Session } from '../../../session';
import { formatDateTime } from '../../format';
import { AdminTable, TableSearch, WhenLoaded, type AdminColumn } from './AdminParts';
import { useTablePage } from './tablePage';

const COLUMNS: readonly AdminColumn[] = [
  { label: 'Person' },
  { label: 'Email' },
  { label: 'Requested' },
  { label: 'Due' },
  { label: 'State' },
];

/** What a row says of its request: pending until the job has carried it out. */
export function deletionState(row: DeletionRequestRow): { label: string; color: string } {
  return row.completed_at
    ? { label: `Deleted ${formatDateTime(row.completed_at)}`, color: 'gray' }
    : { label: 'Pending', color: 'orange' };
}

function List({ rows }: { rows: DeletionRequestRow[] }) {
  const textOf = useCallback((row: DeletionRequestRow) => `${row.name} ${row.email} ${row.user_id}`, []);
  const table = useTablePage(rows, textOf);
  return (
    <Card withBorder radius="md" padding="lg">
      <TableSearch table={table} label="Search requests" />
      <AdminTable
        table={table}
        minWidth={720}
        columns={COLUMNS}
        empty="No one has asked for their data to be deleted."
        noMatch="No request matches the search."
        noun="requests"
        row={(row) => {
          const state = deletionState(row);
          return (
            <Table.Tr key={row.user_id}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>{formatDateTime(row.requested_at)}</Table.Td>
              <Table.Td>{formatDateTime(row.due_at)}</Table.Td>
              <Table.Td>
                <Badge color={state.color} variant="light">
                  {state.label}
                </Badge>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
    </Card>
  );
}

export function DeletionRequestsPage({ session }: { session: Session }) {
  const query = useQuery({
    queryKey: ['shell', 'admin', 'deletionRequests', session.token],
    queryFn: () => api<DeletionRequestRow[]>('/admin/deletionRequests', { token: session.token }),
  });
  return (
    <WhenLoaded query={query} loadingLabel="Loading deletion requests">
      <List rows={query.data ?? []} />
    </WhenLoaded>
  );
}
