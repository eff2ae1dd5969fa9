import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ACTIVITY_KEY, ADMIN_FLAG_KEY, readSession, rightsOf, writeSession, type Session } from '../../src/session';
import { userData } from '../fixtures';

const session: Session = {
  token: 'tok-123',
  userdata: userData({
    email: 'ann@acme.com',
    userrole: [{ role: 'communityuser', rights: { chat: { view: true, disabled: false } } }],
    user_list_key: 'passphrase',
  }),
};

function deleteDatabase(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.deleteDatabase('autoscope');
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error);
  });
}

beforeEach(async () => {
  localStorage.clear();
  await deleteDatabase();
  // A failed read says why on the console; the tests check the outcome.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => localStorage.clear());

describe('the stored session', () => {
  test('reads back what was written', async () => {
    await writeSession(session);
    expect(await readSession()).toEqual(session);
  });

  test('is neither readable nor the plain session in local storage', async () => {
    await writeSession(session);
    const stored = localStorage.getItem(ACTIVITY_KEY) ?? '';
    expect(stored).not.toBe('');
    expect(stored).not.toContain('tok-123');
    expect(atob(stored)).not.toContain('tok-123');
    expect(atob(stored)).not.toContain('ann@acme.com');
  });

  test('is absent when nothing was written, without clearing anything', async () => {
    localStorage.setItem('other', 'kept');
    expect(await readSession()).toBeNull();
    expect(localStorage.getItem('other')).toBe('kept');
  });

  test('changed in local storage: cleared with all of local storage', async () => {
    await writeSession(session);
    localStorage.setItem(ADMIN_FLAG_KEY, 'true');
    const stored = localStorage.getItem(ACTIVITY_KEY) ?? '';
    const bytes = Uint8Array.from(atob(stored), (c) => c.charCodeAt(0));
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    localStorage.setItem(ACTIVITY_KEY, btoa(String.fromCharCode(...bytes)));
    expect(await readSession()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  test('forged without the key (plain JSON or garbage): cleared', async () => {
    await writeSession(session);
    for (const forged of [btoa(JSON.stringify(session)), 'not base64 at all', '']) {
      localStorage.setItem(ACTIVITY_KEY, forged);
      expect(await readSession()).toBeNull();
      expect(localStorage.length).toBe(0);
    }
  });

  test('copied into a browser without its key: cleared', async () => {
    await writeSession(session);
    const copy = localStorage.getItem(ACTIVITY_KEY) ?? '';
    await deleteDatabase();
    localStorage.setItem(ACTIVITY_KEY, copy);
    expect(await readSession()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  test('sealed by another key: cleared', async () => {
    await writeSession(session);
    const theirs = localStorage.getItem(ACTIVITY_KEY) ?? '';
    await deleteDatabase();
    await writeSession(session);
    localStorage.setItem(ACTIVITY_KEY, theirs);
    expect(await readSession()).toBeNull();
  });

  test('of an unexpected shape: cleared', async () => {
    await writeSession({ token: 'tok', userdata: { user_id: 'u1' } } as unknown as Session);
    expect(await readSession()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  test('keeps one key: a second write is read with the first key', async () => {
    await writeSession(session);
    await writeSession({ ...session, token: 'tok-456' });
    expect((await readSession())?.token).toBe('tok-456');
  });
});

describe('rightsOf', () => {
  test('is the first role’s rights, or none', () => {
    expect(rightsOf(session)).toEqual({ chat: { view: true, disabled: false } });
    expect(rightsOf({ ...session, userdata: { ...session.userdata, userrole: [] } })).toEqual({});
  });
});
