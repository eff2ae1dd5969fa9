//! Deliveries to a webhook: a receiver on loopback gets a ping when the address is set, then
//! each incident's opening and closing, signed with the rule's secret, and a delivery it
//! refuses arrives again after the host's backoff. A host the operator does not allow is
//! refused when the rule is saved.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use autoscope_module_test::{Engine, on_both_engines};
use axum::http::{HeaderMap, StatusCode};
use hmac::{KeyInit, Mac};
use serde_json::{Value, json};

use crate::common::{MINUTE, create, expect, ingest, load, refused, rule, run};

on_both_engines!(
    incidents_reach_the_webhook_signed_and_again_after_a_refusal,
    a_host_the_portal_does_not_allow_is_refused,
);

/// What the receiver got: the signature headers and the body.
#[derive(Debug, Clone)]
struct Received {
    timestamp: String,
    signature: String,
    body: String,
}

/// A receiver on a loopback port: it answers 200, except 503 to the first delivery whose
/// body holds the text it was told to refuse (the host sends deliveries side by side, so
/// their order is not known).
#[derive(Clone)]
struct Receiver {
    url: String,
    received: Arc<Mutex<Vec<Received>>>,
    refuse: Arc<Mutex<Option<String>>>,
}

impl Receiver {
    async fn start() -> anyhow::Result<Self> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let receiver = Self {
            url: format!("http://{}/hook", listener.local_addr()?),
            received: Arc::default(),
            refuse: Arc::default(),
        };
        let state = receiver.clone();
        let app = axum::Router::new().route(
            "/hook",
            axum::routing::post(move |headers: HeaderMap, body: String| {
                let state = state.clone();
                async move {
                    let header =
                        |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
                    let refused = state
                        .refuse
                        .lock()
                        .ok()
                        .and_then(|mut refuse| refuse.take_if(|marker| body.contains(marker.as_str())))
                        .is_some();
                    let received = Received {
                        timestamp: header("x-autoscope-timestamp"),
                        signature: header("x-autoscope-signature"),
                        body,
                    };
                    state.received.lock().map(|mut all| all.push(received)).ok();
                    let status = if refused { 503 } else { 200 };
                    StatusCode::from_u16(status).unwrap_or(StatusCode::OK)
                }
            }),
        );
        tokio::spawn(async move { axum::serve(listener, app).await });
        Ok(receiver)
    }

    fn received(&self) -> Vec<Received> {
        self.received.lock().map(|all| all.clone()).unwrap_or_default()
    }

    fn refuse_once(&self, marker: &str) {
        self.refuse.lock().map(|mut refuse| *refuse = Some(marker.to_string())).ok();
    }

    /// The bodies received of deliveries of `kind` (`ping`, `incident.opened`, ...).
    fn of_kind(&self, kind: &str) -> Vec<Value> {
        let bodies = self.received().into_iter().filter_map(|got| serde_json::from_str::<Value>(&got.body).ok());
        bodies.filter(|body| body["type"] == kind).collect()
    }
}

/// `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`, as a receiver checks it.
fn signature(secret: &str, timestamp: &str, body: &str) -> String {
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(format!("{timestamp}.{body}").as_bytes());
    format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
}

async fn incidents_reach_the_webhook_signed_and_again_after_a_refusal(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let receiver = Receiver::start().await?;
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
    draft["webhook_url"] = receiver.url.clone().into();
    // The incident's first delivery is refused once.
    receiver.refuse_once("incident.opened");
    let checked = create(&harness, &acme, draft).await?;
    let secret = checked["rule"]["webhook_secret"].as_str().unwrap_or_default().to_string();
    assert!(secret.starts_with("whsec_") && secret.len() > 30, "{secret}");
    harness.deliver_webhooks().await?;
    let got = receiver.received();
    assert_eq!(got.len(), 2, "the ping and the incident");
    for delivery in &got {
        assert_eq!(delivery.signature, signature(&secret, &delivery.timestamp, &delivery.body));
    }
    assert_eq!(receiver.of_kind("ping").len(), 1);
    let opened = receiver.of_kind("incident.opened");
    assert_eq!(opened.len(), 1);
    assert_eq!(opened[0]["incident"]["id"], checked["incident"]["id"]);
    assert_eq!(opened[0]["rule"]["name"], "Invoices failing");

    // Refused with 503: nothing more until the backoff has passed, then the same delivery.
    harness.deliver_webhooks().await?;
    assert_eq!(receiver.received().len(), 2);
    harness.advance(Duration::from_secs(11));
    harness.deliver_webhooks().await?;
    assert_eq!(receiver.received().len(), 3);
    assert_eq!(receiver.of_kind("incident.opened"), [opened[0].clone(), opened[0].clone()], "the same delivery again");

    // The rule cleared: the closing is delivered too, and saving the same address pings no more.
    let mut change = rule("Invoices failing", "failure_rate", 100.0);
    change["deliver_bell"] = false.into();
    change["webhook_url"] = receiver.url.clone().into();
    change["version"] = checked["rule"]["version"].clone();
    let id = checked["rule"]["id"].as_str().unwrap_or_default();
    let saved = expect(&harness, &acme, "PUT", &format!("/rules/{id}"), Some(change), 200).await?;
    assert_eq!(saved["rule"]["webhook_secret"], secret.as_str(), "the secret stays");
    harness.deliver_webhooks().await?;
    assert_eq!(receiver.received().len(), 4);
    assert_eq!(receiver.of_kind("incident.closed").len(), 1);
    Ok(())
}

async fn a_host_the_portal_does_not_allow_is_refused(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let mut draft = rule("Invoices failing", "failure_rate", 10.0);
    draft["webhook_url"] = "https://hooks.example.com/incidents".into();
    let message = refused(&harness, &acme, "POST", "/rules", Some(draft), 403).await?;
    assert_eq!(message, "The portal does not allow webhooks to hooks.example.com");
    assert_eq!(expect(&harness, &acme, "GET", "/rules", None, 200).await?, json!([]), "nothing was saved");
    Ok(())
}
