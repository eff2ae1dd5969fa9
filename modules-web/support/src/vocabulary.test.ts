import { describe, expect, it } from 'vitest';

import { approvalLook, fieldLabel, nameChoices, ticketApprovalLook } from './vocabulary';

describe('the ticket vocabulary', () => {
  it('labels the fields as the page names them, an unknown one from its key', () => {
    expect([fieldLabel('assignee_id'), fieldLabel('resolution_due')]).toEqual(['Assignee', 'Resolution due']);
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
    expect(nameChoices(['High', 'Low'], 'Legacy')).toEqual(['High', 'Low', 'Legacy']);
    expect(nameChoices(['High', 'Low'], 'Low')).toEqual(['High', 'Low']);
    expect(nameChoices(['High'], null)).toEqual(['High']);
  });
});
