import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api } from '../api';
// Not '../modules': that would pull the module loader into the login page.
import { prefetchVisibleModules } from '../modules/prefetch';
import { ACTIVITY_KEY, hasStoredSession, readSession, writeSession } from './storage';
import type { Session, SignedIn, UserData } from './types';

export interface SessionApi {
  /** null when signed out. */
  session: Session | null;
  /** Keeps the session, sealed in local storage. */
  signIn(token: string, userdata: UserData): Promise<void>;
  /** Replaces the user data of the current session (e.g. after GET /users/me). */
  update(userdata: UserData): Promise<void>;
  /** Ends the session on the host and clears ALL local storage. */
  signOut(): void;
  /**
   * Opens a session in another of the person's companies (the current one ends) and reloads
   * the app at `/`, so that every module, cache and connection starts over in that company.
   * Rejects with the host's `ApiError` when the switch is refused.
   */
  switchCompany(companyId: string): Promise<void>;
}

const SessionContext = createContext<SessionApi | null>(null);

async function persist(session: Session) {
  try {
    await writeSession(session);
  } catch (err) {
    // Without IndexedDB or WebCrypto the session still works until the tab closes.
    console.warn('The session cannot be stored in this browser.', err);
  }
}

/** Reads the stored session once at start; renders its children when that is done. */
export function SessionProvider({ children }: { children: ReactNode }) {
  // Nothing stored: signed out at once, without opening IndexedDB.
  const [ready, setReady] = useState(() => !hasStoredSession());
  const [session, setSession] = useState<Session | null>(null);
  const current = useRef<Session | null>(null);
  // While switching, answers 401 to the ending session's calls must not sign the person out.
  const switching = useRef(false);

  const adopt = useCallback((next: Session | null) => {
    current.current = next;
    // The module list loads while the signed-in area's chunks do.
    if (next) prefetchVisibleModules(next.token);
    setSession(next);
  }, []);

  useEffect(() => {
    let live = true;
    const load = () =>
      readSession().then((stored) => {
        if (!live) return;
        adopt(stored);
        setReady(true);
      });
    if (hasStoredSession()) void load();
    // Another tab signed in or out (local storage cleared: key null).
    const onStorage = (event: StorageEvent) => {
      if (event.key === ACTIVITY_KEY || event.key === null) void load();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      live = false;
      window.removeEventListener('storage', onStorage);
    };
  }, [adopt]);

  const signIn = useCallback(
    async (token: string, userdata: UserData) => {
      const next = { token, userdata };
      await persist(next);
      adopt(next);
    },
    [adopt],
  );

  const update = useCallback(
    async (userdata: UserData) => {
      const token = current.current?.token;
      if (!token) return;
      const next = { token, userdata };
      await persist(next);
      adopt(next);
    },
    [adopt],
  );

  const signOut = useCallback(() => {
    if (switching.current) return;
    const token = current.current?.token;
    localStorage.clear();
    adopt(null);
    // The token stops working on the host too; signed out locally whatever the answer.
    if (token) void api('/users/logout', { method: 'POST', token }).catch(() => undefined);
  }, [adopt]);

  const switchCompany = useCallback(async (companyId: string) => {
    const token = current.current?.token;
    if (!token) return;
    switching.current = true;
    try {
      const next = await api<SignedIn>('/users/switchCompany', { body: { company_id: companyId }, token });
      await persist({ token: next.token, userdata: next.userdata });
    } catch (err) {
      switching.current = false;
      throw err;
    }
    window.location.assign('/');
  }, []);

  const value = useMemo(
    () => ({ session, signIn, update, signOut, switchCompany }),
    [session, signIn, update, signOut, switchCompany],
  );
  if (!ready) return null;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
