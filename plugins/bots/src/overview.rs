//! One bot at a glance: its record, live status, current runs, last run, and over a range
//! its runs by outcome, failures by exception type and reason, and its processes. Range
//! figures come from aggregates the `daily` rollup answers; current and last runs are short
//! lists on the `(bot, started_at)` index.

use std::collections::BTreeMap;

use autoscope_sdk::prelude::*;
use autoscope_sdk::range::DayRange;
use autoscope_sdk::storage::text;
use serde::Serialize;
use serde_json::Value;

use crate::status::{self, BotStatus, RUNNING_WINDOW};

/// The most current runs shown: more at once means the orchestrator lost track of ends.
pub const MAX_CURRENT: u32 = 50;

/// Runs in the range per process and status: how many, their items and busy seconds.
pub fn runs_aggregate(days: &DayRange, bot: &str) -> Aggregate {
    days.limit(Aggregate::default().eq("bot", bot), "started_at")
        .group_by("process")
        .group_by("status")
        .count("n")
        .sum("items", "items")
        .sum("duration_s", "busy")
}

/// Failed runs in the range per exception type and reason.
pub fn failures_aggregate(days: &DayRange, bot: &str) -> Aggregate {
    days.limit(Aggregate::default().eq("bot", bot), "started_at")
        .eq("status", "failed")
        .group_by("exception_type")
        .group_by("reason")
        .count("n")
}

/// The bot's runs still running, started in the last 24 hours, newest first.
pub fn current_query(bot: &str, now: i64) -> Query {
    Query::default()
        .eq("bot", bot)
        .filter("started_at", FilterOp::Gte, now - RUNNING_WINDOW)
        .eq("status", "running")
        .sort_desc("started_at")
        .limit(MAX_CURRENT)
}

/// The bot's latest run that is over.
pub fn last_query(bot: &str) -> Query {
    Query::default().eq("bot", bot).filter("status", FilterOp::Ne, "running").sort_desc("started_at").limit(1)
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Runs {
    pub total: u64,
    pub running: u64,
    pub successful: u64,
    pub failed: u64,
    pub stopped: u64,
    pub items: i64,
    pub busy_seconds: i64,
    /// Successful runs in percent of the runs that are over (one decimal); null without any.
    pub success_rate: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Reason {
    pub exception_type: Option<String>,
    pub reason: Option<String>,
    pub n: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Failures {
    pub total: u64,
    pub business: u64,
    pub system: u64,
    /// Failed runs that named no exception type.
    pub unspecified: u64,
    /// Most frequent first.
    pub reasons: Vec<Reason>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ProcessRuns {
    pub process: String,
    /// Listed among the bot's processes.
    pub assigned: bool,
    pub runs: u64,
    pub successful: u64,
    pub failed: u64,
    pub items: i64,
    pub busy_seconds: i64,
}

/// `GET /bots/{id}/overview`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Overview {
    /// The inventory record.
    #[cfg_attr(test, ts(type = "Record<string, unknown>"))]
    pub bot: Record,
    pub range: DayRange,
    pub status: BotStatus,
    /// Run records.
    #[cfg_attr(test, ts(type = "Array<Record<string, unknown>>"))]
    pub current_runs: Vec<Record>,
    #[cfg_attr(test, ts(type = "Record<string, unknown> | null"))]
    pub last_run: Option<Record>,
    pub runs: Runs,
    pub failures: Failures,
    /// Assigned processes first, then the others it ran, each by name.
    pub processes: Vec<ProcessRuns>,
}

/// What the storage answered for one bot.
pub struct Read {
    pub status: status::Groups,
    pub current_runs: Vec<Record>,
    pub last_run: Option<Record>,
    pub runs: Vec<Record>,
    pub failures: Vec<Record>,
}

pub fn read(name: &str, days: &DayRange, now: i64) -> Result<Read> {
    let runs = collection("runs");
    Ok(Read {
        status: status::read(now, Some(name))?,
        current_runs: runs.list(&current_query(name, now))?.items,
        last_run: runs.list(&last_query(name))?.items.into_iter().next(),
        runs: runs.aggregate(&runs_aggregate(days, name))?,
        failures: runs.aggregate(&failures_aggregate(days, name))?,
    })
}

pub fn assemble(bot: Record, days: &DayRange, now: i64, read: Read) -> Overview {
    let id = text(&bot, "id").unwrap_or_default();
    let name = text(&bot, "name").unwrap_or_default();
    let assigned: Vec<String> = bot
        .get("processes")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).map(str::to_string).collect())
        .unwrap_or_default();
    Overview {
        status: status::one(now, name, id, &read.status),
        range: *days,
        current_runs: read.current_runs,
        last_run: read.last_run,
        runs: fold_runs(&read.runs),
        failures: fold_failures(&read.failures),
        processes: fold_processes(&assigned, &read.runs),
        bot,
    }
}

fn uint(group: &Record, field: &str) -> u64 {
    group.get(field).and_then(Value::as_u64).unwrap_or(0)
}

fn int(group: &Record, field: &str) -> i64 {
    group.get(field).and_then(Value::as_i64).unwrap_or(0)
}

pub fn fold_runs(groups: &[Record]) -> Runs {
    let mut runs = Runs::default();
    for group in groups {
        let n = uint(group, "n");
        runs.total += n;
        runs.items += int(group, "items");
        runs.busy_seconds += int(group, "busy");
        match text(group, "status") {
            Some("running") => runs.running += n,
            Some("successful") => runs.successful += n,
            Some("failed") => runs.failed += n,
            Some("stopped") => runs.stopped += n,
            _ => {}
        }
    }
    let over = runs.successful + runs.failed + runs.stopped;
    runs.success_rate = (over > 0).then(|| (runs.successful as f64 * 1_000.0 / over as f64).round() / 10.0);
    runs
}

pub fn fold_failures(groups: &[Record]) -> Failures {
    let mut failures = Failures { total: 0, business: 0, system: 0, unspecified: 0, reasons: Vec::new() };
    for group in groups {
        let n = uint(group, "n");
        failures.total += n;
        let exception_type = text(group, "exception_type");
        match exception_type {
            Some("business") => failures.business += n,
            Some("system") => failures.system += n,
            _ => failures.unspecified += n,
        }
        failures.reasons.push(Reason {
            exception_type: exception_type.map(str::to_string),
            reason: text(group, "reason").map(str::to_string),
            n,
        });
    }
    failures.reasons.sort_by(|a, b| {
        b.n.cmp(&a.n).then_with(|| (&a.reason, &a.exception_type).cmp(&(&b.reason, &b.exception_type)))
    });
    failures
}

pub fn fold_processes(assigned: &[String], groups: &[Record]) -> Vec<ProcessRuns> {
    let mut processes: BTreeMap<&str, ProcessRuns> = BTreeMap::new();
    let empty = |process: &str, assigned: bool| ProcessRuns {
        process: process.to_string(),
        assigned,
        runs: 0,
        successful: 0,
        failed: 0,
        items: 0,
        busy_seconds: 0,
    };
    for process in assigned {
        processes.insert(process, empty(process, true));
    }
    for group in groups {
        let Some(process) = text(group, "process") else { continue };
        let line = processes.entry(process).or_insert_with(|| empty(process, false));
        let n = uint(group, "n");
        line.runs += n;
        line.items += int(group, "items");
        line.busy_seconds += int(group, "busy");
        match text(group, "status") {
            Some("successful") => line.successful += n,
            Some("failed") => line.failed += n,
            _ => {}
        }
    }
    let mut processes: Vec<ProcessRuns> = processes.into_values().collect();
    processes.sort_by(|a, b| (!a.assigned, &a.process).cmp(&(!b.assigned, &b.process)));
    processes
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    const NOW: i64 = 1_773_835_200;
    /// 2026-03-17 and 18.
    const DAYS: DayRange = DayRange { first: 20_529, last: 20_530 };

    fn groups(value: Value) -> Vec<Record> {
        serde_json::from_value(value).expect("groups are objects")
    }

    fn run_groups() -> Vec<Record> {
        groups(json!([
            { "process": "Invoice posting", "status": "successful", "n": 3, "items": 30, "busy": 900 },
            { "process": "Invoice posting", "status": "failed", "n": 1, "items": 2, "busy": 100 },
            { "process": "Invoice posting", "status": "running", "n": 1, "items": 0, "busy": null },
            { "process": "Ad hoc", "status": "stopped", "n": 1, "items": 1, "busy": 50 }
        ]))
    }

    #[test]
    fn runs_add_up_by_outcome() {
        // 3 successful of 5 over (3 + 1 + 1): 60 %.
        assert_eq!(
            fold_runs(&run_groups()),
            Runs {
                total: 6,
                running: 1,
                successful: 3,
                failed: 1,
                stopped: 1,
                items: 33,
                busy_seconds: 1_050,
                success_rate: Some(60.0)
            }
        );
        assert_eq!(fold_runs(&[]).success_rate, None);
    }

    #[test]
    fn failures_are_counted_by_type_and_reason_most_frequent_first() {
        let failures = fold_failures(&groups(json!([
            { "exception_type": "business", "reason": "Invoice not found", "n": 2 },
            { "exception_type": "system", "reason": "SAP timeout", "n": 5 },
            { "exception_type": null, "reason": null, "n": 1 },
            { "exception_type": "business", "reason": "Duplicate", "n": 2 }
        ])));
        assert_eq!(
            serde_json::to_value(&failures).unwrap(),
            json!({
                "total": 10, "business": 4, "system": 5, "unspecified": 1,
                "reasons": [
                    { "exception_type": "system", "reason": "SAP timeout", "n": 5 },
                    { "exception_type": "business", "reason": "Duplicate", "n": 2 },
                    { "exception_type": "business", "reason": "Invoice not found", "n": 2 },
                    { "exception_type": null, "reason": null, "n": 1 }
                ]
            })
        );
    }

    #[test]
    fn assigned_processes_come_first_even_without_runs() {
        let processes = fold_processes(&["Payroll check".into(), "Invoice posting".into()], &run_groups());
        assert_eq!(
            serde_json::to_value(&processes).unwrap(),
            json!([
                { "process": "Invoice posting", "assigned": true, "runs": 5, "successful": 3, "failed": 1, "items": 32, "busy_seconds": 1_000 },
                { "process": "Payroll check", "assigned": true, "runs": 0, "successful": 0, "failed": 0, "items": 0, "busy_seconds": 0 },
                { "process": "Ad hoc", "assigned": false, "runs": 1, "successful": 0, "failed": 0, "items": 1, "busy_seconds": 50 }
            ])
        );
    }

    #[test]
    fn the_overview_puts_the_parts_together() {
        let bot: Record =
            serde_json::from_value(json!({ "id": "b1", "name": "Alpha", "processes": ["Invoice posting"] })).unwrap();
        let overview = assemble(
            bot.clone(),
            &DAYS,
            NOW,
            Read {
                status: status::Groups {
                    running: groups(json!([{ "bot": "Alpha", "n": 1, "since": NOW - 60 }])),
                    ..status::Groups::default()
                },
                current_runs: groups(json!([{ "id": "r9", "status": "running" }])),
                last_run: None,
                runs: run_groups(),
                failures: Vec::new(),
            },
        );
        assert_eq!(overview.bot, bot);
        assert_eq!(
            (overview.status.status, overview.status.running, overview.status.id.as_deref()),
            (status::State::Running, 1, Some("b1"))
        );
        assert_eq!(overview.current_runs.len(), 1);
        assert_eq!(overview.runs.total, 6);
        assert_eq!(overview.processes[0].process, "Invoice posting");
        let quiet = assemble(
            bot,
            &DAYS,
            NOW,
            Read {
                status: status::Groups::default(),
                current_runs: vec![],
                last_run: None,
                runs: vec![],
                failures: vec![],
            },
        );
        assert_eq!(quiet.status.status, status::State::New, "no run of it ever arrived");
    }

    #[test]
    fn range_aggregates_fit_the_daily_rollup_and_lists_use_the_bot_index() {
        let runs = serde_json::to_value(runs_aggregate(&DAYS, "Alpha")).unwrap();
        assert_eq!(
            runs["filters"],
            json!([
                { "field": "bot", "op": "eq", "value": "Alpha" },
                { "field": "started_at", "op": "gte", "value": DAYS.start() },
                { "field": "started_at", "op": "lt", "value": DAYS.end() }
            ])
        );
        let failures = serde_json::to_value(failures_aggregate(&DAYS, "Alpha")).unwrap();
        assert_eq!(failures["filters"][3], json!({ "field": "status", "op": "eq", "value": "failed" }));
        let current = serde_json::to_value(current_query("Alpha", NOW)).unwrap();
        assert_eq!(current["sort"], json!([{ "field": "started_at", "desc": true }]));
        assert_eq!(current["total"], json!(false), "no totals on runs");
        let last = serde_json::to_value(last_query("Alpha")).unwrap();
        assert_eq!((&last["limit"], &last["filters"][1]["op"]), (&json!(1), &json!("ne")));
    }
}
