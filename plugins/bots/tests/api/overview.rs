//! A bot's overview over a range of the scenario, with a run going on now: its status,
//! current and last runs, run figures, failures and processes.

use anyhow::Context;
use autoscope_module_test::Engine;
use serde_json::json;

use crate::common::{DAY, DAY0, RANGE, get, id, ingest, run, with_scenario};

autoscope_module_test::on_both_engines!(a_bots_overview_shows_its_current_and_last_runs_figures_failures_and_processes);

/// Alpha over days 0 to 2: the bot and the range, running with its live run, r5 its last
/// run, the figures of r1 to r5 (the runs started in the range: the day before holds only
/// r0), its one failure, and its two assigned processes. Bravo (a failed and a stopped run,
/// long over) is offline with no current run, succeeded in none, failed for a business
/// reason, and runs a process it was not assigned. Grouped: reads of the same seeded
/// scenario, which costs more than they do.
async fn a_bots_overview_shows_its_current_and_last_runs_figures_failures_and_processes(
    engine: Engine,
) -> anyhow::Result<()> {
    let (harness, acme, alpha, bravo) = with_scenario(engine).await?;
    let now = harness.now();
    let key = harness.api_key(&acme).await?;
    ingest(&harness, &key, json!([run("live", "Alpha", "Invoice posting", now - 600, None, "running", 0)])).await?;

    let overview = get(&harness, &acme, &format!("/bots/{}/overview?{RANGE}", id(&alpha)?)).await?;
    assert_eq!(overview["bot"], alpha);
    assert_eq!(
        overview["range"],
        json!({ "from": "2026-03-02", "to": "2026-03-04", "start": DAY0, "end": DAY0 + 3 * DAY, "days": 3 })
    );
    assert_eq!((&overview["status"]["status"], &overview["status"]["running"]), (&json!("running"), &json!(1)));
    let current = overview["current_runs"].as_array().context("current runs")?;
    assert_eq!(current.iter().map(|run| run["external_id"].clone()).collect::<Vec<_>>(), [json!("live")]);
    assert_eq!(
        (&overview["last_run"]["external_id"], &overview["last_run"]["duration_s"]),
        (&json!("r5"), &json!(7_200))
    );
    // r1 to r5: 4 successful, 1 failed; 100 + 200 + 40 + 300 items; 1800 + 3600 + 600 + 1200 + 7200 s.
    assert_eq!(
        overview["runs"],
        json!({ "total": 5, "running": 0, "successful": 4, "failed": 1, "stopped": 0, "items": 640, "busy_seconds": 14_400, "success_rate": 80.0 })
    );
    assert_eq!(
        overview["failures"],
        json!({ "total": 1, "business": 0, "system": 1, "unspecified": 0, "reasons": [{ "exception_type": "system", "reason": "SAP timeout", "n": 1 }] })
    );
    assert_eq!(
        overview["processes"],
        json!([
            { "process": "Invoice posting", "assigned": true, "runs": 3, "successful": 3, "failed": 0, "items": 600, "busy_seconds": 12_600 },
            { "process": "Payroll check", "assigned": true, "runs": 2, "successful": 1, "failed": 1, "items": 40, "busy_seconds": 1_800 }
        ])
    );
    let before = get(&harness, &acme, &format!("/bots/{}/overview?from=2026-03-01&to=2026-03-01", id(&alpha)?)).await?;
    assert_eq!((&before["runs"]["total"], &before["runs"]["items"]), (&json!(1), &json!(1_000)));

    let bravo = get(&harness, &acme, &format!("/bots/{}/overview?{RANGE}", id(&bravo)?)).await?;
    assert_eq!((&bravo["status"]["status"], &bravo["current_runs"]), (&json!("offline"), &json!([])));
    assert_eq!(bravo["runs"]["success_rate"], 0.0, "a failed and a stopped run");
    assert_eq!(
        (&bravo["failures"]["business"], &bravo["failures"]["reasons"][0]["reason"]),
        (&json!(1), &json!("Invoice not found"))
    );
    assert_eq!(bravo["processes"][0]["assigned"], false);
    Ok(())
}
