/** Approvals of a ticket: who may ask for them (mirroring the plugin), and how they read. */

import { MESSAGES } from './generated';
import type { Approval, Ticket } from './types';

/** The plugin's answer to anyone else. */
export const APPROVAL_FORBIDDEN = MESSAGES.ASKER_ONLY;
/** The plugin's answer when no one was chosen, said in the browser first. */
export const NO_APPROVERS = MESSAGES.PEOPLE_REQUIRED;

/** The requester, the assignee and company administrators may ask for approval (the plugin decides). */
export function canRequestApproval(ticket: Ticket, userId: string | null, companyAdmin: boolean): boolean {
  if (companyAdmin) return true;
  return userId !== null && (ticket.requester_id === userId || ticket.assignee_id === userId);
}

/** Options of people to ask, without those whose answer is still awaited. */
export function approverOptions(
  options: readonly { value: string; label: string }[],
  approvals: readonly Approval[],
): { value: string; label: string }[] {
  const waiting = new Set(approvals.filter((approval) => approval.status === 'pending').map((a) => a.person_id));
  return options.filter((option) => !waiting.has(option.value));
}

/** `2 of 3 approved`, or null without approvals. */
export function approvalProgress(approvals: readonly Approval[]): string | null {
  const asked = approvals.filter((approval) => approval.status !== 'expired');
  if (asked.length === 0) return null;
  const approved = asked.filter((approval) => approval.status === 'approved').length;
  return `${approved} of ${asked.length} approved`;
}

/** Newest decisions and open requests first: pending, then by decision time, newest first. */
export function sortedApprovals(approvals: readonly Approval[]): Approval[] {
  const rank = (approval: Approval) => (approval.status === 'pending' ? 0 : 1);
  return [...approvals].sort(
    (a, b) => rank(a) - rank(b) || (b.decided_at ?? b.expires_at ?? 0) - (a.decided_at ?? a.expires_at ?? 0),
  );
}
