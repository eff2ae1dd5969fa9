/** The invitation link's calls (no session): what the invitation is, and accepting it. */

import { api } from '../../api';
import type { SignedIn } from '../../session';
import type { PersonValues } from '../fields/ProfileFields';

/** POST /api/invitations/open: whose invitation the link is. */
export interface InvitationInfo {
  email: string;
  companyname: string;
  /** Who invited, by name. */
  invited_by: string;
  /** The role the person gets. */
  role: string;
  /** The address has an account: accepting asks for its password only. */
  has_account: boolean;
}

/** What a new person gives: their name, the person's part of the profile and a password. */
export interface NewPersonValues extends PersonValues {
  firstname: string;
  lastname: string;
  password: string;
  confirmPassword: string;
}

export function openInvitation(token: string): Promise<InvitationInfo> {
  return api<InvitationInfo>('/invitations/open', { body: { token } });
}

/** The password of an existing account. */
export function acceptWithAccount(token: string, password: string): Promise<SignedIn> {
  return api<SignedIn>('/invitations/accept', { body: { token, password } });
}

/** A new account, trimmed as sign-up sends it. */
export function acceptAsNewPerson(token: string, values: NewPersonValues): Promise<SignedIn> {
  return api<SignedIn>('/invitations/accept', {
    body: {
      token,
      password: values.password,
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
      gender: values.gender,
      country: values.country,
      department: values.department,
      job_title: values.job_title.trim(),
    },
  });
}
