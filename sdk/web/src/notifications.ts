/** The notifications bell on the host's API: list, mark read, and the realtime payload. */

import type { ApiClient, RequestOptions } from './api';

/** A notification of `GET /api/notification/getall` (newest first, at most 100). */
export interface NotificationItem {
  id: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  message: string;
  /** The in-app page it opens (`/TicketManagement?ticket=…`), when its module gave one. */
  link: string | null;
  read: boolean;
}

/** The payload of a `notifications` realtime event (a new notification for this user). */
export interface NotificationEvent {
  message: string;
  link: string | null;
  /** ISO 8601, UTC. */
  createdAt: string;
}

/** How many ids one mark-read call may carry (the host refuses more). */
export const MARK_READ_LIMIT = 100;

/** The caller's notifications; `api` is the host client (`useHostApi()`). */
export function getNotifications(api: ApiClient, options?: RequestOptions): Promise<NotificationItem[]> {
  return api.get<NotificationItem[]>('/notification/getall', options);
}

/** Marks notifications read, in calls of at most 100 ids. */
export async function markNotificationsRead(api: ApiClient, ids: readonly string[], options?: RequestOptions) {
  for (let start = 0; start < ids.length; start += MARK_READ_LIMIT) {
    await api.post('/notification/markRead', { ids: ids.slice(start, start + MARK_READ_LIMIT) }, options);
  }
}
