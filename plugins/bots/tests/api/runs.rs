//! A bot's recent runs: newest first by cursor, filtered by status, process and days.

use anyhow::Context;
use autoscope_module_test::Engine;
use serde_json::{Value, json};

use crate::common::{get, id, refused, with_scenario};

autoscope_module_test::on_both_engines!(a_bots_runs_are_listed_newest_first_by_cursor_and_filtered);

/// The external ids of a page of runs.
fn external(page: &Value) -> Vec<String> {
    page["items"].as_array().map_or_else(Vec::new, |items| {
        items.iter().filter_map(|run| run["external_id"].as_str().map(str::to_string)).collect()
    })
}

/// Alpha's runs come newest first, `limit` a page, the next by cursor, without a total; a
/// run carries its process, status, exception and duration. The status, process and days
/// filters keep the runs that match; an unknown status is refused. Grouped: a few reads of
/// the same seeded scenario, which costs more than they do.
async fn a_bots_runs_are_listed_newest_first_by_cursor_and_filtered(engine: Engine) -> anyhow::Result<()> {
    let (harness, acme, alpha, _) = with_scenario(engine).await?;
    let runs = format!("/bots/{}/runs", id(&alpha)?);
    let first = get(&harness, &acme, &format!("{runs}?limit=4")).await?;
    assert_eq!(external(&first), ["r5", "r4", "r3", "r2"]);
    assert_eq!(first["total"], Value::Null, "runs are never counted whole");
    let cursor = first["next_cursor"].as_str().context("more runs")?;
    let second = get(&harness, &acme, &format!("{runs}?limit=4&cursor={cursor}")).await?;
    assert_eq!((external(&second), &second["next_cursor"]), (vec!["r1".to_string(), "r0".to_string()], &Value::Null));
    let run = &first["items"][2];
    assert_eq!(
        (&run["process"], &run["status"], &run["exception_type"], &run["reason"], &run["duration_s"]),
        (&json!("Payroll check"), &json!("failed"), &json!("system"), &json!("SAP timeout"), &json!(600))
    );

    assert_eq!(external(&get(&harness, &acme, &format!("{runs}?status=failed")).await?), ["r3"]);
    assert_eq!(external(&get(&harness, &acme, &format!("{runs}?process=Payroll%20check")).await?), ["r4", "r3"]);
    assert_eq!(external(&get(&harness, &acme, &format!("{runs}?from=2026-03-02&to=2026-03-02")).await?), ["r2", "r1"]);
    assert_eq!(refused(&harness, &acme, "GET", &format!("{runs}?status=done"), None, 400).await?, "Unknown run status");
    Ok(())
}
