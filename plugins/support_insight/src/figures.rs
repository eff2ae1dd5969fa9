//! Every figure of the dashboard: the storage aggregates that compute it in the database,
//! each with the plain function that folds its groups into the answer. No ticket record
//! ever reaches the plugin, only counts and sums per group.

use std::collections::BTreeMap;

use autoscope_sdk::prelude::*;
use autoscope_sdk::range::DayRange;
use autoscope_sdk::storage::text;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::range::bucket_starts;

/// Ticket Management's statuses, in workflow order; the first three are unresolved.
pub const STATUSES: [&str; 5] = ["open", "in_progress", "waiting", "resolved", "closed"];
const UNRESOLVED: [&str; 3] = ["open", "in_progress", "waiting"];
/// The priorities of the host's masters: each shows, with 0 when no ticket has it.
pub const PRIORITIES: [&str; 4] = ["Critical", "High", "Medium", "Low"];

/// The tickets created in the range (the distributions, means and SLA figures).
fn created_in(range: &DayRange) -> Aggregate {
    range.limit(Aggregate::default(), "created_at")
}

// ---- Tickets created in the range: status, priority, means, SLA -------------------------

/// Per status, priority and the two breach flags: how many tickets, how many were
/// responded to and resolved, and the sums and counts of their times (sums, not averages,
/// so that the groups add up to exact means).
pub fn created_aggregate(range: &DayRange) -> Aggregate {
    created_in(range)
        .group_by("status")
        .group_by("priority")
        .group_by("response_breached")
        .group_by("resolution_breached")
        .count("n")
        .metric(MetricFn::Count, Some("first_response_at"), "responded")
        .metric(MetricFn::Count, Some("resolved_at"), "resolved")
        .sum("response_seconds", "response_sum")
        .metric(MetricFn::Count, Some("response_seconds"), "response_n")
        .sum("resolution_seconds", "resolution_sum")
        .metric(MetricFn::Count, Some("resolution_seconds"), "resolution_n")
}

/// How many targets were met and how many breached.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Outcomes {
    pub met: u64,
    pub breached: u64,
}

impl Outcomes {
    fn add(&mut self, breached: bool, count: u64) {
        if breached {
            self.breached += count;
        } else {
            self.met += count;
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Sla {
    /// Over the tickets that were responded to.
    pub response: Outcomes,
    /// Over the tickets that are resolved (or closed).
    pub resolution: Outcomes,
    /// Resolution targets met, in percent of the resolved tickets (one decimal); null
    /// when none is resolved.
    pub compliance_pct: Option<f64>,
}

/// What the tickets created in the range add up to.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Created {
    /// Every status, 0 when no ticket has it.
    pub by_status: Map<String, Value>,
    /// The masters' priorities (0 when no ticket has one) and any other a ticket carries.
    pub by_priority: Map<String, Value>,
    /// Whole seconds, null when no ticket has one.
    pub mean_first_response_seconds: Option<i64>,
    pub mean_resolution_seconds: Option<i64>,
    pub sla: Sla,
}

/// A mean over groups of (sum, count); `None` without values.
#[derive(Debug, Default, Clone, Copy)]
struct Mean {
    sum: i64,
    count: u64,
}

impl Mean {
    fn add(&mut self, group: &Record, sum: &str, count: &str) {
        self.sum += int(group, sum);
        self.count += uint(group, count);
    }

    /// Rounded to whole seconds.
    fn value(self) -> Option<i64> {
        (self.count > 0).then(|| (self.sum as f64 / self.count as f64).round() as i64)
    }
}

pub fn fold_created(groups: &[Record]) -> Created {
    let mut by_status = zeros(&STATUSES);
    let mut by_priority = zeros(&PRIORITIES);
    let (mut response, mut resolution) = (Mean::default(), Mean::default());
    let mut sla = Sla { response: Outcomes::default(), resolution: Outcomes::default(), compliance_pct: None };
    for group in groups {
        let n = uint(group, "n");
        add(&mut by_status, text(group, "status"), n);
        add(&mut by_priority, text(group, "priority"), n);
        response.add(group, "response_sum", "response_n");
        resolution.add(group, "resolution_sum", "resolution_n");
        sla.response.add(flag(group, "response_breached"), uint(group, "responded"));
        sla.resolution.add(flag(group, "resolution_breached"), uint(group, "resolved"));
    }
    let decided = sla.resolution.met + sla.resolution.breached;
    sla.compliance_pct = (decided > 0).then(|| round1(sla.resolution.met as f64 * 100.0 / decided as f64));
    Created {
        by_status,
        by_priority,
        mean_first_response_seconds: response.value(),
        mean_resolution_seconds: resolution.value(),
        sla,
    }
}

// ---- Opened and closed per bucket -----------------------------------------------------

/// Tickets per bucket of `field` (`created_at`: opened; `closed_at`: closed) within the range.
pub fn series_aggregate(range: &DayRange, bucket: Bucket, field: &str) -> Aggregate {
    range.limit(Aggregate::default(), field).bucket(field, bucket).count("n")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Point {
    /// The bucket's start, unix seconds.
    pub at: i64,
    pub n: u64,
}

/// Every bucket of the range in order, 0 where the aggregate has no group, so that the
/// opened and closed series line up.
pub fn fold_series(range: &DayRange, bucket: Bucket, field: &str, groups: &[Record]) -> Vec<Point> {
    let mut counts: BTreeMap<i64, u64> = bucket_starts(range, bucket).into_iter().map(|at| (at, 0)).collect();
    for group in groups {
        if let Some(at) = group.get(field).and_then(Value::as_i64) {
            *counts.entry(at).or_default() += uint(group, "n");
        }
    }
    counts.into_iter().map(|(at, n)| Point { at, n }).collect()
}

// ---- Per process and per bot ------------------------------------------------------------

/// The tickets created in the range that name a `field` (`process_id`, `bot_id`), per value.
pub fn per_aggregate(range: &DayRange, field: &str) -> Aggregate {
    created_in(range).filter(field, FilterOp::NotNull, Value::Null).group_by(field).count("n")
}

/// `[{<field>: value, n}]`, most tickets first (then by value).
pub fn fold_per(field: &str, groups: &[Record]) -> Vec<Map<String, Value>> {
    let mut counts: Vec<(&str, u64)> =
        groups.iter().filter_map(|group| Some((text(group, field)?, uint(group, "n")))).collect();
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    counts
        .into_iter()
        .map(|(value, n)| Map::from_iter([(field.to_string(), Value::from(value)), ("n".to_string(), n.into())]))
        .collect()
}

// ---- Now: workload and open breaches ---------------------------------------------------------

/// The unresolved tickets now (whenever created), per assignee, status and breach flags.
pub fn unresolved_aggregate() -> Aggregate {
    Aggregate::default()
        .filter("status", FilterOp::In, Value::from(UNRESOLVED.to_vec()))
        .group_by("assignee_id")
        .group_by("status")
        .group_by("response_breached")
        .group_by("resolution_breached")
        .count("n")
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Load {
    /// Null (`None`): the tickets nobody is assigned.
    pub assignee_id: Option<String>,
    pub open: u64,
    pub in_progress: u64,
    pub waiting: u64,
}

impl Load {
    fn total(&self) -> u64 {
        self.open + self.in_progress + self.waiting
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unresolved {
    /// Busiest first (then by id); the unassigned tickets last.
    pub workload: Vec<Load>,
    /// Unresolved tickets that breached their response or resolution target (once each).
    pub breaches_open: u64,
}

pub fn fold_unresolved(groups: &[Record]) -> Unresolved {
    let mut loads: BTreeMap<Option<&str>, Load> = BTreeMap::new();
    let mut breaches_open = 0;
    for group in groups {
        let n = uint(group, "n");
        let assignee = text(group, "assignee_id");
        let load = loads.entry(assignee).or_insert_with(|| Load {
            assignee_id: assignee.map(str::to_string),
            open: 0,
            in_progress: 0,
            waiting: 0,
        });
        match text(group, "status") {
            Some("open") => load.open += n,
            Some("in_progress") => load.in_progress += n,
            Some("waiting") => load.waiting += n,
            _ => {}
        }
        if flag(group, "response_breached") || flag(group, "resolution_breached") {
            breaches_open += n;
        }
    }
    let mut workload: Vec<Load> = loads.into_values().collect();
    workload.sort_by(|a, b| {
        (a.assignee_id.is_none(), b.total(), &a.assignee_id).cmp(&(b.assignee_id.is_none(), a.total(), &b.assignee_id))
    });
    Unresolved { workload, breaches_open }
}

// ---- Now: pending approvals -------------------------------------------------------------

/// Approvals still waiting for a decision that can still be given (their link has not expired).
pub fn pending_approvals(now: i64) -> Vec<Filter> {
    vec![storage::filter("status", FilterOp::Eq, "pending"), storage::filter("expires_at", FilterOp::Gt, now)]
}

// ---- Reading groups ------------------------------------------------------------------------

fn zeros(keys: &[&str]) -> Map<String, Value> {
    keys.iter().map(|key| (key.to_string(), Value::from(0))).collect()
}

/// Adds `n` to the count of `key` (a group without the key, null, adds nothing).
fn add(counts: &mut Map<String, Value>, key: Option<&str>, n: u64) {
    if let Some(key) = key {
        let sum = counts.get(key).and_then(Value::as_u64).unwrap_or(0) + n;
        counts.insert(key.to_string(), sum.into());
    }
}

/// A count; a sum over no value is null, which counts 0.
fn uint(group: &Record, key: &str) -> u64 {
    group.get(key).and_then(Value::as_u64).unwrap_or(0)
}

fn int(group: &Record, key: &str) -> i64 {
    group.get(key).and_then(Value::as_i64).unwrap_or(0)
}

/// A breach flag; null (a record stored before the field had its default) is no breach.
fn flag(group: &Record, key: &str) -> bool {
    group.get(key).and_then(Value::as_bool).unwrap_or(false)
}

fn round1(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn groups(value: Value) -> Vec<Record> {
        serde_json::from_value(value).expect("groups are objects")
    }

    /// Days 11 to 15: 950,400 to 1,382,400.
    const RANGE: DayRange = DayRange { first: 11, last: 15 };

    #[test]
    fn created_groups_fold_into_distributions_means_and_sla() {
        let groups = groups(json!([
            // Two open High tickets, neither responded to.
            { "status": "open", "priority": "High", "response_breached": false, "resolution_breached": false,
              "n": 2, "responded": 0, "resolved": 0, "response_sum": null, "response_n": 0, "resolution_sum": null, "resolution_n": 0 },
            // An open High ticket that breached its response target before anyone answered.
            { "status": "open", "priority": "High", "response_breached": true, "resolution_breached": false,
              "n": 1, "responded": 0, "resolved": 0, "response_sum": null, "response_n": 0, "resolution_sum": null, "resolution_n": 0 },
            // Three resolved Low tickets: responded in 100, 200, 300 s, resolved in 1000, 2000, 3000 s, all in time.
            { "status": "resolved", "priority": "Low", "response_breached": false, "resolution_breached": false,
              "n": 3, "responded": 3, "resolved": 3, "response_sum": 600, "response_n": 3, "resolution_sum": 6000, "resolution_n": 3 },
            // A closed ticket of a priority outside the masters: answered late (901 s), resolved late (9001 s).
            { "status": "closed", "priority": "Urgent!", "response_breached": true, "resolution_breached": true,
              "n": 1, "responded": 1, "resolved": 1, "response_sum": 901, "response_n": 1, "resolution_sum": 9001, "resolution_n": 1 },
            // An in-progress ticket answered in time, resolved late once, then reopened (no longer resolved).
            { "status": "in_progress", "priority": null, "response_breached": false, "resolution_breached": true,
              "n": 1, "responded": 1, "resolved": 0, "response_sum": 50, "response_n": 1, "resolution_sum": null, "resolution_n": 0 }
        ]));
        let created = serde_json::to_value(fold_created(&groups)).expect("it encodes");
        assert_eq!(
            created,
            json!({
                "by_status": { "open": 3, "in_progress": 1, "waiting": 0, "resolved": 3, "closed": 1 },
                "by_priority": { "Critical": 0, "High": 3, "Medium": 0, "Low": 3, "Urgent!": 1 },
                // (600 + 901 + 50) / 5 = 310.2; (6000 + 9001) / 4 = 3750.25
                "mean_first_response_seconds": 310,
                "mean_resolution_seconds": 3750,
                "sla": {
                    "response": { "met": 4, "breached": 1 },
                    "resolution": { "met": 3, "breached": 1 },
                    "compliance_pct": 75.0
                }
            })
        );
    }

    #[test]
    fn means_round_to_whole_seconds_and_compliance_to_one_decimal() {
        let groups = groups(json!([
            { "status": "resolved", "priority": "Low", "response_breached": false, "resolution_breached": false,
              "n": 2, "responded": 2, "resolved": 2, "response_sum": 3, "response_n": 2, "resolution_sum": 5, "resolution_n": 2 },
            { "status": "closed", "priority": "Low", "response_breached": false, "resolution_breached": true,
              "n": 1, "responded": 1, "resolved": 1, "response_sum": 0, "response_n": 1, "resolution_sum": 0, "resolution_n": 1 }
        ]));
        let created = fold_created(&groups);
        // 3 / 3 = 1; 5 / 3 = 1.67; 2 of 3 met = 66.666… %
        assert_eq!((created.mean_first_response_seconds, created.mean_resolution_seconds), (Some(1), Some(2)));
        assert_eq!(created.sla.compliance_pct, Some(66.7));
    }

    #[test]
    fn no_ticket_is_zeros_and_no_means() {
        let created = fold_created(&[]);
        assert_eq!(
            serde_json::to_value(&created.by_status).unwrap(),
            json!({ "open": 0, "in_progress": 0, "waiting": 0, "resolved": 0, "closed": 0 })
        );
        assert_eq!(
            serde_json::to_value(&created.by_priority).unwrap(),
            json!({ "Critical": 0, "High": 0, "Medium": 0, "Low": 0 })
        );
        assert_eq!((created.mean_first_response_seconds, created.mean_resolution_seconds), (None, None));
        assert_eq!(
            created.sla,
            Sla { response: Outcomes::default(), resolution: Outcomes::default(), compliance_pct: None }
        );
    }

    #[test]
    fn the_created_aggregate_is_limited_to_the_range() {
        let aggregate = serde_json::to_value(created_aggregate(&RANGE)).unwrap();
        assert_eq!(
            aggregate["filters"],
            json!([
                { "field": "created_at", "op": "gte", "value": 950_400 },
                { "field": "created_at", "op": "lt", "value": 1_382_400 }
            ])
        );
        let keys: Vec<&str> =
            aggregate["group_by"].as_array().unwrap().iter().map(|key| key["field"].as_str().unwrap()).collect();
        assert_eq!(keys, ["status", "priority", "response_breached", "resolution_breached"]);
    }

    #[test]
    fn series_fill_every_bucket_of_the_range() {
        let groups = groups(json!([{ "created_at": 1_036_800, "n": 2 }, { "created_at": 1_296_000, "n": 1 }]));
        let series = fold_series(&RANGE, Bucket::Day, "created_at", &groups);
        assert_eq!(series.len(), 5);
        assert_eq!(series[0], Point { at: 950_400, n: 0 });
        assert_eq!(series[1], Point { at: 1_036_800, n: 2 });
        assert_eq!(series[4], Point { at: 1_296_000, n: 1 });
        assert_eq!(series.iter().map(|point| point.n).sum::<u64>(), 3);
        let aggregate = serde_json::to_value(series_aggregate(&RANGE, Bucket::Week, "closed_at")).unwrap();
        assert_eq!(aggregate["group_by"], json!([{ "field": "closed_at", "bucket": "week", "as": null }]));
        assert_eq!(aggregate["filters"][1], json!({ "field": "closed_at", "op": "lt", "value": 1_382_400 }));
    }

    #[test]
    fn a_group_outside_the_computed_buckets_still_counts() {
        let groups = groups(json!([{ "closed_at": 5, "n": 4 }, { "closed_at": null, "n": 9 }]));
        let series = fold_series(&RANGE, Bucket::Day, "closed_at", &groups);
        assert_eq!(series[0], Point { at: 5, n: 4 }, "kept in order, never dropped");
        assert_eq!(series.iter().map(|point| point.n).sum::<u64>(), 4, "a null bucket is no bucket");
    }

    #[test]
    fn per_value_counts_come_busiest_first() {
        let groups = groups(json!([
            { "process_id": "p-b", "n": 1 },
            { "process_id": "p-a", "n": 1 },
            { "process_id": "p-c", "n": 5 },
            { "process_id": null, "n": 7 }
        ]));
        assert_eq!(
            serde_json::to_value(fold_per("process_id", &groups)).unwrap(),
            json!([{ "process_id": "p-c", "n": 5 }, { "process_id": "p-a", "n": 1 }, { "process_id": "p-b", "n": 1 }])
        );
        let aggregate = serde_json::to_value(per_aggregate(&RANGE, "bot_id")).unwrap();
        assert_eq!(aggregate["filters"][2], json!({ "field": "bot_id", "op": "not_null", "value": null }));
    }

    #[test]
    fn unresolved_groups_fold_into_workload_and_open_breaches() {
        let groups = groups(json!([
            { "assignee_id": "ann", "status": "open", "response_breached": false, "resolution_breached": false, "n": 1 },
            { "assignee_id": "ann", "status": "waiting", "response_breached": true, "resolution_breached": true, "n": 2 },
            { "assignee_id": "bob", "status": "in_progress", "response_breached": false, "resolution_breached": true, "n": 3 },
            { "assignee_id": "cat", "status": "open", "response_breached": false, "resolution_breached": false, "n": 4 },
            { "assignee_id": null, "status": "open", "response_breached": true, "resolution_breached": false, "n": 9 }
        ]));
        let unresolved = fold_unresolved(&groups);
        assert_eq!(unresolved.breaches_open, 2 + 3 + 9, "a ticket with both breaches counts once");
        assert_eq!(
            serde_json::to_value(&unresolved.workload).unwrap(),
            json!([
                { "assignee_id": "cat", "open": 4, "in_progress": 0, "waiting": 0 },
                { "assignee_id": "ann", "open": 1, "in_progress": 0, "waiting": 2 },
                { "assignee_id": "bob", "open": 0, "in_progress": 3, "waiting": 0 },
                { "assignee_id": null, "open": 9, "in_progress": 0, "waiting": 0 }
            ])
        );
        let aggregate = serde_json::to_value(unresolved_aggregate()).unwrap();
        assert_eq!(
            aggregate["filters"],
            json!([{ "field": "status", "op": "in", "value": ["open", "in_progress", "waiting"] }])
        );
    }

    #[test]
    fn no_unresolved_ticket_is_no_workload() {
        assert_eq!(fold_unresolved(&[]), Unresolved { workload: Vec::new(), breaches_open: 0 });
    }

    #[test]
    fn pending_approvals_are_those_not_expired() {
        assert_eq!(
            serde_json::to_value(pending_approvals(500)).unwrap(),
            json!([
                { "field": "status", "op": "eq", "value": "pending" },
                { "field": "expires_at", "op": "gt", "value": 500 }
            ])
        );
    }
}
