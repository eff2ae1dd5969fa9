/** Who is online: the dots beside names, and the heartbeat's status. */

import type { PresenceStatus, PresenceView } from './types';

/** The heartbeat's period (ms): the plugin takes a user as offline 90 s after the last. */
export const HEARTBEAT_MS = 30_000;

export const PRESENCE_COLORS: Readonly<Record<PresenceStatus, string>> = {
  online: 'green',
  away: 'yellow',
  offline: 'gray',
};

export const PRESENCE_LABELS: Readonly<Record<PresenceStatus, string>> = {
  online: 'Online',
  away: 'Away',
  offline: 'Offline',
};

/** The status a heartbeat sends: away while the tab is hidden. */
export function heartbeatStatus(visibility: DocumentVisibilityState): 'online' | 'away' {
  return visibility === 'hidden' ? 'away' : 'online';
}

export type PresenceMap = Readonly<Record<string, PresenceStatus>>;

export function presenceMap(users: readonly PresenceView[]): PresenceMap {
  return Object.fromEntries(users.map((user) => [user.user_id, user.status]));
}

/** A user's status; offline when unknown. */
export function statusOf(map: PresenceMap | undefined, userId: string): PresenceStatus {
  return map?.[userId] ?? 'offline';
}
