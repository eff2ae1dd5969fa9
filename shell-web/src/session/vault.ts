// The session is sealed with AES-256-GCM under a key that WebCrypto generated as
// non-extractable and that lives only in IndexedDB: a copy of local storage (or a script
// that rewrites it) can neither read the session nor forge one, because GCM's tag fails
// for anything this key did not seal.

const DB_NAME = 'autoscope';
const STORE = 'keys';
const KEY_ID = 'session';
/** Binds a sealed value to its purpose: a value sealed for anything else does not open. */
const PURPOSE = new TextEncoder().encode('autoscope.session.v1');
const IV_BYTES = 12;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDb(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB_NAME, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE);
  return request(req);
}

async function withStore<T>(mode: IDBTransactionMode, operation: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await request(operation(db.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    db.close();
  }
}

/** The sealing key, created on first use when `create` is true; null when there is none. */
export async function sessionKey(create: boolean): Promise<CryptoKey | null> {
  const found = await withStore<unknown>('readonly', (store) => store.get(KEY_ID));
  if (found instanceof CryptoKey) return found;
  if (!create) return null;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  try {
    // `add` refuses to replace: of two tabs creating a key at once, one key wins.
    await withStore('readwrite', (store) => store.add(key, KEY_ID));
    return key;
  } catch {
    const winner = await withStore<unknown>('readonly', (store) => store.get(KEY_ID));
    if (winner instanceof CryptoKey) return winner;
    throw new Error('The session key cannot be stored');
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** base64(iv ‖ ciphertext ‖ tag). */
export async function seal(key: CryptoKey, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: PURPOSE },
    key,
    new TextEncoder().encode(plaintext),
  );
  const out = new Uint8Array(IV_BYTES + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), IV_BYTES);
  return toBase64(out);
}

/** The plaintext of `seal`; rejects when the value was not sealed by this key or was changed. */
export async function unseal(key: CryptoKey, sealed: string): Promise<string> {
  const bytes = fromBase64(sealed);
  if (bytes.length <= IV_BYTES) throw new Error('The sealed value is too short');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES), additionalData: PURPOSE },
    key,
    bytes.subarray(IV_BYTES),
  );
  return new TextDecoder().decode(plain);
}
