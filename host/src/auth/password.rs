//! Passwords: argon2id (19 MiB, 2 passes) hashed off the async workers, the portal's
//! strength rule, and a refusal of common passwords.

use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};

/// The strength rule: a digit, a special character, an upper- and a lower-case letter, 8+ characters.
pub const POLICY_MESSAGE: &str =
    "Password should have one numeric, one special, one uppercase, one lowercase and 8 characters long";
pub const COMMON_MESSAGE: &str = "This password is too common, please choose another";
pub const TOO_LONG_MESSAGE: &str = "Password is too long";

pub const MIN_CHARS: usize = 8;
/// Long enough for any passphrase, short enough that hashing cannot be abused.
pub const MAX_BYTES: usize = 1024;

fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("constant argon2 parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Checks the spec's rule (counted in characters, so any script works) and the common
/// list; returns the message to show when the password is refused.
pub fn check_policy(password: &str) -> Result<(), &'static str> {
    if password.len() > MAX_BYTES {
        return Err(TOO_LONG_MESSAGE);
    }
    let chars = password.chars().count();
    let has_digit = password.chars().any(|c| c.is_numeric());
    let has_upper = password.chars().any(char::is_uppercase);
    let has_lower = password.chars().any(char::is_lowercase);
    let has_special = password.chars().any(|c| !c.is_alphanumeric() && !c.is_whitespace());
    if chars < MIN_CHARS || !has_digit || !has_upper || !has_lower || !has_special {
        return Err(POLICY_MESSAGE);
    }
    if is_common(password) {
        return Err(COMMON_MESSAGE);
    }
    Ok(())
}

/// Common base words and keyboard runs that people dress up with a capital, digits and
/// a symbol to pass strength rules ("Password1!", "P@ssw0rd2024").
const COMMON_BASES: &str = include_str!("common-passwords.txt");

/// True when the password is a common base word once case, leetspeak and the digits
/// and symbols around it are taken away (trimmed before or after undoing leetspeak, so
/// both "Admin@123" and "Adm1n#23" are caught).
pub fn is_common(password: &str) -> bool {
    let lower = password.to_lowercase();
    let trim = |s: &str| s.trim_matches(|c: char| !c.is_alphabetic()).to_string();
    let candidates = [undo_leetspeak(&trim(&lower)), trim(&undo_leetspeak(&lower))];
    COMMON_BASES
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .any(|base| candidates.iter().any(|c| c == base))
}

fn undo_leetspeak(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '@' | '4' => 'a',
            '3' => 'e',
            '1' | '!' | '|' => 'i',
            '0' => 'o',
            '$' | '5' => 's',
            '7' => 't',
            other => other,
        })
        .collect()
}

/// Hashes on the hashing pool: argon2 takes tens of milliseconds of CPU.
pub async fn hash(password: String) -> anyhow::Result<String> {
    on_hashing_pool(move || {
        argon2()
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
            .map_err(|err| anyhow::anyhow!("argon2: {err}"))
    })
    .await?
}

/// Verifies on the hashing pool. With no stored hash (unknown user, social account) it
/// still spends the same time, so timing does not reveal which accounts exist.
pub async fn verify(password: String, stored: Option<String>) -> anyhow::Result<bool> {
    on_hashing_pool(move || {
        let stored = stored.unwrap_or_else(|| DUMMY_HASH.to_string());
        let parsed = argon2::PasswordHash::new(&stored).map_err(|err| anyhow::anyhow!("stored hash: {err}"))?;
        let matches = argon2().verify_password(password.as_bytes(), &parsed).is_ok();
        Ok(matches && stored != DUMMY_HASH)
    })
    .await?
}

/// The CPU priority of hashing on shared CPUs: the lowest, so that a request waiting for a
/// CPU gets it first (a flood of sign-ins then costs other requests' p99 half as much).
const HASHING_PRIORITY: i32 = 19;

/// Runs `work` on a pool of its own: on the CPUs set apart for heavy work, as heavy work
/// (`cpu`), or where none are, on all cores but one at the lowest priority. A flood of
/// sign-ins queues there instead of taking every core (and 19 MiB per hash at once) from
/// other requests.
async fn on_hashing_pool<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> anyhow::Result<T> {
    static POOL: std::sync::LazyLock<Option<tokio::runtime::Runtime>> = std::sync::LazyLock::new(|| {
        crate::cpu::heavy_pool("password-hashing").or_else(|| {
            let cores = std::thread::available_parallelism().map_or(2, usize::from);
            crate::cpu::pool("password-hashing", cores - 1, HASHING_PRIORITY)
        })
    });
    // Heavy from the moment it queues, not only while it runs: during a flood the next hash
    // is always waiting, so the other threads keep off the CPUs set apart until the flood
    // ends instead of being moved back and forth between two hashes.
    let heavy = crate::cpu::heavy_work();
    let work = move || {
        let _heavy = heavy;
        work()
    };
    let task = match POOL.as_ref() {
        Some(pool) => pool.spawn_blocking(work),
        None => tokio::task::spawn_blocking(work),
    };
    Ok(task.await?)
}

/// An argon2id hash of a random string nobody knows, with our parameters.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$1Ue6Lx7tNTbtgr0KX3JiS0YE0xOVj5lZBG0mgM2oN0k";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spec_rule_needs_each_character_class() {
        assert_eq!(check_policy("Ab1!xyz"), Err(POLICY_MESSAGE), "7 characters");
        assert_eq!(check_policy("abcdefg1!"), Err(POLICY_MESSAGE), "no uppercase");
        assert_eq!(check_policy("ABCDEFG1!"), Err(POLICY_MESSAGE), "no lowercase");
        assert_eq!(check_policy("Abcdefgh!"), Err(POLICY_MESSAGE), "no digit");
        assert_eq!(check_policy("Abcdefgh1"), Err(POLICY_MESSAGE), "no special");
        assert_eq!(check_policy("Tr4vel-Kite"), Ok(()));
    }

    #[test]
    fn long_and_unicode_passwords_are_accepted() {
        assert_eq!(check_policy("Ünïcødé-Pässwört-9"), Ok(()));
        assert_eq!(check_policy("Грозовой-перевал-7"), Ok(()));
        let long = format!("Xy7!{}", "correct-horse-battery-staple-".repeat(20));
        assert_eq!(check_policy(&long), Ok(()));
        assert_eq!(check_policy(&"Xy7!".repeat(300)), Err(TOO_LONG_MESSAGE));
    }

    #[test]
    fn dressed_up_common_passwords_are_refused() {
        for pw in [
            "Password1!",
            "P@ssw0rd",
            "P@ssw0rd2024",
            "Welcome123!",
            "Qwerty123!",
            "Admin@123",
            "Autoscope1!",
            "Adm1n#23",
        ] {
            assert_eq!(check_policy(pw), Err(COMMON_MESSAGE), "{pw}");
        }
    }

    #[tokio::test]
    async fn hashes_verify_only_the_same_password() {
        let hash = hash("Tr4vel-Kite".into()).await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify("Tr4vel-Kite".into(), Some(hash.clone())).await.unwrap());
        assert!(!verify("Tr4vel-Kitf".into(), Some(hash)).await.unwrap());
        assert!(!verify("anything".into(), None).await.unwrap());
    }

    #[tokio::test]
    async fn no_truncation_long_passwords_differ_in_their_last_character() {
        let base = "Ab1!".to_string() + &"x".repeat(200);
        let hash = hash(format!("{base}y")).await.unwrap();
        assert!(!verify(format!("{base}z"), Some(hash)).await.unwrap());
    }
}
