//! Live status: each bot running, idle, offline or new by its latest runs.

use anyhow::Context;
use autoscope_module_test::{Company, Engine, Harness};
use serde_json::{Value, json};

use crate::common::{DAY, create_bot, get, id, ingest, load, run};

autoscope_module_test::on_both_engines!(
    each_bot_is_running_idle_offline_or_new_by_its_latest_runs,
    a_resent_run_updates_the_status,
);

/// Acme's bots Alpha to Echo, with runs sent just now (Ghost's too, a bot not in the
/// inventory); answers Acme, the bots' ids, now and the API key.
async fn fleet(harness: &Harness) -> anyhow::Result<(Company, Vec<String>, i64, String)> {
    let acme = harness.company("Acme").await?;
    let mut ids = Vec::new();
    for name in ["Alpha", "Bravo", "Charlie", "Delta", "Echo"] {
        ids.push(id(&create_bot(harness, &acme, json!({ "name": name })).await?)?.to_string());
    }
    let now = harness.now();
    let key = harness.api_key(&acme).await?;
    ingest(
        harness,
        &key,
        json!([
            run("a1", "Alpha", "P", now - 7_200, None, "running", 0),
            // Still "running" two days later: its end was never sent, it does not count.
            run("a0", "Alpha", "P", now - 2 * DAY, None, "running", 0),
            run("b1", "Bravo", "P", now - 3_000, Some(now - 2_900), "successful", 3),
            // Started 3 hours ago, ended 50 minutes ago.
            run("c1", "Charlie", "P", now - 10_800, Some(now - 3_000), "successful", 9),
            run("d1", "Delta", "P", now - 5_000, Some(now - 4_000), "failed", 0),
            run("g1", "Ghost", "P", now - 60, Some(now - 30), "successful", 1),
        ]),
    )
    .await?;
    Ok((acme, ids, now, key))
}

/// Running: a run still running, started in the last 24 hours; idle: a run started or ended
/// in the last hour; new: no run ever arrived; offline otherwise.
async fn each_bot_is_running_idle_offline_or_new_by_its_latest_runs(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, ids, now, _) = fleet(&harness).await?;
    let status = get(&harness, &acme, "/status").await?;
    assert_eq!(status["counts"], json!({ "running": 1, "idle": 3, "offline": 1, "new": 1 }));
    let bots: Vec<(Value, Value, Value, Value, Value)> = status["bots"]
        .as_array()
        .context("bots")?
        .iter()
        .map(|bot| {
            (
                bot["bot"].clone(),
                bot["id"].clone(),
                bot["status"].clone(),
                bot["running"].clone(),
                bot["last_event_at"].clone(),
            )
        })
        .collect();
    assert_eq!(
        bots,
        [
            (json!("Alpha"), json!(ids[0]), json!("running"), json!(1), json!(now - 7_200)),
            (json!("Bravo"), json!(ids[1]), json!("idle"), json!(0), json!(now - 2_900)),
            (json!("Charlie"), json!(ids[2]), json!("idle"), json!(0), json!(now - 3_000)),
            (json!("Delta"), json!(ids[3]), json!("offline"), json!(0), json!(now - 4_000)),
            (json!("Echo"), json!(ids[4]), json!("new"), json!(0), Value::Null),
            (json!("Ghost"), Value::Null, json!("idle"), json!(0), json!(now - 30)),
        ]
    );
    assert_eq!(status["bots"][0]["running_since"], json!(now - 7_200));
    Ok(())
}

/// Re-sending a run (same external id) updates it: Alpha's run, sent again as over, leaves
/// Alpha idle.
async fn a_resent_run_updates_the_status(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, _, now, key) = fleet(&harness).await?;
    ingest(&harness, &key, json!([run("a1", "Alpha", "P", now - 7_200, Some(now - 100), "successful", 12)])).await?;
    let status = get(&harness, &acme, "/status").await?;
    assert_eq!(status["counts"], json!({ "running": 0, "idle": 4, "offline": 1, "new": 1 }));
    assert_eq!(
        (&status["bots"][0]["status"], &status["bots"][0]["last_event_at"]),
        (&json!("idle"), &json!(now - 100))
    );
    Ok(())
}
