/**
 * The admin companies page's changes: a new company whose first company admin is invited by
 * mail (POST /api/admin/companies), and per company rename, deactivate and reactivate.
 */

import { Button, Menu, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingPlus, IconDots, IconPencil, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { api, failureMessage } from '../../../api';
import { currencySymbol } from '../../../options';
import { CountrySelect } from '../../../public/fields/CountrySelect';
import { CurrencySelect } from '../../../public/fields/CurrencySelect';
import type { Session } from '../../../session';
import { notifyFailure, notifySuccess } from '../../../ui';
import { queryKeys } from '../../queryClient';
import { ModalActions } from './AdminParts';
import type { CompanyItem } from './generated';
import {
  companyActionPath,
  companyNameError,
  newCompanyErrors,
  type CompanyAction,
  type NewCompanyValues,
} from './companyChanges';

function useRefreshCompanies(session: Session) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.adminCompanies(session.token) });
}

/** The New company button and its form. */
export function CreateCompanyButton({ session }: { session: Session }) {
  const [opened, setOpened] = useState(false);
  const refresh = useRefreshCompanies(session);
  const form = useForm<NewCompanyValues>({
    initialValues: { name: '', country: '', currencyName: 'USD', edition: 'community', adminEmail: '' },
    validate: newCompanyErrors,
  });
  const create = useMutation({
    mutationFn: (values: NewCompanyValues) =>
      api<CompanyItem>('/admin/companies', {
        body: {
          ...values,
          name: values.name.trim(),
          adminEmail: values.adminEmail.trim(),
          currencySymbol: currencySymbol(values.currencyName) ?? '',
        },
        token: session.token,
      }),
    onSuccess: (company, values) => {
      notifySuccess(`${company.name} was created; ${values.adminEmail.trim()} was invited as its company admin`);
      form.reset();
      setOpened(false);
      void refresh();
    },
    onError: (err) => notifyFailure(failureMessage(err)),
  });
  return (
    <>
      <Button leftSection={<IconBuildingPlus size={16} />} onClick={() => setOpened(true)}>
        New company
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="A new company" centered>
        <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
          <Stack gap="sm">
            <TextInput label="Company name" required data-autofocus {...form.getInputProps('name')} />
            <CountrySelect label="Country" required {...form.getInputProps('country')} />
            <CurrencySelect label="Currency" required {...form.getInputProps('currencyName')} />
            <div>
              <Text size="sm" fw={500} mb={4} id="new-company-edition">
                Edition
              </Text>
              <SegmentedControl
                aria-labelledby="new-company-edition"
                data={[
                  { value: 'community', label: 'Community' },
                  { value: 'enterprise', label: 'Enterprise' },
                ]}
                {...form.getInputProps('edition')}
              />
            </div>
            <TextInput
              label="Company admin's e-mail"
              description="They get an invitation to join as the company's admin."
              type="email"
              required
              {...form.getInputProps('adminEmail')}
            />
            <ModalActions onCancel={() => setOpened(false)}>
              <Button type="submit" loading={create.isPending}>
                Create company
              </Button>
            </ModalActions>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function RenameModal({ company, session, onClose }: { company: CompanyItem; session: Session; onClose: () => void }) {
  const refresh = useRefreshCompanies(session);
  const [name, setName] = useState(company.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (next: string) =>
      api<{ message: string }>(companyActionPath(company.id, 'name'), {
        body: { name: next },
        token: session.token,
      }),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      void refresh();
      onClose();
    },
    // The host's words (a taken name) are shown under the field.
    onError: (err) => setError(failureMessage(err)),
  });
  return (
    <Modal opened onClose={onClose} title={`Rename ${company.name}`} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const problem = companyNameError(name);
          setError(problem);
          if (!problem) rename.mutate(name.trim());
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Company name"
            required
            data-autofocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
          />
          <ModalActions onCancel={onClose}>
            <Button type="submit" loading={rename.isPending}>
              Rename
            </Button>
          </ModalActions>
        </Stack>
      </form>
    </Modal>
  );
}

function ActivationModal({
  company,
  session,
  onClose,
}: {
  company: CompanyItem;
  session: Session;
  onClose: () => void;
}) {
  const refresh = useRefreshCompanies(session);
  const action: CompanyAction = company.deactivatedAt ? 'reactivate' : 'deactivate';
  const change = useMutation({
    mutationFn: () =>
      api<{ message: string }>(companyActionPath(company.id, action), { method: 'POST', token: session.token }),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      void refresh();
      onClose();
    },
    onError: (err) => notifyFailure(failureMessage(err)),
  });
  const deactivating = action === 'deactivate';
  return (
    <Modal
      opened
      onClose={onClose}
      title={deactivating ? 'Deactivate the company?' : 'Reactivate the company?'}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          {deactivating
            ? `Everyone signed in to ${company.name} is signed out at once, and nobody can sign in to it until it is reactivated. Its data is kept.`
            : `The members of ${company.name} can sign in to it again.`}
        </Text>
        <ModalActions onCancel={onClose}>
          <Button color={deactivating ? 'red' : 'teal'} loading={change.isPending} onClick={() => change.mutate()}>
            {deactivating ? 'Deactivate' : 'Reactivate'}
          </Button>
        </ModalActions>
      </Stack>
    </Modal>
  );
}

/** A company's actions menu; the administration company has none (it is kept as it is). */
export function CompanyActionsMenu({ company, session }: { company: CompanyItem; session: Session }) {
  const [open, setOpen] = useState<'rename' | 'activation' | null>(null);
  if (company.administration) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="xs"
            variant="subtle"
            rightSection={<IconDots size={14} />}
            aria-label={`Actions for ${company.name}`}
          >
            Actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setOpen('rename')}>
            Rename
          </Menu.Item>
          {company.deactivatedAt ? (
            <Menu.Item leftSection={<IconPlayerPlay size={14} />} onClick={() => setOpen('activation')}>
              Reactivate
            </Menu.Item>
          ) : (
            <Menu.Item color="red" leftSection={<IconPlayerPause size={14} />} onClick={() => setOpen('activation')}>
              Deactivate
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {open === 'rename' && <RenameModal company={company} session={session} onClose={() => setOpen(null)} />}
      {open === 'activation' && <ActivationModal company={company} session={session} onClose={() => setOpen(null)} />}
    </>
  );
}
