//! Failure signatures: failed runs grouped by process and normalised message; Ticket
//! Management opens one ticket per signature and adds later failures to it; a quiet
//! signature is offered for closing.

use autoscope_module_test::{Company, Engine, Harness, on_both_engines, product_module};
use serde_json::{Value, json};

use crate::common::{DAY, MINUTE, expect, ingest, later, run};

on_both_engines!(
    a_burst_of_one_failure_opens_a_single_ticket_and_later_ones_join_it,
    failed_queue_items_are_grouped_by_process_or_queue,
    a_quiet_signature_is_offered_for_closing,
);

/// Alerts with Bot Profile and Ticket Management.
async fn load(engine: Engine) -> anyhow::Result<Harness> {
    Harness::load_with(engine, product_module("alerts")?, vec![product_module("bots")?, product_module("support")?])
        .await
}

fn failure(id: &str, at: i64, reason: &str) -> Value {
    run(id, "Alpha", at, Some(30), "failed", Some(reason))
}

async fn signatures(harness: &Harness, acme: &Company) -> anyhow::Result<Vec<(String, i64)>> {
    let page = expect(harness, acme, "GET", "/signatures", None, 200).await?;
    let mut found: Vec<(String, i64)> = page["items"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| (s["message"].as_str().unwrap_or_default().to_string(), s["count"].as_i64().unwrap_or_default()))
        .collect();
    found.sort();
    Ok(found)
}

async fn tickets(harness: &Harness, acme: &Company) -> anyhow::Result<Vec<Value>> {
    let reply = harness.call_module("support", acme, "GET", "/tickets", None).await?;
    anyhow::ensure!(reply.status == 200, "{reply:?}");
    Ok(reply.body["items"].as_array().cloned().unwrap_or_default())
}

async fn a_burst_of_one_failure_opens_a_single_ticket_and_later_ones_join_it(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    let now = harness.now();
    let burst: Vec<Value> = (0..20)
        .map(|i| {
            failure(
                &format!("b{i}"),
                now - 30 * MINUTE + i,
                &format!("Invoice INV-{} could not be posted at 10:{i:02}", 1000 + i),
            )
        })
        .chain([failure("l1", now - 10 * MINUTE, "Login failed for robot@acme.test")])
        .collect();
    ingest(&harness, &acme, "runs", Value::Array(burst)).await?;
    later(&harness, MINUTE).await?;

    assert_eq!(
        signatures(&harness, &acme).await?,
        [
            ("Invoice INV-<n> could not be posted at <date>".to_string(), 20),
            ("Login failed for <email>".to_string(), 1)
        ]
    );
    let opened = tickets(&harness, &acme).await?;
    assert_eq!(opened.len(), 2, "one ticket per signature: {opened:?}");
    let invoices = opened
        .iter()
        .find(|ticket| ticket["title"].as_str().is_some_and(|title| title.contains("INV-<n>")))
        .cloned()
        .unwrap_or_default();
    assert_eq!(invoices["title"], "Bot failures: Invoice INV-<n> could not be posted at <date>");

    // Five more of the same failure: the same signature and ticket, nothing new.
    let more: Vec<Value> = (0..5)
        .map(|i| failure(&format!("m{i}"), now - 5 * MINUTE + i, "Invoice INV-7 could not be posted at 11:00"))
        .collect();
    ingest(&harness, &acme, "runs", Value::Array(more)).await?;
    later(&harness, MINUTE).await?;
    assert_eq!(signatures(&harness, &acme).await?[0].1, 25);
    assert_eq!(tickets(&harness, &acme).await?.len(), 2);
    // Running the scan again reads nothing twice.
    later(&harness, MINUTE).await?;
    assert_eq!(signatures(&harness, &acme).await?[0].1, 25);

    assert!(signatures(&harness, &globex).await?.is_empty());
    assert!(tickets(&harness, &globex).await?.is_empty());
    Ok(())
}

async fn a_quiet_signature_is_offered_for_closing(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bea = acme.add_user("bea@acme.test").await?;
    let now = harness.now();
    ingest(&harness, &acme, "runs", json!([failure("f1", now - MINUTE, "Login failed")])).await?;
    later(&harness, MINUTE).await?;

    // Only an admin chooses the days.
    let refused = harness.call(&bea, "PUT", "/settings", Some(json!({ "quiet_days": 2 }))).await?;
    assert_eq!(refused.status, 403);
    let out_of_range = harness.call(&acme, "PUT", "/settings", Some(json!({ "quiet_days": 0 }))).await?;
    assert_eq!(out_of_range.body["message"], "Choose between 1 and 90 days");
    expect(&harness, &acme, "PUT", "/settings", Some(json!({ "quiet_days": 2 })), 200).await?;

    later(&harness, DAY).await?;
    let acme = harness.renew(&acme).await?;
    let page = expect(&harness, &acme, "GET", "/signatures", None, 200).await?;
    assert_eq!(page["items"][0]["quiet_offered"], false, "one quiet day of two");
    later(&harness, DAY + MINUTE).await?;
    let acme = harness.renew(&acme).await?;
    let page = expect(&harness, &acme, "GET", "/signatures", None, 200).await?;
    assert_eq!(page["items"][0]["quiet_offered"], true);
    let ticket = &tickets(&harness, &acme).await?[0];
    assert!(ticket["close_offered_at"].is_i64(), "Ticket Management offers closing: {ticket}");
    Ok(())
}

async fn failed_queue_items_are_grouped_by_process_or_queue(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let now = harness.now();
    let item = |id: &str, process: Option<&str>, reason: &str| {
        json!({
            "external_id": id, "queue": "AP", "process": process, "status": "failed", "added_at": now - 3_600,
            "started_at": now - 600, "ended_at": now - 590, "reason": reason,
        })
    };
    let items = json!([
        item("q1", None, "Vendor V-1001 is blocked"),
        item("q2", None, "Vendor V-2002 is blocked"),
        item("q3", None, "Vendor V-3 is blocked"),
        item("q4", Some("Invoices"), "Vendor V-9 is blocked"),
    ]);
    ingest(&harness, &acme, "queue_items", items).await?;
    later(&harness, MINUTE).await?;
    let page = expect(&harness, &acme, "GET", "/signatures", None, 200).await?;
    let mut found: Vec<(String, String, i64)> = page["items"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| {
            let text = |field: &str| s[field].as_str().unwrap_or_default().to_string();
            (text("process"), text("message"), s["count"].as_i64().unwrap_or_default())
        })
        .collect();
    found.sort();
    assert_eq!(
        found,
        [
            ("AP".to_string(), "Vendor V-<n> is blocked".to_string(), 3),
            ("Invoices".to_string(), "Vendor V-<n> is blocked".to_string(), 1),
        ]
    );
    assert_eq!(tickets(&harness, &acme).await?.len(), 2);
    Ok(())
}
