//! The answer of `GET /insight`: the aggregates run over Ticket Management's collections,
//! and the folded figures put together.

use autoscope_sdk::prelude::*;
use autoscope_sdk::range::DayRange;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::figures::{self, Load, Point};

const TICKETS: &str = "support.tickets";
const APPROVALS: &str = "support.approvals";

/// Every figure over the range; the workload, open breaches and pending approvals are as of now.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Insight {
    /// Always true (`{available: false}` when Ticket Management is not installed).
    #[cfg_attr(test, ts(type = "true"))]
    pub available: bool,
    pub range: DayRange,
    /// The series' bucket.
    #[cfg_attr(test, ts(type = r#""day" | "week" | "month""#))]
    pub bucket: Bucket,
    /// Tickets created in the range, per status (every status, 0 when none).
    #[cfg_attr(test, ts(type = "Record<string, number>"))]
    pub by_status: Map<String, Value>,
    /// The same per priority: the masters' four and any other a ticket carries.
    #[cfg_attr(test, ts(type = "Record<string, number>"))]
    pub by_priority: Map<String, Value>,
    /// Every bucket of the range, in order.
    pub opened: Vec<Point>,
    pub closed: Vec<Point>,
    /// Whole seconds; null when no ticket of the range has one.
    pub mean_first_response_seconds: Option<i64>,
    pub mean_resolution_seconds: Option<i64>,
    pub sla: figures::Sla,
    pub breaches_open: u64,
    pub approvals_pending: u64,
    /// Most tickets first.
    #[cfg_attr(test, ts(type = "Array<{ process_id: string, n: number }>"))]
    pub per_process: Vec<Map<String, Value>>,
    #[cfg_attr(test, ts(type = "Array<{ bot_id: string, n: number }>"))]
    pub per_bot: Vec<Map<String, Value>>,
    /// Busiest first, the unassigned tickets last.
    pub workload: Vec<Load>,
}

/// The groups of each aggregate, as storage answered them.
#[derive(Debug, Default)]
pub struct Groups {
    pub created: Vec<Record>,
    pub opened: Vec<Record>,
    pub closed: Vec<Record>,
    pub per_process: Vec<Record>,
    pub per_bot: Vec<Record>,
    pub unresolved: Vec<Record>,
    pub approvals_pending: u64,
}

/// Every figure over `range`, the series by `bucket` (the workload, open breaches and
/// pending approvals as of `now`); `None` when Ticket Management is not installed (storage
/// answers 404 for its collections).
pub fn read(range: &DayRange, bucket: Bucket, now: i64) -> Result<Option<Insight>> {
    match run(range, bucket, now) {
        Ok(groups) => Ok(Some(assemble(range, bucket, groups))),
        Err(err) if err.status == 404 => Ok(None),
        Err(err) => Err(err),
    }
}

fn run(range: &DayRange, bucket: Bucket, now: i64) -> Result<Groups> {
    let tickets = collection(TICKETS);
    Ok(Groups {
        created: tickets.aggregate(&figures::created_aggregate(range))?,
        opened: tickets.aggregate(&figures::series_aggregate(range, bucket, "created_at"))?,
        closed: tickets.aggregate(&figures::series_aggregate(range, bucket, "closed_at"))?,
        per_process: tickets.aggregate(&figures::per_aggregate(range, "process_id"))?,
        per_bot: tickets.aggregate(&figures::per_aggregate(range, "bot_id"))?,
        unresolved: tickets.aggregate(&figures::unresolved_aggregate())?,
        approvals_pending: collection(APPROVALS).count(figures::pending_approvals(now))?,
    })
}

pub fn assemble(range: &DayRange, bucket: Bucket, groups: Groups) -> Insight {
    let created = figures::fold_created(&groups.created);
    let unresolved = figures::fold_unresolved(&groups.unresolved);
    Insight {
        available: true,
        range: *range,
        bucket,
        by_status: created.by_status,
        by_priority: created.by_priority,
        opened: figures::fold_series(range, bucket, "created_at", &groups.opened),
        closed: figures::fold_series(range, bucket, "closed_at", &groups.closed),
        mean_first_response_seconds: created.mean_first_response_seconds,
        mean_resolution_seconds: created.mean_resolution_seconds,
        sla: created.sla,
        breaches_open: unresolved.breaches_open,
        approvals_pending: groups.approvals_pending,
        per_process: figures::fold_per("process_id", &groups.per_process),
        per_bot: figures::fold_per("bot_id", &groups.per_bot),
        workload: unresolved.workload,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn groups(value: Value) -> Vec<Record> {
        serde_json::from_value(value).expect("groups are objects")
    }

    #[test]
    fn the_answer_has_every_figure_under_its_name() {
        // Two days, 2026-03-17 and 18.
        let range = DayRange { first: 20_529, last: 20_530 };
        let answer = assemble(
            &range,
            Bucket::Day,
            Groups {
                created: groups(json!([{ "status": "closed", "priority": "Low", "response_breached": false,
                    "resolution_breached": false, "n": 1, "responded": 1, "resolved": 1, "response_sum": 60,
                    "response_n": 1, "resolution_sum": 600, "resolution_n": 1 }])),
                opened: groups(json!([{ "created_at": 1_773_705_600, "n": 1 }])),
                closed: groups(json!([{ "closed_at": 1_773_792_000, "n": 1 }])),
                per_process: groups(json!([{ "process_id": "p1", "n": 1 }])),
                per_bot: groups(json!([{ "bot_id": "Invoice bot", "n": 1 }])),
                unresolved: groups(json!([{ "assignee_id": "u1", "status": "waiting", "response_breached": true,
                    "resolution_breached": false, "n": 2 }])),
                approvals_pending: 3,
            },
        );
        assert_eq!(
            serde_json::to_value(answer).unwrap(),
            json!({
                "available": true,
                "range": { "from": "2026-03-17", "to": "2026-03-18", "start": 1_773_705_600, "end": 1_773_878_400, "days": 2 },
                "bucket": "day",
                "by_status": { "open": 0, "in_progress": 0, "waiting": 0, "resolved": 0, "closed": 1 },
                "by_priority": { "Critical": 0, "High": 0, "Medium": 0, "Low": 1 },
                "opened": [{ "at": 1_773_705_600, "n": 1 }, { "at": 1_773_792_000, "n": 0 }],
                "closed": [{ "at": 1_773_705_600, "n": 0 }, { "at": 1_773_792_000, "n": 1 }],
                "mean_first_response_seconds": 60,
                "mean_resolution_seconds": 600,
                "sla": {
                    "response": { "met": 1, "breached": 0 },
                    "resolution": { "met": 1, "breached": 0 },
                    "compliance_pct": 100.0
                },
                "breaches_open": 2,
                "approvals_pending": 3,
                "per_process": [{ "process_id": "p1", "n": 1 }],
                "per_bot": [{ "bot_id": "Invoice bot", "n": 1 }],
                "workload": [{ "assignee_id": "u1", "open": 0, "in_progress": 0, "waiting": 2 }]
            })
        );
    }
}
