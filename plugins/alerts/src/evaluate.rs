//! A rule's evaluation: the facts each kind reads from Bot Profile (storage aggregates
//! that fit its indexes and rollups) and the pure judgement of those facts, which the unit
//! tests below exercise on hand-built cases.

use std::collections::BTreeSet;

use autoscope_sdk::bot_schedule::{self, Schedule};
use autoscope_sdk::histogram::Histogram;
use autoscope_sdk::prelude::*;
use chrono_tz::Tz;
use serde::Serialize;
use serde_json::Value;

use crate::rules::{Kind, Measure, Rule, RuleDraft};
use crate::text::{duration, last, plural};

const RUNS: &str = "bots.runs";
const ITEMS: &str = "bots.queue_items";
const BOTS: &str = "bots.bots";
/// The bounds of the `durations` rollup of `bots.runs`, seconds, exactly as
/// plugins/bots/module.toml declares them: a baseline asked with other bins would read
/// every run of 30 days instead of the rollup (`bounds_follow_bots_manifest` checks).
pub const DURATION_BOUNDS: [i64; 15] =
    [10, 30, 60, 120, 300, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200, 10800, 14400];
const DAY: i64 = 86_400;
/// A running run counts for the silent-bot and slow-run checks only when it started this
/// recently: older ones are runs whose end never arrived.
const RUNNING_HORIZON: i64 = 7 * DAY;

/// What an evaluation found: whether the condition holds, its figure and a sentence.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Evaluation {
    pub firing: bool,
    pub value: f64,
    pub summary: String,
}

/// Reads the facts `rule` needs at `now` and judges them.
pub fn evaluate(rule: &Rule, now: i64) -> Result<Evaluation> {
    let draft = &rule.draft;
    let since = now - draft.window_minutes * 60;
    Ok(match draft.kind {
        Kind::FailureRate => {
            let per_status = collection(RUNS).aggregate(
                &scoped(Aggregate::default(), draft, false)
                    .filter("started_at", FilterOp::Gte, since)
                    .group_by("status")
                    .count("n"),
            )?;
            let count = |status: &str| {
                per_status
                    .iter()
                    .filter(|group| storage::text(group, "status") == Some(status))
                    .map(|group| whole(group, "n"))
                    .sum()
            };
            let finished = count("successful") + count("failed") + count("stopped");
            failure_rate(draft, finished, count("failed"))
        }
        Kind::Sla => {
            let open =
                || scoped(Aggregate::default(), draft, true).filter("status", FilterOp::In, vec!["new", "in_progress"]);
            let past = total(ITEMS, open().filter("sla_deadline", FilterOp::Lt, now))?;
            let ahead = (draft.threshold as i64) * 60;
            let at_risk = if ahead > 0 {
                total(
                    ITEMS,
                    open().filter("sla_deadline", FilterOp::Gte, now).filter("sla_deadline", FilterOp::Lt, now + ahead),
                )?
            } else {
                0
            };
            sla(draft, past, at_risk)
        }
        Kind::StuckItems => {
            let before = now - (draft.threshold as i64) * 60;
            let items = || scoped(Aggregate::default(), draft, true);
            let in_progress =
                total(ITEMS, items().eq("status", "in_progress").filter("started_at", FilterOp::Lt, before))?;
            let untouched = total(ITEMS, items().eq("status", "new").filter("added_at", FilterOp::Lt, before))?;
            stuck(draft, in_progress, untouched)
        }
        Kind::Outcome => {
            let count = match draft.measure {
                Some(Measure::SuccessfulItems) => total(
                    ITEMS,
                    scoped(Aggregate::default(), draft, true).eq("status", "successful").filter(
                        "started_at",
                        FilterOp::Gte,
                        since,
                    ),
                )?,
                measure => {
                    let runs = scoped(Aggregate::default(), draft, false).filter("started_at", FilterOp::Gte, since);
                    let runs =
                        if measure == Some(Measure::SuccessfulRuns) { runs.eq("status", "successful") } else { runs };
                    total(RUNS, runs)?
                }
            };
            outcome(draft, count)
        }
        Kind::SlowRuns => {
            let Some(limit) = baseline(draft, now)? else {
                return Ok(Evaluation { firing: false, value: 0.0, summary: NO_BASELINE.into() });
            };
            let limit_s = limit.ceil() as i64;
            let runs = || scoped(Aggregate::default(), draft, false);
            let finished = total(
                RUNS,
                runs().filter("started_at", FilterOp::Gte, since).filter("duration_s", FilterOp::Gt, limit_s),
            )?;
            let running = total(
                RUNS,
                runs().eq("status", "running").filter("started_at", FilterOp::Gte, now - RUNNING_HORIZON).filter(
                    "started_at",
                    FilterOp::Lt,
                    now - limit_s,
                ),
            )?;
            slow(draft, limit_s, finished, running)
        }
        Kind::SilentBot => {
            let zone = draft.time_zone.as_deref().and_then(|zone| zone.parse().ok()).unwrap_or(Tz::UTC);
            let mut bots = Query::default().fields(["name", "schedule"]).sort("name");
            if let Some(bot) = &draft.bot {
                bots = bots.eq("name", bot.as_str());
            }
            let bots: Vec<(String, String)> = collection(BOTS)
                .list_all(&bots, 2_000)?
                .iter()
                .filter_map(|bot| {
                    Some((storage::text(bot, "name")?.to_string(), storage::text(bot, "schedule")?.to_string()))
                })
                .collect();
            let per_bot = |aggregate: Aggregate| -> Result<BTreeSet<String>> {
                let groups = collection(RUNS).aggregate(&aggregate.group_by("bot").count("n"))?;
                Ok(groups.iter().filter_map(|group| storage::text(group, "bot").map(str::to_string)).collect())
            };
            let scope = |aggregate: Aggregate| match &draft.bot {
                Some(bot) => aggregate.eq("bot", bot.as_str()),
                None => aggregate,
            };
            let mut active = per_bot(scope(Aggregate::default()).filter("started_at", FilterOp::Gte, since))?;
            active.extend(per_bot(scope(Aggregate::default()).eq("status", "running").filter(
                "started_at",
                FilterOp::Gte,
                now - RUNNING_HORIZON,
            ))?);
            let silent = silent_bots(&bots, &active, zone, now, since);
            silent_summary(draft, &silent)
        }
    })
}

pub const NO_BASELINE: &str = "No finished runs in the last 30 days to compare with";

/// The rule's scope as filters: process and bot; and queue for queue items.
fn scoped(aggregate: Aggregate, draft: &RuleDraft, items: bool) -> Aggregate {
    let mut aggregate = aggregate;
    if let Some(process) = &draft.process {
        aggregate = aggregate.eq("process", process.as_str());
    }
    if let Some(bot) = &draft.bot {
        aggregate = aggregate.eq("bot", bot.as_str());
    }
    if items && let Some(queue) = &draft.queue {
        aggregate = aggregate.eq("queue", queue.as_str());
    }
    aggregate
}

fn total(name: &str, aggregate: Aggregate) -> Result<u64> {
    let groups = collection(name).aggregate(&aggregate.count("n"))?;
    Ok(groups.first().map(|group| whole(group, "n")).unwrap_or(0))
}

fn whole(group: &Record, field: &str) -> u64 {
    group.get(field).and_then(Value::as_u64).unwrap_or(0)
}

/// The rule's percentile of the durations of its scope's runs over the 30 whole UTC days
/// before today, from the `durations` rollup (bins) and the `daily` one (least and
/// greatest); `None` without finished runs.
fn baseline(draft: &RuleDraft, now: i64) -> Result<Option<f64>> {
    let today = now - now.rem_euclid(DAY);
    let days = || {
        scoped(Aggregate::default(), draft, false).filter("started_at", FilterOp::Gte, today - 30 * DAY).filter(
            "started_at",
            FilterOp::Lt,
            today,
        )
    };
    let bounds: Vec<f64> = DURATION_BOUNDS.iter().map(|&bound| bound as f64).collect();
    let bins = collection(RUNS).aggregate(&days().bins("duration_s", &bounds).count("n"))?;
    let extremes = collection(RUNS).aggregate(&days().min("duration_s", "least").max("duration_s", "most"))?;
    let mut histogram = Histogram::new(&DURATION_BOUNDS);
    for group in &bins {
        if let Some(bin) = group.get("duration_s").and_then(Value::as_i64) {
            histogram.add(bin, whole(group, "n"));
        }
    }
    if let Some(extremes) = extremes.first() {
        let read = |field: &str| extremes.get(field).and_then(Value::as_i64);
        histogram.bound(read("least"), read("most"));
    }
    Ok(histogram.percentile(draft.threshold))
}

/// The bots of `bots` (name, schedule) whose schedule has them running at `now` and
/// already at `since` (a window that just opened owes no run yet) and that are not
/// `active`. Bots without a schedule the portal can read are never silent.
pub fn silent_bots(
    bots: &[(String, String)],
    active: &BTreeSet<String>,
    zone: Tz,
    now: i64,
    since: i64,
) -> Vec<(String, String)> {
    bots.iter()
        .filter(|(name, _)| !active.contains(name))
        .filter(|(_, schedule)| {
            bot_schedule::parse(schedule).is_some_and(|parsed: Schedule| {
                bot_schedule::running_at(&parsed, zone, now) && bot_schedule::running_at(&parsed, zone, since)
            })
        })
        .cloned()
        .collect()
}

pub fn failure_rate(draft: &RuleDraft, finished: u64, failed: u64) -> Evaluation {
    let window = last(draft.window_minutes);
    if finished == 0 {
        return Evaluation { firing: false, value: 0.0, summary: format!("No finished runs in {window}") };
    }
    let rate = failed as f64 * 100.0 / finished as f64;
    let firing = finished >= draft.min_runs as u64 && rate > draft.threshold;
    let summary = format!(
        "{failed} of {} failed ({}%) in {window}; the limit is {}%",
        plural(finished, "finished run", "finished runs"),
        round1(rate),
        round1(draft.threshold)
    );
    let summary = if finished < draft.min_runs as u64 {
        format!("{summary} once {} have finished", plural(draft.min_runs as u64, "run", "runs"))
    } else {
        summary
    };
    Evaluation { firing, value: round1(rate), summary }
}

pub fn sla(draft: &RuleDraft, past: u64, at_risk: u64) -> Evaluation {
    let mut parts = vec![format!("{} past the SLA deadline", plural(past, "open item", "open items"))];
    if draft.threshold > 0.0 {
        parts.push(format!("{at_risk} more due within {}", duration(draft.threshold as i64)));
    }
    Evaluation { firing: past + at_risk > 0, value: (past + at_risk) as f64, summary: parts.join(", ") }
}

pub fn stuck(draft: &RuleDraft, in_progress: u64, untouched: u64) -> Evaluation {
    let limit = duration(draft.threshold as i64);
    let summary = format!(
        "{} in progress and {} new and untouched for more than {limit}",
        plural(in_progress, "item", "items"),
        untouched
    );
    Evaluation { firing: in_progress + untouched > 0, value: (in_progress + untouched) as f64, summary }
}

pub fn outcome(draft: &RuleDraft, count: u64) -> Evaluation {
    let what = match draft.measure {
        Some(Measure::SuccessfulRuns) => ("successful run", "successful runs"),
        Some(Measure::SuccessfulItems) => ("successful item", "successful items"),
        _ => ("run", "runs"),
    };
    let expected = draft.threshold as u64;
    let summary = format!(
        "{} of {} in {}; at least {expected} expected",
        plural(count, what.0, what.1),
        draft.process.as_deref().unwrap_or("every process"),
        last(draft.window_minutes)
    );
    Evaluation { firing: count < expected, value: count as f64, summary }
}

pub fn slow(draft: &RuleDraft, limit_s: i64, finished: u64, running: u64) -> Evaluation {
    let summary = format!(
        "{} in {} and {} still running took longer than {}, the {} of the last 30 days",
        plural(finished, "run", "runs"),
        last(draft.window_minutes),
        running,
        duration_seconds(limit_s),
        ordinal(draft.threshold)
    );
    Evaluation { firing: finished + running > 0, value: (finished + running) as f64, summary }
}

pub fn silent_summary(draft: &RuleDraft, silent: &[(String, String)]) -> Evaluation {
    let window = last(draft.window_minutes);
    let summary = match silent {
        [] => format!("Every scheduled bot ran in {window}"),
        [(bot, schedule)] => format!("{bot} has not run in {window} though its schedule says {schedule}"),
        many => {
            let names: Vec<&str> = many.iter().map(|(bot, _)| bot.as_str()).collect();
            format!("{} bots have not run in {window} during their schedules: {}", many.len(), names.join(", "))
        }
    };
    Evaluation { firing: !silent.is_empty(), value: silent.len() as f64, summary }
}

fn round1(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

fn ordinal(percentile: f64) -> String {
    format!("p{}", round1(percentile))
}

fn duration_seconds(seconds: i64) -> String {
    if seconds < 120 { plural(seconds.max(0) as u64, "second", "seconds") } else { duration(seconds / 60) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Kind, draft};

    #[test]
    fn a_failure_rate_fires_above_its_limit_once_enough_runs_finished() {
        let rule = draft(Kind::FailureRate, 20.0);
        let firing = failure_rate(&rule, 40, 12);
        assert!(firing.firing);
        assert_eq!(firing.value, 30.0);
        assert_eq!(firing.summary, "12 of 40 finished runs failed (30%) in the last hour; the limit is 20%");
        assert!(!failure_rate(&rule, 40, 8).firing, "20% is not above 20%");
        let few = failure_rate(&rule, 4, 4);
        assert!(!few.firing, "4 runs are fewer than the 5 the rule waits for");
        assert!(few.summary.ends_with("once 5 runs have finished"), "{}", few.summary);
        assert!(!failure_rate(&rule, 0, 0).firing);
    }

    #[test]
    fn sla_counts_past_and_at_risk_items() {
        let ahead = draft(Kind::Sla, 30.0);
        assert!(!sla(&ahead, 0, 0).firing);
        let risk = sla(&ahead, 0, 2);
        assert!(risk.firing);
        assert_eq!(risk.summary, "0 open items past the SLA deadline, 2 more due within 30 minutes");
        let past_only = draft(Kind::Sla, 0.0);
        assert_eq!(sla(&past_only, 1, 0).summary, "1 open item past the SLA deadline");
    }

    #[test]
    fn stuck_items_fire_on_either_state() {
        let rule = draft(Kind::StuckItems, 120.0);
        assert!(!stuck(&rule, 0, 0).firing);
        let found = stuck(&rule, 1, 3);
        assert!(found.firing);
        assert_eq!(found.value, 4.0);
        assert_eq!(found.summary, "1 item in progress and 3 new and untouched for more than 2 hours");
    }

    #[test]
    fn an_outcome_fires_below_the_expected_count() {
        let rule = draft(Kind::Outcome, 10.0);
        assert!(outcome(&rule, 9).firing);
        assert!(!outcome(&rule, 10).firing);
        assert_eq!(outcome(&rule, 1).summary, "1 successful run of Invoices in the last hour; at least 10 expected");
    }

    #[test]
    fn slow_runs_count_finished_and_running_ones() {
        let rule = draft(Kind::SlowRuns, 95.0);
        assert!(!slow(&rule, 600, 0, 0).firing);
        let found = slow(&rule, 2_700, 2, 1);
        assert!(found.firing);
        assert_eq!(
            found.summary,
            "2 runs in the last hour and 1 still running took longer than 45 minutes, the p95 of the last 30 days"
        );
    }

    #[test]
    fn a_bot_is_silent_only_inside_its_schedule_and_when_nothing_ran() {
        // Monday 2026-11-23 10:00 UTC; the window started at 09:00.
        let now = 1_795_428_000;
        let since = now - 3600;
        let bots = vec![
            ("Day".to_string(), "Mon-Fri 06:00-20:00".to_string()),
            ("Night".to_string(), "Daily 22:00-05:00".to_string()),
            ("Busy".to_string(), "24/7".to_string()),
            ("Free".to_string(), "when asked".to_string()),
            ("Late".to_string(), "Mon-Fri 09:30-20:00".to_string()),
        ];
        let active: BTreeSet<String> = ["Busy".to_string()].into();
        let silent = silent_bots(&bots, &active, Tz::UTC, now, since);
        let names: Vec<&str> = silent.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(
            names,
            ["Day"],
            "Night is off, Busy ran, Free has no schedule, Late's window opened within the hour"
        );
        // In Tokyo 10:00 UTC is 19:00: Day is still on; at 12:00 UTC (21:00 there) it is off.
        let tokyo: Tz = "Asia/Tokyo".parse().expect("a zone");
        assert_eq!(silent_bots(&bots[..1], &BTreeSet::new(), tokyo, now, since).len(), 1);
        assert!(silent_bots(&bots[..1], &BTreeSet::new(), tokyo, now + 2 * 3600, since + 2 * 3600).is_empty());
        let rule = draft(Kind::SilentBot, 0.0);
        assert_eq!(
            silent_summary(&rule, &silent).summary,
            "Day has not run in the last hour though its schedule says Mon-Fri 06:00-20:00"
        );
        assert!(!silent_summary(&rule, &[]).firing);
    }

    #[test]
    fn bounds_follow_bots_manifest() {
        let manifest = include_str!("../../bots/module.toml");
        let declared =
            format!("bounds = [{}]", DURATION_BOUNDS.iter().map(i64::to_string).collect::<Vec<_>>().join(", "));
        assert!(manifest.contains(&declared), "plugins/bots/module.toml declares other duration bins than {declared}");
    }
}
