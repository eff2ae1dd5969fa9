//! The figures on `bots.queue_items`: the volume per day and the backlog per queue from
//! aggregates that fit its `daily` rollup, and the SLA and stuck counts as small counts on
//! its indexes (`[status, sla_deadline]`, `[status, started_at]`, `[status, added_at]`,
//! `[added_at]`), with the plain functions that fold them.

use std::collections::BTreeMap;

use autoscope_sdk::prelude::*;
use autoscope_sdk::range::DayRange;
use autoscope_sdk::storage::text;
use serde::Serialize;
use serde_json::Value;

use crate::runs::{percent, uint};
use crate::scope::{self, Scope};

/// Queue item statuses still waiting for an outcome.
pub const OPEN: [&str; 2] = ["new", "in_progress"];
/// An open item whose deadline is this close is at risk.
pub const AT_RISK_S: i64 = 3_600;
/// In progress for longer than this (from `started_at`) is stuck.
pub const STUCK_IN_PROGRESS_S: i64 = 4 * 3_600;
/// New for longer than this (from `added_at`) is stuck.
pub const STUCK_NEW_S: i64 = 24 * 3_600;

// ---- Volume per day --------------------------------------------------------------------

pub fn volume_aggregate(range: &DayRange, scope: &Scope) -> Aggregate {
    scope::aggregate(range.filters("added_at").into_iter().chain(scope.queue_filters()))
        .bucket("added_at", Bucket::Day)
        .group_by("status")
        .count("n")
}

/// Items added on a day, by the status they have now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "QueueDay"))]
pub struct Volume {
    pub day: i64,
    pub added: u64,
    pub new: u64,
    pub in_progress: u64,
    pub successful: u64,
    pub failed: u64,
    pub abandoned: u64,
}

pub fn fold_volume(range: &DayRange, groups: &[Record]) -> Vec<Volume> {
    let empty = |day| Volume { day, added: 0, new: 0, in_progress: 0, successful: 0, failed: 0, abandoned: 0 };
    let mut days: BTreeMap<i64, Volume> = range.day_starts().map(|day| (day, empty(day))).collect();
    for group in groups {
        let Some(at) = group.get("added_at").and_then(Value::as_i64) else { continue };
        let n = uint(group, "n");
        let day = days.entry(at).or_insert_with(|| empty(at));
        day.added += n;
        match text(group, "status") {
            Some("new") => day.new += n,
            Some("in_progress") => day.in_progress += n,
            Some("successful") => day.successful += n,
            Some("failed") => day.failed += n,
            Some("abandoned") => day.abandoned += n,
            _ => {}
        }
    }
    days.into_values().collect()
}

// ---- Backlog now -----------------------------------------------------------------------

fn open_items(scope: &Scope) -> Vec<Filter> {
    let mut filters = vec![storage::filter("status", FilterOp::In, Value::from(OPEN.to_vec()))];
    filters.extend(scope.queue_filters());
    filters
}

/// The open items now, whenever added, per queue and status.
pub fn backlog_aggregate(scope: &Scope) -> Aggregate {
    scope::aggregate(open_items(scope)).group_by("queue").group_by("status").count("n")
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Backlog {
    pub queue: String,
    pub new: u64,
    pub in_progress: u64,
    pub total: u64,
}

/// Per queue, the longest backlog first (then by name).
pub fn fold_backlog(groups: &[Record]) -> Vec<Backlog> {
    let mut queues: BTreeMap<&str, Backlog> = BTreeMap::new();
    for group in groups {
        let Some(queue) = text(group, "queue") else { continue };
        let n = uint(group, "n");
        let backlog = queues.entry(queue).or_insert_with(|| Backlog {
            queue: queue.to_string(),
            new: 0,
            in_progress: 0,
            total: 0,
        });
        match text(group, "status") {
            Some("new") => backlog.new += n,
            Some("in_progress") => backlog.in_progress += n,
            _ => continue,
        }
        backlog.total += n;
    }
    let mut backlog: Vec<Backlog> = queues.into_values().collect();
    backlog.sort_by(|a, b| b.total.cmp(&a.total).then_with(|| a.queue.cmp(&b.queue)));
    backlog
}

// ---- SLA -------------------------------------------------------------------------------

/// The counts behind the SLA figures, each one storage count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SlaCounts {
    /// Items added in the range that ended by their deadline (`sla_margin_s >= 0`).
    pub met: u64,
    /// Items added in the range that ended after it (`sla_margin_s < 0`).
    pub late: u64,
    /// Open items now whose deadline has passed.
    pub overdue: u64,
    /// Open items now whose deadline is within the next hour.
    pub at_risk: u64,
}

fn added_in(range: &DayRange, scope: &Scope) -> Vec<Filter> {
    range.filters("added_at").into_iter().chain(scope.queue_filters()).collect()
}

pub fn met_filters(range: &DayRange, scope: &Scope) -> Vec<Filter> {
    let mut filters = added_in(range, scope);
    filters.push(storage::filter("sla_margin_s", FilterOp::Gte, 0));
    filters
}

pub fn late_filters(range: &DayRange, scope: &Scope) -> Vec<Filter> {
    let mut filters = added_in(range, scope);
    filters.push(storage::filter("sla_margin_s", FilterOp::Lt, 0));
    filters
}

pub fn overdue_filters(scope: &Scope, now: i64) -> Vec<Filter> {
    let mut filters = open_items(scope);
    filters.push(storage::filter("sla_deadline", FilterOp::Lt, now));
    filters
}

pub fn at_risk_filters(scope: &Scope, now: i64) -> Vec<Filter> {
    let mut filters = open_items(scope);
    filters.push(storage::filter("sla_deadline", FilterOp::Gte, now));
    filters.push(storage::filter("sla_deadline", FilterOp::Lt, now + AT_RISK_S));
    filters
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Sla {
    /// Ended by the deadline (items added in the range).
    pub met: u64,
    /// Open, the deadline within the next hour (now).
    pub at_risk: u64,
    /// `late` and `overdue` together.
    pub breached: u64,
    /// Ended after the deadline (items added in the range).
    pub late: u64,
    /// Open past the deadline (now).
    pub overdue: u64,
    /// `met` in percent of `met` and `breached` (one decimal); `None` when both are 0.
    pub met_rate: Option<f64>,
}

pub fn sla(counts: SlaCounts) -> Sla {
    let breached = counts.late + counts.overdue;
    Sla {
        met: counts.met,
        at_risk: counts.at_risk,
        breached,
        late: counts.late,
        overdue: counts.overdue,
        met_rate: percent(counts.met, counts.met + breached),
    }
}

// ---- Stuck items -----------------------------------------------------------------------

/// Which stuck items: in progress too long, or new too long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stuck {
    InProgress,
    New,
}

pub const UNKNOWN_STUCK: &str = "The kind must be in_progress or new";

impl Stuck {
    pub fn parse(kind: Option<&str>) -> std::result::Result<Self, &'static str> {
        match kind.map(str::trim) {
            Some("in_progress") => Ok(Self::InProgress),
            Some("new") => Ok(Self::New),
            _ => Err(UNKNOWN_STUCK),
        }
    }

    /// The status, and the time field that started the wait.
    pub fn status_and_since(self) -> (&'static str, &'static str) {
        match self {
            Self::InProgress => ("in_progress", "started_at"),
            Self::New => ("new", "added_at"),
        }
    }

    pub fn threshold_s(self) -> i64 {
        match self {
            Self::InProgress => STUCK_IN_PROGRESS_S,
            Self::New => STUCK_NEW_S,
        }
    }

    /// The items of this kind waiting since before the threshold (on the index
    /// `[status, <since>]`).
    pub fn filters(self, scope: &Scope, now: i64) -> Vec<Filter> {
        let (status, since) = self.status_and_since();
        let mut filters = vec![
            storage::filter("status", FilterOp::Eq, status),
            storage::filter(since, FilterOp::Lt, now - self.threshold_s()),
        ];
        filters.extend(scope.queue_filters());
        filters
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StuckCounts {
    pub in_progress: u64,
    pub new: u64,
    /// The thresholds, seconds.
    pub in_progress_after_s: i64,
    pub new_after_s: i64,
}

pub fn stuck(in_progress: u64, new: u64) -> StuckCounts {
    StuckCounts { in_progress, new, in_progress_after_s: STUCK_IN_PROGRESS_S, new_after_s: STUCK_NEW_S }
}

#[cfg(test)]
mod tests {
    use autoscope_sdk::days::DAY;
    use serde_json::json;

    use super::*;

    fn groups(value: Value) -> Vec<Record> {
        serde_json::from_value(value).expect("groups are objects")
    }

    const RANGE: DayRange = DayRange { first: 10, last: 11 };
    const NOW: i64 = 1_000_000;

    fn scoped() -> Scope {
        Scope { process: Some("P".into()), bot: Some("B".into()), queue: Some("Q".into()) }
    }

    #[test]
    fn volume_counts_items_added_per_day_by_status_now() {
        let volume = fold_volume(
            &RANGE,
            &groups(json!([
                { "added_at": 10 * DAY, "status": "successful", "n": 3 },
                { "added_at": 10 * DAY, "status": "new", "n": 1 },
                { "added_at": 10 * DAY, "status": "abandoned", "n": 1 },
                { "added_at": 11 * DAY, "status": "failed", "n": 2 },
                { "added_at": 11 * DAY, "status": "in_progress", "n": 4 }
            ])),
        );
        assert_eq!(
            serde_json::to_value(volume).unwrap(),
            json!([
                { "day": 10 * DAY, "added": 5, "new": 1, "in_progress": 0, "successful": 3, "failed": 0, "abandoned": 1 },
                { "day": 11 * DAY, "added": 6, "new": 0, "in_progress": 4, "successful": 0, "failed": 2, "abandoned": 0 }
            ])
        );
        assert_eq!(fold_volume(&RANGE, &[]).iter().map(|day| day.added).sum::<u64>(), 0);
    }

    #[test]
    fn the_volume_and_backlog_aggregates_fit_the_queue_rollup() {
        let volume = serde_json::to_value(volume_aggregate(&RANGE, &scoped())).unwrap();
        assert_eq!(
            volume["filters"],
            json!([
                { "field": "added_at", "op": "gte", "value": 10 * DAY },
                { "field": "added_at", "op": "lt", "value": 12 * DAY },
                { "field": "queue", "op": "eq", "value": "Q" },
                { "field": "process", "op": "eq", "value": "P" }
            ]),
            "the bot filter is for runs"
        );
        assert_eq!(volume["group_by"][0], json!({ "field": "added_at", "bucket": "day", "as": null }));
        let backlog = serde_json::to_value(backlog_aggregate(&Scope::default())).unwrap();
        assert_eq!(backlog["filters"], json!([{ "field": "status", "op": "in", "value": ["new", "in_progress"] }]));
        assert_eq!(backlog["metrics"], json!([{ "fn": "count", "field": null, "as": "n" }]));
    }

    #[test]
    fn the_longest_backlog_comes_first() {
        let backlog = fold_backlog(&groups(json!([
            { "queue": "A", "status": "new", "n": 2 },
            { "queue": "B", "status": "new", "n": 1 },
            { "queue": "B", "status": "in_progress", "n": 4 },
            { "queue": "C", "status": "in_progress", "n": 2 }
        ])));
        assert_eq!(
            serde_json::to_value(backlog).unwrap(),
            json!([
                { "queue": "B", "new": 1, "in_progress": 4, "total": 5 },
                { "queue": "A", "new": 2, "in_progress": 0, "total": 2 },
                { "queue": "C", "new": 0, "in_progress": 2, "total": 2 }
            ])
        );
    }

    #[test]
    fn sla_breaches_are_late_and_overdue_items() {
        let figures = sla(SlaCounts { met: 6, late: 1, overdue: 1, at_risk: 3 });
        assert_eq!(
            serde_json::to_value(figures).unwrap(),
            json!({ "met": 6, "at_risk": 3, "breached": 2, "late": 1, "overdue": 1, "met_rate": 75.0 })
        );
        assert_eq!(sla(SlaCounts::default()).met_rate, None);
    }

    #[test]
    fn sla_counts_read_margins_and_deadlines() {
        assert_eq!(
            serde_json::to_value(met_filters(&RANGE, &Scope::default())).unwrap(),
            json!([
                { "field": "added_at", "op": "gte", "value": 10 * DAY },
                { "field": "added_at", "op": "lt", "value": 12 * DAY },
                { "field": "sla_margin_s", "op": "gte", "value": 0 }
            ])
        );
        assert_eq!(
            serde_json::to_value(&late_filters(&RANGE, &Scope::default())[2]).unwrap(),
            json!({ "field": "sla_margin_s", "op": "lt", "value": 0 })
        );
        assert_eq!(
            serde_json::to_value(overdue_filters(&Scope::default(), NOW)).unwrap(),
            json!([
                { "field": "status", "op": "in", "value": ["new", "in_progress"] },
                { "field": "sla_deadline", "op": "lt", "value": NOW }
            ])
        );
        assert_eq!(
            serde_json::to_value(&at_risk_filters(&scoped(), NOW)[1..]).unwrap(),
            json!([
                { "field": "queue", "op": "eq", "value": "Q" },
                { "field": "process", "op": "eq", "value": "P" },
                { "field": "sla_deadline", "op": "gte", "value": NOW },
                { "field": "sla_deadline", "op": "lt", "value": NOW + 3_600 }
            ])
        );
    }

    #[test]
    fn stuck_items_wait_past_their_threshold() {
        assert_eq!(Stuck::parse(Some("in_progress")), Ok(Stuck::InProgress));
        assert_eq!(Stuck::parse(Some(" new ")), Ok(Stuck::New));
        assert_eq!(Stuck::parse(Some("failed")), Err(UNKNOWN_STUCK));
        assert_eq!(Stuck::parse(None), Err(UNKNOWN_STUCK));
        assert_eq!(
            serde_json::to_value(Stuck::InProgress.filters(&Scope::default(), NOW)).unwrap(),
            json!([
                { "field": "status", "op": "eq", "value": "in_progress" },
                { "field": "started_at", "op": "lt", "value": NOW - 4 * 3_600 }
            ])
        );
        assert_eq!(
            serde_json::to_value(&Stuck::New.filters(&scoped(), NOW)[..2]).unwrap(),
            json!([
                { "field": "status", "op": "eq", "value": "new" },
                { "field": "added_at", "op": "lt", "value": NOW - 86_400 }
            ])
        );
        assert_eq!(
            serde_json::to_value(stuck(2, 5)).unwrap(),
            json!({ "in_progress": 2, "new": 5, "in_progress_after_s": 14_400, "new_after_s": 86_400 })
        );
    }
}
