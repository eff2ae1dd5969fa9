//! What several feature files use: loading the plugins, calling Operational Insight,
//! sending runs and queue items, and the scenarios of runs (days 0 to 8) and of queue items
//! (around 12:00 UTC today).

use std::time::Duration;

use anyhow::Context;
use autoscope_module_test::{Company, Engine, Harness, Session, product_module};
use serde_json::{Value, json};

pub const DAY: i64 = 86_400;
pub const HOUR: i64 = 3_600;
/// Day 0 of the runs scenario: Monday 2026-03-02 00:00 UTC.
pub const DAY0: i64 = 1_772_409_600;
/// Monday 2026-03-09, the second week of the scenario.
pub const WEEK2: i64 = DAY0 + 7 * DAY;
/// Days 0 to 7: both Mondays.
pub const RANGE: &str = "from=2026-03-02&to=2026-03-09";

/// A host with Operational Insight and Bot Profile.
pub async fn load(engine: Engine) -> anyhow::Result<Harness> {
    Harness::load_with(engine, product_module("rpa_insight")?, vec![product_module("bots")?]).await
}

/// `GET path` on Operational Insight as `who`, expecting 200.
pub async fn get(harness: &Harness, who: &dyn Session, path: &str) -> anyhow::Result<Value> {
    let reply = harness.call(who, "GET", path, None).await?;
    anyhow::ensure!(reply.status == 200, "GET {path}: {reply:?}");
    Ok(reply.body)
}

/// The status and message of a refused `GET path`.
pub async fn refused(harness: &Harness, who: &dyn Session, path: &str) -> anyhow::Result<(u16, String)> {
    let reply = harness.call(who, "GET", path, None).await?;
    Ok((reply.status, reply.body["message"].as_str().unwrap_or_default().to_string()))
}

/// Sends `records` to Bot Profile's `stream` (runs, queue_items) with `key`; every one must be stored.
pub async fn ingest(harness: &Harness, key: &str, stream: &str, records: Value) -> anyhow::Result<()> {
    let count = records.as_array().context("a batch is an array")?.len();
    let reply = harness.ingest(key, "bots", stream, records).await?;
    anyhow::ensure!((200..300).contains(&reply.status), "ingest {stream}: {reply:?}");
    anyhow::ensure!(reply.body["stored"] == json!(count) && reply.body["errors"] == json!([]), "ingest: {reply:?}");
    Ok(())
}

/// A run that took `seconds` (`None`: still running).
pub fn run(
    id: &str,
    bot: &str,
    process: &str,
    started_at: i64,
    seconds: Option<i64>,
    status: &str,
    items: i64,
) -> Value {
    json!({
        "external_id": id, "bot": bot, "process": process, "started_at": started_at,
        "ended_at": seconds.map(|seconds| started_at + seconds), "status": status, "items": items,
    })
}

/// A failed run that took `seconds`, with its exception; it processed `items` before it failed.
fn failed(
    id: &str,
    bot: &str,
    process: &str,
    (started_at, seconds): (i64, i64),
    items: i64,
    kind: &str,
    reason: &str,
) -> Value {
    let mut run = run(id, bot, process, started_at, Some(seconds), "failed", items);
    run["exception_type"] = kind.into();
    run["reason"] = reason.into();
    run
}

/// The runs of the scenario (durations in seconds):
///
/// | run | bot | process | day | duration | status | items | exception |
/// |---|---|---|---|---|---|---|---|
/// | r0 | Alpha | Invoices | day −1 | 30 | successful | 99 | (before the range) |
/// | r1 | Alpha | Invoices | 0 | 5 | successful | 10 | |
/// | r2 | Alpha | Invoices | 0 | 20 | successful | 20 | |
/// | r3 | Alpha | Payroll | 0 | 40 | failed | 0 | business, Invoice missing |
/// | r4 | Bravo | Invoices | 1 | 100 | failed | 2 | system, SAP timeout |
/// | r5 | Bravo | Payroll | 1 | 400 | stopped | 3 | |
/// | r6 | Bravo | Invoices | 2 | running | running | 0 | |
/// | r7 | Alpha | Invoices | 7 | 45 | successful | 5 | |
/// | r8 | Alpha | Payroll | 7 | 1000 | failed | 0 | system, SAP timeout |
/// | r9 | Alpha | Invoices | 8 | 60 | successful | 7 | (after the range) |
fn scenario_runs() -> Value {
    json!([
        run("r0", "Alpha", "Invoices", DAY0 - HOUR, Some(30), "successful", 99),
        run("r1", "Alpha", "Invoices", DAY0 + HOUR, Some(5), "successful", 10),
        run("r2", "Alpha", "Invoices", DAY0 + 2 * HOUR, Some(20), "successful", 20),
        failed("r3", "Alpha", "Payroll", (DAY0 + 3 * HOUR, 40), 0, "business", "Invoice missing"),
        failed("r4", "Bravo", "Invoices", (DAY0 + DAY + HOUR, 100), 2, "system", "SAP timeout"),
        run("r5", "Bravo", "Payroll", DAY0 + DAY + 2 * HOUR, Some(400), "stopped", 3),
        run("r6", "Bravo", "Invoices", DAY0 + 2 * DAY + HOUR, None, "running", 0),
        run("r7", "Alpha", "Invoices", WEEK2 + HOUR, Some(45), "successful", 5),
        failed("r8", "Alpha", "Payroll", (WEEK2 + 2 * HOUR, 1_000), 0, "system", "SAP timeout"),
        run("r9", "Alpha", "Invoices", WEEK2 + DAY + HOUR, Some(60), "successful", 7),
    ])
}

/// Acme with the scenario's runs.
pub async fn with_runs(harness: &Harness) -> anyhow::Result<Company> {
    let acme = harness.company("Acme").await?;
    let key = harness.api_key(&acme).await?;
    ingest(harness, &key, "runs", scenario_runs()).await?;
    Ok(acme)
}

/// Moves the host's clock to the next 12:00 UTC (at most a day and a half ahead), so that
/// hours before it fall on known days; answers that moment.
fn to_noon(harness: &Harness) -> i64 {
    let now = harness.now();
    let mut noon = now - now.rem_euclid(DAY) + 12 * HOUR;
    if noon < now {
        noon += DAY;
    }
    harness.advance(Duration::from_secs((noon - now).unsigned_abs()));
    noon
}

/// A queue item; `times` are `(added, started, ended, deadline)` as seconds before or after `now`.
pub fn item(id: &str, queue: &str, process: &str, status: &str, now: i64, times: [Option<i64>; 4]) -> Value {
    let at = |offset: Option<i64>| offset.map(|offset| now + offset);
    json!({
        "external_id": id, "queue": queue, "process": process, "status": status, "reference": format!("ref-{id}"),
        "added_at": at(times[0]), "started_at": at(times[1]), "ended_at": at(times[2]), "sla_deadline": at(times[3]),
    })
}

/// The queue items of the scenario, at 12:00 UTC ("now"); hours before it:
///
/// | item | queue | status | added | started | ended | deadline | counts as |
/// |---|---|---|---|---|---|---|---|
/// | q1 | Invoices in | new | 2 h | | | in 30 min | at risk |
/// | q2 | Invoices in | new | 30 h | | | 6 h ago | overdue; stuck new |
/// | q3 | Invoices in | in_progress | 6 h | 5 h | | in 3 h | stuck in progress |
/// | q4 | Invoices in | in_progress | 3 h | 1 h | | | |
/// | q5 | HR in | successful | 10 h | 9 h | 8 h | 7 h ago | met |
/// | q6 | HR in | failed | 10 h | 9 h | 2 h | 4 h ago | late |
/// | q7 | HR in | successful | 26 h | 25 h | 25 h | 20 h ago | met |
/// | q8 | Invoices in | successful | 40 d | 40 d | 40 d | 39 d ago | (before the range) |
/// | q9 | HR in | new | 40 d | | | 39 d ago | overdue; stuck new |
fn scenario_items(now: i64) -> Value {
    let (h, d) = (HOUR, DAY);
    json!([
        item("q1", "Invoices in", "Invoices", "new", now, [Some(-2 * h), None, None, Some(h / 2)]),
        item("q2", "Invoices in", "Invoices", "new", now, [Some(-30 * h), None, None, Some(-6 * h)]),
        item("q3", "Invoices in", "Invoices", "in_progress", now, [Some(-6 * h), Some(-5 * h), None, Some(3 * h)]),
        item("q4", "Invoices in", "Invoices", "in_progress", now, [Some(-3 * h), Some(-h), None, None]),
        item("q5", "HR in", "Payroll", "successful", now, [Some(-10 * h), Some(-9 * h), Some(-8 * h), Some(-7 * h)]),
        item("q6", "HR in", "Payroll", "failed", now, [Some(-10 * h), Some(-9 * h), Some(-2 * h), Some(-4 * h)]),
        item("q7", "HR in", "Payroll", "successful", now, [Some(-26 * h), Some(-25 * h), Some(-25 * h), Some(-20 * h)]),
        item(
            "q8",
            "Invoices in",
            "Invoices",
            "successful",
            now,
            [Some(-40 * d), Some(-40 * d), Some(-40 * d), Some(-39 * d)]
        ),
        item("q9", "HR in", "Payroll", "new", now, [Some(-40 * d), None, None, Some(-39 * d)]),
    ])
}

/// A fresh host with Acme and the scenario's queue items, at 12:00 UTC; answers that moment.
pub async fn with_items(engine: Engine) -> anyhow::Result<(Harness, Company, i64)> {
    let harness = load(engine).await?;
    let now = to_noon(&harness);
    let acme = harness.company("Acme").await?;
    let key = harness.api_key(&acme).await?;
    ingest(&harness, &key, "queue_items", scenario_items(now)).await?;
    Ok((harness, acme, now))
}

/// `YYYY-MM-DD` of the UTC day holding `at`.
pub fn day_text(at: i64) -> String {
    autoscope_sdk::days::format_day(at.div_euclid(DAY))
}

pub fn external_ids(page: &Value) -> Vec<&str> {
    let items = page["items"].as_array().map(Vec::as_slice).unwrap_or_default();
    items.iter().filter_map(|item| item["external_id"].as_str()).collect()
}
