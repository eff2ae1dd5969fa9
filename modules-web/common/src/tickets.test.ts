import { describe, expect, it } from 'vitest';

import { TICKET_STATUSES, TICKET_STATUS_LABELS, sortPriorities, ticketPriorityColor } from './tickets';

describe('the ticket vocabulary', () => {
  it('labels the statuses as the plugin does, in workflow order', () => {
    expect(TICKET_STATUSES.map((status) => TICKET_STATUS_LABELS[status]).join(', ')).toBe(
      'Open, In progress, Waiting, Resolved, Closed',
    );
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
