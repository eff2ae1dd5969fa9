//! Approval links: tokens from the host's entropy, of which only the SHA-256 is stored;
//! the links of the mail; the judgement of a link that comes back; and the ticket's
//! approval state from its people's answers.

use autoscope_sdk::prelude::*;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// How long a link works: 7 days.
pub const LIFETIME_SECONDS: i64 = 7 * 86_400;

pub const ASKER_ONLY: &str = "Only the requester or the assignee may ask for approval";
pub const PEOPLE_REQUIRED: &str = "Please choose who should approve";
pub const NOT_A_USER: &str = "Approver is not a user of this company";
/// The answer to every link that comes back, used or not: a link reveals nothing.
pub const THANK_YOU: &str = "Thank You! We will submit your Approval to Ticket!";
pub const MALFORMED: &str = "ticket_id, person_id and token are required";

/// The lower-case hex SHA-256 of `text`.
pub fn sha256_hex(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        text.push(DIGITS[usize::from(byte >> 4)] as char);
        text.push(DIGITS[usize::from(byte & 0x0f)] as char);
    }
    text
}

/// The token of `person_id`'s link: SHA-256(entropy ‖ person_id), so the people asked
/// in one call (one entropy) get distinct tokens. 500 when the host gave no entropy:
/// a token must never be guessable.
pub fn token(entropy: &str, person_id: &str) -> Result<String> {
    if entropy.len() != 64 || !entropy.bytes().all(|byte| byte.is_ascii_hexdigit()) {
        return Err(Error::internal("the host gave no entropy for the approval token"));
    }
    Ok(sha256_hex(&format!("{entropy}{person_id}")))
}

/// Equal hashes, compared in time that does not depend on where they differ.
pub fn same_hash(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |diff, (x, y)| diff | (x ^ y)) == 0
}

/// The approve and decline links of the portal's approval page (`aprrove`, spelled so).
pub fn links(portal_url: &str, ticket_id: &str, person_id: &str, token: &str) -> (String, String) {
    let link = |approve: bool| {
        format!(
            "{portal_url}/updateTicketApproveStatus?aprrove={approve}&ticketid={ticket_id}&personid={person_id}&token={token}"
        )
    };
    (link(true), link(false))
}

/// What a returned link asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Approve,
    Decline,
}

impl Decision {
    /// The approval's and the history's word for it.
    pub fn status(self) -> &'static str {
        match self {
            Self::Approve => "approved",
            Self::Decline => "declined",
        }
    }
}

/// A returned link's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub ticket_id: String,
    pub person_id: String,
    pub token: String,
}

/// The body of `/approve` and `/decline`: an object with the three strings; 400 otherwise.
pub fn claim(body: Option<&Value>) -> Result<Claim> {
    let text = |field: &str| body.and_then(|body| body.get(field)).and_then(Value::as_str).map(str::to_string);
    match (text("ticket_id"), text("person_id"), text("token")) {
        (Some(ticket_id), Some(person_id), Some(token)) => Ok(Claim { ticket_id, person_id, token }),
        _ => Err(Error::bad_request(MALFORMED)),
    }
}

/// A stored approval as the judgement reads it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct Stored {
    pub id: String,
    pub version: i64,
    pub ticket_id: String,
    pub person_id: String,
    pub token_hash: String,
    pub status: String,
    pub expires_at: Option<i64>,
}

/// What to do with a returned link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Record the decision.
    Decide,
    /// The token is right but its week is over: mark the approval expired.
    Expire,
    /// Anything else: change nothing.
    Ignore,
}

/// The verdict on `claim` for `approval` (one of the ticket's for that person) at `now`.
pub fn judge(approval: &Stored, claim: &Claim, now: i64) -> Verdict {
    let hash = sha256_hex(&claim.token);
    let matches = approval.ticket_id == claim.ticket_id
        && approval.person_id == claim.person_id
        && same_hash(&approval.token_hash, &hash);
    match (matches, approval.status.as_str(), approval.expires_at) {
        (true, "pending", Some(expires_at)) if now < expires_at => Verdict::Decide,
        (true, "pending", _) => Verdict::Expire,
        _ => Verdict::Ignore,
    }
}

/// The ticket's approval state from its approvals, oldest first (`(person_id, status)`):
/// each person's latest answer counts. Declined when anyone declined, approved when
/// everyone approved, pending otherwise; `none` when nobody was asked.
pub fn ticket_state<'a>(approvals: impl IntoIterator<Item = (&'a str, &'a str)>) -> &'static str {
    let mut latest: Vec<(&str, &str)> = Vec::new();
    for (person, status) in approvals {
        match latest.iter_mut().find(|(known, _)| *known == person) {
            Some(entry) => entry.1 = status,
            None => latest.push((person, status)),
        }
    }
    if latest.is_empty() {
        "none"
    } else if latest.iter().any(|(_, status)| *status == "declined") {
        "declined"
    } else if latest.iter().all(|(_, status)| *status == "approved") {
        "approved"
    } else {
        "pending"
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const ENTROPY: &str = "9f2c4e0b7a1d3c5e8f6a2b4d6e8f0a1c3e5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e";
    const NOW: i64 = 1_700_000_000;

    #[test]
    fn sha256_is_hex() {
        assert_eq!(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }

    #[test]
    fn tokens_differ_per_person_and_need_entropy() {
        let ann = token(ENTROPY, "ann").unwrap();
        let bob = token(ENTROPY, "bob").unwrap();
        assert_eq!(ann.len(), 64);
        assert_ne!(ann, bob);
        assert_eq!(ann, sha256_hex(&format!("{ENTROPY}ann")));
        assert_eq!(token("", "ann").unwrap_err().status, 500);
        assert_eq!(token(&"z".repeat(64), "ann").unwrap_err().status, 500);
    }

    #[test]
    fn hashes_compare_whole() {
        assert!(same_hash("abc", "abc"));
        assert!(!same_hash("abc", "abd"));
        assert!(!same_hash("abc", "abcd"));
    }

    #[test]
    fn links_name_the_approval_page() {
        let (approve, decline) = links("https://portal.test", "t1", "p1", "tok");
        assert_eq!(
            approve,
            "https://portal.test/updateTicketApproveStatus?aprrove=true&ticketid=t1&personid=p1&token=tok"
        );
        assert_eq!(
            decline,
            "https://portal.test/updateTicketApproveStatus?aprrove=false&ticketid=t1&personid=p1&token=tok"
        );
    }

    #[test]
    fn a_claim_is_three_strings() {
        let body = json!({ "ticket_id": "t", "person_id": "p", "token": "x", "extra": 1 });
        assert_eq!(
            claim(Some(&body)).unwrap(),
            Claim { ticket_id: "t".into(), person_id: "p".into(), token: "x".into() }
        );
        for bad in [
            json!({ "ticket_id": "t", "person_id": "p" }),
            json!({ "ticket_id": 1, "person_id": "p", "token": "x" }),
            json!(["t"]),
        ] {
            assert_eq!(claim(Some(&bad)).unwrap_err().message, MALFORMED, "{bad}");
        }
        assert_eq!(claim(None).unwrap_err().status, 400);
    }

    fn stored(status: &str) -> Stored {
        Stored {
            id: "a1".into(),
            version: 1,
            ticket_id: "t1".into(),
            person_id: "p1".into(),
            token_hash: sha256_hex("secret"),
            status: status.into(),
            expires_at: Some(NOW + LIFETIME_SECONDS),
        }
    }

    fn claim_of(ticket: &str, person: &str, token: &str) -> Claim {
        Claim { ticket_id: ticket.into(), person_id: person.into(), token: token.into() }
    }

    #[test]
    fn only_the_right_pending_unexpired_link_decides() {
        let good = claim_of("t1", "p1", "secret");
        assert_eq!(judge(&stored("pending"), &good, NOW), Verdict::Decide);
        assert_eq!(judge(&stored("approved"), &good, NOW), Verdict::Ignore, "used");
        assert_eq!(judge(&stored("declined"), &good, NOW), Verdict::Ignore, "used");
        assert_eq!(judge(&stored("expired"), &good, NOW), Verdict::Ignore);
        assert_eq!(judge(&stored("pending"), &claim_of("t1", "p2", "secret"), NOW), Verdict::Ignore, "wrong person");
        assert_eq!(judge(&stored("pending"), &claim_of("t2", "p1", "secret"), NOW), Verdict::Ignore, "wrong ticket");
        assert_eq!(judge(&stored("pending"), &claim_of("t1", "p1", "forged"), NOW), Verdict::Ignore, "forged");
        assert_eq!(judge(&stored("pending"), &good, NOW + LIFETIME_SECONDS - 1), Verdict::Decide);
        assert_eq!(judge(&stored("pending"), &good, NOW + LIFETIME_SECONDS), Verdict::Expire);
        assert_eq!(judge(&stored("pending"), &claim_of("t1", "p1", "forged"), NOW + LIFETIME_SECONDS), Verdict::Ignore);
    }

    #[test]
    fn the_ticket_state_follows_each_persons_latest_answer() {
        assert_eq!(ticket_state([]), "none");
        assert_eq!(ticket_state([("a", "pending"), ("b", "approved")]), "pending");
        assert_eq!(ticket_state([("a", "approved"), ("b", "approved")]), "approved");
        assert_eq!(ticket_state([("a", "approved"), ("b", "declined")]), "declined");
        assert_eq!(ticket_state([("a", "declined"), ("a", "expired"), ("a", "approved")]), "approved", "asked again");
        assert_eq!(ticket_state([("a", "approved"), ("b", "expired")]), "pending");
    }
}
