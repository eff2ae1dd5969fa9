//! Outbound webhooks: the `webhook` host function stores a delivery (its secret sealed for
//! the row) and answers at once; a worker sends due deliveries as signed POSTs, claimed with
//! a lease so host instances never send one twice at once, and tries a failed one again
//! with backoff until a 2xx answer or its last attempt, after which the delivery fails with
//! a `module.webhook_failed` entry in the company's system log.

use std::time::Duration;

use autoscope_wire::host::{
    MAX_WEBHOOK_PAYLOAD_BYTES, MAX_WEBHOOK_SECRET_CHARS, WEBHOOK_ATTEMPTS, Webhook, WebhookDelivery, WebhookSent,
    WebhookStatus,
};
use futures_util::StreamExt;

use crate::config::WebhookHosts;
use crate::error::{Error, Result};
use crate::http::AppState;
use crate::storage::module_webhooks::{self, Outcome, WebhookRow};
use crate::storage::{Db, new_id};

pub const NOT_FOUND: &str = "No such webhook delivery";
/// How long one attempt waits for the receiver's answer.
const TIMEOUT: Duration = Duration::from_secs(10);
/// How long a claimed delivery is reserved for its attempt: [`TIMEOUT`] and 5 seconds to
/// record the outcome. A host that dies sending it leaves it to another this soon.
const LEASE_SECONDS: i64 = 15;
/// Due deliveries read at once; each is claimed just before its attempt, so a host's death
/// holds up none for longer than one attempt.
pub const BATCH: usize = 32;
const SENDS_AT_ONCE: usize = 8;
const MAX_URL_CHARS: usize = 2_048;

/// Stores `webhook` as a delivery of `module` in `company_id`, due now, and wakes the
/// workers.
pub async fn send(state: &AppState, (module, company_id): (&str, &str), webhook: Webhook) -> Result<WebhookSent> {
    let url = check_url(&webhook.url, &state.config.modules.webhook_hosts)?;
    let length = webhook.secret.chars().count();
    if !(1..=MAX_WEBHOOK_SECRET_CHARS).contains(&length) {
        return Err(Error::bad_request("A webhook's secret is 1 to 200 characters"));
    }
    let payload = webhook.payload.to_string();
    if payload.len() > MAX_WEBHOOK_PAYLOAD_BYTES {
        return Err(Error::PayloadTooLarge("A webhook's payload may be at most 64 KB of JSON".into()));
    }
    let (id, now) = (new_id(), state.clock.now());
    let row = WebhookRow {
        secret_sealed: crate::crypto::seal(
            &sealing_key(state),
            &seal_context(company_id, module, &id),
            webhook.secret.as_bytes(),
        ),
        id,
        company_id: company_id.into(),
        module: module.into(),
        url: url.into(),
        payload,
        status: "pending".into(),
        attempts: 0,
        last_status: None,
        last_error: None,
        next_at: now,
        created_at: now,
        delivered_at: None,
    };
    module_webhooks::insert(&state.db, &row).await?;
    state.modules.wake_workers();
    Ok(WebhookSent { id: row.id })
}

/// A delivery of `module` in `company_id`; 404 for any other's.
pub async fn get(db: &Db, (module, company_id): (&str, &str), id: &str) -> Result<WebhookDelivery> {
    let row = module_webhooks::get(db, company_id, module, id).await?;
    row.map(|row| delivery_of(&row)).ok_or_else(|| Error::NotFound(NOT_FOUND.into()))
}

/// `text` as the address a webhook is sent to: http(s) without credentials (they would sit
/// in the table and the log in clear), on a host the operator allows.
pub fn check_url(text: &str, hosts: &WebhookHosts) -> Result<url::Url> {
    let not_http = || Error::bad_request("A webhook's URL must be an http or https address");
    if text.chars().count() > MAX_URL_CHARS {
        return Err(Error::bad_request("A webhook's URL may be at most 2,048 characters"));
    }
    let url = url::Url::parse(text).map_err(|_| not_http())?;
    let host = match url.host_str() {
        Some(host) if matches!(url.scheme(), "http" | "https") => host.to_string(),
        _ => return Err(not_http()),
    };
    if !url.username().is_empty() || url.password().is_some() {
        return Err(Error::bad_request("A webhook's URL may not carry a user name or password"));
    }
    if !hosts.allows(&url) {
        return Err(Error::Forbidden(format!("The portal does not allow webhooks to {host}")));
    }
    Ok(url)
}

/// `x-autoscope-signature` without its `sha256=`: the hex HMAC-SHA256 of
/// `<timestamp>.<body>` under the secret, so a receiver knows the sender and the time.
pub fn signature(secret: &str, timestamp: i64, body: &str) -> String {
    hex::encode(crate::crypto::keyed_digest(secret.as_bytes(), &format!("{timestamp}.{body}")))
}

/// Seconds before the attempt after attempt `attempt` (1-based) failed: 10 s, doubling.
pub fn backoff(attempt: i64) -> i64 {
    10 << (attempt.clamp(1, i64::from(WEBHOOK_ATTEMPTS)) - 1)
}

/// What one batch of deliveries came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sent {
    /// Deliveries claimed and tried.
    pub attempted: usize,
    /// Of those, the ones a receiver accepted.
    pub delivered: usize,
}

/// Sends a batch of due deliveries, [`SENDS_AT_ONCE`] at a time, each claimed as its turn
/// comes (another instance may have taken it meanwhile). Every attempt is recorded before
/// an error is answered.
pub async fn deliver_due(state: &AppState) -> anyhow::Result<Sent> {
    let due = module_webhooks::due(&state.db, state.clock.now(), BATCH as i64).await?;
    let results: Vec<anyhow::Result<Option<bool>>> = futures_util::stream::iter(due)
        .map(|id| claim_and_attempt(state, id))
        .buffer_unordered(SENDS_AT_ONCE)
        .collect()
        .await;
    let (mut attempted, mut delivered) = (0, 0);
    for result in results {
        if let Some(accepted) = result? {
            attempted += 1;
            delivered += usize::from(accepted);
        }
    }
    Ok(Sent { attempted, delivered })
}

/// Claims the delivery `id` for one attempt and makes it; `None` when it is no longer due.
async fn claim_and_attempt(state: &AppState, id: String) -> anyhow::Result<Option<bool>> {
    let now = state.clock.now();
    let Some(row) = module_webhooks::claim(&state.db, &id, now, now + LEASE_SECONDS).await? else {
        return Ok(None);
    };
    Ok(Some(attempt(state, row).await?))
}

/// How one attempt went: the receiver's status, or why none came.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Answer {
    Status(u16),
    None(String),
}

/// Sends one claimed delivery and records the outcome; answers whether it was delivered.
async fn attempt(state: &AppState, row: WebhookRow) -> anyhow::Result<bool> {
    let answer = post(state, &row).await;
    let outcome = outcome(row.attempts + 1, &answer, state.clock.now());
    module_webhooks::record(&state.db, &row.company_id, &row.module, &row.id, &outcome).await?;
    if outcome.status == "failed" {
        let message = format!(
            "The webhook {} of module {} to {} failed after {} attempts: {}",
            row.id,
            row.module,
            row.url,
            outcome.attempts,
            outcome.last_error.as_deref().unwrap_or_default()
        );
        let event = crate::logs::Event::error("module.webhook_failed", message).company(&row.company_id);
        crate::logs::record(state, event).await;
    }
    Ok(outcome.status == "delivered")
}

/// POSTs the delivery's payload, signed, to its URL (if the operator still allows it).
async fn post(state: &AppState, row: &WebhookRow) -> Answer {
    let url = match check_url(&row.url, &state.config.modules.webhook_hosts) {
        Ok(url) => url,
        Err(refused) => return Answer::None(refused.public_message()),
    };
    let opened = crate::crypto::open(
        &sealing_key(state),
        &seal_context(&row.company_id, &row.module, &row.id),
        &row.secret_sealed,
    )
    .and_then(|bytes| String::from_utf8(bytes).ok());
    let Some(secret) = opened else {
        return Answer::None("the webhook's secret cannot be read with this portal's secret".into());
    };
    let timestamp = state.clock.now();
    let request = state
        .http
        .post(url)
        .timeout(TIMEOUT)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .header("x-autoscope-delivery", &row.id)
        .header("x-autoscope-timestamp", timestamp.to_string())
        .header("x-autoscope-signature", format!("sha256={}", signature(&secret, timestamp, &row.payload)))
        .body(row.payload.clone());
    match request.send().await {
        Ok(response) => Answer::Status(response.status().as_u16()),
        Err(err) if err.is_timeout() => Answer::None("the receiver did not answer within 10 seconds".into()),
        Err(err) => Answer::None(format!("{:#}", anyhow::Error::from(err.without_url()))),
    }
}

/// What attempt `attempt` (1-based) answering `answer` at `now` leaves of the delivery: 2xx
/// delivers it; anything else tries again after [`backoff`], or fails it after the last
/// attempt.
fn outcome(attempt: i64, answer: &Answer, now: i64) -> Outcome {
    let (last_status, last_error) = match answer {
        Answer::Status(code @ 200..=299) => {
            return Outcome {
                status: "delivered",
                attempts: attempt,
                last_status: Some(i64::from(*code)),
                last_error: None,
                next_at: now,
                delivered_at: Some(now),
            };
        }
        Answer::Status(code) => (Some(i64::from(*code)), format!("the receiver answered {code}")),
        Answer::None(error) => (None, error.clone()),
    };
    let last = attempt >= i64::from(WEBHOOK_ATTEMPTS);
    Outcome {
        status: if last { "failed" } else { "pending" },
        attempts: attempt,
        last_status,
        last_error: Some(last_error),
        next_at: if last { now } else { now + backoff(attempt) },
        delivered_at: None,
    }
}

/// Seals webhook secrets: a key derived from the host's secret, for this purpose only.
fn sealing_key(state: &AppState) -> [u8; 32] {
    crate::crypto::derive_key(state.config.secret.expose(), "module-webhook-secrets")
}

/// What a sealed secret is bound to: its company, module and delivery.
fn seal_context(company_id: &str, module: &str, id: &str) -> Vec<u8> {
    format!("module-webhook\n{company_id}\n{module}\n{id}").into_bytes()
}

fn delivery_of(row: &WebhookRow) -> WebhookDelivery {
    let status = match row.status.as_str() {
        "delivered" => WebhookStatus::Delivered,
        "failed" => WebhookStatus::Failed,
        _ => WebhookStatus::Pending,
    };
    WebhookDelivery {
        id: row.id.clone(),
        url: row.url.clone(),
        status,
        attempts: u32::try_from(row.attempts).unwrap_or(u32::MAX),
        last_status: row.last_status.and_then(|code| u16::try_from(code).ok()),
        last_error: row.last_error.clone(),
        created_at: row.created_at,
        delivered_at: row.delivered_at,
        next_attempt_at: (status == WebhookStatus::Pending).then_some(row.next_at),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_is_the_hmac_of_timestamp_and_body() {
        // python3: hmac.new(b"whsec-test", b'1700000000.{"incident":"i-1"}', hashlib.sha256).hexdigest()
        assert_eq!(
            signature("whsec-test", 1_700_000_000, r#"{"incident":"i-1"}"#),
            "16c3495aa73e9f752d0123f5bb7dda98b78d7e273ad503c1f18a6ce45ad032bc"
        );
        assert_ne!(
            signature("whsec-test", 1_700_000_001, r#"{"incident":"i-1"}"#),
            signature("whsec-test", 1_700_000_000, r#"{"incident":"i-1"}"#)
        );
        assert_ne!(signature("other", 1_700_000_000, "{}"), signature("whsec-test", 1_700_000_000, "{}"));
    }

    #[test]
    fn retries_wait_ten_seconds_doubling() {
        let waits: Vec<i64> = (1..i64::from(WEBHOOK_ATTEMPTS)).map(backoff).collect();
        assert_eq!(waits, [10, 20, 40, 80, 160]);
        assert_eq!(backoff(0), 10);
        assert_eq!(backoff(i64::MAX), 320, "bounded");
    }

    #[test]
    fn a_2xx_delivers_and_anything_else_tries_again_until_the_last_attempt() {
        let delivered = outcome(3, &Answer::Status(204), 1_000);
        assert_eq!(
            (delivered.status, delivered.delivered_at, delivered.last_status),
            ("delivered", Some(1_000), Some(204))
        );
        let again = outcome(1, &Answer::Status(500), 1_000);
        assert_eq!(
            (again.status, again.next_at, again.last_error.as_deref()),
            ("pending", 1_010, Some("the receiver answered 500"))
        );
        let redirected = outcome(2, &Answer::Status(302), 1_000);
        assert_eq!((redirected.status, redirected.next_at), ("pending", 1_020), "redirects are not followed");
        let refused = outcome(5, &Answer::None("connection refused".into()), 1_000);
        assert_eq!((refused.status, refused.last_status, refused.next_at), ("pending", None, 1_160));
        let last = outcome(6, &Answer::Status(503), 1_000);
        assert_eq!((last.status, last.delivered_at), ("failed", None));
    }

    #[test]
    fn only_http_addresses_without_credentials_on_allowed_hosts_are_taken() {
        let hosts = WebhookHosts::parse("hooks.example.com").unwrap();
        assert_eq!(
            check_url("https://Hooks.Example.com/in?x=1", &hosts).unwrap().as_str(),
            "https://hooks.example.com/in?x=1"
        );
        let refused = |text: &str| check_url(text, &hosts).unwrap_err();
        for not_http in
            ["ftp://hooks.example.com/x", "hooks.example.com/x", "file:///etc/passwd", "mailto:a@hooks.example.com", ""]
        {
            assert_eq!(refused(not_http).to_string(), "A webhook's URL must be an http or https address", "{not_http}");
        }
        for credentials in [
            "https://user@hooks.example.com/x",
            "https://user:pw@hooks.example.com/x",
            "https://:pw@hooks.example.com/x",
        ] {
            let err = refused(credentials);
            assert_eq!(
                (err.status().as_u16(), err.to_string().as_str()),
                (400, "A webhook's URL may not carry a user name or password")
            );
        }
        let other = refused("https://evil.example.com/x");
        assert_eq!(
            (other.status().as_u16(), other.to_string().as_str()),
            (403, "The portal does not allow webhooks to evil.example.com")
        );
        let long = format!("https://hooks.example.com/{}", "a".repeat(MAX_URL_CHARS));
        assert_eq!(refused(&long).status().as_u16(), 400);
    }
}
