/**
 * Team Master's server state: the host's company directory as the plugin passes it on
 * (`/api/m/team/...`, plugins/team/src), as TanStack Query hooks. Keys start with the module
 * and the signed-in user: the shell's query client outlives a session.
 */

import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useCurrentUser, useModuleApi } from '@autoscope/web-sdk';

import { useModuleMutation } from '@common/lib/mutations';
import type { HistoryEntry, Invitation, Member, MemberChange, Members, Right, Role, Roles } from './generated';

export type {
  HistoryEntry,
  Invitation,
  Member,
  MemberChange,
  Members,
  Right,
  RightsKey,
  Role,
  Roles,
} from './generated';
/** A role's rights: a right per rights key. */
export type Rights = Record<string, Right>;

export const teamKeys = {
  all: (user: string) => ['team', user] as const,
  members: (user: string) => ['team', user, 'members'] as const,
  history: (user: string, id: string) => ['team', user, 'history', id] as const,
  invitations: (user: string) => ['team', user, 'invitations'] as const,
  roles: (user: string) => ['team', user, 'roles'] as const,
};

const memberPath = (id: string) => `/members/${encodeURIComponent(id)}`;
const invitationPath = (id: string) => `/invitations/${encodeURIComponent(id)}`;
const rolePath = (id: string) => `/roles/${encodeURIComponent(id)}`;

function useUser(): string {
  return useCurrentUser()?.id ?? '';
}

/** The members (former ones too), whether the caller may change them, and the seats left. */
export function useMembers() {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: teamKeys.members(user),
    queryFn: ({ signal }) => api.get<Members>('/members', { signal }),
  });
}

/** A member's history, newest first; idle without a member. */
export function useHistory(id: string | null) {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: teamKeys.history(user, id ?? ''),
    queryFn: ({ signal }) => api.get<HistoryEntry[]>(`${memberPath(id ?? '')}/history`, { signal }),
    enabled: id !== null,
  });
}

export function useInvitations() {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: teamKeys.invitations(user),
    queryFn: ({ signal }) => api.get<Invitation[]>('/invitations', { signal }),
  });
}

/** The roles with their rights, every rights key of the installed modules, and the company's edition. */
export function useRoles() {
  const api = useModuleApi();
  const user = useUser();
  return useQuery({
    queryKey: teamKeys.roles(user),
    queryFn: ({ signal }) => api.get<Roles>('/roles', { signal }),
  });
}

/** A changed member replaces its row; its history, the roles' member counts and the seats follow. */
function memberChanged(client: QueryClient, user: string, member: Member) {
  client.setQueryData<Members>(teamKeys.members(user), (old) =>
    old ? { ...old, members: old.members.map((row) => (row.user_id === member.user_id ? member : row)) } : old,
  );
  void client.invalidateQueries({ queryKey: teamKeys.members(user) });
  void client.invalidateQueries({ queryKey: teamKeys.history(user, member.user_id) });
  void client.invalidateQueries({ queryKey: teamKeys.roles(user) });
}

/** `PATCH /members/{id}` with any of role, company admin and status. */
export function useUpdateMember() {
  const user = useUser();
  return useModuleMutation(
    (api, { id, change }: { id: string; change: MemberChange }) => api.patch<Member>(memberPath(id), change),
    (client, member) => memberChanged(client, user, member),
  );
}

/** `DELETE /members/{id}`: the member stays listed as a former member. */
export function useRemoveMember() {
  const user = useUser();
  return useModuleMutation(
    (api, id: string) => api.delete<Member>(memberPath(id)),
    (client, member) => memberChanged(client, user, member),
  );
}

/** Invitations change the list and the seats left. */
function invitationsChanged(client: QueryClient, user: string) {
  void client.invalidateQueries({ queryKey: teamKeys.invitations(user) });
  void client.invalidateQueries({ queryKey: teamKeys.members(user) });
}

/** `POST /invitations`: one invitation per address, all with the role. */
export function useInvite() {
  const user = useUser();
  return useModuleMutation(
    (api, body: { emails: string[]; role_id: string }) => api.post<Invitation[]>('/invitations', body),
    (client) => invitationsChanged(client, user),
  );
}

function invitationReplaced(client: QueryClient, user: string, invitation: Invitation) {
  client.setQueryData<Invitation[]>(teamKeys.invitations(user), (old) =>
    old?.map((row) => (row.id === invitation.id ? invitation : row)),
  );
  invitationsChanged(client, user);
}

/** A new link and mail; the old link stops working. */
export function useResendInvitation() {
  const user = useUser();
  return useModuleMutation(
    (api, id: string) => api.post<Invitation>(`${invitationPath(id)}/resend`),
    (client, invitation) => invitationReplaced(client, user, invitation),
  );
}

export function useRevokeInvitation() {
  const user = useUser();
  return useModuleMutation(
    (api, id: string) => api.delete<Invitation>(invitationPath(id)),
    (client, invitation) => invitationReplaced(client, user, invitation),
  );
}

/** Roles change the roles list, and (renamed) the members' role names. */
function rolesChanged(client: QueryClient, user: string) {
  void client.invalidateQueries({ queryKey: teamKeys.roles(user) });
  void client.invalidateQueries({ queryKey: teamKeys.members(user) });
  void client.invalidateQueries({ queryKey: teamKeys.invitations(user) });
}

/** `POST /roles`: a new role, or a copy of another's rights. */
export function useCreateRole() {
  const user = useUser();
  return useModuleMutation(
    (api, body: { name: string; rights: Rights }) => api.post<Role>('/roles', body),
    (client, role) => {
      // Listed at once: its rights drawer opens next.
      client.setQueryData<Roles>(teamKeys.roles(user), (old) => (old ? { ...old, roles: [...old.roles, role] } : old));
      rolesChanged(client, user);
    },
  );
}

/** `PATCH /roles/{id}` with a new name, the whole rights map, or both. */
export function useUpdateRole() {
  const user = useUser();
  return useModuleMutation(
    (api, { id, ...changes }: { id: string; name?: string; rights?: Rights }) => api.patch<Role>(rolePath(id), changes),
    (client, role) => {
      client.setQueryData<Roles>(teamKeys.roles(user), (old) =>
        old ? { ...old, roles: old.roles.map((row) => (row.id === role.id ? role : row)) } : old,
      );
      rolesChanged(client, user);
    },
  );
}

/** `DELETE /roles/{id}`: refused (409) while anyone holds the role. */
export function useDeleteRole() {
  const user = useUser();
  return useModuleMutation(
    (api, id: string) => api.delete<Role>(rolePath(id)),
    (client) => rolesChanged(client, user),
  );
}
