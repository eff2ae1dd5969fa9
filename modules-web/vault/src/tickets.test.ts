import { describe, expect, it } from 'vitest';

import { ticketCreated, ticketNumber, ticketPriority, ticketStatus, ticketTitle } from './tickets';

describe('linked tickets', () => {
  it('reads the fields under the names the support module may use', () => {
    const ticket = { id: 't1', subject: 'Bot fails on PDFs', ticket_no: 1042, state: 'in_progress', created_at: 99 };
    expect(ticketTitle(ticket)).toBe('Bot fails on PDFs');
    expect(ticketNumber(ticket)).toBe('1042');
    expect(ticketStatus(ticket)).toBe('in_progress');
    expect(ticketCreated(ticket)).toBe(99);
  });

  it('prefers the first name that holds text', () => {
    expect(ticketTitle({ id: 't1', title: '  ', name: 'From name', summary: 'From summary' })).toBe('From name');
  });

  it('falls back to the id, and says nothing of what is missing', () => {
    const ticket = { id: 't9', created_at: '2026-01-01' };
    expect(ticketTitle(ticket)).toBe('Ticket t9');
    expect(ticketNumber(ticket)).toBeNull();
    expect(ticketPriority(ticket)).toBeNull();
    expect(ticketCreated(ticket)).toBeNull();
  });
});
