/**
 * The ticket vocabulary of Ticket Management (`support`), which Support Insight shows too:
 * statuses with their labels (the plugin's own) and colours, and the masters' priorities.
 */

import { isOneOf } from '@common/lib/urlParams';

export const TICKET_STATUSES = ['open', 'in_progress', 'waiting', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_STATUS_LABELS: Readonly<Record<TicketStatus, string>> = {
  open: 'Open',
  in_progress: 'In progress',
  waiting: 'Waiting',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const TICKET_STATUS_COLORS: Readonly<Record<TicketStatus, string>> = {
  open: 'blue',
  in_progress: 'violet',
  waiting: 'yellow',
  resolved: 'teal',
  closed: 'gray',
};

export const TICKET_STATUS_OPTIONS = TICKET_STATUSES.map((status) => ({
  value: status,
  label: TICKET_STATUS_LABELS[status],
}));

/** Open, in progress and waiting: still being worked on (the plugin's "active", and an agent's load). */
export const ACTIVE_TICKET_STATUSES = ['open', 'in_progress', 'waiting'] as const satisfies readonly TicketStatus[];

export function isTicketStatus(value: string | null | undefined): value is TicketStatus {
  return isOneOf(TICKET_STATUSES, value);
}

/** A status's label; a foreign one as it is, a missing one as a dash. */
export function ticketStatusLabel(value: string | null | undefined): string {
  if (!value) return '—';
  return isTicketStatus(value) ? TICKET_STATUS_LABELS[value] : value;
}

/** A status's colour; gray for a foreign one. */
export function ticketStatusColor(value: string | null | undefined): string {
  return isTicketStatus(value) ? TICKET_STATUS_COLORS[value] : 'gray';
}

/** The priorities of the host's masters, most urgent first; a company may use others too. */
export const TICKET_PRIORITIES = ['Critical', 'High', 'Medium', 'Low'] as const;

const PRIORITY_COLORS: Readonly<Record<string, string>> = {
  critical: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'gray',
};

/** A priority's colour by name (any case); gray for a company's own priority. */
export function ticketPriorityColor(priority: string | null | undefined): string {
  return PRIORITY_COLORS[(priority ?? '').trim().toLowerCase()] ?? 'gray';
}

/** Priority names in the masters' order, then the others alphabetically. */
export function sortPriorities(names: Iterable<string>): string[] {
  const rank = (name: string) => {
    const index = (TICKET_PRIORITIES as readonly string[]).indexOf(name);
    return index === -1 ? TICKET_PRIORITIES.length : index;
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
