//! The failure signature of an error message: what stays the same when the same failure
//! happens again. Numbers, ids, paths, URLs, dates, times and e-mail addresses are replaced
//! by placeholders word by word (no regular expressions: the plugin stays small), and the
//! fingerprint of the process and the lower-cased result names the signature.

use sha2::{Digest, Sha256};

/// The longest normalised message kept (the `message` field's limit).
pub const MAX_MESSAGE: usize = 300;
/// What a failure without an error text reads as.
pub const NO_MESSAGE: &str = "(no error message)";

/// `message` with its variable parts replaced and its spaces collapsed.
pub fn normalise(message: &str) -> String {
    let words: Vec<String> = message.split_whitespace().map(word).collect();
    let text = words.join(" ");
    let text = if text.is_empty() { NO_MESSAGE.to_string() } else { text };
    text.chars().take(MAX_MESSAGE).collect()
}

/// The signature's name: SHA-256 of the process and the case-folded message, hex.
pub fn fingerprint(process: &str, message: &str) -> String {
    let mut hash = Sha256::new();
    hash.update(process.as_bytes());
    hash.update([0]);
    hash.update(message.to_lowercase().as_bytes());
    hex::encode(hash.finalize())
}

/// One word: its surrounding punctuation kept, its core replaced when it is variable.
fn word(word: &str) -> String {
    let is_edge = |c: char| {
        matches!(c, '"' | '\'' | '(' | ')' | '[' | ']' | '{' | '}' | '<' | '>' | ',' | ';' | '.' | ':' | '!' | '?')
    };
    let start = word.find(|c| !is_edge(c)).unwrap_or(word.len());
    let end =
        word.rfind(|c| !is_edge(c)).map_or(start, |end| end + word[end..].chars().next().map_or(1, char::len_utf8));
    let (before, core, after) = (&word[..start], &word[start..end.max(start)], &word[end.max(start)..]);
    if core.is_empty() {
        return word.to_string();
    }
    format!("{before}{}{after}", replace(core))
}

fn replace(core: &str) -> String {
    let lower = core.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("ftp://") {
        return "<url>".into();
    }
    if is_email(core) {
        return "<email>".into();
    }
    if is_date_or_time(core) {
        return "<date>".into();
    }
    if is_path(core) {
        return "<path>".into();
    }
    if is_id(core) {
        return "<id>".into();
    }
    numbers(core)
}

fn is_email(core: &str) -> bool {
    core.split_once('@')
        .is_some_and(|(user, domain)| !user.is_empty() && domain.contains('.') && !domain.starts_with('.'))
}

fn is_path(core: &str) -> bool {
    let bytes = core.as_bytes();
    let drive =
        bytes.len() > 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' && matches!(bytes[2], b'\\' | b'/');
    drive
        || core.starts_with("\\\\")
        || core.contains('\\')
        || (core.starts_with('/') && core.len() > 1)
        || core.matches('/').count() >= 2
}

/// `2026-11-23`, `2026-11-23T10:00:00Z`, `23/11/2026`, `23.11.26`, `10:00`, `10:00:59.123`.
fn is_date_or_time(core: &str) -> bool {
    let groups: Vec<&str> = core.split(['-', '/', '.', ':', 'T', 'Z', '+']).filter(|g| !g.is_empty()).collect();
    let digits_only = core.chars().all(|c| c.is_ascii_digit() || matches!(c, '-' | '/' | '.' | ':' | 'T' | 'Z' | '+'));
    let separators = core.chars().filter(|c| matches!(c, '-' | '/' | '.' | ':')).count();
    digits_only
        && groups.len() >= 2
        && separators >= 1
        && groups.iter().all(|g| g.chars().all(|c| c.is_ascii_digit()) && g.len() <= 4)
        && (core.contains(':') || groups.len() >= 3)
}

/// A UUID, or a run of 8 or more hexadecimal characters with a digit in it.
fn is_id(core: &str) -> bool {
    let hex = core.chars().filter(|&c| c != '-').all(|c| c.is_ascii_hexdigit());
    let length = core.chars().filter(|&c| c != '-').count();
    hex && length >= 8
        && core.chars().any(|c| c.is_ascii_digit())
        && (length == 32 || !core.contains('-') || core.len() == 36)
}

/// Each run of digits (with its decimal separators) as `<n>`: `INV-10442` reads `INV-<n>`.
fn numbers(core: &str) -> String {
    let mut out = String::with_capacity(core.len());
    let mut chars = core.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            while chars.peek().is_some_and(|&next| next.is_ascii_digit() || next == ',' || next == '.') {
                chars.next();
            }
            out.push_str("<n>");
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variable_parts_become_placeholders() {
        let cases = [
            ("Invoice INV-10442 could not be posted", "Invoice INV-<n> could not be posted"),
            ("Timeout after 30000 ms waiting for element #7", "Timeout after <n> ms waiting for element #<n>"),
            ("File C:\\Robots\\in\\2026\\batch_17.xlsx not found", "File <path> not found"),
            ("Cannot open /var/data/exports/run-88.csv", "Cannot open <path>"),
            ("Mail to anna.berg@example.com bounced", "Mail to <email> bounced"),
            ("Session 3f2a9c4e-1b7d-4e2a-9c1d-0a2b3c4d5e6f expired", "Session <id> expired"),
            ("Order 9f86d081884c7d65 rejected", "Order <id> rejected"),
            ("Job failed at 2026-11-23T10:00:00Z (retry 2)", "Job failed at <date> (retry <n>)"),
            ("Cut-off 23/11/2026 passed at 17:45", "Cut-off <date> passed at <date>"),
            ("See https://erp.example.com/orders?id=42 for details", "See <url> for details"),
            ("Amount 1,234.50 EUR exceeds limit", "Amount <n> EUR exceeds limit"),
            ("  Login   failed  ", "Login failed"),
            ("\"Login failed\".", "\"Login failed\"."),
            ("", NO_MESSAGE),
        ];
        for (message, expected) in cases {
            assert_eq!(normalise(message), expected, "{message}");
        }
    }

    #[test]
    fn the_same_failure_has_one_fingerprint_per_process() {
        let first = normalise("Invoice INV-10442 could not be posted at 10:02");
        let second = normalise("invoice INV-77 could not be posted at 23:59");
        assert_eq!(fingerprint("Invoices", &first), fingerprint("Invoices", &second));
        assert_ne!(fingerprint("Invoices", &first), fingerprint("Payroll", &first));
        assert_ne!(fingerprint("Invoices", &first), fingerprint("Invoices", &normalise("Login failed")));
        assert_eq!(fingerprint("Invoices", &first).len(), 64);
    }

    #[test]
    fn words_that_only_look_variable_stay() {
        assert_eq!(normalise("SAP GUI not responding"), "SAP GUI not responding");
        assert_eq!(normalise("Step 'Add/Edit' failed"), "Step 'Add/Edit' failed");
        assert_eq!(normalise("deadbeef"), "deadbeef", "no digit: a word");
        assert!(normalise(&"x".repeat(400)).chars().count() == MAX_MESSAGE);
    }
}
