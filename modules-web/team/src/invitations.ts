/** The invitations list: statuses in words and the ones shown. */

import type { Invitation } from './api';

export const INVITATION_STATUSES = ['pending', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** Which invitations the list shows: all, or those of one status. */
export const INVITATION_FILTERS = ['all', ...INVITATION_STATUSES] as const;
export type InvitationFilter = (typeof INVITATION_FILTERS)[number];

const LABELS: Readonly<Record<string, string>> = { pending: 'Pending', expired: 'Expired', revoked: 'Revoked' };
const COLORS: Readonly<Record<string, string>> = { pending: 'blue', expired: 'orange', revoked: 'gray' };

export const invitationStatusLabel = (status: string): string => LABELS[status] ?? status;
export const invitationStatusColor = (status: string): string => COLORS[status] ?? 'gray';

/** The invitations of a status (all of them for `all`), the newest first. */
export function invitationsOf(invitations: readonly Invitation[], filter: InvitationFilter): Invitation[] {
  return invitations
    .filter((invitation) => filter === 'all' || invitation.status === filter)
    .sort((a, b) => b.created_at - a.created_at);
}
