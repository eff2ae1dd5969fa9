//! The shape of a company API key: `ask_<id>_<secret>`, where the id (32 hex digits)
//! finds the stored digest and the secret (32 random bytes, base64url) is checked
//! against it. The secret has full entropy, so a plain SHA-256 digest suffices.

use sha2::{Digest, Sha256};

const PREFIX: &str = "ask_";
const ID_LEN: usize = 32;

/// A new key: (id, the whole key to show once, the digest to store).
pub fn generate() -> (String, String, String) {
    let id = uuid::Uuid::now_v7().simple().to_string();
    let secret = crate::crypto::random_token(32);
    let key = format!("{PREFIX}{id}_{secret}");
    (id, key, digest(&secret))
}

pub fn digest(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// The id and secret of a presented key, or `None` when it is not shaped like one.
pub fn parse(key: &str) -> Option<(&str, &str)> {
    let rest = key.strip_prefix(PREFIX)?;
    let (id, secret) = (rest.get(..ID_LEN)?, rest.get(ID_LEN..)?.strip_prefix('_')?);
    let well_formed = id.bytes().all(|b| b.is_ascii_hexdigit()) && !secret.is_empty();
    well_formed.then_some((id, secret))
}

/// What the key list shows of a key: the part before its secret. The whole id, since
/// ids made in the same minute share their first digits (a UUIDv7 starts with the time).
pub fn shown_prefix(id: &str) -> String {
    format!("{PREFIX}{id}_")
}

/// Whether `secret` matches the stored digest (without an early exit).
pub fn matches(secret: &str, stored: &str) -> bool {
    crate::crypto::constant_time_eq(digest(secret).as_bytes(), stored.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_key_parses_and_matches_its_digest_only() {
        let (id, key, stored) = generate();
        let (parsed_id, secret) = parse(&key).expect("a generated key parses");
        assert_eq!(parsed_id, id);
        assert!(key.starts_with(&shown_prefix(&id)) && !shown_prefix(&id).contains(secret));
        assert!(matches(secret, &stored));
        assert!(!matches(&format!("{secret}x"), &stored));
        let (_, other_key, _) = generate();
        assert!(!matches(parse(&other_key).unwrap().1, &stored));
    }

    #[test]
    fn malformed_keys_do_not_parse() {
        for key in [
            "",
            "ask_",
            "ask_123_abc",
            "bsk_0123456789abcdef0123456789abcdef_x",
            "ask_0123456789abcdef0123456789abcdeg_x",
            "ask_0123456789abcdef0123456789abcdef_",
            "ask_0123456789abcdef0123456789abcdefx",
        ] {
            assert!(parse(key).is_none(), "{key}");
        }
        assert_eq!(
            parse("ask_0123456789abcdef0123456789abcdef_s_e-c"),
            Some(("0123456789abcdef0123456789abcdef", "s_e-c"))
        );
    }
}
