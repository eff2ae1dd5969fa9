//! The runs table: the runs of the range newest first by cursor, filtered; one run opened
//! with its bot and the bot's latest runs of the process.

use anyhow::Context;
use autoscope_module_test::Engine;
use serde_json::{Value, json};

use crate::common::{DAY, DAY0, HOUR, RANGE, external_ids, get, load, refused, with_runs};

autoscope_module_test::on_both_engines!(
    the_runs_of_the_range_page_newest_first_and_are_never_counted,
    runs_filter_by_status_bot_process_and_days,
    a_run_opens_with_its_bot_and_the_bots_latest_runs_of_its_process,
);

/// The runs of the range come newest first, `limit` a page, the next by cursor, without a
/// total (runs are counted by the aggregates, never by the list).
async fn the_runs_of_the_range_page_newest_first_and_are_never_counted(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = with_runs(&harness).await?;
    let mut seen = Vec::new();
    let mut path = format!("/runs?{RANGE}&limit=3");
    loop {
        let page = get(&harness, &acme, &path).await?;
        assert_eq!(page["total"], Value::Null, "runs are counted by aggregates, never by the list");
        seen.extend(external_ids(&page).into_iter().map(str::to_string));
        match page["next_cursor"].as_str() {
            Some(cursor) => path = format!("/runs?{RANGE}&limit=3&cursor={cursor}"),
            None => break,
        }
    }
    assert_eq!(seen, ["r8", "r7", "r6", "r5", "r4", "r3", "r2", "r1"]);
    Ok(())
}

/// The status, bot, process and days filters keep the runs that match, alone or together.
async fn runs_filter_by_status_bot_process_and_days(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = with_runs(&harness).await?;
    assert_eq!(external_ids(&get(&harness, &acme, &format!("/runs?{RANGE}&status=failed")).await?), ["r8", "r4", "r3"]);
    assert_eq!(external_ids(&get(&harness, &acme, &format!("/runs?{RANGE}&bot=Bravo")).await?), ["r6", "r5", "r4"]);
    assert_eq!(
        external_ids(&get(&harness, &acme, &format!("/runs?{RANGE}&process=Payroll&bot=Alpha")).await?),
        ["r8", "r3"]
    );
    assert_eq!(external_ids(&get(&harness, &acme, "/runs?from=2026-03-01&to=2026-03-01").await?), ["r0"]);
    Ok(())
}

/// A listed run carries its figures and exception; opened, it shows the bot's latest runs
/// of its process, and its bot once Bot Profile's inventory has it; an id that is no run is
/// not found.
async fn a_run_opens_with_its_bot_and_the_bots_latest_runs_of_its_process(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = with_runs(&harness).await?;
    let failed = get(&harness, &acme, &format!("/runs?{RANGE}&status=failed&bot=Bravo")).await?;
    let r4 = &failed["items"][0];
    assert_eq!(
        (
            &r4["bot"],
            &r4["process"],
            &r4["status"],
            &r4["duration_s"],
            &r4["exception_type"],
            &r4["reason"],
            &r4["items"]
        ),
        (
            &json!("Bravo"),
            &json!("Invoices"),
            &json!("failed"),
            &json!(100),
            &json!("system"),
            &json!("SAP timeout"),
            &json!(2)
        )
    );
    assert_eq!((&r4["started_at"], &r4["ended_at"]), (&json!(DAY0 + DAY + HOUR), &json!(DAY0 + DAY + HOUR + 100)));
    let id = r4["id"].as_str().context("a run has an id")?;

    // Without Bravo in Bot Profile's inventory the run has no bot to show.
    let detail = get(&harness, &acme, &format!("/runs/{id}")).await?;
    assert_eq!(detail["run"]["external_id"], "r4");
    assert_eq!(detail["bot"], Value::Null);
    assert_eq!(external_ids(&json!({ "items": detail["recent"] })), ["r6", "r4"]);

    let bravo = json!({ "name": "Bravo", "type": "attended", "vendor": "UiPath", "machine": "VM-7" });
    let created = harness.call_module("bots", &acme, "POST", "/bots", Some(bravo)).await?;
    anyhow::ensure!(created.status == 201, "{created:?}");
    let detail = get(&harness, &acme, &format!("/runs/{id}")).await?;
    let bot = &detail["bot"];
    assert_eq!(
        (&bot["name"], &bot["type"], &bot["vendor"], &bot["machine"]),
        (&json!("Bravo"), &json!("attended"), &json!("UiPath"), &json!("VM-7"))
    );
    assert_eq!(refused(&harness, &acme, "/runs/no-such-run").await?, (404, "Run not found".into()));
    Ok(())
}
