import { seal, sessionKey, unseal } from './vault';
import type { Session } from './types';

/** The local storage entry holding the sealed session: `activity`. */
export const ACTIVITY_KEY = 'activity';

/** The local storage key of the admin flag ('true' or empty), which picks the admin area. */
export const ADMIN_FLAG_KEY = 'adminFlag';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The shape the shell relies on; anything else is not a session of ours. */
function isSession(value: unknown): value is Session {
  if (!isRecord(value) || typeof value.token !== 'string' || value.token === '') return false;
  const user = value.userdata;
  return (
    isRecord(user) &&
    typeof user.user_id === 'string' &&
    typeof user.email === 'string' &&
    Array.isArray(user.userrole) &&
    user.userrole.every((role) => isRecord(role) && isRecord(role.rights))
  );
}

/** Whether local storage holds a sealed session at all (no IndexedDB needed to tell). */
export function hasStoredSession(): boolean {
  return localStorage.getItem(ACTIVITY_KEY) !== null;
}

/**
 * The stored session, opened and checked. Any failure (no key, a changed or foreign
 * value, an unexpected shape) clears all of local storage.
 */
export async function readSession(): Promise<Session | null> {
  const sealed = localStorage.getItem(ACTIVITY_KEY);
  if (sealed === null) return null;
  try {
    const key = await sessionKey(false);
    if (!key) throw new Error('No session key in this browser');
    const session: unknown = JSON.parse(await unseal(key, sealed));
    if (!isSession(session)) throw new Error('The stored session has an unexpected shape');
    return session;
  } catch (err) {
    console.warn('The stored session cannot be read; local storage is cleared.', err);
    localStorage.clear();
    return null;
  }
}

/** Seals the session into local storage. */
export async function writeSession(session: Session): Promise<void> {
  const key = await sessionKey(true);
  if (!key) throw new Error('No session key');
  localStorage.setItem(ACTIVITY_KEY, await seal(key, JSON.stringify(session)));
}
