/**
 * What a signed-in start fetches: the current user (refreshing the
 * session's rights), the company's user list, the masters list and the system logs.
 * They stay in the query cache under `queryKeys`, where the shell's pages read them.
 */

import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';

import { api, ApiError } from '../../api/client';
import { useSession, type Session, type UserData } from '../../session';
import { notifyFailure } from '../../ui';
import { queryKeys } from '../queryClient';
import { decryptUserList } from './userList';

/** The snackbar shown when the user list cannot be had. */
export const USER_LIST_ERROR = 'There was an error fetching users';

export interface LogItem {
  id: string;
  level: string;
  event: string;
  message: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  requestId: string | null;
}

export interface LogPage {
  data: LogItem[];
  nextCursor: string | null;
}

export interface MasterItem {
  id: string;
  type: string;
  name: string;
}

/** The company's users, decrypted with the session's `user_list_key`. */
export function useUserList(session: Session) {
  const passphrase = session.userdata.user_list_key;
  return useQuery({
    queryKey: queryKeys.users(session.token),
    queryFn: async ({ signal }) => {
      const answer = await api<{ data: string }>('/users/all_users', { token: session.token, signal });
      return decryptUserList(answer.data, passphrase);
    },
    enabled: Boolean(passphrase),
    staleTime: 5 * 60_000,
  });
}

/** The first page of the company's system log, newest first. */
export function useSystemLogs(session: Session) {
  return useQuery({
    queryKey: queryKeys.logs(session.token),
    queryFn: ({ signal }) => api<LogPage>('/logs/all_logs', { token: session.token, signal }),
  });
}

/** The masters list (departments, ticket categories and priorities). */
export function useMasters(session: Session) {
  return useQuery({
    queryKey: queryKeys.masters(session.token),
    queryFn: ({ signal }) =>
      api<{ data: MasterItem[] }>('/master/list', { method: 'POST', body: {}, token: session.token, signal }),
    staleTime: 10 * 60_000,
  });
}

function sameUser(a: UserData, b: UserData): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Runs the start-up fetches once per session and keeps the session's user data current. */
export function useStartupData(session: Session): void {
  const { update } = useSession();
  const me = useQuery({
    queryKey: queryKeys.me(session.token),
    queryFn: ({ signal }) => api<UserData>('/users/me', { token: session.token, signal }),
    staleTime: Infinity,
  });
  const users = useUserList(session);
  useMasters(session);
  useSystemLogs(session);

  const current = useRef(session.userdata);
  useEffect(() => {
    current.current = session.userdata;
  }, [session.userdata]);
  const applied = useRef<UserData | null>(null);
  useEffect(() => {
    // Rights change with the role and the edition: the menu must follow the host's answer.
    // Each answer is applied once, so a later change of the session (a saved profile) stays.
    if (!me.data || applied.current === me.data) return;
    applied.current = me.data;
    if (!sameUser(me.data, current.current)) void update(me.data);
  }, [me.data, update]);

  const told = useRef(false);
  useEffect(() => {
    // A 401 signs out instead: the message would only be noise then.
    const unauthorized = users.error instanceof ApiError && users.error.status === 401;
    if (users.isError && !unauthorized && !told.current) {
      told.current = true;
      notifyFailure(USER_LIST_ERROR);
    }
  }, [users.isError, users.error]);
}
