//! What several feature files use: loading the plugins, rule drafts, sending runs and
//! queue items, and calling Alerts.

use std::time::Duration;

use anyhow::Context;
use autoscope_module_test::{Company, Engine, Harness, Session, product_module};
use serde_json::{Value, json};

pub const MINUTE: i64 = 60;
pub const HOUR: i64 = 3_600;
pub const DAY: i64 = 86_400;

/// A host with Alerts and Bot Profile.
pub async fn load(engine: Engine) -> anyhow::Result<Harness> {
    Harness::load_with(engine, product_module("alerts")?, vec![product_module("bots")?]).await
}

/// A rule draft of `kind` comparing with `threshold`, on the process Invoices, checked
/// every 5 minutes, delivered to the bell of the company's admins.
pub fn rule(name: &str, kind: &str, threshold: f64) -> Value {
    json!({
        "name": name, "kind": kind, "severity": "critical", "process": "Invoices", "bot": null, "queue": null,
        "threshold": threshold, "measure": null, "min_runs": 1, "window_minutes": 60, "interval_minutes": 5,
        "quiet_minutes": 30, "time_zone": null, "deliver_bell": true, "deliver_mail": false, "recipients": [],
        "enabled": true,
    })
}

/// `method path` on Alerts as `who`, expecting `status`; answers the body.
pub async fn expect(
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

/// Creates `draft`; answers what its first evaluation did (`Checked`).
pub async fn create(harness: &Harness, who: &dyn Session, draft: Value) -> anyhow::Result<Value> {
    expect(harness, who, "POST", "/rules", Some(draft), 201).await
}

/// The refusal's message of `method path` as `who`, expecting `status`.
pub async fn refused(
    harness: &Harness,
    who: &dyn Session,
    method: &str,
    path: &str,
    body: Option<Value>,
    status: u16,
) -> anyhow::Result<String> {
    let body = expect(harness, who, method, path, body, status).await?;
    Ok(body["message"].as_str().unwrap_or_default().to_string())
}

/// Sends `records` to Bot Profile's `stream` (runs, queue_items) for `company`.
pub async fn ingest(harness: &Harness, company: &Company, stream: &str, records: Value) -> anyhow::Result<()> {
    let key = harness.api_key(company).await?;
    let count = records.as_array().context("a batch is an array")?.len();
    let reply = harness.ingest(&key, "bots", stream, records).await?;
    anyhow::ensure!(reply.body["stored"] == json!(count), "ingest {stream}: {reply:?}");
    Ok(())
}

/// A finished run of Invoices on `bot` that started `ago` seconds before now and took
/// `seconds`, with `status` (and `reason` when it failed).
pub fn run(id: &str, bot: &str, started_at: i64, seconds: Option<i64>, status: &str, reason: Option<&str>) -> Value {
    json!({
        "external_id": id, "bot": bot, "process": "Invoices", "started_at": started_at,
        "ended_at": seconds.map(|seconds| started_at + seconds), "status": status, "reason": reason,
        "exception_type": reason.map(|_| "system"),
    })
}

/// The open incidents of the company, newest first.
pub async fn open_incidents(harness: &Harness, who: &dyn Session) -> anyhow::Result<Vec<Value>> {
    let page = expect(harness, who, "GET", "/incidents?status=open", None, 200).await?;
    Ok(page["items"].as_array().cloned().unwrap_or_default())
}

/// Moves the clock by `seconds` and runs the schedules that are due.
pub async fn later(harness: &Harness, seconds: i64) -> anyhow::Result<()> {
    harness.advance(Duration::from_secs(seconds.unsigned_abs()));
    harness.run_schedules().await?;
    harness.deliver_events().await?;
    Ok(())
}
