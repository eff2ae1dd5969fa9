/** The CSV export of the ticket list: every ticket the filters match, as people read them. */

import { toCsv, type CsvCell } from '@common/lib/csv';
import { formatDateTime } from '@common/lib/format';
import { nameOf } from '@common/domain/people';
import { ticketStatusLabel } from '@common/domain/tickets';
import type { Names } from './history';
import type { Ticket } from './types';
import { ticketApprovalLook } from './vocabulary';

const COLUMNS: readonly (readonly [header: string, cell: (ticket: Ticket, names: Names) => CsvCell])[] = [
  ['Number', (ticket) => ticket.number],
  ['Title', (ticket) => ticket.title],
  ['Status', (ticket) => ticketStatusLabel(ticket.status)],
  ['Priority', (ticket) => ticket.priority],
  ['Category', (ticket) => ticket.category],
  ['Requester', (ticket, names) => nameOf(names.people, ticket.requester_id)],
  ['Assignee', (ticket, names) => nameOf(names.people, ticket.assignee_id)],
  ['Process', (ticket, names) => ticket.process_id && (names.processes.get(ticket.process_id) ?? ticket.process_id)],
  ['Bot', (ticket) => ticket.bot_id],
  ['Approval', (ticket) => ticketApprovalLook(ticket.approval)?.label ?? ''],
  ['Created', (ticket) => formatDateTime(ticket.created_at)],
  ['Response due', (ticket) => formatDateTime(ticket.response_due)],
  ['First response', (ticket) => formatDateTime(ticket.first_response_at)],
  ['Response breached', (ticket) => (ticket.response_breached ? 'Yes' : 'No')],
  ['Resolution due', (ticket) => formatDateTime(ticket.resolution_due)],
  ['Resolved', (ticket) => formatDateTime(ticket.resolved_at)],
  ['Resolution breached', (ticket) => (ticket.resolution_breached ? 'Yes' : 'No')],
  ['Closed', (ticket) => formatDateTime(ticket.closed_at)],
  ['Updated', (ticket) => formatDateTime(ticket.updated_at)],
];

export function ticketsCsv(tickets: readonly Ticket[], names: Names): string {
  return toCsv(
    COLUMNS.map(([header]) => header),
    tickets.map((ticket) => COLUMNS.map(([, cell]) => cell(ticket, names))),
  );
}
