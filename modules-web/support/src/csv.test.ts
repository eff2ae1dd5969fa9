import { describe, expect, it } from 'vitest';

import { formatDateTime } from '@common/lib/format';
import { indexPeople } from '@common/domain/people';
import { ADA, GRACE } from '@common/domain/testFixtures';
import { ticketsCsv } from './csv';
import { TICKET } from './testFixtures';

const names = { people: indexPeople([ADA, GRACE]), processes: new Map([['p1', 'Invoice intake']]) };
const lines = (csv: string) => csv.slice(1).split('\r\n').slice(0, -1);

describe('the ticket export', () => {
  it('writes a header and one row per ticket, with labels and names', () => {
    const [header, row] = lines(ticketsCsv([TICKET], names));
    expect(header).toBe(
      'Number,Title,Status,Priority,Category,Requester,Assignee,Process,Bot,Approval,Created,Response due,' +
        'First response,Response breached,Resolution due,Resolved,Resolution breached,Closed,Updated',
    );
    expect(row?.split(',').slice(0, 11)).toEqual([
      '12',
      'VPN is down',
      'Open',
      'Medium',
      'Infrastructure',
      'Ada Lovelace',
      'Grace Hopper',
      'Invoice intake',
      'Invoice bot',
      '',
      formatDateTime(TICKET.created_at),
    ]);
  });

  it('writes breaches as Yes or No, the approval by label, and leaves what is not set empty', () => {
    const ticket = {
      ...TICKET,
      assignee_id: null,
      process_id: 'gone',
      resolution_breached: true,
      approval: 'pending' as const,
      first_response_at: null,
    };
    const row = lines(ticketsCsv([ticket], names))[1]?.split(',') ?? [];
    expect(row[6]).toBe('');
    expect(row[7]).toBe('gone');
    expect(row[9]).toBe('Approval pending');
    expect(row[12]).toBe('');
    expect([row[13], row[16]]).toEqual(['No', 'Yes']);
  });

  it('writes only the header when nothing matched', () => {
    expect(lines(ticketsCsv([], names))).toHaveLength(1);
  });
});
