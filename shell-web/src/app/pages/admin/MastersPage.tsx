/**
 * Admin: the master lists every form offers (GET /api/admin/masters?kind=), a tab per
 * kind: search, add (countries and currencies with their ISO code, currencies with a
 * symbol), rename, deactivate or reactivate (nothing is deleted: what people chose keeps
 * its label), move up or down. Each change makes the forms' lists be asked again.
 */

import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Table, Tabs, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

import { api, failureMessage } from '../../../api';
import { forgetMasterOptions } from '../../../options';
import {
  MESSAGES,
  type AdminMaster,
  type AdminMasterList,
  type MasterKind,
  type MoveDirection,
} from '../../../options/generated';
import type { Session } from '../../../session';
import { notifyFailure, notifySuccess } from '../../../ui';
import { AdminTable, TableSearch, WhenLoaded, ModalActions, type AdminColumn } from './AdminParts';
import { useTablePage } from './tablePage';

/** The tabs, in order: each kind with its names for people. */
export const MASTER_KINDS: readonly { kind: MasterKind; label: string; noun: string }[] = [
  { kind: 'gender', label: 'Genders', noun: 'gender' },
  { kind: 'country', label: 'Countries', noun: 'country' },
  { kind: 'currency', label: 'Currencies', noun: 'currency' },
  { kind: 'department', label: 'Departments', noun: 'department' },
  { kind: 'ticket_category', label: 'Ticket categories', noun: 'ticket category' },
  { kind: 'ticket_priority', label: 'Ticket priorities', noun: 'ticket priority' },
];

const hasCode = (kind: MasterKind) => kind === 'country' || kind === 'currency';
const hasSymbol = (kind: MasterKind) => kind === 'currency';

export const mastersKey = (token: string, kind: MasterKind) => ['shell', 'admin', 'masters', kind, token] as const;

const mastersPath = (id: string, action?: string) =>
  `/admin/masters/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/** What the search matches: name, code and symbol. */
const searchText = (entry: AdminMaster) => [entry.name, entry.code, entry.symbol].filter(Boolean).join(' ');

/** Reads the kind's list again and makes the forms ask for their lists again. */
function useChanged(session: Session, kind: MasterKind) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    forgetMasterOptions();
    return queryClient.invalidateQueries({ queryKey: mastersKey(session.token, kind) });
  }, [queryClient, session.token, kind]);
}

function AddForm({ session, kind, noun }: { session: Session; kind: MasterKind; noun: string }) {
  const changed = useChanged(session, kind);
  const form = useForm({
    initialValues: { name: '', code: '', symbol: '' },
    validate: { name: (value) => (value.trim() ? null : MESSAGES.NAME_REQUIRED) },
  });
  const add = useMutation({
    mutationFn: (values: typeof form.values) =>
      api<AdminMaster>('/admin/masters', {
        body: {
          kind,
          name: values.name,
          code: hasCode(kind) ? values.code : null,
          symbol: hasSymbol(kind) ? values.symbol : null,
        },
        token: session.token,
      }),
    onSuccess: (created) => {
      form.reset();
      notifySuccess(`${created.name} added`);
      void changed();
    },
    onError: (err) => notifyFailure(failureMessage(err)),
  });
  return (
    <form onSubmit={form.onSubmit((values) => add.mutate(values))} aria-label={`Add a ${noun}`}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={`New ${noun}`}
          placeholder="Name"
          {...form.getInputProps('name')}
          w={{ base: '100%', sm: 260 }}
        />
        {hasCode(kind) && (
          <TextInput
            label="ISO code"
            placeholder={kind === 'country' ? 'AB' : 'ABC'}
            maxLength={kind === 'country' ? 2 : 3}
            {...form.getInputProps('code')}
            w={{ base: '45%', sm: 110 }}
          />
        )}
        {hasSymbol(kind) && (
          <TextInput label="Symbol" maxLength={8} {...form.getInputProps('symbol')} w={{ base: '45%', sm: 110 }} />
        )}
        <Button type="submit" leftSection={<IconPlus size={16} />} loading={add.isPending}>
          Add
        </Button>
      </Group>
    </form>
  );
}

function RenameModal({ session, entry, onClose }: { session: Session; entry: AdminMaster; onClose: () => void }) {
  const changed = useChanged(session, entry.kind);
  const form = useForm({
    initialValues: { name: entry.name, symbol: entry.symbol ?? '' },
    validate: { name: (value) => (value.trim() ? null : MESSAGES.NAME_REQUIRED) },
  });
  const save = useMutation({
    mutationFn: (values: typeof form.values) =>
      api<AdminMaster>(mastersPath(entry.id), {
        method: 'PUT',
        body: { name: values.name, symbol: hasSymbol(entry.kind) ? values.symbol : null },
        token: session.token,
      }),
    onSuccess: (saved) => {
      notifySuccess(`${saved.name} saved`);
      void changed();
      onClose();
    },
    onError: (err) => notifyFailure(failureMessage(err)),
  });
  return (
    <Modal opened onClose={onClose} title={`Rename ${entry.name}`} centered>
      <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="md">
          <TextInput label="Name" data-autofocus {...form.getInputProps('name')} />
          {hasSymbol(entry.kind) && <TextInput label="Symbol" maxLength={8} {...form.getInputProps('symbol')} />}
          <ModalActions onCancel={onClose}>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </ModalActions>
        </Stack>
      </form>
    </Modal>
  );
}

function EntryActions({
  session,
  entry,
  first,
  last,
  canMove,
  onRename,
}: {
  session: Session;
  entry: AdminMaster;
  first: boolean;
  last: boolean;
  canMove: boolean;
  onRename: () => void;
}) {
  const changed = useChanged(session, entry.kind);
  const toggle = useMutation({
    mutationFn: () =>
      api<AdminMaster>(mastersPath(entry.id, entry.active ? 'deactivate' : 'reactivate'), {
        method: 'POST',
        token: session.token,
      }),
    onSuccess: (saved) => {
      notifySuccess(`${saved.name} ${saved.active ? 'reactivated' : 'deactivated'}`);
      return changed();
    },
    onError: (err) => notifyFailure(failureMessage(err)),
  });
  const move = useMutation({
    mutationFn: (direction: MoveDirection) =>
      api<AdminMasterList>(mastersPath(entry.id, 'move'), { body: { direction }, token: session.token }),
    onSuccess: () => changed(),
    onError: (err) => notifyFailure(failureMessage(err)),
  });
  const moveHint = canMove ? undefined : 'Clear the search to reorder';
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={moveHint ?? 'Move up'}>
        <ActionIcon
          variant="subtle"
          aria-label={`Move ${entry.name} up`}
          disabled={!canMove || first}
          loading={move.isPending && move.variables === 'up'}
          onClick={() => move.mutate('up')}
        >
          <IconArrowUp size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={moveHint ?? 'Move down'}>
        <ActionIcon
          variant="subtle"
          aria-label={`Move ${entry.name} down`}
          disabled={!canMove || last}
          loading={move.isPending && move.variables === 'down'}
          onClick={() => move.mutate('down')}
        >
          <IconArrowDown size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Rename">
        <ActionIcon variant="subtle" aria-label={`Rename ${entry.name}`} onClick={onRename}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Button
        size="xs"
        variant="light"
        color={entry.active ? 'orange' : 'teal'}
        loading={toggle.isPending}
        onClick={() => toggle.mutate()}
        aria-label={`${entry.active ? 'Deactivate' : 'Reactivate'} ${entry.name}`}
        w={104}
      >
        {entry.active ? 'Deactivate' : 'Reactivate'}
      </Button>
    </Group>
  );
}

function KindList({ session, kind, noun }: { session: Session; kind: MasterKind; noun: string }) {
  const query = useQuery({
    queryKey: mastersKey(session.token, kind),
    queryFn: ({ signal }) =>
      api<AdminMasterList>(`/admin/masters?kind=${kind}`, { token: session.token, signal }).then((a) => a.data),
  });
  const entries = query.data ?? [];
  const table = useTablePage(entries, searchText);
  const [renaming, setRenaming] = useState<AdminMaster | null>(null);
  const columns: AdminColumn[] = [
    { label: 'Name' },
    ...(hasCode(kind) ? [{ label: 'Code' }] : []),
    ...(hasSymbol(kind) ? [{ label: 'Symbol' }] : []),
    { label: 'State' },
    { label: 'Actions', hidden: true },
  ];
  return (
    <Stack gap="md">
      <AddForm session={session} kind={kind} noun={noun} />
      <TableSearch table={table} label={`Search ${noun} entries`} />
      <WhenLoaded query={query} loadingLabel={`Loading the ${noun} list`}>
        <AdminTable
          table={table}
          minWidth={620}
          columns={columns}
          empty={`No ${noun} entries yet`}
          noMatch={`No ${noun} matches the search`}
          noun={entries.length === 1 ? 'entry' : 'entries'}
          row={(entry) => {
            const at = entries.indexOf(entry);
            return (
              <Table.Tr key={entry.id}>
                <Table.Td>{entry.name}</Table.Td>
                {hasCode(kind) && <Table.Td>{entry.code}</Table.Td>}
                {hasSymbol(kind) && <Table.Td>{entry.symbol}</Table.Td>}
                <Table.Td>
                  <Badge variant="light" color={entry.active ? 'teal' : 'gray'}>
                    {entry.active ? 'Active' : 'Inactive'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <EntryActions
                    session={session}
                    entry={entry}
                    first={at === 0}
                    last={at === entries.length - 1}
                    canMove={!table.query}
                    onRename={() => setRenaming(entry)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          }}
        />
      </WhenLoaded>
      {renaming && <RenameModal session={session} entry={renaming} onClose={() => setRenaming(null)} />}
    </Stack>
  );
}

export function MastersPage({ session }: { session: Session }) {
  const [kind, setKind] = useState<MasterKind>('department');
  return (
    <Card withBorder radius="md" padding="lg">
      <Tabs value={kind} onChange={(value) => value && setKind(value as MasterKind)} keepMounted={false}>
        <Tabs.List mb="md">
          {MASTER_KINDS.map((tab) => (
            <Tabs.Tab key={tab.kind} value={tab.kind}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {MASTER_KINDS.map((tab) => (
          <Tabs.Panel key={tab.kind} value={tab.kind}>
            <KindList session={session} kind={tab.kind} noun={tab.noun} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}
