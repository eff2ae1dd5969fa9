//! Presence: each open page sends a heartbeat every 30 s (and on visibility changes);
//! a user is `offline` once their last one is older than 90 s.

use autoscope_sdk::prelude::*;
use serde_json::json;

use crate::live;
use crate::store::{self, Beat};
use crate::views::*;

/// How long a heartbeat keeps a user online or away.
pub const FRESH_FOR: i64 = 90;

/// A user's status from their last heartbeat.
pub fn status(heartbeat: Option<(&str, i64)>, now: i64) -> PresenceStatus {
    match heartbeat {
        Some((_, seen_at)) if now - seen_at > FRESH_FOR => PresenceStatus::Offline,
        Some(("away", _)) => PresenceStatus::Away,
        Some(_) => PresenceStatus::Online,
        None => PresenceStatus::Offline,
    }
}

fn status_of(beat: &Beat, now: i64) -> PresenceStatus {
    status(Some((beat.status.as_str(), beat.seen_at)), now)
}

/// `GET /presence`: everyone who sent a heartbeat, with their status now.
pub fn list(now: i64) -> Result<PresenceList> {
    let users = store::heartbeats(None)?
        .iter()
        .map(|beat| PresenceView { user_id: beat.user_id.clone(), status: status_of(beat, now) })
        .collect();
    Ok(PresenceList { users })
}

/// `POST /presence`: stores the heartbeat; tells everyone when the status changed.
pub fn heartbeat(user_id: &str, beat: &Heartbeat, now: i64) -> Result<PresenceList> {
    let wanted = match beat.status {
        Status::Online => "online",
        Status::Away => "away",
    };
    let before = store::heartbeats(Some(&[user_id.to_string()]))?.into_iter().next();
    let was = before.as_ref().map_or(PresenceStatus::Offline, |beat| status_of(beat, now));
    match &before {
        Some(stored) => {
            let mut changes = Record::new();
            changes.insert("status".into(), wanted.into());
            changes.insert("seen_at".into(), now.into());
            // Two tabs beating at once: the other one's write says the same.
            match store::presence().update(&stored.id, stored.version, changes) {
                Err(err) if err.status == 409 => {}
                other => drop(other?),
            }
        }
        None => drop(store::presence().insert_as(&json!({ "user_id": user_id, "status": wanted, "seen_at": now }))?),
    }
    let is = status(Some((wanted, now)), now);
    if is != was {
        live::presence(user_id, is);
    }
    list(now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heartbeats_age_into_offline() {
        assert_eq!(status(None, 100), PresenceStatus::Offline);
        assert_eq!(status(Some(("online", 100)), 190), PresenceStatus::Online);
        assert_eq!(status(Some(("away", 100)), 150), PresenceStatus::Away);
        assert_eq!(status(Some(("online", 100)), 191), PresenceStatus::Offline);
    }
}
