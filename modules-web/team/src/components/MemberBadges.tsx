import { Badge, Group } from '@mantine/core';

import type { Member } from '../api';
import { statusColor, statusLabel } from '../members';

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={statusColor(status)}>
      {statusLabel(status)}
    </Badge>
  );
}

/** After a member's name: whether they are a company admin, and whether it is the caller. */
export function MemberTags({ member, isMe }: { member: Member; isMe: boolean }) {
  if (!member.company_admin && !isMe) return null;
  return (
    <Group gap={4} component="span" wrap="nowrap">
      {member.company_admin && (
        <Badge size="xs" variant="outline" color="indigo">
          Admin
        </Badge>
      )}
      {isMe && (
        <Badge size="xs" variant="light" color="gray">
          You
        </Badge>
      )}
    </Group>
  );
}
