import { describe, expect, it } from 'vitest';

import { indexPeople } from '@common/domain/people';
import { ADA, GRACE } from '@common/domain/testFixtures';
import { actionTitle, changesOf, describeChange } from './history';

const names = { people: indexPeople([ADA, GRACE]), processes: new Map([['p1', 'Invoice intake']]) };

describe('history entries', () => {
  it('titles each action', () => {
    expect(actionTitle('approval_requested')).toBe('Approval requested');
    expect(actionTitle('status')).toBe('Status changed');
    expect(actionTitle('merged')).toBe('Merged');
  });

  it('reads a list of changes', () => {
    expect(changesOf([{ field: 'status', from: 'open', to: 'waiting' }, { nope: 1 }, 'x'])).toEqual([
      { field: 'status', from: 'open', to: 'waiting' },
    ]);
  });

  it('reads nothing from changes of another shape', () => {
    expect(changesOf({ priority: { from: 'Low', to: 'High' } })).toEqual([]);
    expect(changesOf(null)).toEqual([]);
    expect(changesOf('text')).toEqual([]);
  });

  it('writes statuses as labels, users and processes by name', () => {
    expect(describeChange({ field: 'status', from: 'open', to: 'in_progress' }, names)).toBe(
      'Status: Open → In progress',
    );
    expect(describeChange({ field: 'assignee_id', from: 'u1', to: 'u2' }, names)).toBe(
      'Assignee: Ada Lovelace → Grace Hopper',
    );
    expect(describeChange({ field: 'assignee_id', from: 'u2', to: null }, names)).toBe('Assignee: Grace Hopper → —');
    expect(describeChange({ field: 'process_id', from: null, to: 'p1' }, names)).toBe('Process: Invoice intake');
    expect(describeChange({ field: 'process_id', from: 'p9', to: 'p1' }, names)).toBe('Process: p9 → Invoice intake');
  });

  it('names the file added or removed, and the people asked to approve', () => {
    expect(describeChange({ field: 'attachment', from: null, to: 'log.txt' }, names)).toBe('Added log.txt');
    expect(describeChange({ field: 'attachment', from: 'log.txt', to: null }, names)).toBe('Removed log.txt');
    expect(describeChange({ field: 'approvers', from: null, to: ['u1', 'u2'] }, names)).toBe(
      'Approvers: Ada Lovelace, Grace Hopper',
    );
  });

  it("writes the ticket's approval by label", () => {
    expect(describeChange({ field: 'approval', from: 'pending', to: 'declined' }, names)).toBe(
      'Approval: Pending → Declined',
    );
    expect(describeChange({ field: 'approval', from: 'none', to: 'pending' }, names)).toBe('Approval: — → Pending');
  });

  it('writes other values as they are', () => {
    expect(describeChange({ field: 'priority', from: 'Low', to: 'High' }, names)).toBe('Priority: Low → High');
    expect(describeChange({ field: 'name', from: null, to: 'log.txt' }, names)).toBe('Name: log.txt');
    expect(describeChange({ field: 'response_breached', from: false, to: true }, names)).toBe(
      'Response breached: No → Yes',
    );
  });
});
