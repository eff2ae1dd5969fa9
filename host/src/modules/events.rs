//! Module events: `publish` stores the event and a delivery per subscribed module; a
//! worker delivers them (at least once, retried with backoff) by calling each
//! subscriber's `handle` with the event, in the publishing company.

use autoscope_wire::{Call, Envelope, EventDelivery};

use crate::http::AppState;
use crate::storage::{self, module_events};

/// A delivery is given up after this many attempts (and a system log entry says so).
pub const MAX_ATTEMPTS: i32 = 10;
const BATCH: i64 = 50;

/// Stores `request` for every installed module subscribed to it; answers how many.
pub async fn publish(
    state: &AppState,
    source: &str,
    company_id: &str,
    request: &autoscope_wire::host::Publish,
) -> anyhow::Result<u64> {
    let edition = storage::companies::edition_of(&state.db, company_id).await?.unwrap_or_default();
    let subscribers = state.modules.subscribers(&request.name, &edition);
    let payload = serde_json::to_string(&request.payload)?;
    let id = storage::new_id();
    let event = module_events::NewEvent {
        id: &id,
        company_id,
        source,
        name: &request.name,
        payload: &payload,
        published_at: state.clock.now(),
    };
    module_events::insert(&state.db, &event, &subscribers).await?;
    if !subscribers.is_empty() {
        state.modules.wake_workers();
    }
    Ok(subscribers.len() as u64)
}

/// Seconds before retry `attempt` (1-based): 5 s doubling, at most an hour.
pub fn backoff(attempt: i32) -> i64 {
    (5i64 << attempt.clamp(1, 20).saturating_sub(1)).min(3600)
}

/// Delivers what is due now; answers how many deliveries succeeded.
pub async fn deliver_due(state: &AppState) -> anyhow::Result<usize> {
    let due = module_events::due(&state.db, state.clock.now(), MAX_ATTEMPTS, BATCH).await?;
    let mut delivered = 0;
    // Each is claimed just before its call, with a lease for that call only: a batch
    // claimed at once would stay leased, after a crash, for as long as all its calls.
    for (event_id, module_key) in due {
        let now = state.clock.now();
        let lease_until = now + crate::modules::runtime::lease_seconds(state, &module_key);
        let Some(delivery) = module_events::claim(&state.db, (&event_id, &module_key), now, lease_until).await? else {
            continue;
        };
        let outcome = deliver(state, &delivery).await;
        let now = state.clock.now();
        match outcome {
            Ok(()) => {
                module_events::mark_delivered(&state.db, &delivery.event_id, &delivery.module_key, now).await?;
                delivered += 1;
            }
            Err(error) => {
                let retry_at = now + backoff(delivery.attempts);
                module_events::mark_failed(&state.db, &delivery.event_id, &delivery.module_key, retry_at, &error)
                    .await?;
                let gave_up = delivery.attempts >= MAX_ATTEMPTS;
                crate::logs::record(
                    state,
                    crate::logs::Event::new(
                        if gave_up { "error" } else { "warn" },
                        "module.event_delivery_failed",
                        format!(
                            "Delivering {} to module {} failed (attempt {}{}): {error}",
                            delivery.name,
                            delivery.module_key,
                            delivery.attempts,
                            if gave_up { ", giving up" } else { "" }
                        ),
                    )
                    .company(&delivery.company_id),
                )
                .await;
            }
        }
    }
    Ok(delivered)
}

async fn deliver(state: &AppState, delivery: &module_events::Claimed) -> Result<(), String> {
    let module = state.modules.get(&delivery.module_key).ok_or("the module is not installed")?;
    let envelope = Envelope {
        v: autoscope_wire::HOST_API_VERSION,
        context: crate::modules::runtime::context(state, &delivery.module_key, &delivery.company_id, None, None),
        call: Call::Event(EventDelivery {
            id: delivery.event_id.clone(),
            name: delivery.name.clone(),
            source: delivery.source.clone(),
            payload: serde_json::from_str(&delivery.payload).unwrap_or_default(),
            published_at: delivery.published_at,
            attempt: delivery.attempts.max(1) as u32,
        }),
    };
    let reply =
        crate::modules::runtime::call(state, &module.loaded, &envelope, None).await.map_err(|err| err.to_string())?;
    if reply.status < 300 { Ok(()) } else { Err(format!("the module answered {}: {}", reply.status, reply.body)) }
}

#[cfg(test)]
mod tests {
    use super::backoff;

    #[test]
    fn retries_back_off_to_an_hour() {
        assert_eq!(backoff(1), 5);
        assert_eq!(backoff(2), 10);
        assert_eq!(backoff(4), 40);
        assert_eq!(backoff(30), 3600);
    }
}
