import { useMemo } from 'react';
import { Badge, Tabs } from '@mantine/core';
import { IconMail, IconShieldLock, IconUsers } from '@tabler/icons-react';
import { usePageTitle, type PageButton } from '@autoscope/web-sdk';

import { useDialog } from '@common/ui/dialogs';
import { useCsvExportButton, useOpenParam, useUrlState } from '@common/lib/listHooks';
import { useInvitations, useMembers, useRoles, type Member, type Role } from './api';
import { InvitationsPanel } from './components/InvitationsPanel';
import { InviteDialog } from './components/InviteDialog';
import { MemberDrawer } from './components/MemberDrawer';
import { MembersPanel } from './components/MembersPanel';
import { RolesPanel } from './components/RolesPanel';
import { filtersFromParams, membersCsv, visibleMembers, withFilters } from './members';
import { MEMBER_PARAM, tabFromParams, withTab, type Tab } from './urlState';
import classes from './TeamMasterPage.module.css';

/** The roles to filter members by: the company's roles, and any a member holds that the list lacks. */
function roleOptions(roles: readonly Role[], members: readonly Member[]) {
  const names = new Map(roles.map((role) => [role.id, role.name]));
  for (const member of members) if (!names.has(member.role_id)) names.set(member.role_id, member.role);
  return [...names]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
}

/** Team Master (/TeamMaster): the company's members, the invitations not yet accepted, and the roles. */
export default function TeamMasterPage() {
  const [tab, setTab] = useUrlState(tabFromParams, withTab);
  const [filters, setFilters] = useUrlState(filtersFromParams, withFilters);
  const members = useMembers();
  const invitations = useInvitations();
  const roles = useRoles();
  const drawer = useOpenParam(MEMBER_PARAM);
  const invite = useDialog<null>();

  const data = members.data;
  const canManage = data?.can_manage ?? false;
  const roleList = useMemo(() => roles.data?.roles ?? [], [roles.data]);
  const visible = useMemo(() => (data ? visibleMembers(data.members, filters) : []), [data, filters]);
  const pending = invitations.data?.filter((invitation) => invitation.status === 'pending').length ?? 0;

  const exportButton = useCsvExportButton(
    ['member', 'members'],
    async () => ({ count: visible.length, csv: membersCsv(visible) }),
    !data || visible.length === 0,
  );
  const buttons: PageButton[] = [];
  if (canManage && tab !== 'roles') {
    buttons.push({ label: 'Invite people', icon: 'send', kind: 'primary', onClick: () => invite.open(null) });
  }
  if (tab === 'members') buttons.push(exportButton);
  usePageTitle({ heading: 'Team Master', breadcrumb: ['Team Master'], buttons });

  const shown = data?.members.find((member) => member.user_id === drawer.shownId) ?? null;

  return (
    <div className={classes.page} data-testid="team-page">
      <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="members" leftSection={<IconUsers size={16} />}>
            Members
          </Tabs.Tab>
          <Tabs.Tab
            value="invitations"
            leftSection={<IconMail size={16} />}
            rightSection={
              pending > 0 ? (
                <Badge size="xs" variant="light" circle aria-label={`${pending} pending`}>
                  {pending}
                </Badge>
              ) : undefined
            }
          >
            Invitations
          </Tabs.Tab>
          <Tabs.Tab value="roles" leftSection={<IconShieldLock size={16} />}>
            Roles
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="members" pt="md">
          <MembersPanel
            members={members}
            visible={visible}
            filters={filters}
            onFilters={setFilters}
            roleOptions={roleOptions(roleList, data?.members ?? [])}
            onOpen={drawer.open}
          />
        </Tabs.Panel>
        <Tabs.Panel value="invitations" pt="md">
          <InvitationsPanel invitations={invitations} canManage={canManage} onInvite={() => invite.open(null)} />
        </Tabs.Panel>
        <Tabs.Panel value="roles" pt="md">
          <RolesPanel roles={roles} canManage={canManage} />
        </Tabs.Panel>
      </Tabs>
      <MemberDrawer
        opened={drawer.openId !== null}
        member={shown}
        loading={members.isPending}
        canManage={canManage}
        me={data?.me ?? ''}
        roles={roleList}
        onClose={drawer.close}
      />
      <InviteDialog
        key={`invite:${invite.key}`}
        {...invite.props}
        roles={roleList}
        seatsLeft={data?.seats_left ?? null}
        onSent={() => {
          if (tab === 'members') setTab('invitations');
        }}
      />
    </div>
  );
}
