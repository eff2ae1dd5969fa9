import type { ReactNode } from 'react';
import { Badge, Button, Group, SegmentedControl, Table, Text } from '@mantine/core';
import { IconMailOff, IconSend } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNotify } from '@autoscope/web-sdk';

import cells from '@common/ui/Cells.module.css';
import { ConfirmModal } from '@common/ui/ConfirmModal';
import { useDialog } from '@common/ui/dialogs';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { formatDate, formatDateTime } from '@common/lib/format';
import { useUrlState } from '@common/lib/listHooks';
import { ListLayout } from '@common/ui/ListLayout';
import { QueryError } from '@common/ui/QueryError';
import type { DialogProps } from '@common/ui/ResponsiveModal';
import { SkeletonRows } from '@common/ui/SortHeader';
import { ColumnHeads } from '@common/ui/TableHead';
import { useResendInvitation, useRevokeInvitation, type Invitation } from '../api';
import {
  INVITATION_FILTERS,
  invitationStatusColor,
  invitationStatusLabel,
  invitationsOf,
  type InvitationFilter,
} from '../invitations';
import { invitationFilterFromParams, withInvitationFilter } from '../urlState';
import { ActionDialog } from './ActionDialog';
import classes from '../TeamMasterPage.module.css';

interface InvitationsPanelProps {
  invitations: UseQueryResult<Invitation[]>;
  canManage: boolean;
  onInvite: () => void;
}

const COLUMNS = ['E-mail', 'Role', 'Invited by', 'Sent', 'Expires', 'Status'];

/** The invitations not accepted: pending, expired and revoked; a company admin resends or revokes them. */
export function InvitationsPanel({ invitations, canManage, onInvite }: InvitationsPanelProps) {
  // In the URL (`?invitations=pending`), so a view can be shared.
  const [filter, setFilter] = useUrlState(invitationFilterFromParams, withInvitationFilter);
  const resend = useDialog<Invitation>();
  const revoke = useDialog<Invitation>();
  const all = invitations.data;
  const rows = all ? invitationsOf(all, filter) : null;

  let results: ReactNode;
  if (invitations.isError && !all) {
    results = (
      <QueryError
        title="The invitations could not be loaded"
        error={invitations.error}
        onRetry={() => void invitations.refetch()}
      />
    );
  } else if (all && all.length === 0) {
    results = (
      <EmptyNotice
        icon={IconMailOff}
        title="No invitations"
        description="Invited people show here until they join; each link is valid for 7 days."
      >
        {canManage && (
          <Button leftSection={<IconSend size={16} />} onClick={onInvite}>
            Invite people
          </Button>
        )}
      </EmptyNotice>
    );
  } else if (rows && rows.length === 0) {
    results = (
      <Text size="sm" c="dimmed">
        No {filter} invitations.
      </Text>
    );
  } else {
    results = (
      <Table.ScrollContainer minWidth={canManage ? 960 : 800} type="native">
        <Table striped verticalSpacing="sm" aria-label="Invitations" data-testid="invitations-table">
          <ColumnHeads columns={canManage ? [...COLUMNS, 'Actions'] : COLUMNS} />
          <Table.Tbody>
            {rows ? (
              rows.map((invitation) => (
                <Table.Tr key={invitation.id}>
                  <Table.Td className={cells.name}>{invitation.email}</Table.Td>
                  <Table.Td>{invitation.role || '—'}</Table.Td>
                  <Table.Td>{invitation.invited_by || '—'}</Table.Td>
                  <Table.Td className={classes.nowrap}>{formatDate(invitation.created_at)}</Table.Td>
                  <Table.Td className={classes.nowrap}>{formatDateTime(invitation.expires_at)}</Table.Td>
                  <Table.Td className={cells.badge}>
                    <Badge variant="light" color={invitationStatusColor(invitation.status)}>
                      {invitationStatusLabel(invitation.status)}
                    </Badge>
                  </Table.Td>
                  {canManage && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => resend.open(invitation)}
                          aria-label={`Resend the invitation of ${invitation.email}`}
                        >
                          Resend
                        </Button>
                        {invitation.status !== 'revoked' && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            onClick={() => revoke.open(invitation)}
                            aria-label={`Revoke the invitation of ${invitation.email}`}
                          >
                            Revoke
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))
            ) : (
              <SkeletonRows columns={COLUMNS.length + (canManage ? 1 : 0)} />
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <ListLayout
      testId="team-invitations"
      filters={
        <SegmentedControl
          aria-label="Invitations shown"
          value={filter}
          onChange={(value) => setFilter(value as InvitationFilter)}
          data={INVITATION_FILTERS.map((value) => ({
            value,
            label: `${value === 'all' ? 'All' : invitationStatusLabel(value)}${all ? ` (${invitationsOf(all, value).length})` : ''}`,
          }))}
          fullWidth
          maw={560}
        />
      }
      results={
        <>
          {invitations.isError && all && (
            <QueryError error={invitations.error} onRetry={() => void invitations.refetch()} />
          )}
          {results}
        </>
      }
    >
      <ResendDialog key={`resend:${resend.key}`} {...resend.props} invitation={resend.target} />
      <RevokeDialog key={`revoke:${revoke.key}`} {...revoke.props} invitation={revoke.target} />
    </ListLayout>
  );
}

function ResendDialog({ invitation, ...dialog }: { invitation: Invitation | null } & DialogProps) {
  const notify = useNotify();
  const resend = useResendInvitation();
  if (!invitation) return null;
  return (
    <ActionDialog
      {...dialog}
      title="Resend the invitation"
      submitLabel="Resend"
      run={async () => {
        await resend.mutateAsync(invitation.id);
        notify.success(`The invitation was sent to ${invitation.email} again`);
      }}
    >
      {`A new link is mailed to ${invitation.email}, valid for 7 days from now; the link sent before stops working.`}
      {invitation.status === 'pending' ? '' : ' On the community edition it takes a seat again.'}
    </ActionDialog>
  );
}

function RevokeDialog({ invitation, ...dialog }: { invitation: Invitation | null } & DialogProps) {
  const notify = useNotify();
  const revoke = useRevokeInvitation();
  const close = () => {
    revoke.reset();
    dialog.onClose();
  };
  const confirm = async () => {
    if (!invitation) return;
    try {
      await revoke.mutateAsync(invitation.id);
      notify.success(`The invitation of ${invitation.email} was revoked`);
      close();
    } catch {
      // The modal shows the host's message.
    }
  };
  return (
    <ConfirmModal
      {...dialog}
      onClose={close}
      title="Revoke the invitation"
      confirmLabel="Revoke"
      onConfirm={() => void confirm()}
      action={revoke}
    >
      {`The link mailed to ${invitation?.email ?? ''} stops working at once. You can send it again later.`}
    </ConfirmModal>
  );
}
