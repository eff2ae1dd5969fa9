/**
 * The user menu's companies: a person in several companies sees them all, the current one
 * marked, and switches with one click (the app then reloads in that company). Nothing shows
 * for a person in one company.
 */

import { Loader, Menu } from '@mantine/core';
import { IconBuilding, IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { api, failureMessage } from '../../api/client';
import { useSession, type MyCompany } from '../../session';
import { notifyFailure } from '../../ui/notify';
import { queryKeys } from '../queryClient';

/** The companies of the signed-in person; fetched while the user menu is open. */
function useMyCompanies(token: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.companies(token),
    queryFn: ({ signal }) => api<MyCompany[]>('/users/companies', { token, signal }),
    enabled,
  });
}

export function CompanySwitcher({ token, menuOpened }: { token: string; menuOpened: boolean }) {
  const { switchCompany } = useSession();
  const companies = useMyCompanies(token, menuOpened);
  const [switching, setSwitching] = useState<string | null>(null);
  if (!companies.data || companies.data.length < 2) return null;

  const choose = async (company: MyCompany) => {
    setSwitching(company.company_id);
    try {
      await switchCompany(company.company_id);
    } catch (err) {
      setSwitching(null);
      notifyFailure(failureMessage(err));
    }
  };

  return (
    <>
      <Menu.Label>Switch company</Menu.Label>
      {companies.data.map((company) => (
        <Menu.Item
          key={company.company_id}
          leftSection={company.current ? <IconCheck size={16} /> : <IconBuilding size={16} />}
          rightSection={switching === company.company_id ? <Loader size={14} /> : null}
          disabled={company.current || switching !== null}
          aria-current={company.current ? 'true' : undefined}
          onClick={() => void choose(company)}
        >
          {company.companyname}
        </Menu.Item>
      ))}
      <Menu.Divider />
    </>
  );
}
