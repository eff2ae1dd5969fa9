//! The widget's summary: counts from the database (an aggregate and a few counts), never
//! rows pulled into the plugin.

use autoscope_sdk::prelude::*;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::store;
use crate::vocab::{ACTIVE, STATUSES};

/// `GET /summary`: the widget's figures, from aggregates.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Summary {
    /// Every status, 0 when none is there.
    #[cfg_attr(test, ts(type = "Record<string, number>"))]
    pub by_status: Map<String, Value>,
    pub total: u64,
    /// Open, in progress or waiting.
    pub active: u64,
    /// Active tickets that missed a target.
    pub breaches: u64,
    /// Approval links not answered and not expired.
    pub pending_approvals: u64,
    /// Active tickets assigned to the caller.
    pub assigned_to_me: u64,
}

/// Tickets per status.
pub fn by_status() -> Aggregate {
    Aggregate::default().group_by("status").count("n")
}

/// The per-status groups folded; the other counts come as they are.
pub fn fold(groups: &[Record], breaches: u64, pending_approvals: u64, assigned_to_me: u64) -> Summary {
    let mut by_status: Map<String, Value> = STATUSES.iter().map(|(key, _)| (key.to_string(), Value::from(0))).collect();
    let (mut total, mut active) = (0, 0);
    for group in groups {
        let count = group.get("n").and_then(Value::as_u64).unwrap_or(0);
        total += count;
        if let Some(status) = group.get("status").and_then(Value::as_str) {
            by_status.insert(status.to_string(), count.into());
            if ACTIVE.contains(&status) {
                active += count;
            }
        }
    }
    Summary { by_status, total, active, breaches, pending_approvals, assigned_to_me }
}

/// The summary for `user_id` at `now`.
pub fn summary(user_id: &str, now: i64) -> Result<Summary> {
    let active = || storage::filter("status", FilterOp::In, ACTIVE.to_vec());
    let flag = |field: &str, value: bool| storage::filter(field, FilterOp::Eq, value);
    // Two disjoint counts: a ticket that missed both targets counts once.
    let breaches = store::tickets().count(vec![active(), flag("resolution_breached", true)])?
        + store::tickets().count(vec![
            active(),
            flag("resolution_breached", false),
            flag("response_breached", true),
        ])?;
    let pending = store::approvals().count(vec![
        storage::filter("status", FilterOp::Eq, "pending"),
        storage::filter("expires_at", FilterOp::Gt, now),
    ])?;
    let mine = store::tickets().count(vec![active(), storage::filter("assignee_id", FilterOp::Eq, user_id)])?;
    Ok(fold(&store::tickets().aggregate(&by_status())?, breaches, pending, mine))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn groups_fold_into_counts() {
        let groups: Vec<Record> = serde_json::from_value(json!([
            { "status": "closed", "n": 4 },
            { "status": "open", "n": 2 },
            { "status": "waiting", "n": 1 }
        ]))
        .unwrap();
        assert_eq!(
            serde_json::to_value(fold(&groups, 1, 2, 3)).unwrap(),
            json!({
                "by_status": { "open": 2, "in_progress": 0, "waiting": 1, "resolved": 0, "closed": 4 },
                "total": 7, "active": 3, "breaches": 1, "pending_approvals": 2, "assigned_to_me": 3
            })
        );
    }

    #[test]
    fn no_ticket_is_all_zeros() {
        let summary = fold(&[], 0, 0, 0);
        assert_eq!((summary.total, summary.active), (0, 0));
        assert_eq!(summary.by_status.len(), 5);
    }
}
