//! Keeping rules: checks with their messages, versions, switching off and deleting,
//! rights, companies, and a rule whose data is not there.

use autoscope_module_test::{Engine, Harness, Right, Session, default_role_rights, on_both_engines, product_module};
use serde_json::{Value, json};

use crate::common::{create, expect, ingest, load, open_incidents, refused, rule, run};

on_both_engines!(
    bad_rules_are_refused_with_the_reason,
    a_rule_is_saved_with_its_version_and_evaluated_at_once,
    switching_off_or_deleting_a_rule_closes_its_incident,
    a_company_sees_only_its_own_rules,
    a_user_without_the_operational_insight_right_gets_403,
    without_bot_profile_a_rule_says_why_it_cannot_run,
);

async fn bad_rules_are_refused_with_the_reason(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let with = |field: &str, value: Value| {
        let mut draft = rule("Rule", "failure_rate", 20.0);
        draft[field] = value;
        draft
    };
    let cases = [
        (with("name", " ".into()), "Name is required"),
        (with("threshold", 120.into()), "The failure rate must be between 0 and 100 percent"),
        (with("window_minutes", 1.into()), "The window must be between 5 minutes and 31 days"),
        (with("interval_minutes", 0.into()), "Check every 1 to 1440 minutes"),
        (
            with("deliver_bell", false.into()),
            "Choose at least one delivery: the bell, e-mail, a Chat channel or a webhook",
        ),
        (with("chat_channel", "some-channel".into()), "Chat is not installed"),
        (with("recipients", json!(["nobody"])), "Every recipient must be a member of the company"),
    ];
    let mut silent = rule("Rule", "silent_bot", 0.0);
    silent["time_zone"] = "Nowhere/City".into();
    let cases = cases.into_iter().chain([(silent, "Choose a time zone from the list")]);
    for (draft, message) in cases {
        assert_eq!(refused(&harness, &acme, "POST", "/rules", Some(draft), 400).await?, message);
    }
    let unknown = refused(&harness, &acme, "POST", "/rules", Some(with("kind", "weather".into())), 400).await?;
    assert!(unknown.starts_with("Invalid JSON body"), "{unknown}");
    assert_eq!(expect(&harness, &acme, "GET", "/rules", None, 200).await?, json!([]), "nothing was stored");
    Ok(())
}

async fn a_rule_is_saved_with_its_version_and_evaluated_at_once(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let now = harness.now();
    ingest(&harness, &acme, "runs", json!([run("f1", "Alpha", now - 600, Some(60), "failed", Some("Login failed"))]))
        .await?;
    let checked = create(&harness, &acme, rule("Invoices failing", "failure_rate", 50.0)).await?;
    let id = checked["rule"]["id"].as_str().unwrap_or_default().to_string();
    // The harness's clock is the wall clock: the check ran as the rule was created, at `now`
    // or a second or so after it.
    let ran = checked["rule"]["last_run_at"].as_i64().unwrap_or_default();
    assert!((now..now + 5).contains(&ran), "{checked}");
    assert_eq!(checked["rule"]["next_run_at"], ran + 300);
    assert_eq!(checked["rule"]["created_by"], acme.user_id());
    assert_eq!(open_incidents(&harness, &acme).await?.len(), 1);

    // Raising the limit to 100% clears the condition at the save.
    let mut change = rule("Invoices failing", "failure_rate", 100.0);
    change["version"] = checked["rule"]["version"].clone();
    let saved = expect(&harness, &acme, "PUT", &format!("/rules/{id}"), Some(change.clone()), 200).await?;
    assert_eq!(saved["evaluation"]["firing"], false);
    assert_eq!(saved["incident"]["status"], "closed");
    // The version read before is stale now.
    let stale = refused(&harness, &acme, "PUT", &format!("/rules/{id}"), Some(change), 409).await?;
    assert_eq!(stale, "The record was changed by someone else; reload it and try again");
    let rules = expect(&harness, &acme, "GET", "/rules", None, 200).await?;
    assert_eq!(rules.as_array().map(Vec::len), Some(1));
    assert_eq!(rules[0]["threshold"], 100.0);
    Ok(())
}

async fn switching_off_or_deleting_a_rule_closes_its_incident(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let now = harness.now();
    ingest(&harness, &acme, "runs", json!([run("f1", "Alpha", now - 600, Some(60), "failed", Some("Login failed"))]))
        .await?;
    let first = create(&harness, &acme, rule("One", "failure_rate", 10.0)).await?;
    let second = create(&harness, &acme, rule("Two", "failure_rate", 10.0)).await?;
    assert_eq!(open_incidents(&harness, &acme).await?.len(), 2);

    let mut off = rule("One", "failure_rate", 10.0);
    off["enabled"] = false.into();
    off["version"] = first["rule"]["version"].clone();
    let id = first["rule"]["id"].as_str().unwrap_or_default();
    expect(&harness, &acme, "PUT", &format!("/rules/{id}"), Some(off), 200).await?;
    let open = open_incidents(&harness, &acme).await?;
    assert_eq!(open.len(), 1);
    assert_eq!(open[0]["rule_name"], "Two");

    let id = second["rule"]["id"].as_str().unwrap_or_default();
    let deleted = expect(&harness, &acme, "DELETE", &format!("/rules/{id}"), None, 200).await?;
    assert_eq!(deleted["message"], "Rule deleted");
    assert!(open_incidents(&harness, &acme).await?.is_empty());
    let closed = expect(&harness, &acme, "GET", "/incidents?status=closed", None, 200).await?;
    assert_eq!(closed["total"], 2, "incidents stay in the history");
    assert_eq!(refused(&harness, &acme, "DELETE", &format!("/rules/{id}"), None, 404).await?, "Rule not found");
    Ok(())
}

async fn a_company_sees_only_its_own_rules(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let globex = harness.company("Globex").await?;
    let checked = create(&harness, &acme, rule("Acme's", "sla", 0.0)).await?;
    assert_eq!(expect(&harness, &globex, "GET", "/rules", None, 200).await?, json!([]));
    let id = checked["rule"]["id"].as_str().unwrap_or_default();
    let mut change = rule("Taken", "sla", 0.0);
    change["version"] = 1.into();
    assert_eq!(refused(&harness, &globex, "PUT", &format!("/rules/{id}"), Some(change), 404).await?, "Rule not found");
    assert_eq!(
        refused(&harness, &globex, "POST", &format!("/rules/{id}/evaluate"), None, 404).await?,
        "Rule not found"
    );
    Ok(())
}

async fn a_user_without_the_operational_insight_right_gets_403(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let mut rights = default_role_rights();
    rights.insert("bot_insight".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await?;
    let message = refused(&harness, &acme, "GET", "/rules", None, 403).await?;
    assert_eq!(message, "Your rights do not allow this module");
    Ok(())
}

async fn without_bot_profile_a_rule_says_why_it_cannot_run(engine: Engine) -> anyhow::Result<()> {
    let harness = Harness::load_on(engine, product_module("alerts")?).await?;
    let acme = harness.company("Acme").await?;
    let checked = create(&harness, &acme, rule("Invoices failing", "failure_rate", 10.0)).await?;
    assert_eq!(checked["evaluation"], Value::Null);
    assert_eq!(checked["error"], "The module 'bots' is not installed");
    assert_eq!(checked["incident"], Value::Null);
    Ok(())
}
