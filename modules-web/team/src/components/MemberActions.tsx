import { Select, Text } from '@mantine/core';
import { useNotify } from '@autoscope/web-sdk';

import { ConfirmModal } from '@common/ui/ConfirmModal';
import { DialogForm } from '@common/ui/DialogForm';
import { useFormState, useFormSubmit } from '@common/lib/forms';
import { ResponsiveModal, type DialogProps } from '@common/ui/ResponsiveModal';
import { useRemoveMember, useUpdateMember, type Member, type MemberChange, type Role } from '../api';
import { memberName } from '../members';
import { ActionDialog } from './ActionDialog';

/** What a company admin may do to a member. */
export type MemberAction = 'role' | 'grant' | 'revoke' | 'deactivate' | 'reactivate' | 'remove';

export const ACTION_LABELS: Readonly<Record<MemberAction, string>> = {
  role: 'Change role',
  grant: 'Make company admin',
  revoke: 'Revoke company admin',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  remove: 'Remove from company',
};

/** The actions on a member; none on a former member (an invitation brings them back). */
export function actionsFor(member: Member): MemberAction[] {
  if (member.status === 'removed') return [];
  return [
    'role',
    member.company_admin ? 'revoke' : 'grant',
    member.status === 'active' ? 'deactivate' : 'reactivate',
    'remove',
  ];
}

interface MemberActionDialogProps extends DialogProps {
  action: MemberAction | null;
  member: Member | null;
  roles: readonly Role[];
}

/** The dialog of one action: what it does, asked before it is done, and the host's refusal if any. */
export function MemberActionDialog({ action, member, roles, ...dialog }: MemberActionDialogProps) {
  if (!action || !member) return null;
  if (action === 'role') return <ChangeRoleDialog {...dialog} member={member} roles={roles} />;
  if (action === 'grant' || action === 'reactivate') return <GrantDialog {...dialog} action={action} member={member} />;
  return <TakeAwayDialog {...dialog} action={action} member={member} />;
}

function ChangeRoleDialog({ member, roles, ...dialog }: DialogProps & { member: Member; roles: readonly Role[] }) {
  return (
    <ResponsiveModal {...dialog} title={`Change the role of ${memberName(member)}`}>
      <ChangeRoleBody member={member} roles={roles} onClose={dialog.onClose} />
    </ResponsiveModal>
  );
}

function ChangeRoleBody({ member, roles, onClose }: { member: Member; roles: readonly Role[]; onClose: () => void }) {
  const notify = useNotify();
  const update = useUpdateMember();
  const name = memberName(member);
  const form = useFormState<{ role_id: string | null }>({ role_id: member.role_id });
  const submit = useFormSubmit(form, {
    validate: ({ role_id }) => ({
      role_id: !role_id
        ? 'Please choose a role'
        : role_id === member.role_id
          ? `${name} has this role already`
          : undefined,
    }),
    save: async ({ role_id }) => {
      const changed = await update.mutateAsync({ id: member.user_id, change: { role_id: role_id ?? undefined } });
      notify.success(`${memberName(changed)} now has the role ${changed.role}`);
      onClose();
    },
  });
  return (
    <DialogForm submit={submit} submitLabel="Change role" onCancel={onClose}>
      <Text size="sm">
        {name} has the role {member.role}. With another role, their menus and rights become that role&apos;s at their
        next request.
      </Text>
      <Select
        label="Role"
        data={roles.map((role) => ({ value: role.id, label: role.name }))}
        value={form.values.role_id}
        onChange={(value) => form.setValue('role_id', value)}
        error={form.errors.role_id}
        allowDeselect={false}
        searchable
        nothingFoundMessage="No role matches"
        data-autofocus
      />
    </DialogForm>
  );
}

/** Grants: company admin, or a deactivated member back (a seat again on the community edition). */
function GrantDialog({ action, member, ...dialog }: DialogProps & { action: 'grant' | 'reactivate'; member: Member }) {
  const notify = useNotify();
  const update = useUpdateMember();
  const name = memberName(member);
  const grant = action === 'grant';
  const change: MemberChange = grant ? { company_admin: true } : { status: 'active' };
  return (
    <ActionDialog
      {...dialog}
      title={grant ? `Make ${name} a company admin` : `Reactivate ${name}`}
      submitLabel={ACTION_LABELS[action]}
      run={async () => {
        await update.mutateAsync({ id: member.user_id, change });
        notify.success(grant ? `${name} is now a company admin` : `${name} is active again`);
      }}
    >
      {grant
        ? `${name} will manage the team like you: invite and remove people, change their roles and admin rights, and edit the roles' rights.`
        : `${name} can sign in to this company again, with the role ${member.role}. On the community edition they take one of its 5 seats again.`}
    </ActionDialog>
  );
}

const TAKE_AWAY = {
  revoke: {
    title: (name: string) => `Revoke company admin of ${name}`,
    text: (name: string) =>
      `${name} keeps their role but can no longer invite people or change members and roles. The company keeps at least one active admin.`,
    done: (name: string) => `${name} is no longer a company admin`,
  },
  deactivate: {
    title: (name: string) => `Deactivate ${name}`,
    text: (name: string) =>
      `${name} is signed out at their next request and cannot sign in to this company until reactivated. Their seat is freed; their work stays.`,
    done: (name: string) => `${name} is deactivated`,
  },
  remove: {
    title: (name: string) => `Remove ${name} from the company`,
    text: (name: string) =>
      `${name} loses access to this company at once and is listed as a former member. Their work stays; only a new invitation brings them back.`,
    done: (name: string) => `${name} was removed from the company`,
  },
} as const;

/** Takes something away (admin rights, access, membership): a red confirmation. */
function TakeAwayDialog({
  action,
  member,
  ...dialog
}: DialogProps & { action: 'revoke' | 'deactivate' | 'remove'; member: Member }) {
  const notify = useNotify();
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const mutation = action === 'remove' ? remove : update;
  const name = memberName(member);
  const words = TAKE_AWAY[action];

  const close = () => {
    mutation.reset();
    dialog.onClose();
  };
  const confirm = async () => {
    try {
      if (action === 'remove') await remove.mutateAsync(member.user_id);
      else {
        const change: MemberChange = action === 'revoke' ? { company_admin: false } : { status: 'deactivated' };
        await update.mutateAsync({ id: member.user_id, change });
      }
      notify.success(words.done(name));
      close();
    } catch {
      // The modal shows the host's message (the last admin, say).
    }
  };

  return (
    <ConfirmModal
      {...dialog}
      onClose={close}
      title={words.title(name)}
      confirmLabel={ACTION_LABELS[action]}
      onConfirm={() => void confirm()}
      action={mutation}
    >
      {words.text(name)}
    </ConfirmModal>
  );
}
