//! The lists of the page: runs (newest first, on the `[started_at]`, `[bot, started_at]`,
//! `[process, started_at]` and `[status, started_at]` indexes), one run with its bot and
//! the bot's latest runs of the process, stuck queue items (oldest first, on `[status,
//! started_at]` and `[status, added_at]`), and the names the filters offer (from aggregates).

use std::collections::BTreeSet;

use autoscope_sdk::input::{self, non_blank};
use autoscope_sdk::prelude::*;
use autoscope_sdk::range::DayRange;
use autoscope_sdk::storage::text;
use serde::Serialize;

use crate::queues::Stuck;
use crate::scope::Scope;

/// The fields a runs table shows.
pub const RUN_FIELDS: [&str; 10] = [
    "external_id",
    "bot",
    "process",
    "started_at",
    "ended_at",
    "status",
    "items",
    "exception_type",
    "reason",
    "duration_s",
];
/// The fields of the stuck items list.
pub const ITEM_FIELDS: [&str; 11] = [
    "external_id",
    "queue",
    "reference",
    "status",
    "added_at",
    "started_at",
    "sla_deadline",
    "retries",
    "bot",
    "process",
    "sla_margin_s",
];
/// The bot's fields the drill-down shows.
pub const BOT_FIELDS: [&str; 6] = ["name", "type", "machine", "vendor", "owner_id", "schedule"];
/// Runs of the same bot and process shown beside one run.
pub const RECENT_RUNS: u32 = 10;

/// The runs of the range and filters, with `status` when given, newest first.
pub fn runs_query<'a>(
    range: &DayRange,
    scope: &Scope,
    status: Option<&str>,
    param: impl Fn(&str) -> Option<&'a str>,
) -> Result<Query> {
    let mut query = Query { filters: range.filters("started_at").into(), ..Query::default() };
    query.filters.extend(scope.run_filters());
    if let Some(status) = status {
        query = query.eq("status", status);
    }
    // One order only: a `sort` parameter is ignored.
    let paging = |name: &str| if name == "sort" { None } else { param(name) };
    input::sort_and_page(query.fields(RUN_FIELDS), paging, &["started_at"], "-started_at")
}

/// The stuck items of `kind` (the queue and process filters apply), longest waiting first.
pub fn stuck_query<'a>(kind: Stuck, scope: &Scope, now: i64, param: impl Fn(&str) -> Option<&'a str>) -> Result<Query> {
    let (_, since) = kind.status_and_since();
    let query = Query { filters: kind.filters(scope, now), ..Query::default() }.fields(ITEM_FIELDS);
    let paging = |name: &str| if name == "sort" { None } else { param(name) };
    input::sort_and_page(query, paging, &[since], since)
}

/// The bot named `name` (the first, should a name repeat).
pub fn bot_query(name: &str) -> Query {
    Query::default().eq("name", name).fields(BOT_FIELDS).limit(1)
}

/// The latest runs of the run's bot on its process.
pub fn recent_query(bot: &str, process: &str) -> Query {
    Query::default().eq("bot", bot).eq("process", process).sort_desc("started_at").fields(RUN_FIELDS).limit(RECENT_RUNS)
}

/// One run, its bot (`None` when Bot Profile has no bot of that name) and the bot's latest
/// runs of the same process (this one among them).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RunDetail {
    #[cfg_attr(test, ts(type = "Record<string, unknown>"))]
    pub run: Record,
    #[cfg_attr(test, ts(type = "Record<string, unknown> | null"))]
    pub bot: Option<Record>,
    /// Newest first.
    #[cfg_attr(test, ts(type = "Array<Record<string, unknown>>"))]
    pub recent: Vec<Record>,
}

// ---- Names for the filters ---------------------------------------------------------------

/// Every bot and process of the runs (all time, fits the runs' `daily` rollup).
pub fn run_names_aggregate() -> Aggregate {
    Aggregate::default().group_by("bot").group_by("process").count("n")
}

/// Every queue and process of the queue items (fits their `daily` rollup).
pub fn queue_names_aggregate() -> Aggregate {
    Aggregate::default().group_by("queue").group_by("process").count("n")
}

/// Every bot of Bot Profile, also those that never ran.
pub fn bot_names_aggregate() -> Aggregate {
    Aggregate::default().group_by("name").count("n")
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Names {
    pub processes: Vec<String>,
    pub bots: Vec<String>,
    pub queues: Vec<String>,
}

/// The distinct names of the groups, each list sorted.
pub fn fold_names(runs: &[Record], items: &[Record], bots: &[Record]) -> Names {
    let collect = |pairs: &[(&[Record], &str)]| -> Vec<String> {
        let names: BTreeSet<&str> = pairs
            .iter()
            .flat_map(|(groups, field)| groups.iter().filter_map(move |group| non_blank(text(group, field))))
            .collect();
        names.into_iter().map(str::to_string).collect()
    };
    Names {
        processes: collect(&[(runs, "process"), (items, "process")]),
        bots: collect(&[(runs, "bot"), (bots, "name")]),
        queues: collect(&[(items, "queue")]),
    }
}

#[cfg(test)]
mod tests {
    use autoscope_sdk::days::DAY;
    use serde_json::{Value, json};

    use super::*;

    const RANGE: DayRange = DayRange { first: 10, last: 10 };

    fn params<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<&'a str> {
        move |name| pairs.iter().find(|(key, _)| *key == name).map(|(_, value)| *value)
    }

    #[test]
    fn runs_are_listed_newest_first_with_their_filters() {
        let scope = Scope { process: Some("P".into()), bot: Some("B".into()), queue: Some("Q".into()) };
        let query =
            runs_query(&RANGE, &scope, Some("failed"), params(&[("cursor", "c1"), ("limit", "20"), ("sort", "bot")]))
                .unwrap();
        let query = serde_json::to_value(query).unwrap();
        assert_eq!(
            query["filters"],
            json!([
                { "field": "started_at", "op": "gte", "value": 10 * DAY },
                { "field": "started_at", "op": "lt", "value": 11 * DAY },
                { "field": "bot", "op": "eq", "value": "B" },
                { "field": "process", "op": "eq", "value": "P" },
                { "field": "status", "op": "eq", "value": "failed" }
            ])
        );
        assert_eq!(query["sort"], json!([{ "field": "started_at", "desc": true }]), "a sort parameter is ignored");
        assert_eq!((&query["limit"], &query["cursor"], &query["total"]), (&json!(20), &json!("c1"), &json!(false)));
        assert_eq!(query["fields"].as_array().map(Vec::len), Some(RUN_FIELDS.len()));
        let refused = runs_query(&RANGE, &Scope::default(), None, params(&[("limit", "501")]));
        assert_eq!(refused.map(|_| ()).unwrap_err().message, input::LIMIT);
    }

    #[test]
    fn stuck_items_are_listed_longest_waiting_first() {
        let query = stuck_query(Stuck::New, &Scope::default(), 100 * DAY, params(&[])).unwrap();
        let query = serde_json::to_value(query).unwrap();
        assert_eq!(query["sort"], json!([{ "field": "added_at", "desc": false }]));
        assert_eq!(query["filters"][1], json!({ "field": "added_at", "op": "lt", "value": 99 * DAY }));
        let query =
            serde_json::to_value(stuck_query(Stuck::InProgress, &Scope::default(), 0, params(&[])).unwrap()).unwrap();
        assert_eq!(query["sort"], json!([{ "field": "started_at", "desc": false }]));
    }

    #[test]
    fn the_drill_down_reads_the_bot_and_its_recent_runs() {
        let bot = serde_json::to_value(bot_query("Invoice bot")).unwrap();
        assert_eq!((&bot["filters"][0]["value"], &bot["limit"]), (&json!("Invoice bot"), &json!(1)));
        let recent = serde_json::to_value(recent_query("Invoice bot", "Invoices")).unwrap();
        assert_eq!(recent["filters"][1], json!({ "field": "process", "op": "eq", "value": "Invoices" }));
        assert_eq!((&recent["sort"][0]["desc"], &recent["limit"]), (&json!(true), &json!(10)));
    }

    #[test]
    fn names_are_distinct_and_sorted() {
        let groups = |value: Value| -> Vec<Record> { serde_json::from_value(value).unwrap() };
        let names = fold_names(
            &groups(json!([
                { "bot": "Bot B", "process": "Payroll", "n": 3 },
                { "bot": "Bot A", "process": "Payroll", "n": 1 },
                { "bot": "Bot A", "process": "Invoices", "n": 1 }
            ])),
            &groups(json!([
                { "queue": "Q2", "process": "Onboarding", "n": 1 },
                { "queue": "Q1", "process": null, "n": 2 }
            ])),
            &groups(json!([{ "name": "Bot C", "n": 1 }, { "name": "Bot A", "n": 1 }])),
        );
        assert_eq!(
            names,
            Names {
                processes: vec!["Invoices".into(), "Onboarding".into(), "Payroll".into()],
                bots: vec!["Bot A".into(), "Bot B".into(), "Bot C".into()],
                queues: vec!["Q1".into(), "Q2".into()],
            }
        );
        let aggregate = serde_json::to_value(run_names_aggregate()).unwrap();
        assert_eq!(aggregate["filters"], json!([]), "all time: the rollup answers it");
    }
}
