//! Filters: the bot filter narrows runs, the queue filter queue items, the process filter
//! both; the names to filter by.

use anyhow::Context;
use autoscope_module_test::Engine;
use serde_json::{Value, json};

use crate::common::{DAY0, HOUR, RANGE, get, ingest, item, load, with_runs};

autoscope_module_test::on_both_engines!(
    the_bot_filter_narrows_runs_the_queue_filter_items_and_the_process_filter_both,
    the_filters_offer_every_process_bot_and_queue,
);

/// The bot filter keeps the bot's runs in every run figure and leaves queue items alone; the
/// process filter keeps the process's runs and its queue items; the queue filter keeps the
/// queue's items and leaves runs alone; the bot and process filters together keep the runs
/// that match both; a filter that matches no run leaves no rates, percentiles nor reasons
/// (null and empty, not zero). Grouped: reads of the same seeded runs and items, one call
/// each, which cost less than the seeding.
async fn the_bot_filter_narrows_runs_the_queue_filter_items_and_the_process_filter_both(
    engine: Engine,
) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    // The scenario's runs, and two queue items on day 0: q1 (Invoices in, Invoices,
    // successful) and q2 (HR in, Payroll, failed, worked by Alpha).
    let acme = with_runs(&harness).await?;
    let key = harness.api_key(&acme).await?;
    ingest(
        &harness,
        &key,
        "queue_items",
        json!([
            { "external_id": "q1", "queue": "Invoices in", "process": "Invoices", "status": "successful",
              "added_at": DAY0 + HOUR, "ended_at": DAY0 + 2 * HOUR },
            { "external_id": "q2", "queue": "HR in", "process": "Payroll", "status": "failed",
              "added_at": DAY0 + HOUR, "ended_at": DAY0 + 2 * HOUR, "bot": "Alpha" }
        ]),
    )
    .await?;
    let alpha = get(&harness, &acme, &format!("/overview?{RANGE}&bot=Alpha")).await?;
    assert_eq!(alpha["filters"], json!({ "process": null, "bot": "Alpha", "queue": null }));
    // r1, r2, r3, r7, r8: 3 successful of 5; items 35; (5 + 20 + 40 + 45 + 1000) / 5 = 222.
    let kpis = &alpha["kpis"];
    assert_eq!(
        (&kpis["runs"], &kpis["successful"], &kpis["failed"], &kpis["items"]),
        (&json!(5), &json!(3), &json!(2), &json!(35))
    );
    assert_eq!((&kpis["success_rate"], &kpis["avg_duration_s"]), (&json!(60.0), &json!(222)));
    assert_eq!(alpha["exceptions"], json!({ "business": 1, "system": 1, "unspecified": 0 }));
    let added: Vec<u64> = alpha["queues"]["per_day"]
        .as_array()
        .context("per day")?
        .iter()
        .filter_map(|day| day["added"].as_u64())
        .collect();
    assert_eq!(added.iter().sum::<u64>(), 2, "the bot filter leaves queue items alone");

    let payroll = get(&harness, &acme, &format!("/overview?{RANGE}&process=Payroll")).await?;
    // r3, r5, r8.
    assert_eq!((&payroll["kpis"]["runs"], &payroll["kpis"]["stopped"]), (&json!(3), &json!(1)));
    assert_eq!(payroll["queues"]["per_day"][0]["added"], 1, "q2 only");
    assert_eq!(payroll["queues"]["per_day"][0]["failed"], 1);

    let queue = get(&harness, &acme, &format!("/overview?{RANGE}&queue=Invoices%20in")).await?;
    assert_eq!(queue["kpis"]["runs"], 8, "the queue filter leaves runs alone");
    assert_eq!(
        (&queue["queues"]["per_day"][0]["added"], &queue["queues"]["per_day"][0]["successful"]),
        (&json!(1), &json!(1))
    );

    let both = get(&harness, &acme, &format!("/overview?{RANGE}&bot=Bravo&process=Invoices")).await?;
    // r4 (failed, 100 s) and r6 (running).
    assert_eq!((&both["kpis"]["runs"], &both["kpis"]["failure_rate"]), (&json!(2), &json!(100.0)));
    assert_eq!(both["kpis"]["p50_duration_s"], 100, "one finished run is its own percentiles");
    assert_eq!(both["reasons"]["top"][0]["reason"], "SAP timeout");

    let nobody = get(&harness, &acme, &format!("/overview?{RANGE}&bot=Nobody")).await?;
    assert_eq!((&nobody["kpis"]["runs"], &nobody["kpis"]["success_rate"]), (&json!(0), &Value::Null));
    assert_eq!(nobody["kpis"]["p50_duration_s"], Value::Null);
    assert_eq!(nobody["reasons"], json!({ "top": [], "other": 0, "distinct": 0 }));
    Ok(())
}

/// The names to filter by: processes of runs and queue items, bots of runs and of the
/// inventory, queues; another company (without runs of its own) is offered none of them.
async fn the_filters_offer_every_process_bot_and_queue(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = with_runs(&harness).await?;
    let key = harness.api_key(&acme).await?;
    let now = harness.now();
    ingest(
        &harness,
        &key,
        "queue_items",
        json!([item("q1", "Onboarding in", "Onboarding", "new", now, [Some(0), None, None, None])]),
    )
    .await?;
    let created = harness.call_module("bots", &acme, "POST", "/bots", Some(json!({ "name": "Charlie" }))).await?;
    anyhow::ensure!(created.status == 201, "{created:?}");
    assert_eq!(
        get(&harness, &acme, "/filters").await?,
        json!({
            "processes": ["Invoices", "Onboarding", "Payroll"],
            "bots": ["Alpha", "Bravo", "Charlie"],
            "queues": ["Onboarding in"]
        })
    );
    let globex = harness.company("Globex").await?;
    assert_eq!(get(&harness, &globex, "/filters").await?, json!({ "processes": [], "bots": [], "queues": [] }));
    Ok(())
}
