//! Deliveries to Chat: a rule names a public channel, and Chat posts the incident's opening
//! and closing there; private channels are not offered and cannot be chosen.

use autoscope_module_test::{Engine, Harness, on_both_engines, product_module};
use serde_json::{Value, json};

use crate::common::{MINUTE, create, expect, ingest, refused, rule, run};

on_both_engines!(chat_posts_an_incident_in_the_rules_public_channel, only_public_channels_can_be_chosen,);

/// Alerts with Bot Profile and Chat.
async fn load(engine: Engine) -> anyhow::Result<Harness> {
    Harness::load_with(engine, product_module("alerts")?, vec![product_module("bots")?, product_module("chat")?]).await
}

async fn channel(
    harness: &Harness,
    who: &autoscope_module_test::Company,
    name: &str,
    kind: &str,
) -> anyhow::Result<String> {
    let reply =
        harness.call_module("chat", who, "POST", "/channels", Some(json!({ "name": name, "kind": kind }))).await?;
    anyhow::ensure!(reply.status == 201, "{reply:?}");
    Ok(reply.body["id"].as_str().unwrap_or_default().to_string())
}

async fn chat_posts_an_incident_in_the_rules_public_channel(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let ops = channel(&harness, &acme, "ops", "public").await?;
    let now = harness.now();
    ingest(
        &harness,
        &acme,
        "runs",
        json!([run("f1", "Alpha", now - 10 * MINUTE, Some(60), "failed", Some("Login failed"))]),
    )
    .await?;
    let mut draft = rule("Invoices failing", "failure_rate", 10.0);
    draft["deliver_bell"] = false.into();
    draft["chat_channel"] = ops.clone().into();
    let checked = create(&harness, &acme, draft).await?;
    harness.deliver_events().await?;
    let reply = harness.call_module("chat", &acme, "GET", &format!("/channels/{ops}/messages"), None).await?;
    anyhow::ensure!(reply.status == 200, "{reply:?}");
    let messages: Vec<Value> = reply.body["messages"].as_array().cloned().unwrap_or_default();
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert_eq!(messages[0]["author_id"], "module:alerts");
    let text = messages[0]["text"].as_str().unwrap_or_default();
    assert!(text.contains("Critical: Invoices failing — 1 of 1 finished run failed (100%)"), "{text}");
    let link = format!("/Alerts?incident={}", checked["incident"]["id"].as_str().unwrap_or_default());
    assert!(text.contains(&link), "{text}");
    assert!(harness.notifications(&acme).await?.is_empty(), "the rule delivers to Chat only");
    Ok(())
}

async fn only_public_channels_can_be_chosen(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let ops = channel(&harness, &acme, "ops", "public").await?;
    let secret = channel(&harness, &acme, "board", "private").await?;
    let channels = expect(&harness, &acme, "GET", "/channels", None, 200).await?;
    assert_eq!(channels, json!([{ "id": ops, "name": "ops" }]));
    let mut draft = rule("Invoices failing", "failure_rate", 10.0);
    draft["chat_channel"] = secret.into();
    assert_eq!(refused(&harness, &acme, "POST", "/rules", Some(draft), 400).await?, "Choose a public Chat channel");

    // Another company's public channel is not Acme's to choose.
    let globex = harness.company("Globex").await?;
    let theirs = channel(&harness, &globex, "news", "public").await?;
    let mut draft = rule("Invoices failing", "failure_rate", 10.0);
    draft["chat_channel"] = theirs.into();
    assert_eq!(refused(&harness, &acme, "POST", "/rules", Some(draft), 400).await?, "Choose a public Chat channel");
    Ok(())
}
