//! Small cryptographic helpers shared by accounts, sessions and the user list.

use base64::Engine;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use hmac::{KeyInit, Mac};
use rand::RngExt;
use sha2::{Digest, Sha256};

type HmacSha256 = hmac::Hmac<Sha256>;

/// A 32-byte key for one purpose, derived from the master secret.
pub fn derive_key(secret: &[u8], purpose: &str) -> [u8; 32] {
    keyed_digest(secret, &format!("autoscope/key/{purpose}"))
}

/// HMAC-SHA256 of `message` under `key`.
pub fn keyed_digest(key: &[u8], message: &str) -> [u8; 32] {
    let mut mac = <HmacSha256 as KeyInit>::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(message.as_bytes());
    mac.finalize().into_bytes().into()
}

/// How one-time codes and link tokens are stored: a keyed hash, hex, never the value.
pub fn code_hash(secret: &[u8], purpose: &str, value: &str) -> String {
    hex::encode(keyed_digest(secret, &format!("{purpose}\n{value}")))
}

/// Unguessable URL-safe token with `bytes` bytes of randomness.
pub fn random_token(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::rng().fill(&mut buf[..]);
    URL_SAFE_NO_PAD.encode(buf)
}

/// A uniformly random decimal code of `digits` digits (leading zeros kept).
pub fn random_digits(digits: u32) -> String {
    let n: u64 = rand::rng().random_range(0..10u64.pow(digits));
    format!("{n:0width$}", width = digits as usize)
}

/// Compares without an early exit, so timing does not tell how much matched.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// AES-256-GCM with a key derived from `passphrase`; output is base64 of nonce || ciphertext.
pub fn encrypt_for_client(passphrase: &[u8], plaintext: &[u8]) -> String {
    seal(&Sha256::digest(passphrase).into(), b"", plaintext)
}

/// The inverse of [`encrypt_for_client`]; `None` when the text was not made with this key.
pub fn decrypt_from_server(passphrase: &[u8], text: &str) -> Option<Vec<u8>> {
    open(&Sha256::digest(passphrase).into(), b"", text)
}

/// AES-256-GCM under `key`, bound to `context` (the identity of the record that keeps it,
/// as associated data): sealed for one record, it does not open for another. Base64 of
/// nonce || ciphertext.
pub fn seal(key: &[u8; 32], context: &[u8], plaintext: &[u8]) -> String {
    use aes_gcm::aead::{Aead, Payload};
    let cipher = <aes_gcm::Aes256Gcm as aes_gcm::KeyInit>::new(key.into());
    let nonce: [u8; 12] = rand::rng().random();
    let sealed = cipher
        .encrypt(&nonce.into(), Payload { msg: plaintext, aad: context })
        .expect("AES-GCM encryption of an in-memory buffer cannot fail");
    let mut out = nonce.to_vec();
    out.extend(sealed);
    STANDARD.encode(out)
}

/// The inverse of [`seal`]; `None` unless `text` was sealed with this key and context.
pub fn open(key: &[u8; 32], context: &[u8], text: &str) -> Option<Vec<u8>> {
    use aes_gcm::aead::{Aead, Payload};
    let raw = STANDARD.decode(text).ok()?;
    if raw.len() < 12 {
        return None;
    }
    let (nonce, sealed) = raw.split_at(12);
    let cipher = <aes_gcm::Aes256Gcm as aes_gcm::KeyInit>::new(key.into());
    cipher.decrypt(nonce.try_into().ok()?, Payload { msg: sealed, aad: context }).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_have_the_asked_length_and_vary() {
        let codes: Vec<String> = (0..50).map(|_| random_digits(6)).collect();
        assert!(codes.iter().all(|c| c.len() == 6 && c.bytes().all(|b| b.is_ascii_digit())));
        assert!(codes.iter().any(|c| c != &codes[0]));
    }

    #[test]
    fn tokens_carry_the_asked_randomness() {
        // 16 bytes = 128 bits -> 22 base64url characters.
        assert_eq!(random_token(16).len(), 22);
        assert_ne!(random_token(16), random_token(16));
    }

    #[test]
    fn code_hashes_depend_on_secret_purpose_and_value() {
        let h = code_hash(b"k1", "signup", "123456");
        assert_eq!(h, code_hash(b"k1", "signup", "123456"));
        assert_ne!(h, code_hash(b"k2", "signup", "123456"));
        assert_ne!(h, code_hash(b"k1", "reset", "123456"));
        assert_ne!(h, code_hash(b"k1", "signup", "123457"));
    }

    #[test]
    fn client_encryption_round_trips_and_rejects_other_keys() {
        let sealed = encrypt_for_client(b"key-a", b"[1,2,3]");
        assert_eq!(decrypt_from_server(b"key-a", &sealed).unwrap(), b"[1,2,3]");
        assert!(decrypt_from_server(b"key-b", &sealed).is_none());
        assert_ne!(sealed, encrypt_for_client(b"key-a", b"[1,2,3]"), "a fresh nonce every time");
    }

    #[test]
    fn constant_time_eq_matches_plain_equality() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"ab"));
    }

    #[test]
    fn a_sealed_value_opens_only_with_its_key_and_context() {
        let key = derive_key(b"secret", "test");
        let sealed = seal(&key, b"company/1", b"hunter2");
        assert_ne!(sealed, seal(&key, b"company/1", b"hunter2"), "a fresh nonce each time");
        assert_eq!(open(&key, b"company/1", &sealed).as_deref(), Some(&b"hunter2"[..]));
        assert_eq!(open(&key, b"company/2", &sealed), None, "moved to another record");
        assert_eq!(open(&derive_key(b"other", "test"), b"company/1", &sealed), None);
        assert_eq!(open(&key, b"company/1", "not base64!"), None);
    }
}
