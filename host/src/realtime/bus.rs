//! Crossing host instances through NATS (`NATS_URL`). A message published on an instance
//! is queued for that instance's own streams at once and sent on
//! `autoscope.realtime.<company id>`; every other instance hears it there and queues it for
//! its streams. Each instance numbers what it delivers in its own sequence, so a client
//! resumes on the instance it left (on another one it is told to reset).
//!
//! Sending never waits for NATS: messages go through a bounded outbox drained by one
//! task; a full outbox drops the message for the other instances (logged) instead of
//! holding up the request that published it.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;
use tokio::sync::mpsc::error::TrySendError;

use super::hub::{Audience, Hub};

/// The subjects' prefix; the company id follows.
pub const SUBJECT: &str = "autoscope.realtime";
/// Messages waiting to leave for NATS.
const OUTBOX: usize = 65_536;
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// One message between instances.
#[derive(Debug, Serialize, Deserialize)]
struct Envelope {
    /// The instance that published it, which delivered it already.
    origin: String,
    company_id: String,
    audience: Audience,
    channel: String,
    data: String,
    /// A change of standing ([`Hub::publish_standing`]).
    standing: bool,
}

#[derive(Clone)]
pub struct Bus {
    origin: Arc<str>,
    outbox: mpsc::Sender<Envelope>,
}

impl Bus {
    /// Connects to NATS and starts delivering the other instances' messages into `hub`.
    pub async fn connect(url: &str, hub: Arc<Hub>) -> anyhow::Result<Self> {
        let client = tokio::time::timeout(CONNECT_TIMEOUT, async_nats::connect(url))
            .await
            .map_err(|_| anyhow::anyhow!("NATS at {url} did not answer within 5 seconds"))?
            .with_context(|| format!("cannot connect to NATS at {url}"))?;
        let origin: Arc<str> = uuid::Uuid::new_v4().simple().to_string().into();
        let mut inbound = client.subscribe(format!("{SUBJECT}.>")).await.context("cannot subscribe on NATS")?;
        let own = origin.clone();
        tokio::spawn(async move {
            while let Some(message) = inbound.next().await {
                match serde_json::from_slice::<Envelope>(&message.payload) {
                    Ok(envelope) if *envelope.origin != *own => deliver(&hub, envelope),
                    Ok(_) => {}
                    Err(err) => {
                        tracing::warn!(error = %err, subject = %message.subject, "an unreadable realtime message on NATS")
                    }
                }
            }
            tracing::warn!("the NATS subscription ended: other instances' realtime messages no longer arrive");
        });
        let (outbox, mut queued) = mpsc::channel::<Envelope>(OUTBOX);
        tokio::spawn(async move {
            while let Some(envelope) = queued.recv().await {
                let subject = format!("{SUBJECT}.{}", envelope.company_id);
                let Ok(payload) = serde_json::to_vec(&envelope) else { continue };
                if let Err(err) = client.publish(subject, payload.into()).await {
                    tracing::warn!(error = %err, "a realtime message could not be sent to NATS");
                }
            }
        });
        Ok(Self { origin, outbox })
    }

    /// Sends a message, already delivered here, to the other instances.
    pub fn send(&self, company_id: &str, audience: Audience, channel: &str, data: String, standing: bool) {
        if !is_subject_token(company_id) {
            tracing::warn!(company_id, "a company id that cannot name a NATS subject");
            return;
        }
        let envelope = Envelope {
            origin: self.origin.to_string(),
            company_id: company_id.to_string(),
            audience,
            channel: channel.to_string(),
            data,
            standing,
        };
        match self.outbox.try_send(envelope) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                tracing::warn!("the NATS outbox is full: a realtime message reached this instance only")
            }
            Err(TrySendError::Closed(_)) => {
                tracing::warn!("the NATS sender stopped: a realtime message reached this instance only")
            }
        }
    }
}

fn deliver(hub: &Hub, envelope: Envelope) {
    let Envelope { company_id, audience, channel, data, standing, .. } = envelope;
    if standing {
        hub.publish_standing(&company_id, audience, &channel, data);
    } else {
        hub.publish(&company_id, audience, &channel, data);
    }
}

/// Whether `token` may stand as one token of a subject: no separators or wildcards.
fn is_subject_token(token: &str) -> bool {
    !token.is_empty() && !token.contains(['.', '*', '>']) && !token.contains(char::is_whitespace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_ids_name_a_subject() {
        assert!(is_subject_token("0192f3c4-7b1e-7c3a-9d2e-1f0a9b8c7d6e"));
        for bad in ["", "a.b", "a*", ">", "a b"] {
            assert!(!is_subject_token(bad), "{bad:?}");
        }
    }
}
