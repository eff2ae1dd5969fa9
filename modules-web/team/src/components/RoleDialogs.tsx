import { TextInput } from '@mantine/core';
import { useNotify } from '@autoscope/web-sdk';

import { ConfirmModal } from '@common/ui/ConfirmModal';
import { DialogForm } from '@common/ui/DialogForm';
import { useFormState, useFormSubmit } from '@common/lib/forms';
import { ResponsiveModal, type DialogProps } from '@common/ui/ResponsiveModal';
import { useCreateRole, useDeleteRole, useUpdateRole, type Role } from '../api';
import { ROLE_NAME_MAX, copyName, roleNameProblem } from '../rights';

/** A new role, another name for one, or a new role with another's rights. */
export type RoleNameTarget = { kind: 'create' } | { kind: 'rename'; role: Role } | { kind: 'copy'; role: Role };

const TITLES = { create: 'New role', rename: 'Rename the role', copy: 'Copy the role' } as const;
const SUBMIT = { create: 'Create role', rename: 'Rename', copy: 'Create copy' } as const;
/** The host's refusals of a name. */
const NAME_MESSAGES = /role name|A role with this name/;

interface RoleNameDialogProps extends DialogProps {
  target: RoleNameTarget | null;
  /** Every role's name (a copy's suggested name is a free one). */
  names: readonly string[];
  /** A role was created (new, or a copy): its rights come next. */
  onCreated: (role: Role) => void;
}

export function RoleNameDialog({ target, names, onCreated, ...dialog }: RoleNameDialogProps) {
  if (!target) return null;
  return (
    <ResponsiveModal {...dialog} title={TITLES[target.kind]}>
      <RoleNameBody target={target} names={names} onCreated={onCreated} onClose={dialog.onClose} />
    </ResponsiveModal>
  );
}

function initialName(target: RoleNameTarget, names: readonly string[]): string {
  if (target.kind === 'create') return '';
  return target.kind === 'rename' ? target.role.name : copyName(target.role.name, names);
}

function RoleNameBody({
  target,
  names,
  onCreated,
  onClose,
}: Omit<RoleNameDialogProps, 'opened' | 'zIndex' | 'target'> & { target: RoleNameTarget }) {
  const notify = useNotify();
  const create = useCreateRole();
  const update = useUpdateRole();
  const form = useFormState({ name: initialName(target, names) });
  const submit = useFormSubmit(form, {
    validate: ({ name }) => ({ name: roleNameProblem(name) ?? undefined }),
    fieldOf: (message) => (NAME_MESSAGES.test(message) ? 'name' : undefined),
    save: async ({ name }) => {
      const trimmed = name.trim();
      if (target.kind === 'rename') {
        if (trimmed !== target.role.name) {
          await update.mutateAsync({ id: target.role.id, name: trimmed });
          notify.success(`The role ${target.role.name} is now ${trimmed}`);
        }
      } else {
        // A new role grants nothing until its rights are set; a copy starts with the other's.
        const rights = target.kind === 'copy' ? target.role.rights : {};
        const role = await create.mutateAsync({ name: trimmed, rights });
        notify.success(`The role ${role.name} was created`);
        onCreated(role);
      }
      onClose();
    },
  });
  return (
    <DialogForm submit={submit} submitLabel={SUBMIT[target.kind]} onCancel={onClose}>
      <TextInput
        label="Name"
        description={target.kind === 'copy' ? `With the rights of ${target.role.name}` : undefined}
        value={form.values.name}
        onChange={(event) => form.setValue('name', event.currentTarget.value)}
        error={form.errors.name}
        maxLength={ROLE_NAME_MAX}
        required
        data-autofocus
      />
    </DialogForm>
  );
}

interface DeleteRoleProps extends DialogProps {
  role: Role | null;
  onDeleted: (role: Role) => void;
}

/** Deletes a role after asking; the host refuses (409) while anyone holds it, and says so. */
export function DeleteRoleDialog({ role, onDeleted, ...dialog }: DeleteRoleProps) {
  const notify = useNotify();
  const remove = useDeleteRole();
  const close = () => {
    remove.reset();
    dialog.onClose();
  };
  const confirm = async () => {
    if (!role) return;
    try {
      await remove.mutateAsync(role.id);
      notify.success(`The role ${role.name} was deleted`);
      onDeleted(role);
      close();
    } catch {
      // The modal shows the host's message (members hold the role, say).
    }
  };
  const held = role ? role.members : 0;
  return (
    <ConfirmModal
      {...dialog}
      onClose={close}
      title="Delete the role"
      confirmLabel="Delete role"
      onConfirm={() => void confirm()}
      action={remove}
    >
      {held > 0
        ? `${held === 1 ? '1 member holds' : `${held} members hold`} ${role?.name ?? ''} (former members count): give them another role before deleting it.`
        : `Delete the role ${role?.name ?? ''}? No one holds it.`}
    </ConfirmModal>
  );
}
