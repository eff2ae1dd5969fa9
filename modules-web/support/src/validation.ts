/**
 * The ticket forms: their values, the checks the browser makes before sending (the plugin's
 * messages, word for word), the payloads sent, and how an edit in progress follows changes
 * others saved meanwhile.
 */

import type { FormErrors } from '@common/lib/forms';
import { MESSAGES as PLUGIN_MESSAGES } from './generated';
import type { Ticket } from './types';
import { DEFAULT_PRIORITY, fieldLabel } from './vocabulary';

/** The plugin's validation messages (plugins/support/src/validate.rs, generated). */
export const MESSAGES = {
  titleRequired: PLUGIN_MESSAGES.TITLE_REQUIRED,
  titleTooLong: PLUGIN_MESSAGES.TITLE_TOO_LONG,
  descriptionTooLong: PLUGIN_MESSAGES.DESCRIPTION_TOO_LONG,
  commentRequired: PLUGIN_MESSAGES.COMMENT_REQUIRED,
  commentTooLong: PLUGIN_MESSAGES.COMMENT_TOO_LONG,
  assigneeUnknown: PLUGIN_MESSAGES.ASSIGNEE,
} as const;

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 10000;
export const COMMENT_MAX = 5000;

/** What the create form and the details form edit. */
export interface TicketFormValues {
  title: string;
  description: string;
  category: string | null;
  priority: string;
  assignee_id: string | null;
  process_id: string | null;
  /** A bot's name, chosen from Bot Profile's inventory. */
  bot_id: string | null;
}

export type TicketField = keyof TicketFormValues;
const FIELDS: readonly TicketField[] = [
  'title',
  'description',
  'category',
  'priority',
  'assignee_id',
  'process_id',
  'bot_id',
];

export const EMPTY_TICKET: TicketFormValues = {
  title: '',
  description: '',
  category: null,
  priority: DEFAULT_PRIORITY,
  assignee_id: null,
  process_id: null,
  bot_id: null,
};

export function validateTicket(values: TicketFormValues): FormErrors<TicketFormValues> {
  const errors: FormErrors<TicketFormValues> = {};
  const title = values.title.trim();
  if (!title) errors.title = MESSAGES.titleRequired;
  else if ([...title].length > TITLE_MAX) errors.title = MESSAGES.titleTooLong;
  if ([...values.description].length > DESCRIPTION_MAX) errors.description = MESSAGES.descriptionTooLong;
  return errors;
}

/** The blank comment and the too long one, as the plugin says them; null when it can be sent. */
export function commentProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return MESSAGES.commentRequired;
  return [...trimmed].length > COMMENT_MAX ? MESSAGES.commentTooLong : null;
}

/** The field a message of the plugin is about (by its first word), so it shows under that field. */
export function fieldOfServerMessage(message: string): TicketField | undefined {
  if (/\btitle\b/i.test(message)) return 'title';
  if (/^description\b/i.test(message)) return 'description';
  if (/^category\b/i.test(message)) return 'category';
  if (/^priority\b/i.test(message)) return 'priority';
  if (/^assignee\b/i.test(message)) return 'assignee_id';
  if (/^process\b/i.test(message)) return 'process_id';
  if (/^bot\b/i.test(message)) return 'bot_id';
  return undefined;
}

/** `POST /tickets`: the title trimmed, empty optional fields left out. */
export function createPayload(values: TicketFormValues) {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    category: values.category ?? undefined,
    priority: values.priority,
    assignee_id: values.assignee_id ?? undefined,
    process_id: values.process_id ?? undefined,
    bot_id: values.bot_id ?? undefined,
  };
}

export type CreatePayload = ReturnType<typeof createPayload>;

/** A stored ticket as form values. */
export function ticketFormValues(ticket: Ticket): TicketFormValues {
  return {
    title: ticket.title,
    description: ticket.description ?? '',
    category: ticket.category ?? null,
    priority: ticket.priority,
    assignee_id: ticket.assignee_id ?? null,
    process_id: ticket.process_id ?? null,
    bot_id: ticket.bot_id ?? null,
  };
}

/** How a field is sent: text trimmed, and an emptied optional field as null (which clears it). */
function sentValue(field: TicketField, value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (field === 'title' || field === 'priority') return trimmed;
  return trimmed === '' ? null : trimmed;
}

export type TicketChanges = Partial<Record<TicketField, string | null>>;

/** The fields of `values` that differ from `ticket`, as `PATCH /tickets/{id}` takes them. */
export function changedFields(ticket: Ticket, values: TicketFormValues): TicketChanges {
  const stored = ticketFormValues(ticket);
  const changes: TicketChanges = {};
  for (const field of FIELDS) {
    const next = sentValue(field, values[field]);
    if (next !== sentValue(field, stored[field])) changes[field] = next;
  }
  return changes;
}

export interface Rebased {
  /** The ticket the edit is now based on (its version is sent with the save). */
  base: Ticket;
  values: TicketFormValues;
  /** The fields both the user and someone else changed: the edit stays on its old version. */
  conflicts: TicketField[];
}

/**
 * An edit in progress (`values`, started from `base`) when `latest` arrives (someone saved,
 * or the status changed): fields only others changed take their value, fields only the user
 * changed stay, and the edit moves to the latest version. When both changed a field
 * differently, nothing moves: saving then meets the plugin's 409, and its message says so.
 */
export function rebase(base: Ticket, latest: Ticket, values: TicketFormValues): Rebased {
  const before = ticketFormValues(base);
  const theirs = ticketFormValues(latest);
  const merged: TicketFormValues = { ...values };
  const conflicts: TicketField[] = [];
  for (const field of FIELDS) {
    const mine = sentValue(field, values[field]) !== sentValue(field, before[field]);
    const changed = sentValue(field, theirs[field]) !== sentValue(field, before[field]);
    if (!changed) continue;
    if (!mine) (merged as Record<TicketField, string | null>)[field] = theirs[field];
    else if (sentValue(field, values[field]) !== sentValue(field, theirs[field])) conflicts.push(field);
  }
  return conflicts.length > 0 ? { base, values, conflicts } : { base: latest, values: merged, conflicts };
}

/** `Title and Priority were changed by someone else`. */
export function conflictText(conflicts: readonly TicketField[]): string {
  const labels = conflicts.map(fieldLabel);
  const list = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}` : labels[0];
  return `${list} ${labels.length > 1 ? 'were' : 'was'} changed by someone else meanwhile`;
}
