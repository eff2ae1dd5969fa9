//! The weekly digest: the first run starts the week; a week later the admins get the
//! week's incidents and which were acted on.

use std::time::Duration;

use autoscope_module_test::{Engine, on_both_engines};
use serde_json::json;

use crate::common::{DAY, MINUTE, create, expect, ingest, load, rule, run};

on_both_engines!(a_week_later_the_admins_get_the_digest,);

async fn a_week_later_the_admins_get_the_digest(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    harness.run_schedules().await?;
    let now = harness.now();
    ingest(
        &harness,
        &acme,
        "runs",
        json!([run("f1", "Alpha", now - 10 * MINUTE, Some(60), "failed", Some("Login failed"))]),
    )
    .await?;
    let acted = create(&harness, &acme, rule("Invoices failing", "failure_rate", 10.0)).await?;
    let id = acted["incident"]["id"].as_str().unwrap_or_default();
    expect(&harness, &acme, "POST", &format!("/incidents/{id}/acknowledge"), None, 200).await?;

    harness.advance(Duration::from_secs((6 * DAY) as u64));
    harness.run_schedules().await?;
    assert!(harness.mails_to(&acme.email).await?.is_empty(), "six days are not a week");

    harness.advance(Duration::from_secs(DAY as u64));
    harness.run_schedules().await?;
    let mails = harness.mails_to(&acme.email).await?;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].subject, "Alerts this week: 1 opened, 1 acted on");
    assert!(mails[0].text_body.contains("- Critical · Invoices failing · opened"), "{}", mails[0].text_body);
    assert!(mails[0].text_body.contains("acknowledged by"), "{}", mails[0].text_body);

    // The next run in the same week sends nothing more.
    harness.advance(Duration::from_secs(3_600));
    harness.run_schedules().await?;
    assert_eq!(harness.mails_to(&acme.email).await?.len(), 1);
    Ok(())
}
