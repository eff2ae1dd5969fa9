//! What several feature files use: loading the plugins, calling Bot Profile, creating bots,
//! sending runs, and the scenario of runs over days 0 to 2 with its processes and bots.

use anyhow::Context;
use autoscope_module_test::{Company, Engine, Harness, Session, product_module};
use serde_json::{Value, json};

pub const DAY: i64 = 86_400;
/// Day 0 of the scenario: Monday 2026-03-02 00:00 UTC; the range is days 0 to 2.
pub const DAY0: i64 = 1_772_409_600;
pub const RANGE: &str = "from=2026-03-02&to=2026-03-04";
pub const CONFLICT: &str = "The record was changed by someone else; reload it and try again";

/// A host with Bot Profile and Process Vault.
pub async fn load(engine: Engine) -> anyhow::Result<Harness> {
    Harness::load_with(engine, product_module("bots")?, [product_module("vault")?]).await
}

/// `method path` on Bot Profile as `who`, expecting `status`; answers the body.
pub async fn api(
    harness: &Harness,
    who: &dyn Session,
    method: &str,
    path: &str,
    body: Option<Value>,
    status: u16,
) -> anyhow::Result<Value> {
    let reply = harness.call(who, method, path, body).await?;
    anyhow::ensure!(reply.status == status, "{method} {path}: expected {status}, got {reply:?}");
    Ok(reply.body)
}

pub async fn get(harness: &Harness, who: &dyn Session, path: &str) -> anyhow::Result<Value> {
    api(harness, who, "GET", path, None, 200).await
}

/// The message of a refused call.
pub async fn refused(
    harness: &Harness,
    who: &dyn Session,
    method: &str,
    path: &str,
    body: Option<Value>,
    status: u16,
) -> anyhow::Result<String> {
    let body = api(harness, who, method, path, body, status).await?;
    Ok(body["message"].as_str().context("a message")?.to_string())
}

pub async fn create_bot(harness: &Harness, who: &dyn Session, bot: Value) -> anyhow::Result<Value> {
    api(harness, who, "POST", "/bots", Some(bot), 201).await
}

pub fn id(record: &Value) -> anyhow::Result<&str> {
    record["id"].as_str().context("a record has an id")
}

/// A run as an orchestrator sends it; `ended` and `items` may be left out.
pub fn run(
    external_id: &str,
    bot: &str,
    process: &str,
    started_at: i64,
    ended_at: Option<i64>,
    status: &str,
    items: i64,
) -> Value {
    json!({
        "external_id": external_id, "bot": bot, "process": process, "started_at": started_at,
        "ended_at": ended_at, "status": status, "items": items,
    })
}

/// A failed run with its exception.
fn failed(
    external_id: &str,
    bot: &str,
    process: &str,
    started_at: i64,
    seconds: i64,
    kind: &str,
    reason: &str,
) -> Value {
    let mut run = run(external_id, bot, process, started_at, Some(started_at + seconds), "failed", 0);
    run["exception_type"] = kind.into();
    run["reason"] = reason.into();
    run
}

/// Posts `runs` with the company's API key; every one must be stored.
pub async fn ingest(harness: &Harness, key: &str, runs: Value) -> anyhow::Result<()> {
    let count = runs.as_array().context("a batch is an array")?.len();
    let reply = harness.ingest(key, "bots", "runs", runs).await?;
    anyhow::ensure!((200..300).contains(&reply.status), "ingest: {reply:?}");
    anyhow::ensure!(reply.body["stored"] == json!(count) && reply.body["errors"] == json!([]), "ingest: {reply:?}");
    Ok(())
}

pub fn names(page: &Value) -> Vec<String> {
    page["items"].as_array().map_or_else(Vec::new, |items| {
        items.iter().filter_map(|item| item["name"].as_str().map(str::to_string)).collect()
    })
}

/// The scenario's runs over days 0 to 2, and one on the day before (outside the range):
///
/// | run | bot | process | start | seconds | status | items |
/// |---|---|---|---|---|---|---|
/// | r0 | Alpha | Invoice posting | day −1 23:00 | 600 | successful | 1000 |
/// | r1 | Alpha | Invoice posting | day 0 01:00 | 1800 | successful | 100 |
/// | r2 | Alpha | Invoice posting | day 0 02:00 | 3600 | successful | 200 |
/// | r3 | Alpha | Payroll check | day 1 00:00 | 600 | failed (system, SAP timeout) | 0 |
/// | r4 | Alpha | Payroll check | day 1 01:00 | 1200 | successful | 40 |
/// | r5 | Alpha | Invoice posting | day 2 23:00 | 7200 (past midnight) | successful | 300 |
/// | r6 | Bravo | Vendor invoices | day 1 10:00 | 900 | failed (business, Invoice not found) | 0 |
/// | r7 | Bravo | Vendor invoices | day 1 11:06:40 | 600 | stopped | 5 |
/// | r9 | Ghost | Invoice posting | day 2 00:16:40 | 864 | successful | 10 |
fn scenario_runs() -> Value {
    json!([
        run("r0", "Alpha", "Invoice posting", DAY0 - 3_600, Some(DAY0 - 3_000), "successful", 1_000),
        run("r1", "Alpha", "Invoice posting", DAY0 + 3_600, Some(DAY0 + 5_400), "successful", 100),
        run("r2", "Alpha", "Invoice posting", DAY0 + 7_200, Some(DAY0 + 10_800), "successful", 200),
        failed("r3", "Alpha", "Payroll check", DAY0 + DAY, 600, "system", "SAP timeout"),
        run("r4", "Alpha", "Payroll check", DAY0 + DAY + 3_600, Some(DAY0 + DAY + 4_800), "successful", 40),
        run("r5", "Alpha", "Invoice posting", DAY0 + 2 * DAY + 82_800, Some(DAY0 + 3 * DAY + 3_600), "successful", 300),
        failed("r6", "Bravo", "Vendor invoices", DAY0 + DAY + 36_000, 900, "business", "Invoice not found"),
        run("r7", "Bravo", "Vendor invoices", DAY0 + DAY + 40_000, Some(DAY0 + DAY + 40_600), "stopped", 5),
        run("r9", "Ghost", "Invoice posting", DAY0 + 2 * DAY + 1_000, Some(DAY0 + 2 * DAY + 1_864), "successful", 10),
    ])
}

/// Alpha (7,300 a year, runs invoices and payroll checks) and Bravo (3,650 a year), with the
/// scenario's runs; Process Vault knows invoices (6 minutes, 50 an hour) and payroll checks
/// (15 minutes, 40 an hour), not vendor invoices.
pub async fn scenario(harness: &Harness, who: &Company) -> anyhow::Result<(Value, Value)> {
    for process in [
        json!({ "name": "Invoice posting", "handling_minutes": 6, "hourly_cost": 50 }),
        json!({ "name": "Payroll check", "handling_minutes": 15, "hourly_cost": 40 }),
    ] {
        let reply = harness.call_module("vault", who, "POST", "/processes", Some(process)).await?;
        anyhow::ensure!(reply.status == 201, "{reply:?}");
    }
    let alpha = create_bot(
        harness,
        who,
        json!({ "name": "Alpha", "vendor": "UiPath", "licence_cost": 7_300, "processes": ["Invoice posting", "Payroll check"] }),
    )
    .await?;
    let bravo = create_bot(harness, who, json!({ "name": "Bravo", "type": "attended", "licence_cost": 3_650 })).await?;
    let key = harness.api_key(who).await?;
    ingest(harness, &key, scenario_runs()).await?;
    Ok((alpha, bravo))
}

/// A fresh host with Acme and the scenario: Acme, Alpha and Bravo.
pub async fn with_scenario(engine: Engine) -> anyhow::Result<(Harness, Company, Value, Value)> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let (alpha, bravo) = scenario(&harness, &acme).await?;
    Ok((harness, acme, alpha, bravo))
}
