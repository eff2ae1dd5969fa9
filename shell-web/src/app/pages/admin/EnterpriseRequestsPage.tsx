/**
 * Admin: the requests for the enterprise edition (GET /api/admin/enterpriseRequests), newest
 * first, a page at a time; Upgrade (after a confirmation) gives the company the enterprise
 * edition and marks the request handled.
 */

import { Badge, Button, Card, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconArrowUpCircle } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { api, failureMessage } from '../../../api';
import type { Session } from '../../../session';
import { notifyFailure, notifySuccess } from '../../../ui';
import { formatDateTime } from '../../format';
import { AdminCardHeading, AdminRows, ServerPager, WhenLoaded, ModalActions, type AdminColumn } from './AdminParts';
import { SERVER_PAGE_SIZE, canUpgrade, pageCount, withQuery } from './adminLists';
import type { EnterpriseRequestItem, EnterpriseRequestPage, UpgradeAnswer } from './generated';

const COLUMNS: readonly AdminColumn[] = [
  { label: 'Requested by' },
  { label: 'Company' },
  { label: 'Contact' },
  { label: 'Received' },
  { label: 'State' },
  { label: 'Actions', hidden: true },
];

function requestsKey(token: string, page: number) {
  return ['shell', 'admin', 'enterpriseRequests', token, page] as const;
}

function UpgradeModal({
  request,
  session,
  onClose,
}: {
  request: EnterpriseRequestItem | null;
  session: Session;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const upgrade = useMutation({
    mutationFn: (id: string) =>
      api<UpgradeAnswer>(`/admin/enterpriseRequests/${encodeURIComponent(id)}/upgrade`, {
        method: 'POST',
        token: session.token,
      }),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      onClose();
    },
    onError: (err) => notifyFailure(failureMessage(err)),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: ['shell', 'admin', 'enterpriseRequests', session.token] }),
  });
  return (
    <Modal opened={request !== null} onClose={onClose} title="Upgrade to the enterprise edition?" centered>
      {request && (
        <Stack gap="md">
          <Text size="sm">
            {request.companyName} gets the enterprise edition: its people's premium modules open on their next request.
            The request of {request.name} is marked handled.
          </Text>
          <ModalActions onCancel={onClose}>
            <Button
              leftSection={<IconArrowUpCircle size={16} />}
              loading={upgrade.isPending}
              onClick={() => upgrade.mutate(request.id)}
            >
              Upgrade
            </Button>
          </ModalActions>
        </Stack>
      )}
    </Modal>
  );
}

function RequestState({ request }: { request: EnterpriseRequestItem }) {
  if (request.handledAt) {
    return (
      <Stack gap={2}>
        <Badge size="sm" variant="light" color="teal">
          Handled
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDateTime(request.handledAt)}
          {request.handledBy ? ` by ${request.handledBy}` : ''}
        </Text>
      </Stack>
    );
  }
  return (
    <Badge size="sm" variant="light" color="orange">
      Pending
    </Badge>
  );
}

export function EnterpriseRequestsPage({ session }: { session: Session }) {
  const [page, setPage] = useState(1);
  const [upgrading, setUpgrading] = useState<EnterpriseRequestItem | null>(null);
  const requests = useQuery({
    queryKey: requestsKey(session.token, page),
    queryFn: ({ signal }) =>
      api<EnterpriseRequestPage>(withQuery('/admin/enterpriseRequests', { page, pageSize: SERVER_PAGE_SIZE }), {
        token: session.token,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const data = requests.data;
  const rows = data?.data ?? [];
  const total = data?.total ?? 0;

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <AdminCardHeading
          title="Enterprise requests"
          description="What community users sent from the enterprise edition form, newest first."
          query={requests}
          refreshingLabel="Refreshing the requests"
        />
      </Group>
      <WhenLoaded query={requests} loadingLabel="Loading the requests">
        <AdminRows
          rows={rows}
          minWidth={880}
          columns={COLUMNS}
          empty="No enterprise request yet."
          row={(request) => (
            <Table.Tr key={request.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {request.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {request.email}
                  {request.accountEmail !== request.email ? ` (account ${request.accountEmail})` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{request.companyName}</Text>
                <Badge size="xs" variant="light" color={request.edition === 'enterprise' ? 'violet' : 'gray'}>
                  {request.edition === 'enterprise' ? 'Enterprise' : 'Community'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{request.contactNumber}</Text>
                <Text size="xs" c="dimmed">
                  {request.country}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(request.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <RequestState request={request} />
              </Table.Td>
              <Table.Td ta="right">
                {canUpgrade(request) && (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconArrowUpCircle size={14} />}
                    onClick={() => setUpgrading(request)}
                    aria-label={`Upgrade ${request.companyName}`}
                  >
                    Upgrade
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          )}
        />
        <ServerPager
          total={total}
          page={page}
          pages={pageCount(total, data?.pageSize ?? SERVER_PAGE_SIZE)}
          noun={total === 1 ? 'request' : 'requests'}
          onPage={setPage}
        />
      </WhenLoaded>
      <UpgradeModal request={upgrading} session={session} onClose={() => setUpgrading(null)} />
    </Card>
  );
}
