/**
 * A linked ticket read for display. The records are the support module's, fields as it
 * stores them, so the usual names are tried in turn.
 */

import type { Ticket } from './types';

function firstText(ticket: Ticket, fields: readonly string[]): string | null {
  for (const field of fields) {
    const value = ticket[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return null;
}

export function ticketTitle(ticket: Ticket): string {
  return firstText(ticket, ['title', 'subject', 'name', 'summary']) ?? `Ticket ${ticket.id}`;
}

export function ticketNumber(ticket: Ticket): string | null {
  return firstText(ticket, ['number', 'ticket_no', 'ticket_number', 'reference']);
}

export function ticketStatus(ticket: Ticket): string | null {
  return firstText(ticket, ['status', 'state']);
}

export function ticketPriority(ticket: Ticket): string | null {
  return firstText(ticket, ['priority']);
}

/** Unix seconds, when the record carries them. */
export function ticketCreated(ticket: Ticket): number | null {
  return typeof ticket.created_at === 'number' ? ticket.created_at : null;
}
