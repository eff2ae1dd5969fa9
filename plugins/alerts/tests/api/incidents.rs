//! Incidents: a firing rule opens one, evaluations while it holds keep it (one delivery),
//! it closes by itself when the condition clears, a quick relapse reopens it silently; and
//! people acknowledge, assign and comment.

use autoscope_module_test::{Engine, Harness, Session, on_both_engines};
use serde_json::{Value, json};

use crate::common::{MINUTE, create, expect, ingest, later, load, open_incidents, refused, rule, run};

on_both_engines!(
    a_failing_process_opens_one_incident_that_closes_when_it_clears,
    firing_again_within_the_quiet_window_reopens_without_a_delivery,
    people_acknowledge_assign_and_comment,
    mail_goes_to_the_chosen_recipients,
    the_menu_counts_open_incidents,
);

/// `n` runs of Invoices with `status` that started between 10 and 40 minutes ago.
fn runs(harness: &Harness, prefix: &str, n: usize, status: &str) -> Value {
    let now = harness.now();
    let reason = (status == "failed").then_some("Invoice INV-1 could not be posted");
    Value::Array(
        (0..n)
            .map(|i| run(&format!("{prefix}{i}"), "Alpha", now - 40 * MINUTE + i as i64 * 60, Some(30), status, reason))
            .collect(),
    )
}

async fn bells(harness: &Harness, who: &dyn Session) -> anyhow::Result<Vec<String>> {
    Ok(harness.notifications(who).await?.into_iter().map(|note| note.message).collect())
}

async fn a_failing_process_opens_one_incident_that_closes_when_it_clears(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    ingest(&harness, &acme, "runs", runs(&harness, "f", 3, "failed")).await?;
    ingest(&harness, &acme, "runs", runs(&harness, "s", 1, "successful")).await?;

    let checked = create(&harness, &acme, rule("Invoices failing", "failure_rate", 50.0)).await?;
    assert_eq!(checked["evaluation"]["firing"], true);
    assert_eq!(
        checked["evaluation"]["summary"],
        "3 of 4 finished runs failed (75%) in the last hour; the limit is 50%"
    );
    assert_eq!(checked["incident"]["status"], "open");
    let opened =
        ["Critical: Invoices failing — 3 of 4 finished runs failed (75%) in the last hour; the limit is 50%"
            .to_string()];
    assert_eq!(bells(&harness, &acme).await?, opened, "the company's admin hears of it once");

    // Evaluated again while it holds: the same incident, no second delivery.
    later(&harness, 6 * MINUTE).await?;
    let open = open_incidents(&harness, &acme).await?;
    assert_eq!(open.len(), 1);
    assert_eq!(open[0]["id"], checked["incident"]["id"]);
    assert_eq!(bells(&harness, &acme).await?, opened);

    // Enough successful runs: 3 of 12 is 25%, and the incident closes by itself.
    ingest(&harness, &acme, "runs", runs(&harness, "t", 8, "successful")).await?;
    later(&harness, 6 * MINUTE).await?;
    assert!(open_incidents(&harness, &acme).await?.is_empty());
    let id = checked["incident"]["id"].as_str().unwrap_or_default();
    let detail = expect(&harness, &acme, "GET", &format!("/incidents/{id}"), None, 200).await?;
    assert_eq!(detail["incident"]["status"], "closed");
    let actions: Vec<&str> =
        detail["activity"].as_array().into_iter().flatten().filter_map(|a| a["action"].as_str()).collect();
    assert_eq!(actions, ["opened", "closed"]);
    assert_eq!(bells(&harness, &acme).await?[0], "Resolved: Invoices failing — the condition cleared");
    Ok(())
}

async fn firing_again_within_the_quiet_window_reopens_without_a_delivery(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    ingest(&harness, &acme, "runs", runs(&harness, "f", 2, "failed")).await?;
    let checked = create(&harness, &acme, rule("Invoices failing", "failure_rate", 50.0)).await?;
    let first = checked["incident"]["id"].clone();
    ingest(&harness, &acme, "runs", runs(&harness, "s", 3, "successful")).await?;
    later(&harness, 6 * MINUTE).await?;
    assert!(open_incidents(&harness, &acme).await?.is_empty(), "2 of 5 is below the limit");
    let delivered = harness.notifications(&acme).await?.len();

    // Within the 30 quiet minutes: the same incident opens again, and nobody is told twice.
    ingest(&harness, &acme, "runs", runs(&harness, "g", 4, "failed")).await?;
    later(&harness, 6 * MINUTE).await?;
    let open = open_incidents(&harness, &acme).await?;
    assert_eq!(open.len(), 1);
    assert_eq!(open[0]["id"], first);
    assert_eq!(harness.notifications(&acme).await?.len(), delivered);

    // Cleared again, and firing after the quiet window: a new incident, delivered.
    ingest(&harness, &acme, "runs", runs(&harness, "u", 20, "successful")).await?;
    later(&harness, 6 * MINUTE).await?;
    assert!(open_incidents(&harness, &acme).await?.is_empty());
    later(&harness, 31 * MINUTE).await?;
    ingest(&harness, &acme, "runs", runs(&harness, "h", 30, "failed")).await?;
    later(&harness, 6 * MINUTE).await?;
    let open = open_incidents(&harness, &acme).await?;
    assert_eq!(open.len(), 1);
    assert_ne!(open[0]["id"], first);
    assert!(harness.notifications(&acme).await?[0].message.starts_with("Critical: Invoices failing"));
    Ok(())
}

async fn people_acknowledge_assign_and_comment(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bea = acme.add_user("bea@acme.test").await?;
    let globex = harness.company("Globex").await?;
    ingest(&harness, &acme, "runs", runs(&harness, "f", 2, "failed")).await?;
    let checked = create(&harness, &acme, rule("Invoices failing", "failure_rate", 10.0)).await?;
    let id = checked["incident"]["id"].as_str().unwrap_or_default().to_string();
    let path = |action: &str| format!("/incidents/{id}/{action}");

    let acknowledged = expect(&harness, &bea, "POST", &path("acknowledge"), None, 200).await?;
    assert_eq!(acknowledged["incident"]["acknowledged_by"], bea.user_id());
    // A second acknowledgement changes nothing.
    let again = expect(&harness, &acme, "POST", &path("acknowledge"), None, 200).await?;
    assert_eq!(again["incident"]["acknowledged_by"], bea.user_id());

    expect(&harness, &acme, "POST", &path("assign"), Some(json!({ "assignee_id": bea.user_id() })), 200).await?;
    let assigned = harness.notifications(&bea).await?.remove(0);
    assert_eq!(assigned.message, "You were assigned the incident Invoices failing");
    assert_eq!(assigned.link, Some(format!("/Alerts?incident={id}")), "the bell opens the incident");
    let stranger = json!({ "assignee_id": globex.user_id() });
    let message = refused(&harness, &acme, "POST", &path("assign"), Some(stranger), 400).await?;
    assert_eq!(message, "The assignee must be a member of the company");

    let blank = refused(&harness, &acme, "POST", &path("comments"), Some(json!({ "text": "  " })), 400).await?;
    assert_eq!(blank, "Write a comment");
    let detail =
        expect(&harness, &acme, "POST", &path("comments"), Some(json!({ "text": "SAP was down" })), 200).await?;
    let history: Vec<(String, String)> = detail["activity"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|a| (a["action"].as_str().unwrap_or_default().into(), a["note"].as_str().unwrap_or_default().into()))
        .collect();
    assert_eq!(
        history,
        [
            ("opened".into(), "2 of 2 finished runs failed (100%) in the last hour; the limit is 10%".into()),
            ("acknowledged".into(), String::new()),
            ("assigned".into(), bea.user_id().to_string()),
            ("comment".into(), "SAP was down".into()),
        ]
    );

    // Another company's incident is not there for Globex.
    assert_eq!(refused(&harness, &globex, "POST", &path("acknowledge"), None, 404).await?, "Incident not found");
    assert!(open_incidents(&harness, &globex).await?.is_empty());
    Ok(())
}

async fn mail_goes_to_the_chosen_recipients(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bea = acme.add_user("bea@acme.test").await?;
    ingest(&harness, &acme, "runs", runs(&harness, "f", 2, "failed")).await?;
    let mut draft = rule("Invoices failing", "failure_rate", 10.0);
    draft["deliver_bell"] = false.into();
    draft["deliver_mail"] = true.into();
    draft["recipients"] = json!([bea.user_id()]);
    let checked = create(&harness, &acme, draft).await?;
    let mails = harness.mails_to("bea@acme.test").await?;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].subject, "[Critical] Invoices failing");
    let link = format!("/Alerts?incident={}", checked["incident"]["id"].as_str().unwrap_or_default());
    assert!(mails[0].text_body.contains(&link), "{}", mails[0].text_body);
    assert!(harness.notifications(&bea).await?.is_empty(), "the rule asked for mail only");
    assert!(harness.mails_to(&acme.email).await?.is_empty(), "the admin is not a recipient of this rule");
    Ok(())
}

async fn the_menu_counts_open_incidents(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    assert_eq!(expect(&harness, &acme, "GET", "/badge", None, 200).await?, json!({ "count": 0 }));
    ingest(&harness, &acme, "runs", runs(&harness, "f", 2, "failed")).await?;
    create(&harness, &acme, rule("Invoices failing", "failure_rate", 10.0)).await?;
    let mut too_few = rule("Too few", "outcome", 5.0);
    too_few["measure"] = "successful_runs".into();
    create(&harness, &acme, too_few).await?;
    assert_eq!(expect(&harness, &acme, "GET", "/badge", None, 200).await?, json!({ "count": 2 }));
    Ok(())
}
