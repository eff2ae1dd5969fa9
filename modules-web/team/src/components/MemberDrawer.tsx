import type { ReactNode } from 'react';
import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconHistory, IconUserOff } from '@tabler/icons-react';

import { DetailDrawer } from '@common/ui/DetailDrawer';
import { useDialog } from '@common/ui/dialogs';
import { EmptyNotice } from '@common/ui/EmptyNotice';
import { formatDate, formatDateTime, humanize } from '@common/lib/format';
import { QueryError } from '@common/ui/QueryError';
import { useHistory, type Member, type Role } from '../api';
import { memberName } from '../members';
import { ACTION_LABELS, MemberActionDialog, actionsFor, type MemberAction } from './MemberActions';
import { MemberTags, StatusBadge } from './MemberBadges';

interface MemberDrawerProps {
  opened: boolean;
  /** The member shown; null while the list loads (`loading`) or when it has no such member. */
  member: Member | null;
  loading: boolean;
  /** The caller is a company admin: the actions show. */
  canManage: boolean;
  me: string;
  roles: readonly Role[];
  onClose: () => void;
}

/** One member beside the list: their details and history, and for a company admin what may be changed. */
export function MemberDrawer({ opened, member, loading, canManage, me, roles, onClose }: MemberDrawerProps) {
  const dialog = useDialog<MemberAction>();
  return (
    <DetailDrawer
      opened={opened}
      onClose={onClose}
      closeOnEscape={!dialog.opened}
      title={member ? memberName(member) : 'Member'}
      size="lg"
    >
      {member ? (
        <Stack gap="lg">
          <Group gap="xs">
            <StatusBadge status={member.status} />
            <MemberTags member={member} isMe={member.user_id === me} />
          </Group>
          <Details member={member} />
          {canManage && <Actions member={member} onAction={dialog.open} />}
          <section aria-labelledby="team-member-history">
            <Title order={3} size="h5" id="team-member-history" mb="sm">
              History
            </Title>
            <History id={member.user_id} />
          </section>
        </Stack>
      ) : loading ? (
        <Skeleton height={240} aria-label="Loading the member" />
      ) : (
        <EmptyNotice
          icon={IconUserOff}
          title="Member not found"
          description="This person is not a member of the company, or the link is outdated."
        />
      )}
      <MemberActionDialog key={dialog.key} {...dialog.props} action={dialog.target} member={member} roles={roles} />
    </DetailDrawer>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function Details({ member }: { member: Member }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
      <Fact label="E-mail">{member.email}</Fact>
      <Fact label="Role">{member.role || '—'}</Fact>
      <Fact label="Company admin">{member.company_admin ? 'Yes' : 'No'}</Fact>
      <Fact label="Department">{member.department || '—'}</Fact>
      <Fact label="Job title">{member.job_title || '—'}</Fact>
      <Fact label="Joined">{formatDate(member.joined_at)}</Fact>
      <Fact label="Last sign-in">{formatDateTime(member.last_signin_at) || 'Never'}</Fact>
    </SimpleGrid>
  );
}

function Actions({ member, onAction }: { member: Member; onAction: (action: MemberAction) => void }) {
  const actions = actionsFor(member);
  return (
    <section aria-labelledby="team-member-actions">
      <Title order={3} size="h5" id="team-member-actions" mb="sm">
        Manage
      </Title>
      {actions.length === 0 ? (
        <Text size="sm" c="dimmed">
          A former member comes back through a new invitation.
        </Text>
      ) : (
        <Group gap="xs">
          {actions.map((action) => (
            <Button
              key={action}
              size="xs"
              variant={action === 'remove' || action === 'deactivate' || action === 'revoke' ? 'light' : 'default'}
              color={action === 'remove' ? 'red' : undefined}
              onClick={() => onAction(action)}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </Group>
      )}
    </section>
  );
}

const EVENT_TITLES: Readonly<Record<string, string>> = {
  'member.joined': 'Joined',
  'member.changed': 'Changed',
  'member.removed': 'Removed',
};

function eventTitle(event: string): string {
  return EVENT_TITLES[event] ?? humanize(event.replace(/[._]+/g, ' '));
}

function History({ id }: { id: string }) {
  const history = useHistory(id);
  if (history.isError && !history.data) {
    return (
      <QueryError
        title="The history could not be loaded"
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  }
  if (!history.data) return <Skeleton height={120} aria-label="Loading the history" />;
  if (history.data.length === 0) {
    return (
      <Group gap="xs" c="dimmed">
        <IconHistory size={16} aria-hidden />
        <Text size="sm">Nothing recorded yet.</Text>
      </Group>
    );
  }
  return (
    <Timeline bulletSize={12} lineWidth={2}>
      {[...history.data]
        .sort((a, b) => b.at - a.at)
        .map((entry, index) => (
          <Timeline.Item key={`${entry.at}-${index}`} title={eventTitle(entry.event)}>
            <Text size="xs" c="dimmed">
              {entry.from ? `${formatDateTime(entry.at)} · from ${entry.from}` : formatDateTime(entry.at)}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {entry.message}
            </Text>
          </Timeline.Item>
        ))}
    </Timeline>
  );
}
