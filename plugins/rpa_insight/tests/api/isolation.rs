//! Isolation: another company's runs and items, even under the same external ids, never
//! count, list or open.

use anyhow::Context;
use autoscope_module_test::{Company, Engine, Harness};
use serde_json::json;

use crate::common::{DAY, DAY0, HOUR, RANGE, external_ids, get, ingest, item, load, refused, run, with_runs};

autoscope_module_test::on_both_engines!(
    another_companys_runs_and_items_never_count_here,
    a_company_counts_lists_and_opens_only_its_own_runs_and_items,
    a_member_of_two_companies_sees_only_the_active_companys_runs,
);

/// Acme with the scenario's runs; Globex with a failed run under Acme's external id r1 (of
/// its bot "Globex bot"), a run of a bot named Alpha too (100 items), and a queue item
/// overdue and stuck new. Answers Acme and Globex.
async fn two_companies(harness: &Harness) -> anyhow::Result<(Company, Company)> {
    let acme = with_runs(harness).await?;
    let globex = harness.company("Globex").await?;
    let key = harness.api_key(&globex).await?;
    ingest(
        harness,
        &key,
        "runs",
        json!([
            run("r1", "Globex bot", "Invoices", DAY0 + HOUR, Some(7), "failed", 1),
            run("g2", "Alpha", "Invoices", DAY0 + 2 * HOUR, Some(9), "successful", 100)
        ]),
    )
    .await?;
    let now = harness.now();
    ingest(
        harness,
        &key,
        "queue_items",
        json!([item("g1", "Invoices in", "Invoices", "new", now, [Some(-40 * DAY), None, None, Some(-DAY)])]),
    )
    .await?;
    Ok((acme, globex))
}

/// Another company's runs and items count in none of this company's figures (its bot named
/// Alpha neither), nor list among its runs.
async fn another_companys_runs_and_items_never_count_here(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, _) = two_companies(&harness).await?;
    let ours = get(&harness, &acme, &format!("/overview?{RANGE}")).await?;
    assert_eq!((&ours["kpis"]["runs"], &ours["kpis"]["items"]), (&json!(8), &json!(40)));
    assert_eq!(ours["per_day"][0]["runs"], 3);
    assert_eq!(ours["queues"]["backlog"], json!([]));
    assert_eq!((&ours["queues"]["sla"]["overdue"], &ours["queues"]["stuck"]["new"]), (&json!(0), &json!(0)));
    let alpha = get(&harness, &acme, &format!("/runs?{RANGE}&bot=Alpha")).await?;
    assert_eq!(external_ids(&alpha), ["r8", "r7", "r3", "r2", "r1"]);
    Ok(())
}

/// The other way round: a company's figures and list hold its own runs and items only, and
/// its run opens for it alone (not for the company whose external id it shares).
async fn a_company_counts_lists_and_opens_only_its_own_runs_and_items(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, globex) = two_companies(&harness).await?;
    let theirs = get(&harness, &globex, &format!("/overview?{RANGE}")).await?;
    assert_eq!(
        (&theirs["kpis"]["runs"], &theirs["kpis"]["failed"], &theirs["kpis"]["items"]),
        (&json!(2), &json!(1), &json!(101))
    );
    assert_eq!(theirs["queues"]["stuck"]["new"], 1);
    let their_runs = get(&harness, &globex, &format!("/runs?{RANGE}")).await?;
    assert_eq!(external_ids(&their_runs), ["g2", "r1"]);

    let their_r1 = their_runs["items"]
        .as_array()
        .context("items")?
        .iter()
        .find(|run| run["external_id"] == "r1")
        .context("their r1")?;
    let id = their_r1["id"].as_str().context("an id")?;
    assert_eq!(refused(&harness, &acme, &format!("/runs/{id}")).await?, (404, "Run not found".into()));
    assert_eq!(get(&harness, &globex, &format!("/runs/{id}")).await?["run"]["bot"], "Globex bot");
    Ok(())
}

/// Ann belongs to Acme and Globex: with her Acme session the figures and the run list hold
/// Acme's runs only, and Globex's run r1 is not found; with her Globex session they hold
/// Globex's only.
async fn a_member_of_two_companies_sees_only_the_active_companys_runs(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, globex) = two_companies(&harness).await?;
    let ann_in_acme = acme.add_user("ann@acme.test").await?;
    let ann_in_globex = globex.add_member(&ann_in_acme).await?;

    let ours = get(&harness, &ann_in_acme, &format!("/overview?{RANGE}")).await?;
    assert_eq!((&ours["kpis"]["runs"], &ours["kpis"]["items"]), (&json!(8), &json!(40)));
    assert_eq!(ours["queues"]["stuck"]["new"], 0);
    let runs = get(&harness, &ann_in_acme, &format!("/runs?{RANGE}")).await?;
    assert_eq!(external_ids(&runs), ["r8", "r7", "r6", "r5", "r4", "r3", "r2", "r1"]);

    let theirs = get(&harness, &ann_in_globex, &format!("/overview?{RANGE}")).await?;
    assert_eq!((&theirs["kpis"]["runs"], &theirs["kpis"]["items"]), (&json!(2), &json!(101)));
    assert_eq!(theirs["queues"]["stuck"]["new"], 1);
    let their_runs = get(&harness, &ann_in_globex, &format!("/runs?{RANGE}")).await?;
    assert_eq!(external_ids(&their_runs), ["g2", "r1"]);
    let their_r1 = their_runs["items"][1]["id"].as_str().context("an id")?;
    let path = format!("/runs/{their_r1}");
    assert_eq!(refused(&harness, &ann_in_acme, &path).await?, (404, "Run not found".into()));
    assert_eq!(get(&harness, &ann_in_globex, &path).await?["run"]["bot"], "Globex bot");
    Ok(())
}
