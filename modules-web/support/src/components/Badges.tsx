import { Badge, Group, Text, Tooltip, type BadgeProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

import { formatDateTime } from '@common/lib/format';
import { TONE_COLORS, breachedTargets, dueState, type Target } from '../sla';
import type { Ticket } from '../types';
import { ticketPriorityColor, ticketStatusColor, ticketStatusLabel } from '@common/domain/tickets';
import { ticketApprovalLook } from '../vocabulary';

export function StatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  return (
    <Badge variant="light" color={ticketStatusColor(status)} {...props}>
      {ticketStatusLabel(status)}
    </Badge>
  );
}

export function PriorityBadge({ priority, ...props }: { priority: string } & BadgeProps) {
  return (
    <Badge variant="dot" color={ticketPriorityColor(priority)} {...props}>
      {priority}
    </Badge>
  );
}

/** The ticket's approval, once one was asked for. */
export function ApprovalBadge({ approval }: { approval: string | null | undefined }) {
  const look = ticketApprovalLook(approval);
  if (!look) return null;
  return (
    <Badge variant="outline" color={look.color}>
      {look.label}
    </Badge>
  );
}

const TARGET_LABELS: Readonly<Record<Target, string>> = { response: 'Response', resolution: 'Resolution' };

/** The targets the plugin flagged as breached, one red badge each. */
export function BreachBadges({ ticket }: { ticket: Ticket }) {
  const targets = breachedTargets(ticket);
  if (targets.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {targets.map((target) => (
        <Badge key={target} color="red" variant="filled" size="sm" leftSection={<IconAlertTriangle size={12} />}>
          {TARGET_LABELS[target]} breached
        </Badge>
      ))}
    </Group>
  );
}

/** Where one SLA target stands ("due in 3 h", "overdue by 5 min"), with the due time on hover. */
export function DueText({ ticket, target, now }: { ticket: Ticket; target: Target; now: number }) {
  const state = dueState(ticket, target, now);
  const text = (
    <Text
      size="sm"
      c={state.tone === 'running' || state.tone === 'none' ? undefined : TONE_COLORS[state.tone]}
      fw={state.tone === 'overdue' || state.tone === 'breached' ? 600 : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {state.label}
    </Text>
  );
  if (state.due == null) return text;
  return (
    <Tooltip label={`${TARGET_LABELS[target]} due ${formatDateTime(state.due)}`} withArrow>
      {text}
    </Tooltip>
  );
}
