//! The answer of `GET /overview`: every figure of the page from eleven storage calls, three
//! aggregates on runs and two on queue items that fit the `bots` rollups, and six counts
//! on queue item indexes; no run or queue item reaches the plugin.

use autoscope_sdk::prelude::*;
use autoscope_sdk::range::DayRange;
use serde::Serialize;

use crate::queues::{self, Backlog, Sla, SlaCounts, Stuck, StuckCounts, Volume};
use crate::runs::{self, Day, Exceptions, Kpis, Reasons, Week};
use crate::scope::Scope;

pub const RUNS: &str = "bots.runs";
pub const QUEUE_ITEMS: &str = "bots.queue_items";
pub const BOTS: &str = "bots.bots";

/// `GET /overview`: every figure of the range and filters; backlog, at risk, overdue and
/// stuck as of `now`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Overview {
    /// Always true (`{available: false}` when Bot Profile is not installed).
    #[cfg_attr(test, ts(type = "true"))]
    pub available: bool,
    pub range: DayRange,
    pub filters: Scope,
    /// The moment the "now" figures (backlog, SLA at risk and overdue, stuck) were read.
    pub now: i64,
    pub kpis: Kpis,
    /// Every day of the range, in order.
    pub per_day: Vec<Day>,
    /// Every week holding a day of the range, in order.
    pub duration_weeks: Vec<Week>,
    pub reasons: Reasons,
    pub exceptions: Exceptions,
    pub queues: Queues,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Queues {
    pub per_day: Vec<Volume>,
    /// The longest backlog first.
    pub backlog: Vec<Backlog>,
    pub sla: Sla,
    pub stuck: StuckCounts,
}

/// The groups and counts storage answered.
#[derive(Debug, Default)]
pub struct Groups {
    pub daily: Vec<Record>,
    pub failures: Vec<Record>,
    pub durations: Vec<Record>,
    pub volume: Vec<Record>,
    pub backlog: Vec<Record>,
    pub sla: SlaCounts,
    pub stuck_in_progress: u64,
    pub stuck_new: u64,
}

/// Every figure; `None` when Bot Profile (`bots`) is not installed (storage answers 404
/// for its collections).
pub fn read(range: &DayRange, scope: &Scope, now: i64) -> Result<Option<Overview>> {
    match run(range, scope, now) {
        Ok(groups) => Ok(Some(assemble(range, scope, now, groups))),
        Err(err) if err.status == 404 => Ok(None),
        Err(err) => Err(err),
    }
}

fn run(range: &DayRange, scope: &Scope, now: i64) -> Result<Groups> {
    let (runs, items) = (collection(RUNS), collection(QUEUE_ITEMS));
    Ok(Groups {
        daily: runs.aggregate(&runs::daily_aggregate(range, scope))?,
        failures: runs.aggregate(&runs::failures_aggregate(range, scope))?,
        durations: runs.aggregate(&runs::durations_aggregate(range, scope))?,
        volume: items.aggregate(&queues::volume_aggregate(range, scope))?,
        backlog: items.aggregate(&queues::backlog_aggregate(scope))?,
        sla: SlaCounts {
            met: items.count(queues::met_filters(range, scope))?,
            late: items.count(queues::late_filters(range, scope))?,
            overdue: items.count(queues::overdue_filters(scope, now))?,
            at_risk: items.count(queues::at_risk_filters(scope, now))?,
        },
        stuck_in_progress: items.count(Stuck::InProgress.filters(scope, now))?,
        stuck_new: items.count(Stuck::New.filters(scope, now))?,
    })
}

pub fn assemble(range: &DayRange, scope: &Scope, now: i64, groups: Groups) -> Overview {
    let daily = runs::fold_daily(range, &groups.daily);
    let (duration_weeks, histogram, durations) = runs::fold_durations(range, &daily, &groups.durations);
    let (reasons, exceptions) = runs::fold_failures(&groups.failures);
    Overview {
        available: true,
        range: *range,
        filters: scope.clone(),
        now,
        kpis: runs::kpis(&daily, &histogram, &durations),
        per_day: daily.days,
        duration_weeks,
        reasons,
        exceptions,
        queues: Queues {
            per_day: queues::fold_volume(range, &groups.volume),
            backlog: queues::fold_backlog(&groups.backlog),
            sla: queues::sla(groups.sla),
            stuck: queues::stuck(groups.stuck_in_progress, groups.stuck_new),
        },
    }
}

#[cfg(test)]
mod tests {
    use autoscope_sdk::days::DAY;
    use serde_json::{Value, json};

    use super::*;

    fn groups(value: Value) -> Vec<Record> {
        serde_json::from_value(value).expect("groups are objects")
    }

    /// Monday 2040-01-02.
    const MONDAY: i64 = 2_209_075_200;

    #[test]
    fn the_answer_has_every_figure_under_its_name() {
        let range = DayRange { first: MONDAY / DAY, last: MONDAY / DAY + 1 };
        let scope = Scope { process: Some("Invoices".into()), bot: None, queue: None };
        let now = MONDAY + DAY + 3_600;
        let answer = assemble(
            &range,
            &scope,
            now,
            Groups {
                daily: groups(json!([
                    { "started_at": MONDAY, "status": "successful", "n": 1, "items_sum": 10, "duration_sum": 50,
                      "duration_n": 1, "duration_min": 50, "duration_max": 50 },
                    { "started_at": MONDAY + DAY, "status": "failed", "n": 1, "items_sum": 2, "duration_sum": 70,
                      "duration_n": 1, "duration_min": 70, "duration_max": 70 }
                ])),
                failures: groups(json!([{ "exception_type": "system", "reason": "SAP down", "n": 1 }])),
                durations: groups(json!([
                    { "started_at": MONDAY, "duration_s": 2, "n": 1 },
                    { "started_at": MONDAY, "duration_s": 3, "n": 1 }
                ])),
                volume: groups(json!([{ "added_at": MONDAY, "status": "successful", "n": 2 }])),
                backlog: groups(json!([{ "queue": "Invoices in", "status": "new", "n": 1 }])),
                sla: SlaCounts { met: 2, late: 0, overdue: 1, at_risk: 0 },
                stuck_in_progress: 0,
                stuck_new: 1,
            },
        );
        assert_eq!(
            serde_json::to_value(answer).unwrap(),
            json!({
                "available": true,
                "range": { "from": "2040-01-02", "to": "2040-01-03", "start": MONDAY, "end": MONDAY + 2 * DAY, "days": 2 },
                "filters": { "process": "Invoices", "bot": null, "queue": null },
                "now": now,
                "kpis": {
                    "runs": 2, "running": 0, "successful": 1, "failed": 1, "stopped": 0, "finished": 2,
                    "success_rate": 50.0, "failure_rate": 50.0, "items": 12, "avg_duration_s": 60,
                    // 50 s (bin 2) and 70 s (bin 3): rank 1 ends bin 2 at 60; ranks 1.8 and 1.9 are
                    // 0.8 and 0.9 into bin 3, 60 to 70.
                    "p50_duration_s": 60, "p90_duration_s": 68, "p95_duration_s": 69
                },
                "per_day": [
                    { "day": MONDAY, "runs": 1, "running": 0, "successful": 1, "failed": 0, "stopped": 0, "items": 10 },
                    { "day": MONDAY + DAY, "runs": 1, "running": 0, "successful": 0, "failed": 1, "stopped": 0, "items": 2 }
                ],
                "duration_weeks": [
                    { "week": MONDAY, "runs": 2, "avg_s": 60, "p50_s": 60, "p90_s": 68, "p95_s": 69, "max_s": 70 }
                ],
                "reasons": {
                    "top": [{ "reason": "SAP down", "n": 1, "share": 100.0, "business": 0, "system": 1, "unspecified": 0 }],
                    "other": 0,
                    "distinct": 1
                },
                "exceptions": { "business": 0, "system": 1, "unspecified": 0 },
                "queues": {
                    "per_day": [
                        { "day": MONDAY, "added": 2, "new": 0, "in_progress": 0, "successful": 2, "failed": 0, "abandoned": 0 },
                        { "day": MONDAY + DAY, "added": 0, "new": 0, "in_progress": 0, "successful": 0, "failed": 0, "abandoned": 0 }
                    ],
                    "backlog": [{ "queue": "Invoices in", "new": 1, "in_progress": 0, "total": 1 }],
                    "sla": { "met": 2, "at_risk": 0, "breached": 1, "late": 0, "overdue": 1, "met_rate": 66.7 },
                    "stuck": { "in_progress": 0, "new": 1, "in_progress_after_s": 14_400, "new_after_s": 86_400 }
                }
            })
        );
    }
}
