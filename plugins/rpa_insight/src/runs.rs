//! The figures on `bots.runs`: three aggregates, each shaped to fit one rollup of `bots`
//! (time filters on UTC midnights, group keys and filters on the rollup's `group` fields,
//! metrics on its `measures` or its bins), and the plain functions that fold their groups.
//!
//! - `daily` (rollup `daily`): per day and status, runs, items and the sum, count, least
//!   and greatest duration: the KPIs, the series per day, the weekly means and the edges
//!   of the duration bins.
//! - `failures` (rollup `daily`): failed runs per exception type and reason.
//! - `durations` (rollup `durations`): runs per week and duration bin: the percentiles.

use std::collections::BTreeMap;

use autoscope_sdk::days::week_start;
use autoscope_sdk::histogram::Histogram;
use autoscope_sdk::prelude::*;
use autoscope_sdk::range::DayRange;
use autoscope_sdk::storage::text;
use serde::Serialize;
use serde_json::Value;

use crate::percentiles::{BOUNDS, Percentiles, durations_histogram, greater, lesser};
use crate::scope::{self, Scope};

/// Reasons the page lists; the rest are counted together.
pub const TOP_REASONS: usize = 10;

fn runs_in(range: &DayRange, scope: &Scope) -> Aggregate {
    scope::aggregate(range.filters("started_at").into_iter().chain(scope.run_filters()))
}

// ---- Per day and status -----------------------------------------------------------------

pub fn daily_aggregate(range: &DayRange, scope: &Scope) -> Aggregate {
    runs_in(range, scope)
        .bucket("started_at", Bucket::Day)
        .group_by("status")
        .count("n")
        .sum("items", "items_sum")
        .sum("duration_s", "duration_sum")
        .metric(MetricFn::Count, Some("duration_s"), "duration_n")
        .min("duration_s", "duration_min")
        .max("duration_s", "duration_max")
}

/// Runs per status: every status, 0 when none.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StatusCounts {
    pub running: u64,
    pub successful: u64,
    pub failed: u64,
    pub stopped: u64,
}

impl StatusCounts {
    fn add(&mut self, status: Option<&str>, n: u64) {
        match status {
            Some("running") => self.running += n,
            Some("successful") => self.successful += n,
            Some("failed") => self.failed += n,
            Some("stopped") => self.stopped += n,
            _ => {}
        }
    }

    fn merge(&mut self, other: &Self) {
        self.running += other.running;
        self.successful += other.successful;
        self.failed += other.failed;
        self.stopped += other.stopped;
    }

    /// Runs that ended: successful, failed or stopped.
    pub fn finished(&self) -> u64 {
        self.successful + self.failed + self.stopped
    }

    pub fn total(&self) -> u64 {
        self.finished() + self.running
    }
}

/// One day of the series.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "DayRuns"))]
pub struct Day {
    /// The day's UTC midnight.
    pub day: i64,
    pub runs: u64,
    #[serde(flatten)]
    pub statuses: StatusCounts,
    pub items: i64,
}

/// The durations of a day's (or week's) finished runs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Durations {
    pub sum: i64,
    pub n: u64,
    pub min: Option<i64>,
    pub max: Option<i64>,
}

impl Durations {
    fn merge(&mut self, other: &Self) {
        self.sum += other.sum;
        self.n += other.n;
        self.min = lesser(self.min, other.min);
        self.max = greater(self.max, other.max);
    }

    /// The mean in whole seconds; `None` without durations.
    pub fn mean(&self) -> Option<i64> {
        (self.n > 0).then(|| (self.sum as f64 / self.n as f64).round() as i64)
    }
}

/// What the `daily` groups add up to.
#[derive(Debug, Clone, PartialEq)]
pub struct Daily {
    pub days: Vec<Day>,
    /// Per day's midnight.
    pub durations: BTreeMap<i64, Durations>,
}

pub fn fold_daily(range: &DayRange, groups: &[Record]) -> Daily {
    let mut days: BTreeMap<i64, Day> = range
        .day_starts()
        .map(|day| (day, Day { day, runs: 0, statuses: StatusCounts::default(), items: 0 }))
        .collect();
    let mut durations: BTreeMap<i64, Durations> = BTreeMap::new();
    for group in groups {
        let Some(at) = group.get("started_at").and_then(Value::as_i64) else { continue };
        let n = uint(group, "n");
        let day = days.entry(at).or_insert(Day { day: at, runs: 0, statuses: StatusCounts::default(), items: 0 });
        day.runs += n;
        day.statuses.add(text(group, "status"), n);
        day.items += int(group, "items_sum");
        durations.entry(at).or_default().merge(&Durations {
            sum: int(group, "duration_sum"),
            n: uint(group, "duration_n"),
            min: group.get("duration_min").and_then(Value::as_i64),
            max: group.get("duration_max").and_then(Value::as_i64),
        });
    }
    Daily { days: days.into_values().collect(), durations }
}

// ---- Failures by reason ---------------------------------------------------------------

pub fn failures_aggregate(range: &DayRange, scope: &Scope) -> Aggregate {
    runs_in(range, scope).eq("status", "failed").group_by("exception_type").group_by("reason").count("n")
}

/// Failed runs per exception type.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Exceptions {
    pub business: u64,
    pub system: u64,
    /// Failed runs that named no exception type.
    pub unspecified: u64,
}

impl Exceptions {
    fn add(&mut self, exception_type: Option<&str>, n: u64) {
        match exception_type {
            Some("business") => self.business += n,
            Some("system") => self.system += n,
            _ => self.unspecified += n,
        }
    }

    fn total(&self) -> u64 {
        self.business + self.system + self.unspecified
    }
}

/// A reason of failure, with its runs per exception type.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Reason {
    /// `None`: failed runs that gave no reason.
    pub reason: Option<String>,
    pub n: u64,
    /// Percent of the failed runs (one decimal).
    pub share: f64,
    #[serde(flatten)]
    pub exceptions: Exceptions,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Reasons {
    /// The most frequent first (then by reason, no reason last), at most [`TOP_REASONS`].
    pub top: Vec<Reason>,
    /// Failed runs of the reasons left out.
    pub other: u64,
    /// How many distinct reasons there are (no reason counts as one).
    pub distinct: u64,
}

pub fn fold_failures(groups: &[Record]) -> (Reasons, Exceptions) {
    let mut exceptions = Exceptions::default();
    let mut by_reason: BTreeMap<Option<&str>, Exceptions> = BTreeMap::new();
    for group in groups {
        let (n, exception_type) = (uint(group, "n"), text(group, "exception_type"));
        exceptions.add(exception_type, n);
        by_reason.entry(text(group, "reason")).or_default().add(exception_type, n);
    }
    let failed = exceptions.total();
    let mut reasons: Vec<Reason> = by_reason
        .into_iter()
        .map(|(reason, exceptions)| Reason {
            reason: reason.map(str::to_string),
            n: exceptions.total(),
            share: percent(exceptions.total(), failed).unwrap_or(0.0),
            exceptions,
        })
        .collect();
    reasons.sort_by(|a, b| {
        b.n.cmp(&a.n).then_with(|| (a.reason.is_none(), &a.reason).cmp(&(b.reason.is_none(), &b.reason)))
    });
    let distinct = reasons.len() as u64;
    let other = reasons.iter().skip(TOP_REASONS).map(|reason| reason.n).sum();
    reasons.truncate(TOP_REASONS);
    (Reasons { top: reasons, other, distinct }, exceptions)
}

// ---- Duration percentiles per week ---------------------------------------------------------

/// Runs per week and duration bin: the bins exactly as the `durations` rollup declares them.
pub fn durations_aggregate(range: &DayRange, scope: &Scope) -> Aggregate {
    runs_in(range, scope)
        .bucket("started_at", Bucket::Week)
        .bins("duration_s", &BOUNDS.map(|bound| bound as f64))
        .count("n")
}

/// One week of the duration trend.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "WeekDurations"))]
pub struct Week {
    /// The Monday's UTC midnight.
    pub week: i64,
    /// Finished runs (those with a duration).
    pub runs: u64,
    pub avg_s: Option<i64>,
    #[serde(rename = "p50_s")]
    pub p50: Option<i64>,
    #[serde(rename = "p90_s")]
    pub p90: Option<i64>,
    #[serde(rename = "p95_s")]
    pub p95: Option<i64>,
    pub max_s: Option<i64>,
}

/// Histograms per week from the bin groups, bounded by the weeks' least and greatest
/// durations; and the histogram of the whole range.
pub fn fold_durations(range: &DayRange, daily: &Daily, groups: &[Record]) -> (Vec<Week>, Histogram, Durations) {
    let empty = || (durations_histogram(), Durations::default());
    let mut weeks: BTreeMap<i64, (Histogram, Durations)> =
        range.week_starts().into_iter().map(|week| (week, empty())).collect();
    for (&day, durations) in &daily.durations {
        weeks.entry(week_start(day)).or_insert_with(empty).1.merge(durations);
    }
    for group in groups {
        let (Some(week), Some(bin)) =
            (group.get("started_at").and_then(Value::as_i64), group.get("duration_s").and_then(Value::as_i64))
        else {
            // A run without a duration (still running) has no bin.
            continue;
        };
        weeks.entry(week).or_insert_with(empty).0.add(bin, uint(group, "n"));
    }
    let mut whole = durations_histogram();
    let mut all = Durations::default();
    let series = weeks
        .into_iter()
        .map(|(week, (mut histogram, durations))| {
            histogram.bound(durations.min, durations.max);
            whole.merge(&histogram);
            all.merge(&durations);
            let Percentiles { p50, p90, p95 } = Percentiles::from(&histogram);
            Week { week, runs: durations.n, avg_s: durations.mean(), p50, p90, p95, max_s: durations.max }
        })
        .collect();
    (series, whole, all)
}

// ---- KPIs ----------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Kpis {
    pub runs: u64,
    #[serde(flatten)]
    pub statuses: StatusCounts,
    /// Successful, failed or stopped.
    pub finished: u64,
    /// Percent of the finished runs (one decimal); `None` when none finished.
    pub success_rate: Option<f64>,
    pub failure_rate: Option<f64>,
    pub items: i64,
    pub avg_duration_s: Option<i64>,
    pub p50_duration_s: Option<i64>,
    pub p90_duration_s: Option<i64>,
    pub p95_duration_s: Option<i64>,
}

pub fn kpis(daily: &Daily, histogram: &Histogram, durations: &Durations) -> Kpis {
    let mut statuses = StatusCounts::default();
    let mut items = 0;
    for day in &daily.days {
        statuses.merge(&day.statuses);
        items += day.items;
    }
    let finished = statuses.finished();
    let Percentiles { p50, p90, p95 } = Percentiles::from(histogram);
    Kpis {
        runs: statuses.total(),
        statuses,
        finished,
        success_rate: percent(statuses.successful, finished),
        failure_rate: percent(statuses.failed, finished),
        items,
        avg_duration_s: durations.mean(),
        p50_duration_s: p50,
        p90_duration_s: p90,
        p95_duration_s: p95,
    }
}

// ---- Reading groups ------------------------------------------------------------------------

/// `part` in percent of `whole`, one decimal; `None` when `whole` is 0.
pub fn percent(part: u64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| (part as f64 * 1000.0 / whole as f64).round() / 10.0)
}

/// A count; a sum over no value is null, which counts 0.
pub fn uint(group: &Record, key: &str) -> u64 {
    group.get(key).and_then(Value::as_u64).unwrap_or(0)
}

pub fn int(group: &Record, key: &str) -> i64 {
    group.get(key).and_then(Value::as_i64).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use autoscope_sdk::days::DAY;
    use serde_json::json;

    use super::*;

    fn groups(value: Value) -> Vec<Record> {
        serde_json::from_value(value).expect("groups are objects")
    }

    /// Monday 2040-01-02 and the two days after it.
    const MONDAY: i64 = 2_209_075_200;
    const RANGE: DayRange = DayRange { first: MONDAY / DAY, last: MONDAY / DAY + 2 };

    /// Day 0: 2 successful (60 + 100 s, 5 + 7 items), 1 failed (20 s, 0 items), 1 running.
    /// Day 2: 1 stopped (400 s, 3 items). Day 1 had no run.
    fn daily_groups() -> Vec<Record> {
        groups(json!([
            { "started_at": MONDAY, "status": "successful", "n": 2, "items_sum": 12, "duration_sum": 160,
              "duration_n": 2, "duration_min": 60, "duration_max": 100 },
            { "started_at": MONDAY, "status": "failed", "n": 1, "items_sum": 0, "duration_sum": 20,
              "duration_n": 1, "duration_min": 20, "duration_max": 20 },
            { "started_at": MONDAY, "status": "running", "n": 1, "items_sum": null, "duration_sum": null,
              "duration_n": 0, "duration_min": null, "duration_max": null },
            { "started_at": MONDAY + 2 * DAY, "status": "stopped", "n": 1, "items_sum": 3, "duration_sum": 400,
              "duration_n": 1, "duration_min": 400, "duration_max": 400 }
        ]))
    }

    #[test]
    fn the_daily_aggregate_fits_the_daily_rollup() {
        let scope = Scope { process: Some("P".into()), bot: Some("B".into()), queue: Some("Q".into()) };
        assert_eq!(
            serde_json::to_value(daily_aggregate(&RANGE, &scope)).unwrap(),
            json!({
                "filters": [
                    { "field": "started_at", "op": "gte", "value": MONDAY },
                    { "field": "started_at", "op": "lt", "value": MONDAY + 3 * DAY },
                    { "field": "bot", "op": "eq", "value": "B" },
                    { "field": "process", "op": "eq", "value": "P" }
                ],
                "group_by": [
                    { "field": "started_at", "bucket": "day", "as": null },
                    { "field": "status", "bucket": null, "as": null }
                ],
                "metrics": [
                    { "fn": "count", "field": null, "as": "n" },
                    { "fn": "sum", "field": "items", "as": "items_sum" },
                    { "fn": "sum", "field": "duration_s", "as": "duration_sum" },
                    { "fn": "count", "field": "duration_s", "as": "duration_n" },
                    { "fn": "min", "field": "duration_s", "as": "duration_min" },
                    { "fn": "max", "field": "duration_s", "as": "duration_max" }
                ],
                "limit": null
            })
        );
    }

    #[test]
    fn days_fill_the_range_with_every_status() {
        let daily = fold_daily(&RANGE, &daily_groups());
        let series = serde_json::to_value(&daily.days).unwrap();
        assert_eq!(
            series,
            json!([
                { "day": MONDAY, "runs": 4, "running": 1, "successful": 2, "failed": 1, "stopped": 0, "items": 12 },
                { "day": MONDAY + DAY, "runs": 0, "running": 0, "successful": 0, "failed": 0, "stopped": 0, "items": 0 },
                { "day": MONDAY + 2 * DAY, "runs": 1, "running": 0, "successful": 0, "failed": 0, "stopped": 1, "items": 3 }
            ])
        );
        assert_eq!(daily.durations[&MONDAY], Durations { sum: 180, n: 3, min: Some(20), max: Some(100) });
    }

    #[test]
    fn kpis_rate_the_finished_runs() {
        let daily = fold_daily(&RANGE, &daily_groups());
        let (_, histogram, durations) = fold_durations(&RANGE, &daily, &[]);
        let kpis = serde_json::to_value(kpis(&daily, &histogram, &durations)).unwrap();
        assert_eq!(
            kpis,
            json!({
                "runs": 5, "running": 1, "successful": 2, "failed": 1, "stopped": 1, "finished": 4,
                // 2 of 4 finished, 1 of 4.
                "success_rate": 50.0, "failure_rate": 25.0,
                "items": 15,
                // (60 + 100 + 20 + 400) / 4 = 145
                "avg_duration_s": 145,
                // No bin groups given: no percentile.
                "p50_duration_s": null, "p90_duration_s": null, "p95_duration_s": null
            })
        );
    }

    #[test]
    fn no_run_is_zeros_and_no_rates() {
        let daily = fold_daily(&RANGE, &[]);
        assert_eq!(daily.days.len(), 3);
        let (weeks, histogram, durations) = fold_durations(&RANGE, &daily, &[]);
        let kpis = kpis(&daily, &histogram, &durations);
        assert_eq!((kpis.runs, kpis.success_rate, kpis.failure_rate, kpis.avg_duration_s), (0, None, None, None));
        assert_eq!(weeks, [Week { week: MONDAY, runs: 0, avg_s: None, p50: None, p90: None, p95: None, max_s: None }]);
    }

    #[test]
    fn rates_round_to_one_decimal() {
        assert_eq!(percent(2, 3), Some(66.7));
        assert_eq!(percent(1, 3), Some(33.3));
        assert_eq!(percent(0, 7), Some(0.0));
        assert_eq!(percent(1, 0), None);
    }

    #[test]
    fn failures_fold_into_top_reasons_and_exception_types() {
        let groups = groups(json!([
            { "exception_type": "business", "reason": "Invoice missing", "n": 4 },
            { "exception_type": "system", "reason": "Invoice missing", "n": 1 },
            { "exception_type": "system", "reason": "SAP timeout", "n": 3 },
            { "exception_type": "system", "reason": null, "n": 1 },
            { "exception_type": null, "reason": "Aborted by user", "n": 1 }
        ]));
        let (reasons, exceptions) = fold_failures(&groups);
        assert_eq!(exceptions, Exceptions { business: 4, system: 5, unspecified: 1 });
        assert_eq!(
            serde_json::to_value(reasons).unwrap(),
            json!({
                "top": [
                    { "reason": "Invoice missing", "n": 5, "share": 50.0, "business": 4, "system": 1, "unspecified": 0 },
                    { "reason": "SAP timeout", "n": 3, "share": 30.0, "business": 0, "system": 3, "unspecified": 0 },
                    { "reason": "Aborted by user", "n": 1, "share": 10.0, "business": 0, "system": 0, "unspecified": 1 },
                    { "reason": null, "n": 1, "share": 10.0, "business": 0, "system": 1, "unspecified": 0 }
                ],
                "other": 0,
                "distinct": 4
            })
        );
    }

    #[test]
    fn reasons_past_the_top_ten_are_counted_as_other() {
        let many: Vec<Value> =
            (0..13).map(|i| json!({ "exception_type": "system", "reason": format!("R{i:02}"), "n": 20 - i })).collect();
        let (reasons, exceptions) = fold_failures(&groups(Value::Array(many)));
        assert_eq!(reasons.top.len(), TOP_REASONS);
        assert_eq!(reasons.top[0].reason.as_deref(), Some("R00"));
        assert_eq!(reasons.top[9].n, 11);
        // Other: R10, R11, R12 = 10 + 9 + 8; all: 20 + 19 + … + 8 = 182.
        assert_eq!((reasons.other, reasons.distinct, exceptions.system), (27, 13, 182));
        let aggregate = serde_json::to_value(failures_aggregate(&RANGE, &Scope::default())).unwrap();
        assert_eq!(aggregate["filters"][2], json!({ "field": "status", "op": "eq", "value": "failed" }));
        assert_eq!(aggregate["group_by"][1], json!({ "field": "reason", "bucket": null, "as": null }));
    }

    #[test]
    fn the_durations_aggregate_groups_by_week_and_the_declared_bins() {
        let aggregate = serde_json::to_value(durations_aggregate(&RANGE, &Scope::default())).unwrap();
        assert_eq!(aggregate["group_by"][0], json!({ "field": "started_at", "bucket": "week", "as": null }));
        assert_eq!(aggregate["group_by"][1]["field"], "duration_s");
        assert_eq!(aggregate["group_by"][1]["bins"], json!(BOUNDS.map(|bound| bound as f64)));
        assert_eq!(aggregate["metrics"], json!([{ "fn": "count", "field": null, "as": "n" }]));
    }

    #[test]
    fn weeks_take_percentiles_from_their_bins() {
        // Monday 2040-01-02 to Tuesday 2040-01-10: two weeks.
        let range = DayRange { first: MONDAY / DAY, last: MONDAY / DAY + 8 };
        let next = MONDAY + 7 * DAY;
        let daily = fold_daily(
            &range,
            &groups(json!([
                { "started_at": MONDAY, "status": "successful", "n": 4, "items_sum": 4, "duration_sum": 165,
                  "duration_n": 4, "duration_min": 5, "duration_max": 100 },
                { "started_at": next + DAY, "status": "successful", "n": 1, "items_sum": 1, "duration_sum": 45,
                  "duration_n": 1, "duration_min": 45, "duration_max": 45 },
                { "started_at": next + DAY, "status": "running", "n": 1, "items_sum": 0, "duration_sum": null,
                  "duration_n": 0, "duration_min": null, "duration_max": null }
            ])),
        );
        // Week 1: 5, 20, 40, 100 s (bins 0 to 3); week 2: 45 s (bin 2) and a running run (no bin).
        let bins = groups(json!([
            { "started_at": MONDAY, "duration_s": 0, "n": 1 },
            { "started_at": MONDAY, "duration_s": 1, "n": 1 },
            { "started_at": MONDAY, "duration_s": 2, "n": 1 },
            { "started_at": MONDAY, "duration_s": 3, "n": 1 },
            { "started_at": next, "duration_s": 2, "n": 1 },
            { "started_at": next, "duration_s": null, "n": 1 }
        ]));
        let (weeks, histogram, durations) = fold_durations(&range, &daily, &bins);
        assert_eq!(
            weeks,
            [
                // As in the SDK histogram's tests: 30, 84, 92; mean 165 / 4 = 41.25.
                Week {
                    week: MONDAY,
                    runs: 4,
                    avg_s: Some(41),
                    p50: Some(30),
                    p90: Some(84),
                    p95: Some(92),
                    max_s: Some(100)
                },
                Week {
                    week: next,
                    runs: 1,
                    avg_s: Some(45),
                    p50: Some(45),
                    p90: Some(45),
                    p95: Some(45),
                    max_s: Some(45)
                }
            ]
        );
        // All five: 5, 20, 40, 45, 100. p50: rank 2.5, a quarter into bin 2 (30..60, two runs): 37.5 → 38.
        // p90: rank 4.5 → bin 3 (60..100), half: 80. p95: rank 4.75 → 60 + 0.75 × 40 = 90.
        let kpis = kpis(&daily, &histogram, &durations);
        assert_eq!(
            (kpis.p50_duration_s, kpis.p90_duration_s, kpis.p95_duration_s, kpis.avg_duration_s),
            (Some(38), Some(80), Some(90), Some(42)),
            "mean (165 + 45) / 5 = 42"
        );
    }
}
