/**
 * Admin: every company with its edition and user count (GET /api/admin/companies), the
 * edition switch, a new company, rename, deactivate and reactivate, and a company's accounts (GET /api/admin/companies/{id}/users) with
 * disabling (after a confirmation) or enabling each one.
 */

import {
  Badge,
  Button,
  Card,
  CloseButton,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { api, failureMessage } from '../../../api';
import type { Session } from '../../../session';
import { notifyFailure, notifySuccess } from '../../../ui';
import { formatDateTime } from '../../format';
import { queryKeys } from '../../queryClient';
import {
  AdminCardHeading,
  AdminListCard,
  AdminTable,
  TableSearch,
  WhenLoaded,
  ModalActions,
  type AdminColumn,
} from './AdminParts';
import { CompanyActionsMenu, CreateCompanyButton } from './CompanyActions';
import {
  accountAction,
  accountActionPath,
  accountName,
  accountNoun,
  accountSearchText,
  canChangeAccount,
  companyAccountsKey,
  companyAccountsPath,
  needsAccountSearch,
  withAccountState,
  type AccountAction,
} from './companyAccounts';
import type { AccountItem, AccountList, CompanyItem, CompanyList } from './generated';
import { useTablePage } from './tablePage';

const EDITIONS = [
  { value: 'community', label: 'Community' },
  { value: 'enterprise', label: 'Enterprise' },
];

const COMPANY_COLUMNS: readonly AdminColumn[] = [
  { label: 'Company' },
  { label: 'Edition' },
  { label: 'Users', right: true },
  { label: 'Created' },
  { label: 'Actions', hidden: true },
];

const ACCOUNT_COLUMNS: readonly AdminColumn[] = [
  { label: 'Name' },
  { label: 'E-mail' },
  { label: 'Job title' },
  { label: 'State' },
  { label: 'Role' },
  { label: 'Actions', hidden: true },
];

/** The button of each account action. */
const ACTION_LOOK = {
  disable: { label: 'Disable', color: 'orange', Icon: IconUserOff },
  enable: { label: 'Enable', color: 'teal', Icon: IconUserCheck },
} as const;

/** The host's own words for disabling oneself (host/src/admin/mod.rs). */
const NOT_YOURSELF = 'You cannot disable your own account';

function EditionSelect({ company, session }: { company: CompanyItem; session: Session }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (edition: string) =>
      api<{ message: string }>(`/admin/companies/${encodeURIComponent(company.id)}/edition`, {
        method: 'POST',
        body: { edition },
        token: session.token,
      }),
    onSuccess: (answer, edition) => {
      queryClient.setQueryData<CompanyList>(queryKeys.adminCompanies(session.token), (old) =>
        old ? { data: old.data.map((item) => (item.id === company.id ? { ...item, edition } : item)) } : old,
      );
      notifySuccess(answer.message);
    },
    onError: (err) => notifyFailure(failureMessage(err)),
  });
  return (
    <Select
      aria-label={`Edition of ${company.name}`}
      data={EDITIONS}
      value={company.edition}
      onChange={(value) => value && value !== company.edition && change.mutate(value)}
      allowDeselect={false}
      disabled={change.isPending}
      rightSection={change.isPending ? <Loader size={14} /> : undefined}
      w={150}
      size="xs"
    />
  );
}

/** The Disable or Enable button of one account, with the confirmation before disabling. */
function AccountActionButton({
  account,
  companyId,
  session,
}: {
  account: AccountItem;
  companyId: string;
  session: Session;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const key = companyAccountsKey(session.token, companyId);
  const change = useMutation({
    mutationFn: (action: AccountAction) =>
      api<{ message: string }>(accountActionPath(account.id, action), { method: 'POST', token: session.token }),
    onSuccess: (answer, action) => {
      queryClient.setQueryData<AccountList>(key, (old) =>
        old ? { data: withAccountState(old.data, account.id, action === 'disable') } : old,
      );
      setConfirming(false);
      notifySuccess(answer.message);
    },
    onError: (err) => notifyFailure(failureMessage(err)),
    // The button keeps its loader until the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const action = accountAction(account);
  const look = ACTION_LOOK[action];
  const name = accountName(account);

  if (!canChangeAccount(account, session.userdata.user_id)) {
    return (
      <Tooltip label={NOT_YOURSELF} withArrow>
        <span>
          <Button size="xs" variant="light" color="orange" leftSection={<IconUserOff size={14} />} disabled>
            Disable
          </Button>
        </span>
      </Tooltip>
    );
  }

  return (
    <>
      <Button
        size="xs"
        variant="light"
        color={look.color}
        leftSection={<look.Icon size={14} />}
        loading={change.isPending}
        onClick={() => (action === 'disable' ? setConfirming(true) : change.mutate('enable'))}
        aria-label={`${look.label} ${name}`}
      >
        {look.label}
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Disable the account?" centered>
        <Stack gap="md">
          <Text size="sm">
            {name} ({account.email}) is signed out at once and cannot sign in until the account is enabled again.
          </Text>
          <ModalActions onCancel={() => setConfirming(false)}>
            <Button
              color="orange"
              leftSection={<IconUserOff size={16} />}
              loading={change.isPending}
              onClick={() => change.mutate('disable')}
            >
              Disable
            </Button>
          </ModalActions>
        </Stack>
      </Modal>
    </>
  );
}

/** The accounts of the chosen company, searchable and paged. */
function AccountsCard({ company, session, onClose }: { company: CompanyItem; session: Session; onClose: () => void }) {
  const accounts = useQuery({
    queryKey: companyAccountsKey(session.token, company.id),
    queryFn: ({ signal }) => api<AccountList>(companyAccountsPath(company.id), { token: session.token, signal }),
  });
  const list = accounts.data?.data ?? [];
  const table = useTablePage(list, accountSearchText);
  const card = useRef<HTMLDivElement>(null);

  // On a narrow screen the card opens below the companies: bring it into view.
  useEffect(() => {
    card.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, []);

  return (
    <Card withBorder radius="md" padding="lg" ref={card} id={`company-accounts-${company.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <AdminCardHeading
          title={`Accounts of ${company.name}`}
          description="A disabled account's sessions end at once and it cannot sign in until it is enabled again."
          query={accounts}
          refreshingLabel="Refreshing the accounts"
        />
        <CloseButton aria-label="Close the accounts" onClick={onClose} />
      </Group>
      <WhenLoaded query={accounts} loadingLabel="Loading the accounts">
        {needsAccountSearch(list.length) && (
          <Group mb="sm">
            <TableSearch table={table} label="Search by name or e-mail" />
          </Group>
        )}
        <AdminTable
          table={table}
          minWidth={720}
          columns={ACCOUNT_COLUMNS}
          empty="This company has no accounts."
          noMatch="No account matches the search."
          noun={accountNoun(table.matching, list.length)}
          row={(account) => (
            <Table.Tr key={account.id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {accountName(account)}
                  </Text>
                  {account.id === session.userdata.user_id && (
                    <Badge size="xs" variant="outline" color="gray">
                      You
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {account.email}
                </Text>
              </Table.Td>
              <Table.Td>
                {account.jobTitle ? (
                  <Text size="sm">{account.jobTitle}</Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={account.disabled ? 'red' : 'green'}>
                  {account.disabled ? 'Disabled' : 'Active'}
                </Badge>
              </Table.Td>
              <Table.Td>
                {account.isAdmin ? (
                  <Badge size="sm" variant="light" color="violet">
                    Admin
                  </Badge>
                ) : (
                  <Badge size="sm" variant="light" color="gray">
                    User
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="right">
                <AccountActionButton account={account} companyId={company.id} session={session} />
              </Table.Td>
            </Table.Tr>
          )}
        />
      </WhenLoaded>
    </Card>
  );
}

export function CompaniesPage({ session }: { session: Session }) {
  const companies = useQuery({
    queryKey: queryKeys.adminCompanies(session.token),
    queryFn: ({ signal }) => api<CompanyList>('/admin/companies', { token: session.token, signal }),
  });
  const textOf = useCallback((company: CompanyItem) => `${company.name} ${company.edition}`, []);
  const table = useTablePage(companies.data?.data ?? [], textOf);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = companies.data?.data.find((company) => company.id === selectedId) ?? null;

  return (
    <WhenLoaded query={companies}>
      <Stack gap="lg">
        <Group justify="flex-end">
          <CreateCompanyButton session={session} />
        </Group>
        <AdminListCard
          title="Companies"
          description="Choose a company's user count to see its accounts."
          searchLabel="Search companies"
          table={table}
          minWidth={680}
          columns={COMPANY_COLUMNS}
          empty="There are no companies yet."
          noMatch="No company matches the search."
          noun={table.matching === 1 ? 'company' : 'companies'}
          row={(company) => {
            const open = company.id === selectedId;
            return (
              <Table.Tr key={company.id} bg={open ? 'var(--mantine-primary-color-light)' : undefined}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {company.name}
                    </Text>
                    {company.deactivatedAt && (
                      <Badge size="xs" variant="light" color="red">
                        Deactivated
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {company.id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <EditionSelect company={company} session={session} />
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant={open ? 'filled' : 'light'}
                    rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
                    aria-expanded={open}
                    aria-controls={open ? `company-accounts-${company.id}` : undefined}
                    onClick={() => setSelectedId(open ? null : company.id)}
                  >
                    {company.users}
                    <VisuallyHidden> accounts of {company.name}</VisuallyHidden>
                  </Button>
                </Table.Td>
                <Table.Td>{formatDateTime(company.createdAt)}</Table.Td>
                <Table.Td ta="right">
                  <CompanyActionsMenu company={company} session={session} />
                </Table.Td>
              </Table.Tr>
            );
          }}
        />
        {selected && (
          <AccountsCard key={selected.id} company={selected} session={session} onClose={() => setSelectedId(null)} />
        )}
      </Stack>
    </WhenLoaded>
  );
}
