//! The `webhook` host function through the `crud` test module: deliveries signed, retried
//! with backoff, failed after the last attempt with a system log entry, sent once across
//! instances, and refused for hosts the operator does not allow, for modules without the
//! capability, and across companies.

use std::collections::HashSet;
use std::time::Duration;

use autoscope::config::WebhookHosts;
use autoscope::modules::webhooks;
use autoscope::storage::{Engine, module_webhooks, system_logs};
use hmac::{KeyInit, Mac};
use serde_json::{Value, json};

use crate::on_both_engines;
use crate::support::TestApp;
use crate::support::modules::{archive_with, manifest, manifest_at};
use crate::support::webhooks::Receiver;

on_both_engines!(
    engine: a_delivery_is_signed_and_tried_again_until_a_receiver_accepts_it,
    a_delivery_fails_after_six_attempts_and_the_company_is_told,
    two_instances_never_send_one_delivery_twice,
    webhooks_go_only_where_the_operator_allows_and_stay_in_their_company,
);
on_both_engines!(a_module_without_the_capability_is_refused);

const SECRET: &str = "whsec-0123456789";

/// A host allowing webhooks to loopback receivers, with the `crud` module installed.
async fn app_with_crud(engine: Engine) -> TestApp {
    let app = TestApp::start(engine, allow_loopback).await;
    app.install_test_module("crud").await;
    app
}

fn allow_loopback(config: &mut autoscope::Config) {
    config.modules.webhook_hosts = WebhookHosts::parse("127.0.0.1").unwrap();
}

async fn send(app: &TestApp, token: &str, url: &str, payload: Value) -> String {
    let sent =
        app.post_as(token, "/api/m/crud/webhooks", json!({ "url": url, "secret": SECRET, "payload": payload })).await;
    assert_eq!(sent.status, 201, "{sent:?}");
    assert_eq!(sent.body.as_object().map(|answer| answer.len()), Some(1), "only the id: {sent:?}");
    sent.body["id"].as_str().unwrap().to_string()
}

/// The delivery once `done` says so, polled for at most 20 seconds.
async fn delivery_when(app: &TestApp, token: &str, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..200 {
        let delivery = app.get_as(token, &format!("/api/m/crud/webhooks/{id}")).await.body;
        if done(&delivery) {
            return delivery;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the delivery did not get there: {:?}", app.get_as(token, &format!("/api/m/crud/webhooks/{id}")).await);
}

/// The hex HMAC-SHA256 of `message` under `key`, computed here as a receiver would.
fn hmac_hex(key: &str, message: &str) -> String {
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(key.as_bytes()).unwrap();
    mac.update(message.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

async fn a_delivery_is_signed_and_tried_again_until_a_receiver_accepts_it(engine: Engine) {
    let app = app_with_crud(engine).await;
    let token = app.sign_up("ann@example.com", "Ann Co").await;
    let receiver = Receiver::start(&[500]).await;
    let payload = json!({ "incident": "i-1", "severity": "critical", "summary": "Queue stalled — ünïcode" });
    let id = send(&app, &token, &receiver.url, payload.clone()).await;

    let failed = delivery_when(&app, &token, &id, |d| d["attempts"] == 1 && d["last_status"] == 500).await;
    assert_eq!(failed["status"], "pending", "{failed}");
    assert_eq!(failed["url"], receiver.url.as_str());
    assert_eq!(failed["last_error"], "the receiver answered 500");
    assert_eq!(failed["delivered_at"], Value::Null);
    let created_at = failed["created_at"].as_i64().unwrap();
    let next = failed["next_attempt_at"].as_i64().unwrap();
    assert!(next >= created_at + 10 && next <= app.state.clock.now() + 10, "10 s after the attempt: {failed}");
    assert!(!failed.to_string().contains(SECRET), "the secret is never answered: {failed}");
    let stored = module_webhooks::get(app.db(), &whoami(&app, &token).await, "crud", &id).await.unwrap().unwrap();
    assert!(!stored.secret_sealed.contains(SECRET), "the secret is sealed");

    {
        let received = receiver.received.lock().unwrap();
        let first = &received[0];
        assert_eq!(first.header("content-type"), "application/json");
        assert_eq!(first.header("x-autoscope-delivery"), id);
        let timestamp = first.header("x-autoscope-timestamp");
        assert!(timestamp.parse::<i64>().is_ok_and(|at| at >= created_at), "{timestamp}");
        let signed = format!("sha256={}", hmac_hex(SECRET, &format!("{timestamp}.{}", first.body)));
        assert_eq!(first.header("x-autoscope-signature"), signed);
        assert_eq!(serde_json::from_str::<Value>(&first.body).unwrap(), payload);
    }

    // The next attempt waits out its 10 seconds on the host's clock.
    app.advance(Duration::from_secs(10));
    app.state.modules.wake_workers();
    let delivered = delivery_when(&app, &token, &id, |d| d["status"] == "delivered").await;
    assert_eq!(
        (&delivered["attempts"], &delivered["last_status"], &delivered["last_error"], &delivered["next_attempt_at"]),
        (&json!(2), &json!(200), &Value::Null, &Value::Null),
        "{delivered}"
    );
    assert!(delivered["delivered_at"].as_i64().is_some_and(|at| at >= next), "{delivered}");
    let received = receiver.received.lock().unwrap();
    assert_eq!(received.len(), 2);
    let second = &received[1];
    assert_eq!(second.header("x-autoscope-delivery"), id, "the same delivery");
    assert_eq!(second.body, received[0].body, "the same body");
    let timestamp = second.header("x-autoscope-timestamp");
    assert_eq!(
        second.header("x-autoscope-signature"),
        format!("sha256={}", hmac_hex(SECRET, &format!("{timestamp}.{}", second.body))),
        "signed at its own time"
    );
}

async fn a_delivery_fails_after_six_attempts_and_the_company_is_told(engine: Engine) {
    let app = app_with_crud(engine).await;
    let token = app.sign_up("ann@example.com", "Ann Co").await;
    let receiver = Receiver::start(&[503; 10]).await;
    let id = send(&app, &token, &receiver.url, json!({ "incident": "i-2" })).await;
    for attempt in 1..=6 {
        let tried = delivery_when(&app, &token, &id, |d| d["attempts"] == attempt && d["last_status"] == 503).await;
        let (status, next) = if attempt < 6 { ("pending", true) } else { ("failed", false) };
        assert_eq!((tried["status"].as_str(), tried["next_attempt_at"].is_i64()), (Some(status), next), "{tried}");
        app.advance(Duration::from_secs(3_600));
        app.state.modules.wake_workers();
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(receiver.count(), 6, "no attempt after the sixth");
    let company = whoami(&app, &token).await;
    let logged = system_logs::list_for_company(app.db(), &company, None, 100).await.unwrap();
    let failures: Vec<_> = logged.iter().filter(|entry| entry.event == "module.webhook_failed").collect();
    assert_eq!(failures.len(), 1, "{logged:#?}");
    assert_eq!(failures[0].level, "error");
    assert_eq!(
        failures[0].message,
        format!(
            "The webhook {id} of module crud to {} failed after 6 attempts: the receiver answered 503",
            receiver.url
        )
    );
}

/// Two host instances on one database, each with its worker, and two more senders called
/// at once: each delivery reaches the receiver once.
async fn two_instances_never_send_one_delivery_twice(engine: Engine) {
    let app = app_with_crud(engine).await;
    let other = app.another_instance(allow_loopback).await;
    let token = app.sign_up("ann@example.com", "Ann Co").await;
    let receiver = Receiver::start(&[]).await;
    let mut ids = HashSet::new();
    for n in 0..20 {
        ids.insert(send(&app, &token, &receiver.url, json!({ "n": n })).await);
    }
    let (first, second) = tokio::join!(webhooks::deliver_due(&app.state), webhooks::deliver_due(&other.state));
    assert!(first.unwrap().attempted + second.unwrap().attempted <= 20);
    for id in &ids {
        delivery_when(&app, &token, id, |d| d["status"] == "delivered").await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let received = receiver.received.lock().unwrap();
    let sent: Vec<&str> = received.iter().map(|request| request.header("x-autoscope-delivery")).collect();
    assert_eq!(sent.len(), 20, "{sent:?}");
    assert_eq!(sent.iter().map(|id| id.to_string()).collect::<HashSet<_>>(), ids);
}

async fn webhooks_go_only_where_the_operator_allows_and_stay_in_their_company(engine: Engine) {
    let app = app_with_crud(engine).await;
    let token = app.sign_up("ann@example.com", "Ann Co").await;
    let receiver = Receiver::start(&[]).await;
    let refused = |url: &str, secret: &str, payload: Value| {
        let body = json!({ "url": url, "secret": secret, "payload": payload });
        let (app, token) = (&app, &token);
        async move { app.post_as(token, "/api/m/crud/webhooks", body).await }
    };
    for (url, status, message) in [
        ("https://hooks.example.com/x", 403, "The portal does not allow webhooks to hooks.example.com"),
        ("http://localhost:9/x", 403, "The portal does not allow webhooks to localhost"),
        ("ftp://127.0.0.1/x", 400, "A webhook's URL must be an http or https address"),
        ("127.0.0.1/x", 400, "A webhook's URL must be an http or https address"),
        ("http://user:pw@127.0.0.1/x", 400, "A webhook's URL may not carry a user name or password"),
    ] {
        let answer = refused(url, SECRET, json!({})).await;
        assert_eq!((answer.status, answer.message()), (status, message), "{url}");
    }
    for secret in ["", &"s".repeat(201)] {
        let answer = refused(&receiver.url, secret, json!({})).await;
        assert_eq!((answer.status, answer.message()), (400, "A webhook's secret is 1 to 200 characters"));
    }
    let big = json!({ "text": "x".repeat(64 << 10) });
    let answer = refused(&receiver.url, SECRET, big).await;
    assert_eq!((answer.status, answer.message()), (413, "A webhook's payload may be at most 64 KB of JSON"));
    let undecodable = app.post_as(&token, "/api/m/crud/webhooks", json!({ "url": receiver.url })).await;
    assert_eq!(undecodable.status, 400, "{undecodable:?}");

    let id = send(&app, &token, &receiver.url, json!({ "ok": true })).await;
    let other = app.sign_up("bob@example.com", "Bob Co").await;
    for path in [format!("/api/m/crud/webhooks/{id}"), "/api/m/crud/webhooks/nothing".into()] {
        let foreign = app.get_as(&other, &path).await;
        assert_eq!((foreign.status, foreign.message()), (404, webhooks::NOT_FOUND), "{path}");
    }
    delivery_when(&app, &token, &id, |d| d["status"] == "delivered").await;
    assert_eq!(receiver.count(), 1, "nothing refused was stored");
}

/// Undeclared, then declared but not granted: 403 with the standard words, and a
/// `module.call_refused` entry each.
async fn a_module_without_the_capability_is_refused(app: TestApp) {
    let admin = app.admin_token().await;
    let undeclared = manifest("crud").replace("webhooks = true\n", "");
    assert_eq!(app.install(&admin, archive_with("crud", &undeclared, None), "declared").await.status, 200);
    let token = app.sign_up("ann@example.com", "Ann Co").await;
    let body = json!({ "url": "http://127.0.0.1:9/x", "secret": SECRET, "payload": {} });
    let answer = app.post_as(&token, "/api/m/crud/webhooks", body.clone()).await;
    let message = "The module may not use 'webhooks': module.toml does not declare it";
    assert_eq!((answer.status, answer.message()), (403, message));
    let answer = app.get_as(&token, "/api/m/crud/webhooks/any").await;
    assert_eq!((answer.status, answer.message()), (403, message));

    let upgraded = app.install(&admin, archive_with("crud", &manifest_at("crud", "1.0.1"), None), "storage").await;
    assert_eq!(upgraded.status, 200, "{upgraded:?}");
    let answer = app.post_as(&token, "/api/m/crud/webhooks", body).await;
    let ungranted = "The module may not use 'webhooks': the installation did not grant it";
    assert_eq!((answer.status, answer.message()), (403, ungranted));

    let company = whoami(&app, &token).await;
    let mut refusals = Vec::new();
    for _ in 0..50 {
        let logged = system_logs::list_for_company(app.db(), &company, None, 100).await.unwrap();
        refusals = logged.into_iter().filter(|entry| entry.event == "module.call_refused").collect();
        if refusals.len() >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut messages: Vec<&str> = refusals.iter().map(|entry| entry.message.as_str()).collect();
    messages.sort_unstable();
    assert_eq!(
        messages,
        [
            format!("The module 'crud' was refused a host call. {message}"),
            format!("The module 'crud' was refused a host call. {ungranted}"),
        ]
    );
}

async fn whoami(app: &TestApp, token: &str) -> String {
    crate::directory::whoami(app, token).await["company_id"].as_str().unwrap().to_string()
}
