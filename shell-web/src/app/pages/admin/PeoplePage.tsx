/**
 * Admin: people across companies (GET /api/admin/users), searched by name or e-mail and paged
 * by the host, each with their companies; disable (after a confirmation) or enable an
 * account, and mail a password reset link.
 */

import { Badge, Button, Card, Group, Menu, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconKey, IconSearch, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { api, failureMessage } from '../../../api';
import type { Session } from '../../../session';
import { notifyFailure, notifySuccess } from '../../../ui';
import { AdminCardHeading, AdminRows, ServerPager, WhenLoaded, ModalActions, type AdminColumn } from './AdminParts';
import { SERVER_PAGE_SIZE, pageCount, peoplePath, personCompanyLabel } from './adminLists';
import type { PersonItem, PersonPage } from './generated';
import { accountAction, accountActionPath, accountName, canChangeAccount, type AccountAction } from './companyAccounts';

const COLUMNS: readonly AdminColumn[] = [
  { label: 'Name' },
  { label: 'E-mail' },
  { label: 'Companies' },
  { label: 'State' },
  { label: 'Actions', hidden: true },
];

/** What a confirmation asks before the change. */
type Pending = { person: PersonItem; change: AccountAction | 'resetLink' };

function PersonActions({
  person,
  session,
  onAsk,
}: {
  person: PersonItem;
  session: Session;
  onAsk: (p: Pending) => void;
}) {
  const name = accountName(person);
  const action = accountAction(person);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="subtle" rightSection={<IconDots size={14} />} aria-label={`Actions for ${name}`}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {action === 'disable' ? (
          <Menu.Item
            color="orange"
            leftSection={<IconUserOff size={14} />}
            disabled={!canChangeAccount(person, session.userdata.user_id)}
            onClick={() => onAsk({ person, change: 'disable' })}
          >
            Deactivate
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconUserCheck size={14} />} onClick={() => onAsk({ person, change: 'enable' })}>
            Reactivate
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconKey size={14} />} onClick={() => onAsk({ person, change: 'resetLink' })}>
          Send a password reset link
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

const CONFIRM = {
  disable: {
    title: 'Deactivate the account?',
    text: (name: string) => `${name} is signed out at once and cannot sign in until the account is reactivated.`,
    action: 'Deactivate',
    color: 'orange',
  },
  enable: {
    title: 'Reactivate the account?',
    text: (name: string) => `${name} may sign in again.`,
    action: 'Reactivate',
    color: 'teal',
  },
  resetLink: {
    title: 'Send a password reset link?',
    text: (name: string) => `${name} gets the forgot-password mail: a link valid for 30 minutes.`,
    action: 'Send the link',
    color: 'blue',
  },
} as const;

function ConfirmModal({
  pending,
  session,
  onClose,
}: {
  pending: Pending | null;
  session: Session;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: ({ person, change }: Pending) =>
      api<{ message: string }>(
        change === 'resetLink'
          ? `/admin/users/${encodeURIComponent(person.id)}/resetLink`
          : accountActionPath(person.id, change),
        { method: 'POST', token: session.token },
      ),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      onClose();
    },
    onError: (err) => notifyFailure(failureMessage(err)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['shell', 'admin', 'people', session.token] }),
  });
  const look = pending ? CONFIRM[pending.change] : null;
  return (
    <Modal opened={pending !== null} onClose={onClose} title={look?.title} centered>
      {pending && look && (
        <Stack gap="md">
          <Text size="sm">{look.text(`${accountName(pending.person)} (${pending.person.email})`)}</Text>
          <ModalActions onCancel={onClose}>
            <Button color={look.color} loading={change.isPending} onClick={() => change.mutate(pending)}>
              {look.action}
            </Button>
          </ModalActions>
        </Stack>
      )}
    </Modal>
  );
}

export function PeoplePage({ session }: { session: Session }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending | null>(null);
  const people = useQuery({
    queryKey: ['shell', 'admin', 'people', session.token, debounced, page],
    queryFn: ({ signal }) => api<PersonPage>(peoplePath(debounced, page), { token: session.token, signal }),
    placeholderData: keepPreviousData,
  });
  const total = people.data?.total ?? 0;
  const noun = total === 1 ? 'person' : 'people';

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <AdminCardHeading
          title="People"
          description="Every account of every company."
          query={people}
          refreshingLabel="Refreshing the people"
        />
        <TextInput
          aria-label="Search by name or e-mail"
          placeholder="Search by name or e-mail"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 320 }}
        />
      </Group>
      <WhenLoaded query={people} loadingLabel="Loading the people">
        <AdminRows
          rows={people.data?.data ?? []}
          minWidth={820}
          columns={COLUMNS}
          empty={debounced ? 'Nobody matches the search.' : 'Nobody has an account yet.'}
          row={(person) => (
            <Table.Tr key={person.id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {accountName(person)}
                  </Text>
                  {person.isAdmin && (
                    <Badge size="xs" variant="light" color="violet">
                      Platform admin
                    </Badge>
                  )}
                </Group>
                {person.jobTitle && (
                  <Text size="xs" c="dimmed">
                    {person.jobTitle}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {person.email}
                </Text>
              </Table.Td>
              <Table.Td>
                {person.companies.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                ) : (
                  <Stack gap={2}>
                    {person.companies.map((company) => (
                      <Text key={company.id} size="sm">
                        {personCompanyLabel(company)}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={person.disabled ? 'red' : 'green'}>
                  {person.disabled ? 'Deactivated' : 'Active'}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                <PersonActions person={person} session={session} onAsk={setPending} />
              </Table.Td>
            </Table.Tr>
          )}
        />
        <ServerPager
          total={total}
          page={page}
          pages={pageCount(total, people.data?.pageSize ?? SERVER_PAGE_SIZE)}
          noun={noun}
          onPage={setPage}
        />
      </WhenLoaded>
      <ConfirmModal pending={pending} session={session} onClose={() => setPending(null)} />
    </Card>
  );
}
