import { describe, expect, it } from 'vitest';

import {
  TICKET_STATUS_OPTIONS,
  isTicketStatus,
  sortPriorities,
  ticketPriorityColor,
  ticketStatusColor,
  ticketStatusLabel,
} from './tickets';

describe('the ticket vocabulary', () => {
  it('labels the statuses as the plugin does, in workflow order', () => {
    expect(TICKET_STATUS_OPTIONS.map((option) => option.label).join(', ')).toBe(
      'Open, In progress, Waiting, Resolved, Closed',
    );
    expect(ticketStatusLabel('in_progress')).toBe('In progress');
  });

  it('shows a foreign status as it is, a missing one as a dash, both gray', () => {
    expect([ticketStatusLabel('archived'), ticketStatusLabel(null)]).toEqual(['archived', '—']);
    expect([ticketStatusColor('archived'), ticketStatusColor('resolved')]).toEqual(['gray', 'teal']);
    expect([isTicketStatus('waiting'), isTicketStatus('archived'), isTicketStatus(null)]).toEqual([true, false, false]);
  });

  it('colours the masters’ priorities by name and others gray', () => {
    expect([ticketPriorityColor('Critical'), ticketPriorityColor(' high '), ticketPriorityColor('Low')]).toEqual([
      'red',
      'orange',
      'gray',
    ]);
    expect([ticketPriorityColor('Urgent'), ticketPriorityColor(null)]).toEqual(['gray', 'gray']);
  });

  it('sorts the masters’ priorities first, most urgent first, then the others by name', () => {
    expect(sortPriorities(['Low', 'Zebra', 'Critical', 'Apple', 'Medium', 'High'])).toEqual([
      'Critical',
      'High',
      'Medium',
      'Low',
      'Apple',
      'Zebra',
    ]);
  });
});
