import { useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useNotify } from '@autoscope/web-sdk';

import { DetailDrawer } from '@common/ui/DetailDrawer';
import { errorMessage } from '@common/lib/errors';
import { submitOnModEnter } from '@common/lib/forms';
import { useUpdateRole, type Right, type RightsKey, type Role } from '../api';
import { matrixRights, sameRights, withRight } from '../rights';
import { RightsMatrix } from './RightsMatrix';

interface RoleDrawerProps {
  opened: boolean;
  role: Role | null;
  keys: readonly RightsKey[];
  edition: string;
  canManage: boolean;
  onClose: () => void;
}

/** A role's rights matrix beside the roles: a company admin changes it and saves the whole map. */
export function RoleDrawer({ opened, role, keys, edition, canManage, onClose }: RoleDrawerProps) {
  return (
    <DetailDrawer opened={opened} onClose={onClose} title={role ? `Rights of ${role.name}` : 'Role'} size="lg">
      {role && (
        // Afresh when the role's stored rights change (saved here, or elsewhere).
        <RoleRights
          key={`${role.id}:${JSON.stringify(role.rights)}`}
          role={role}
          keys={keys}
          edition={edition}
          canManage={canManage}
        />
      )}
    </DetailDrawer>
  );
}

interface RoleRightsProps {
  role: Role;
  keys: readonly RightsKey[];
  edition: string;
  canManage: boolean;
}

export function RoleRights({ role, keys, edition, canManage }: RoleRightsProps) {
  const notify = useNotify();
  const update = useUpdateRole();
  const stored = useMemo(() => matrixRights(role, keys), [role, keys]);
  const [draft, setDraft] = useState(stored);
  const dirty = !sameRights(draft, stored, keys);

  const change = (key: string, field: keyof Right, value: boolean) => {
    update.reset();
    setDraft((current) => withRight(current, key, field, value));
  };
  const save = async () => {
    if (!dirty || update.isPending) return;
    try {
      await update.mutateAsync({ id: role.id, rights: draft });
      notify.success(`The rights of ${role.name} were saved`);
    } catch {
      // Shown above the buttons.
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={submitOnModEnter}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {role.members === 1 ? '1 member holds' : `${role.members} members hold`} this role. View lets them open a
          module; Disabled shows it greyed instead. Changes reach them at their next request.
        </Text>
        {keys.length === 0 ? (
          <Text size="sm">No installed module has a rights key.</Text>
        ) : (
          <RightsMatrix
            keys={keys}
            edition={edition}
            rights={draft}
            roleName={role.name}
            onChange={canManage ? change : undefined}
          />
        )}
        {update.error != null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(update.error)}
          </Alert>
        )}
        {canManage && (
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed" visibleFrom="sm">
              Ctrl+Enter saves
            </Text>
            <Group gap="sm" ml="auto">
              <Button
                variant="default"
                disabled={!dirty || update.isPending}
                onClick={() => {
                  update.reset();
                  setDraft(stored);
                }}
              >
                Reset
              </Button>
              <Button type="submit" disabled={!dirty} loading={update.isPending}>
                Save rights
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </form>
  );
}
