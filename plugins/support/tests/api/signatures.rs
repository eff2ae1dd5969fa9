//! Failure signatures: the Alerts module's `alerts.signature_*` events become one ticket
//! per signature, a comment per recurrence (reopening a closed ticket) and an offer to
//! close once the signature is quiet; each event counts once however often it arrives,
//! and only in the company that published it.

use autoscope_module_test::shortcuts::{call, company, expect, id, user};
use autoscope_module_test::{Company, Engine, Harness, product_module};
use autoscope_sdk::wire::{Envelope, host::Publish};
use serde_json::{Value, json};

use crate::common::{about, actions, int, load, notices, patch, ticket};

autoscope_module_test::on_both_engines!(
    a_signature_opens_one_ticket_however_often_it_arrives,
    a_recurrence_comments_once_per_event_and_reopens_a_closed_ticket,
    a_recurrence_without_a_ticket_opens_one,
    a_quiet_signature_offers_to_close_its_ticket_until_it_fails_again,
    another_companys_signature_events_never_touch_a_ticket,
);

/// 2025-11-21 20:32:26 UTC.
const SEEN: i64 = 1_763_757_146;

fn opened(signature_id: &str) -> Value {
    json!({
        "signature_id": signature_id, "process": "Invoice posting", "bot": "Bot 7",
        "message": "Element not found: <id>", "count": 3, "first_seen": SEEN - 3600, "last_seen": SEEN,
        "samples": [
            { "external_id": "run-1", "bot": "Bot 7", "started_at": SEEN - 3600, "reason": "Element not found: #save-42" },
            { "external_id": "run-3", "bot": "Bot 7", "started_at": SEEN, "reason": "Element not found: #save-44" }
        ]
    })
}

fn recurred(signature_id: &str, added: i64, count: i64) -> Value {
    json!({
        "signature_id": signature_id, "process": "Invoice posting", "message": "Element not found: <id>",
        "added": added, "count": count, "last_seen": SEEN + 600,
        "samples": [{ "external_id": "run-9", "bot": "Bot 8", "started_at": SEEN + 600, "reason": "Element not found: #save-50" }]
    })
}

fn quiet(signature_id: &str) -> Value {
    json!({ "signature_id": signature_id, "process": "Invoice posting", "message": "Element not found: <id>", "quiet_days": 14, "last_seen": SEEN })
}

/// What the Alerts module's `publish` does: Ticket Management is the one subscriber.
async fn publish(harness: &Harness, company: &Company, name: &str, payload: Value) {
    let event = Publish { name: format!("alerts.{name}"), payload };
    assert_eq!(harness.publish("alerts", &company.id, &event).await.expect("published"), 1);
}

/// Delivers what was published; every delivery succeeds.
async fn deliver(harness: &Harness, expected: usize) {
    assert_eq!(harness.deliver_events().await.expect("delivered"), expected);
}

/// The event `id` delivered again, as after a timeout: at least once.
async fn redeliver(harness: &Harness, company: &Company, id: &str, name: &str, payload: Value, published_at: i64) {
    let envelope: Envelope = serde_json::from_value(json!({
        "v": 1,
        "context": { "module": "support", "company_id": company.id, "user": null, "request_id": null, "now": harness.now() },
        "call": {
            "kind": "event", "id": id, "name": format!("alerts.{name}"), "source": "alerts", "payload": payload,
            "published_at": published_at, "attempt": 2
        }
    }))
    .expect("an envelope");
    let reply = harness.call_envelope("support", &envelope).await.expect("the call runs");
    assert_eq!(reply.status, 200, "{}", reply.body.get());
}

/// The company's tickets, newest first.
async fn tickets(harness: &Harness, who: &Company) -> Vec<Value> {
    let page = expect(call(harness, who, "GET", "/tickets", None).await, 200);
    page["items"].as_array().expect("items").clone()
}

/// The one ticket of the company, in detail.
async fn only_ticket(harness: &Harness, who: &Company) -> Value {
    let listed = tickets(harness, who).await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    ticket(harness, who, id(&listed[0])).await
}

/// One ticket, requested by the company's admin (not Bob), of the vault's process, Bot
/// failure at the most urgent priority with its due times, its description made of the
/// signature; the same event again, and another opened event of the signature, add none.
async fn a_signature_opens_one_ticket_however_often_it_arrives(engine: Engine) {
    let support = product_module("support").expect("the plugin is built (make modules)");
    let vault = product_module("vault").expect("the vault is built (make modules)");
    let harness = Harness::load_with(engine, support, [vault]).await.expect("the modules install");
    let acme = company(&harness, "Acme").await;
    user(&acme, "bob@acme.test").await;
    let process = harness
        .call_module("vault", &acme, "POST", "/processes", Some(json!({ "name": "Invoice posting" })))
        .await
        .expect("the vault answers");
    let process = expect(process, 201);

    publish(&harness, &acme, "signature_opened", opened("sig-1")).await;
    deliver(&harness, 1).await;
    let detail = only_ticket(&harness, &acme).await;
    let created = &detail["ticket"];
    assert_eq!(created["number"], json!(1));
    assert_eq!(created["title"], json!("Bot failures: Element not found: <id>"));
    assert_eq!(
        (&created["category"], &created["priority"], &created["status"]),
        (&json!("Bot failure"), &json!("Critical"), &json!("open"))
    );
    assert_eq!((&created["requester_id"], &created["assignee_id"]), (&json!(acme.user_id), &Value::Null));
    assert_eq!((&created["process_id"], &created["bot_id"]), (&json!(id(&process)), &json!("Bot 7")));
    assert_eq!((&created["signature_id"], &created["close_offered_at"]), (&json!("sig-1"), &Value::Null));
    let at = int(created, "created_at");
    assert_eq!((int(created, "response_due"), int(created, "resolution_due")), (at + 15 * 60, at + 240 * 60));
    assert_eq!(
        created["description"],
        json!(
            "Runs of Invoice posting failed with: Element not found: <id>\n\nProcess: Invoice posting\nBot: Bot 7\n\
             Failures: 3\nFirst seen: 2025-11-21 19:32 UTC\nLast seen: 2025-11-21 20:32 UTC\n\nSample runs:\n\
             - run-1 (Bot 7), started 2025-11-21 19:32 UTC: Element not found: #save-42\n\
             - run-3 (Bot 7), started 2025-11-21 20:32 UTC: Element not found: #save-44"
        )
    );
    assert_eq!(actions(&detail), ["created"]);
    assert_eq!(detail["history"][0]["user_id"], Value::Null, "the module made it, not a person");

    redeliver(&harness, &acme, "ev-again", "signature_opened", opened("sig-1"), harness.now()).await;
    let mut later = opened("sig-1");
    later["count"] = json!(4);
    publish(&harness, &acme, "signature_opened", later).await;
    deliver(&harness, 1).await;
    let again = only_ticket(&harness, &acme).await;
    assert_eq!((&again["ticket"]["version"], actions(&again)), (&created["version"], vec!["created"]));
}

/// A recurrence on the closed ticket reopens it (the requester told), with its comment by
/// no one; the same event again adds nothing, a second event a second comment.
async fn a_recurrence_comments_once_per_event_and_reopens_a_closed_ticket(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    publish(&harness, &acme, "signature_opened", opened("sig-1")).await;
    deliver(&harness, 1).await;
    let ticket_id = id(&tickets(&harness, &acme).await[0]).to_string();
    patch(&harness, &bob, &ticket_id, json!({ "status": "closed" })).await;

    publish(&harness, &acme, "signature_recurred", recurred("sig-1", 2, 5)).await;
    deliver(&harness, 1).await;
    let detail = ticket(&harness, &acme, &ticket_id).await;
    assert_eq!((&detail["ticket"]["status"], &detail["ticket"]["closed_at"]), (&json!("open"), &Value::Null));
    assert_eq!(actions(&detail), ["comment", "status", "status", "created"]);
    assert_eq!(detail["history"][1]["changes"], json!([{ "field": "status", "from": "closed", "to": "open" }]));
    assert_eq!(detail["history"][1]["note"], json!("New failures with its signature reopened the ticket"));
    let comments = detail["comments"].as_array().expect("comments");
    assert_eq!(comments.len(), 1);
    assert_eq!(
        comments[0]["text"],
        json!(
            "2 more failures (5 in all), last at 2025-11-21 20:42 UTC\n\nSample runs:\n\
             - run-9 (Bot 8), started 2025-11-21 20:42 UTC: Element not found: #save-50"
        )
    );
    assert_eq!(comments[0]["user_id"], Value::Null);
    assert!(notices(&harness, &acme).await.contains(&"Ticket #1 is now Open".to_string()));

    let event_id = comments[0]["source_event"].as_str().expect("the comment keeps its event").to_string();
    redeliver(&harness, &acme, &event_id, "signature_recurred", recurred("sig-1", 2, 5), harness.now()).await;
    assert_eq!(ticket(&harness, &acme, &ticket_id).await["comments"].as_array().map(Vec::len), Some(1));

    publish(&harness, &acme, "signature_recurred", recurred("sig-1", 1, 6)).await;
    deliver(&harness, 1).await;
    let detail = ticket(&harness, &acme, &ticket_id).await;
    let texts: Vec<&str> =
        detail["comments"].as_array().expect("comments").iter().filter_map(|c| c["text"].as_str()).collect();
    assert_eq!(texts.len(), 2);
    assert!(texts[1].starts_with("1 more failure (6 in all)"), "{texts:?}");
    assert_eq!(actions(&detail), ["comment", "comment", "status", "status", "created"], "open stays open");
    assert_eq!(tickets(&harness, &acme).await.len(), 1);
}

/// A recurrence of a signature without a ticket (retention deleted it, or the opened event
/// is still on its way) opens one, with the recurrence as its comment; the opened event
/// arriving after it adds nothing.
async fn a_recurrence_without_a_ticket_opens_one(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    publish(&harness, &acme, "signature_recurred", recurred("sig-2", 2, 9)).await;
    deliver(&harness, 1).await;
    let detail = only_ticket(&harness, &acme).await;
    let created = &detail["ticket"];
    assert_eq!((&created["signature_id"], &created["status"]), (&json!("sig-2"), &json!("open")));
    assert_eq!(
        (&created["title"], &created["bot_id"]),
        (&json!("Bot failures: Element not found: <id>"), &Value::Null)
    );
    assert_eq!(
        created["description"],
        json!(
            "Runs of Invoice posting failed with: Element not found: <id>\n\nProcess: Invoice posting\nBot: any\n\
             Failures: 9\nLast seen: 2025-11-21 20:42 UTC"
        )
    );
    assert_eq!(created["process_id"], Value::Null, "no vault");
    assert_eq!(actions(&detail), ["comment", "created"]);
    assert!(detail["comments"][0]["text"].as_str().is_some_and(|text| text.starts_with("2 more failures (9 in all)")));

    publish(&harness, &acme, "signature_opened", opened("sig-2")).await;
    deliver(&harness, 1).await;
    assert_eq!(actions(&only_ticket(&harness, &acme).await), ["comment", "created"]);
}

/// A quiet signature sets `close_offered_at` to the event's time with a note, once; a
/// recurrence withdraws it, and a closed ticket is never offered.
async fn a_quiet_signature_offers_to_close_its_ticket_until_it_fails_again(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    publish(&harness, &acme, "signature_opened", opened("sig-1")).await;
    deliver(&harness, 1).await;
    let ticket_id = id(&tickets(&harness, &acme).await[0]).to_string();

    let published = harness.now();
    publish(&harness, &acme, "signature_quiet", quiet("sig-1")).await;
    deliver(&harness, 1).await;
    let detail = ticket(&harness, &acme, &ticket_id).await;
    let offered_at = int(&detail["ticket"], "close_offered_at");
    about(offered_at, published);
    assert_eq!(detail["ticket"]["status"], json!("open"), "offered, not closed");
    assert_eq!(actions(&detail), ["updated", "created"]);
    assert_eq!(detail["history"][0]["note"], json!("No new failures for 14 days: the ticket may be closed"));
    // The same event again (its time is the stored one): no second note.
    redeliver(&harness, &acme, "ev-quiet", "signature_quiet", quiet("sig-1"), offered_at).await;
    assert_eq!(actions(&ticket(&harness, &acme, &ticket_id).await), ["updated", "created"]);

    publish(&harness, &acme, "signature_recurred", recurred("sig-1", 1, 4)).await;
    deliver(&harness, 1).await;
    let detail = ticket(&harness, &acme, &ticket_id).await;
    assert_eq!(detail["ticket"]["close_offered_at"], Value::Null);

    patch(&harness, &acme, &ticket_id, json!({ "status": "closed" })).await;
    publish(&harness, &acme, "signature_quiet", quiet("sig-1")).await;
    deliver(&harness, 1).await;
    let detail = ticket(&harness, &acme, &ticket_id).await;
    assert_eq!((&detail["ticket"]["status"], &detail["ticket"]["close_offered_at"]), (&json!("closed"), &Value::Null));
    assert_eq!(actions(&detail), ["status", "comment", "updated", "created"]);
}

/// Globex's events of the signature Acme has a ticket for open, comment and offer on
/// Globex's own ticket: Acme's closed ticket stays as it was.
async fn another_companys_signature_events_never_touch_a_ticket(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    publish(&harness, &acme, "signature_opened", opened("sig-1")).await;
    deliver(&harness, 1).await;
    let acme_id = id(&tickets(&harness, &acme).await[0]).to_string();
    patch(&harness, &acme, &acme_id, json!({ "status": "closed" })).await;
    let before = ticket(&harness, &acme, &acme_id).await;

    publish(&harness, &globex, "signature_recurred", recurred("sig-1", 2, 5)).await;
    publish(&harness, &globex, "signature_quiet", quiet("sig-1")).await;
    publish(&harness, &globex, "signature_opened", opened("sig-1")).await;
    deliver(&harness, 3).await;

    assert_eq!(ticket(&harness, &acme, &acme_id).await, before);
    assert_eq!(tickets(&harness, &acme).await.len(), 1);
    let theirs = only_ticket(&harness, &globex).await;
    assert_eq!((&theirs["ticket"]["number"], &theirs["ticket"]["requester_id"]), (&json!(1), &json!(globex.user_id)));
    assert_eq!(theirs["comments"].as_array().map(Vec::len), Some(1));
}
