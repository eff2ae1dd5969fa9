/** The company the tests share (not part of the remote: nothing it builds imports this). */

import type { Invitation, Member, Members, Role, Roles } from './api';

const DAY = 86_400;
/** 2026-03-02 12:00 UTC. */
export const NOW = 1_772_452_800;

export function member(overrides: Partial<Member> & Pick<Member, 'user_id' | 'firstname'>): Member {
  return {
    email: `${overrides.firstname.toLowerCase()}@acme.test`,
    lastname: 'Test',
    department: 'Finance & Accounting',
    job_title: 'Analyst',
    role_id: 'r-user',
    role: 'User',
    company_admin: false,
    status: 'active',
    joined_at: NOW - 30 * DAY,
    last_signin_at: NOW - DAY,
    has_picture: false,
    ...overrides,
  };
}

export const ANN = member({
  user_id: 'user-1',
  firstname: 'Ann',
  lastname: 'Archer',
  email: 'ann@acme.test',
  role_id: 'r-admin',
  role: 'Admin',
  company_admin: true,
  department: 'Information Technology',
  job_title: 'Head of IT',
  joined_at: NOW - 90 * DAY,
});
export const BOB = member({ user_id: 'u2', firstname: 'Bob', lastname: 'Baker', job_title: 'Accountant' });
export const CY = member({
  user_id: 'u3',
  firstname: 'Cy',
  lastname: 'Cole',
  department: 'Legal',
  job_title: '',
  status: 'deactivated',
  last_signin_at: null,
});
export const DORA = member({ user_id: 'u4', firstname: 'Dora', lastname: 'Dane', status: 'removed', role: 'User' });

export function membersAnswer(overrides: Partial<Members> = {}): Members {
  return { members: [ANN, BOB, CY, DORA], can_manage: true, me: ANN.user_id, seats_left: 2, ...overrides };
}

export const ADMIN_ROLE: Role = {
  id: 'r-admin',
  name: 'Admin',
  rights: {
    process: { view: true, disabled: false },
    team_profile: { view: true, disabled: false },
    databaseIntegration: { view: true, disabled: false },
  },
  members: 1,
};
export const USER_ROLE: Role = {
  id: 'r-user',
  name: 'User',
  rights: { process: { view: true, disabled: false }, chat: { view: true, disabled: false } },
  members: 3,
};

export function rolesAnswer(overrides: Partial<Roles> = {}): Roles {
  return {
    roles: [ADMIN_ROLE, USER_ROLE],
    keys: [
      { key: 'process', label: 'Process Vault', premium: false },
      { key: 'team_profile', label: 'Team Master', premium: false },
      { key: 'databaseIntegration', label: 'Database Integration', premium: true },
    ],
    edition: 'community',
    ...overrides,
  };
}

export function invitation(overrides: Partial<Invitation> & Pick<Invitation, 'id' | 'email'>): Invitation {
  return {
    role_id: 'r-user',
    role: 'User',
    invited_by: 'Ann Archer',
    status: 'pending',
    created_at: NOW - DAY,
    expires_at: NOW + 6 * DAY,
    ...overrides,
  };
}

export const INVITATIONS: Invitation[] = [
  invitation({ id: 'i1', email: 'eve@acme.test' }),
  invitation({
    id: 'i2',
    email: 'finn@acme.test',
    status: 'expired',
    created_at: NOW - 9 * DAY,
    expires_at: NOW - 2 * DAY,
  }),
  invitation({ id: 'i3', email: 'gus@acme.test', status: 'revoked', created_at: NOW - 3 * DAY }),
];
