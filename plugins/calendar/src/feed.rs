//! The private subscription feed of each person: a random token from the host's entropy,
//! of which only the SHA-256 is stored, compared in constant time.

use autoscope_sdk::prelude::*;
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::store;
use crate::views::FeedView;

/// What the feed shows around now: 30 days back, 365 ahead.
pub const DAYS_BACK: i64 = 30;
pub const DAYS_AHEAD: i64 = 365;

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Equal texts, compared in time that does not depend on where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |diff, (x, y)| diff | (x ^ y)) == 0
}

/// `GET /feed`: whether the caller has a feed; its URL was shown once, when made.
pub fn get(user_id: &str) -> Result<FeedView> {
    Ok(FeedView { url: None, active: store::feed_of(user_id)?.is_some() })
}

/// `POST /feed`: a new token (the old one stops working); the URL to subscribe to.
pub fn renew(user_id: &str, context: &Context) -> Result<FeedView> {
    let token = context.entropy.clone();
    if token.len() < 32 {
        return Err(Error::internal("the host gave no entropy"));
    }
    let changes = storage::to_record(&json!({ "user_id": user_id, "token_hash": hash(&token) }))?;
    match store::feed_of(user_id)? {
        Some(feed) => store::feeds().update(&feed.id, feed.version, changes)?,
        None => store::feeds().insert(changes)?,
    };
    let url = format!("{}/api/m/calendar/feed.ics?person_id={user_id}&token={token}", context.portal_url);
    Ok(FeedView { url: Some(url), active: true })
}

/// `DELETE /feed`.
pub fn revoke(user_id: &str) -> Result<FeedView> {
    if let Some(feed) = store::feed_of(user_id)? {
        store::feeds().delete(&feed.id, None)?;
    }
    Ok(FeedView { url: None, active: false })
}

/// Whether `token` opens the feed of `user_id`.
pub fn opens(user_id: &str, token: &str) -> Result<bool> {
    Ok(store::feed_of(user_id)?.is_some_and(|feed| same(&feed.token_hash, &hash(token))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_compare_by_their_hash() {
        let stored = hash("secret");
        assert!(same(&stored, &hash("secret")));
        assert!(!same(&stored, &hash("secreT")));
        assert!(!same(&stored, "short"));
        assert_eq!(stored.len(), 64);
    }
}
