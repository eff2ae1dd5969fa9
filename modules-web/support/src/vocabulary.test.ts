import { describe, expect, it } from 'vitest';

import {
  STATUS_OPTIONS,
  approvalLook,
  masterChoices,
  statusColor,
  statusLabel,
  ticketApprovalLook,
} from './vocabulary';

describe('the ticket vocabulary', () => {
  it('labels the statuses as the plugin does, in workflow order', () => {
    expect(STATUS_OPTIONS.map((option) => option.label).join(', ')).toBe(
      'Open, In progress, Waiting, Resolved, Closed',
    );
    expect(statusLabel('in_progress')).toBe('In progress');
  });

  it('shows a foreign status as it is, a missing one as a dash, both gray', () => {
    expect([statusLabel('archived'), statusLabel(null)]).toEqual(['archived', '—']);
    expect([statusColor('archived'), statusColor('resolved')]).toEqual(['gray', 'teal']);
  });

  it("shows a ticket's approval only once one was asked for", () => {
    expect(ticketApprovalLook('none')).toBeNull();
    expect(ticketApprovalLook(null)).toBeNull();
    expect(ticketApprovalLook('pending')).toEqual({ label: 'Approval pending', color: 'yellow' });
    expect(ticketApprovalLook('declined')?.color).toBe('red');
  });

  it("labels each person's answer, expired ones too", () => {
    expect(approvalLook('expired')).toEqual({ label: 'Expired', color: 'gray' });
    expect(approvalLook('approved').label).toBe('Approved');
    expect(approvalLook('later')).toEqual({ label: 'later', color: 'gray' });
  });

  it("keeps a stored name that the masters no longer list, after the masters'", () => {
    expect(masterChoices(['High', 'Low'], 'Legacy')).toEqual(['High', 'Low', 'Legacy']);
    expect(masterChoices(['High', 'Low'], 'Low')).toEqual(['High', 'Low']);
    expect(masterChoices(['High'], null)).toEqual(['High']);
  });
});
