import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Button, Group, Menu, Table, Text } from '@mantine/core';
import { IconCopy, IconDotsVertical, IconPencil, IconPlus, IconShieldOff, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';

import cells from '@common/ui/Cells.module.css';
import { useDialog } from '@common/ui/dialogs';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { formatNumber } from '@common/lib/format';
import { ListLayout } from '@common/ui/ListLayout';
import { QueryError } from '@common/ui/QueryError';
import { SkeletonRows } from '@common/ui/SortHeader';
import { ColumnHeads } from '@common/ui/TableHead';
import type { Role, Roles } from '../api';
import { DeleteRoleDialog, RoleNameDialog, type RoleNameTarget } from './RoleDialogs';
import { RoleDrawer } from './RoleDrawer';
import classes from '../TeamMasterPage.module.css';

interface RolesPanelProps {
  roles: UseQueryResult<Roles>;
  canManage: boolean;
}

/** The company's roles with how many hold each; a role opens its rights matrix. */
export function RolesPanel({ roles, canManage }: RolesPanelProps) {
  const drawer = useDialog<Role>();
  const naming = useDialog<RoleNameTarget>();
  const deletion = useDialog<Role>();
  const data = roles.data;
  const list = data?.roles ?? null;
  // The role as listed now (its rights saved meanwhile), else as it was opened (just created).
  const shown = list?.find((role) => role.id === drawer.target?.id) ?? drawer.target;
  const onNew = () => naming.open({ kind: 'create' });

  let results: ReactNode;
  if (roles.isError && !data) {
    results = (
      <QueryError title="The roles could not be loaded" error={roles.error} onRetry={() => void roles.refetch()} />
    );
  } else if (list && list.length === 0) {
    results = (
      <EmptyNotice
        icon={IconShieldOff}
        title="No roles yet"
        description="A role says which modules its members may open."
      >
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
            New role
          </Button>
        )}
      </EmptyNotice>
    );
  } else {
    results = (
      <>
        {roles.isError && <QueryError error={roles.error} onRetry={() => void roles.refetch()} />}
        <Table.ScrollContainer minWidth={420} type="native">
          <Table highlightOnHover verticalSpacing="sm" aria-label="Roles" data-testid="roles-table">
            <ColumnHeads columns={['Role', { label: 'Members', numeric: true }, canManage ? 'Actions' : 'Rights']} />
            <Table.Tbody>
              {list ? (
                list.map((role) => (
                  <Table.Tr key={role.id} className={classes.row} onClick={() => drawer.open(role)}>
                    <Table.Td>
                      <Anchor
                        component="button"
                        type="button"
                        fw={500}
                        className={cells.name}
                        onClick={(event) => {
                          event.stopPropagation();
                          drawer.open(role);
                        }}
                      >
                        {role.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td className={cells.numeric}>{formatNumber(role.members)}</Table.Td>
                    <Table.Td onClick={(event) => event.stopPropagation()}>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-sm" variant="subtle" onClick={() => drawer.open(role)}>
                          {canManage ? 'Edit rights' : 'View rights'}
                        </Button>
                        {canManage && (
                          <RoleMenu
                            role={role}
                            onRename={() => naming.open({ kind: 'rename', role })}
                            onCopy={() => naming.open({ kind: 'copy', role })}
                            onDelete={() => deletion.open(role)}
                          />
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))
              ) : (
                <SkeletonRows columns={3} />
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </>
    );
  }

  return (
    <ListLayout
      testId="team-roles"
      filters={
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" maw={640}>
            {data?.edition === 'community'
              ? 'Each member has one role. On the community edition, premium modules stay disabled whatever a role says.'
              : 'Each member has one role, which says the modules they may open.'}
          </Text>
          {canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
              New role
            </Button>
          )}
        </Group>
      }
      results={results}
    >
      <RoleDrawer
        opened={drawer.opened}
        role={shown}
        keys={data?.keys ?? []}
        edition={data?.edition ?? 'community'}
        canManage={canManage}
        onClose={drawer.close}
      />
      <RoleNameDialog
        key={`name:${naming.key}`}
        {...naming.props}
        target={naming.target}
        names={(list ?? []).map((role) => role.name)}
        onCreated={(role) => drawer.open(role)}
      />
      <DeleteRoleDialog
        key={`delete:${deletion.key}`}
        {...deletion.props}
        role={deletion.target}
        onDeleted={(role) => {
          if (drawer.target?.id === role.id) drawer.close();
        }}
      />
    </ListLayout>
  );
}

function RoleMenu({
  role,
  onRename,
  onCopy,
  onDelete,
}: {
  role: Role;
  onRename: () => void;
  onCopy: () => void;
  onDelete: () => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`More for ${role.name}`}>
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={onRename}>
          Rename
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={14} />} onClick={onCopy}>
          Copy
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
