/**
 * Ticket Management's own vocabulary: approval states, the masters' choices and the fields'
 * labels (the statuses are @common/domain/tickets, shared with Support Insight).
 */

import { humanize } from '@common/lib/format';
import { APPROVAL_STATUSES, APPROVALS, type ApprovalStatus, type TicketApproval } from './types';

/** The ticket's approval, as a whole. */
const TICKET_APPROVAL_LOOKS: Readonly<Record<TicketApproval, readonly [string, string]>> = {
  none: ['No approval', 'gray'],
  pending: ['Approval pending', 'yellow'],
  approved: ['Approved', 'green'],
  declined: ['Declined', 'red'],
};

export function ticketApprovalLook(value: string | null | undefined): { label: string; color: string } | null {
  if (!value || value === 'none' || !(APPROVALS as readonly string[]).includes(value)) return null;
  const [label, color] = TICKET_APPROVAL_LOOKS[value as TicketApproval];
  return { label, color };
}

/** One person's answer. */
const APPROVAL_LOOKS: Readonly<Record<ApprovalStatus, readonly [string, string]>> = {
  pending: ['Pending', 'yellow'],
  approved: ['Approved', 'green'],
  declined: ['Declined', 'red'],
  expired: ['Expired', 'gray'],
};

export function approvalLook(value: string): { label: string; color: string } {
  if (!(APPROVAL_STATUSES as readonly string[]).includes(value)) return { label: value, color: 'gray' };
  const [label, color] = APPROVAL_LOOKS[value as ApprovalStatus];
  return { label, color };
}

/** The priority a new ticket gets, as the plugin defaults it. */
export const DEFAULT_PRIORITY = 'Medium';

/**
 * The names to choose from (the host's masters, Bot Profile's bots), plus a stored name they
 * no longer list (so a ticket's own value stays selectable), in their order.
 */
export function nameChoices(masters: readonly string[], stored: string | null | undefined): string[] {
  return stored && !masters.includes(stored) ? [...masters, stored] : [...masters];
}

/** The ticket's fields as the page names them (history, conflicts). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Title',
  description: 'Description',
  category: 'Category',
  priority: 'Priority',
  requester_id: 'Requester',
  assignee_id: 'Assignee',
  status: 'Status',
  process_id: 'Process',
  bot_id: 'Bot',
  approval: 'Approval',
  approvers: 'Approvers',
};

/** A field's label; an unknown one from its key (`resolution_due` → `Resolution due`). */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] || humanize(field);
}
