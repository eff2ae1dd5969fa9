//! The Alerts module's incidents: `alerts.incident_opened` and `alerts.incident_closed` post a
//! message by `module:alerts` in the rule's public channel, once per event, as any message
//! is numbered, counted and pushed; a channel that may not take one gets nothing, and the
//! delivery is not retried.

use std::time::Duration;

use autoscope_module_test::shortcuts::{call, company, expect, id, message, stored, user};
use autoscope_module_test::{Company, Engine, Harness, Session};
use autoscope_sdk::wire::{Envelope, host::Publish};
use serde_json::{Value, json};

use crate::common::{badge, channel, int, load, view};

autoscope_module_test::on_both_engines!(
    an_incident_is_posted_once_in_its_channel,
    people_react_and_reply_but_nobody_edits_what_alerts_posted,
    channels_that_take_no_incidents_get_nothing,
);

const AUTHOR: &str = "module:alerts";
const LINK: &str = "https://portal.example.com/Alerts?incident=i1";

/// An incident's news as Alerts publishes it.
fn incident(channel_id: &str, severity: &str, summary: &str) -> Value {
    json!({
        "incident_id": "i1", "rule_id": "r1", "rule_name": "Invoices failing", "severity": severity,
        "summary": summary, "channel_id": channel_id, "link": LINK, "at": 1_763_757_146,
    })
}

/// What Alerts' `publish` does: Chat is the one subscriber.
async fn publish(harness: &Harness, company: &Company, name: &str, payload: Value) {
    let event = Publish { name: format!("alerts.{name}"), payload };
    assert_eq!(harness.publish("alerts", &company.id, &event).await.expect("published"), 1);
}

/// The event `id` delivered straight to Chat, as the host's worker does (again after a
/// timeout, say): answered 200.
async fn deliver(harness: &Harness, company: &Company, id: &str, name: &str, payload: Value, attempt: u32) {
    let envelope: Envelope = serde_json::from_value(json!({
        "v": 1,
        "context": { "module": "chat", "company_id": company.id, "user": null, "request_id": null, "now": harness.now() },
        "call": {
            "kind": "event", "id": id, "name": format!("alerts.{name}"), "source": "alerts", "payload": payload,
            "published_at": harness.now(), "attempt": attempt
        }
    }))
    .expect("an envelope");
    let reply = harness.call_envelope("chat", &envelope).await.expect("the call runs");
    assert_eq!(reply.status, 200, "{}", reply.body.get());
}

/// The channel's top-level messages as `who` reads them.
async fn messages(harness: &Harness, who: &dyn Session, channel_id: &str) -> Vec<Value> {
    let page = expect(call(harness, who, "GET", &format!("/channels/{channel_id}/messages"), None).await, 200);
    page["messages"].as_array().expect("messages").clone()
}

/// Grouped: an opened incident is one message by `module:alerts` at the channel's next seq,
/// unread for every member (the badge too), pushed to them; the closing posts another; an
/// event delivered twice posts once, and a delivery is never retried.
async fn an_incident_is_posted_once_in_its_channel(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let carol = user(&acme, "carol@acme.test").await;
    let ops = channel(&harness, &acme, "public", "ops", &[&bob.id]).await;
    let mut bobs = harness.listen(&bob).await.expect("bob listens");

    publish(&harness, &acme, "incident_opened", incident(&ops, "critical", "3 of 10 runs failed (30%)")).await;
    assert_eq!(harness.deliver_events().await.expect("delivered"), 1);
    let posted = messages(&harness, &bob, &ops).await;
    assert_eq!(posted.len(), 1, "{posted:?}");
    let opened = &posted[0];
    assert_eq!(
        (&opened["author_id"], &opened["text"], &opened["seq"], &opened["mentions"], &opened["parent_id"]),
        (
            &json!(AUTHOR),
            &json!(format!("🔴 Critical: Invoices failing — 3 of 10 runs failed (30%)\n{LINK}")),
            &json!(1),
            &json!([]),
            &Value::Null
        )
    );
    let heard = bobs.drain().await;
    let (_, pushed) = heard.iter().find(|(name, _)| name == "chat.message").expect("bob hears the message");
    assert_eq!((&pushed["event"], &pushed["message"]["id"]), (&json!("created"), &opened["id"]));

    let seen = view(&harness, &bob, &ops).await;
    assert_eq!((int(&seen, "last_seq"), int(&seen, "unread")), (1, 1));
    assert!(seen["last_message_at"].is_i64());
    assert_eq!(int(&view(&harness, &acme, &ops).await, "unread"), 1, "the creator is a member too");
    assert_eq!(int(&view(&harness, &carol, &ops).await, "unread"), 0, "not a member");
    assert_eq!(badge(&harness, &bob).await, 1);

    let closed = incident(&ops, "critical", "0 of 12 runs failed");
    deliver(&harness, &acme, "ev-closed", "incident_closed", closed.clone(), 1).await;
    deliver(&harness, &acme, "ev-closed", "incident_closed", closed, 2).await;
    let posted = messages(&harness, &bob, &ops).await;
    let texts: Vec<&str> = posted.iter().filter_map(|message| message["text"].as_str()).collect();
    assert_eq!(
        texts,
        [
            format!("🔴 Critical: Invoices failing — 3 of 10 runs failed (30%)\n{LINK}"),
            format!("✅ Resolved: Invoices failing — 0 of 12 runs failed\n{LINK}"),
        ]
    );
    assert_eq!(int(&posted[1], "seq"), 2);
    assert_eq!(stored(&harness, &acme, "chat.messages", "source_event", "ev-closed").await, 1);
    assert_eq!(int(&view(&harness, &bob, &ops).await, "unread"), 2);
    assert_eq!(badge(&harness, &bob).await, 2);

    harness.advance(Duration::from_secs(3600));
    assert_eq!(harness.deliver_events().await.expect("nothing due"), 0);
    assert_eq!(messages(&harness, &bob, &ops).await.len(), 2);
}

/// Grouped: neither a member nor the company's admin may edit or delete what Alerts posted;
/// people react and reply in its thread as on any message; the export names Alerts.
async fn people_react_and_reply_but_nobody_edits_what_alerts_posted(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let ops = channel(&harness, &acme, "public", "ops", &[&bob.id]).await;
    deliver(&harness, &acme, "ev-1", "incident_opened", incident(&ops, "warning", "Queue is 40 minutes behind"), 1)
        .await;
    let posted = messages(&harness, &bob, &ops).await;
    let path = format!("/messages/{}", id(&posted[0]));

    for who in [&bob as &dyn Session, &acme] {
        let edit = call(&harness, who, "PATCH", &path, Some(json!({ "text": "all fine" }))).await;
        assert_eq!(message(edit, 403), "Only the author can edit or delete a message");
        assert_eq!(
            message(call(&harness, who, "DELETE", &path, None).await, 403),
            "Only the author can edit or delete a message"
        );
    }
    let reacted =
        expect(call(&harness, &bob, "POST", &format!("{path}/reactions"), Some(json!({ "emoji": "👀" }))).await, 200);
    assert_eq!(reacted["reactions"], json!([{ "emoji": "👀", "user_ids": [bob.id] }]));
    let reply = json!({ "text": "on it", "parent_id": id(&posted[0]) });
    expect(call(&harness, &bob, "POST", &format!("/channels/{ops}/messages"), Some(reply)).await, 201);
    let thread = expect(call(&harness, &acme, "GET", &format!("{path}/thread"), None).await, 200);
    assert_eq!((&thread["root"]["author_id"], int(&thread["root"], "reply_count")), (&json!(AUTHOR), 1));
    assert_eq!(
        thread["root"]["text"],
        json!(format!("🟠 Warning: Invoices failing — Queue is 40 minutes behind\n{LINK}"))
    );

    let export = expect(call(&harness, &acme, "GET", &format!("/channels/{ops}/export?format=csv"), None).await, 200);
    let lines: Vec<&str> = export["data"].as_str().expect("the file").split("\r\n").collect();
    assert!(lines[1].contains(",Alerts,,"), "{}", lines[1]);
}

/// Grouped: a private, archived or direct channel, an unknown id and another company's
/// channel get nothing, nor does a payload that does not fit; each delivery succeeds (no
/// retry) with one warning in the company's system log.
async fn channels_that_take_no_incidents_get_nothing(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let bob = user(&acme, "bob@acme.test").await;
    let ops = channel(&harness, &acme, "public", "ops", &[]).await;
    let team = channel(&harness, &acme, "private", "team", &[&bob.id]).await;
    let old = channel(&harness, &acme, "public", "old", &[]).await;
    expect(call(&harness, &acme, "PATCH", &format!("/channels/{old}"), Some(json!({ "archived": true }))).await, 200);
    let direct = expect(call(&harness, &acme, "POST", "/direct", Some(json!({ "user_ids": [bob.id] }))).await, 201);
    let direct = id(&direct).to_string();
    let news = channel(&harness, &globex, "public", "news", &[]).await;

    let unknown = "01a20006-4d53-70a0-aab3-42adc7c941e2";
    for target in [team.as_str(), &old, &direct, unknown, "not-an-id", "", &news] {
        publish(&harness, &acme, "incident_opened", incident(target, "info", "Bot 7 is idle")).await;
    }
    publish(&harness, &acme, "incident_opened", incident(&ops, "major", "Bot 7 is idle")).await;
    // Globex's incident naming Acme's channel stays in Globex.
    publish(&harness, &globex, "incident_closed", incident(&ops, "info", "Bot 7 works")).await;
    assert_eq!(harness.deliver_events().await.expect("delivered"), 9);
    harness.advance(Duration::from_secs(3600));
    assert_eq!(harness.deliver_events().await.expect("nothing retried"), 0);

    for target in [&ops, &team, &old, &direct] {
        assert_eq!(int(&view(&harness, &acme, target).await, "last_seq"), 0, "{target}");
    }
    assert_eq!(int(&view(&harness, &globex, &news).await, "last_seq"), 0);
    assert_eq!(stored(&harness, &acme, "chat.messages", "author_id", AUTHOR).await, 0);
    assert_eq!(warnings(&harness, &acme).await.len(), 8);
    let said = warnings(&harness, &globex).await;
    assert_eq!(said.len(), 1);
    assert!(said[0].contains("there is no such channel in the company"), "{said:?}");
}

/// The company's warnings of Chat in its system log, newest first.
async fn warnings(harness: &Harness, who: &Company) -> Vec<String> {
    let reply = harness.request("GET", "/api/logs/all_logs?limit=200", Some(who), None).await.expect("answered");
    assert_eq!(reply.status, 200, "{reply:?}");
    reply.body["data"]
        .as_array()
        .expect("entries")
        .iter()
        .filter(|entry| entry["event"] == "module.log.chat" && entry["level"] == "warn")
        .filter_map(|entry| entry["message"].as_str().map(str::to_string))
        .collect()
}
