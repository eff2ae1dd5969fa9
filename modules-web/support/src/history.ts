/** How history entries read: the action's title, and each change as "Field: before → after". */

import { formatNumber } from '@common/lib/format';
import { nameOf, type PeopleIndex } from '@common/domain/people';
import { ticketStatusLabel } from '@common/domain/tickets';
import type { HistoryAction } from './types';
import { approvalLook, fieldLabel } from './vocabulary';

export const ACTION_TITLES: Readonly<Record<HistoryAction, string>> = {
  created: 'Created',
  updated: 'Updated',
  status: 'Status changed',
  assigned: 'Assigned',
  comment: 'Commented',
  attachment: 'Attachment',
  approval_requested: 'Approval requested',
  approved: 'Approved',
  declined: 'Declined',
};

export function actionTitle(action: string): string {
  return ACTION_TITLES[action as HistoryAction] ?? fieldLabel(action);
}

export interface Change {
  field: string;
  from: unknown;
  to: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A history entry's `changes` (JSON, `[{field, from, to}]` as the plugin writes it); anything else reads as none. */
export function changesOf(changes: unknown): Change[] {
  if (!Array.isArray(changes)) return [];
  return changes
    .filter((change): change is Record<string, unknown> => isRecord(change) && typeof change.field === 'string')
    .map((change) => ({ field: String(change.field), from: change.from ?? null, to: change.to ?? null }));
}

/** What names ids: people (the directory) and processes (Process Vault's names). */
export interface Names {
  people: PeopleIndex;
  processes: ReadonlyMap<string, string>;
}

/** Any stored value as short text. */
function displayValue(value: unknown): string {
  if (value == null || value === '') return '—';
  if (typeof value === 'number') return formatNumber(value, true);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A changed value as people read it: labels for statuses and approvals, names for users and processes. */
function changeValue(field: string, value: unknown, names: Names): string {
  // The people asked for approval: a list of user ids.
  if (field === 'approvers' && Array.isArray(value)) {
    return value
      .map((id) => (typeof id === 'string' ? (nameOf(names.people, id) ?? '—') : displayValue(id)))
      .join(', ');
  }
  if (typeof value === 'string' && value !== '') {
    if (field === 'status') return ticketStatusLabel(value);
    if (field === 'approval') return value === 'none' ? '—' : approvalLook(value).label;
    if (field === 'assignee_id' || field === 'requester_id' || field === 'person_id') {
      return nameOf(names.people, value) ?? '—';
    }
    if (field === 'process_id') return names.processes.get(value) ?? value;
  }
  return displayValue(value);
}

export function describeChange(change: Change, names: Names): string {
  // An attachment entry names the file added (`to`) or removed (`from`).
  if (change.field === 'attachment') {
    return change.to != null ? `Added ${displayValue(change.to)}` : `Removed ${displayValue(change.from)}`;
  }
  const from = changeValue(change.field, change.from, names);
  const to = changeValue(change.field, change.to, names);
  // A value set for the first time (or an attachment's name) reads better without "— →".
  if (change.from == null || change.from === '') return `${fieldLabel(change.field)}: ${to}`;
  return `${fieldLabel(change.field)}: ${from} → ${to}`;
}
