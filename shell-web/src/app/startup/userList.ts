/**
 * The company's user list of `GET /api/users/all_users` arrives encrypted:
 * `data` is base64 of a 12-byte nonce followed by the AES-256-GCM ciphertext and tag, under
 * the key SHA-256(passphrase), the passphrase being the session's `user_list_key`.
 */

/** A user list item. */
export interface UserListItem {
  id: string;
  user_id: string;
  email: string;
  firstname: string;
  lastname: string;
  /** Path of the user's picture, or '' when there is none. */
  profile_image: string;
}

const NONCE_BYTES = 12;

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Decrypts and parses the list; throws when the text was not made with this passphrase. */
export async function decryptUserList(data: string, passphrase: string): Promise<UserListItem[]> {
  const raw = base64ToBytes(data);
  if (raw.length <= NONCE_BYTES) throw new Error('The user list is too short to be encrypted');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(passphrase));
  const key = await crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: raw.slice(0, NONCE_BYTES) },
    key,
    raw.slice(NONCE_BYTES),
  );
  const list: unknown = JSON.parse(new TextDecoder().decode(plain));
  if (!Array.isArray(list)) throw new Error('The user list is not a list');
  return list as UserListItem[];
}
