//! Hourly upkeep on every host instance (each step is idempotent, so instances may overlap):
//! ended sessions, old rate-limit windows and sign-in locks, bookkeeping past the
//! operator's retention, and the data deletion requests whose grace period is over.

use std::future::Future;

use crate::http::AppState;
use crate::{accounts, storage};

/// Rows dropped per statement, so a long backlog never holds a table for long.
const BATCH: i64 = 5_000;

/// What one pass dropped from the bookkeeping.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Purged {
    pub events: u64,
    pub mails: u64,
    pub jobs: u64,
    pub webhooks: u64,
}

pub async fn every_hour(state: AppState) {
    let mut tick = tokio::time::interval(std::time::Duration::from_secs(3600));
    loop {
        tick.tick().await;
        run_once(&state).await;
    }
}

/// One pass; a failed step is logged and the others still run.
pub async fn run_once(state: &AppState) -> Purged {
    let now = state.clock.now();
    if let Err(err) = storage::sessions::purge_ended(&state.db, now).await {
        tracing::warn!(error = %err, "session purge failed");
    }
    if let Err(err) = storage::rate_limits::purge(&state.db, now - 86_400).await {
        tracing::warn!(error = %err, "rate-limit purge failed");
    }
    if let Err(err) = storage::sign_in_locks::purge(&state.db, (now - 86_400) * 1000).await {
        tracing::warn!(error = %err, "sign-in lock purge failed");
    }
    let purged = purge_bookkeeping(state, now).await;
    if let Err(err) = accounts::deletion::run_due(state).await {
        tracing::warn!(error = %err, "data deletion run failed");
    }
    purged
}

async fn purge_bookkeeping(state: &AppState, now: i64) -> Purged {
    let db = &state.db;
    let before = now - state.config.bookkeeping_retention.as_secs() as i64;
    Purged {
        events: drain("module events", || storage::module_events::purge_published_before(db, before, BATCH)).await,
        mails: drain("mail outbox", || storage::mail_outbox::purge_before(db, before, BATCH)).await,
        jobs: drain("module jobs", || storage::module_jobs::purge_finished_before(db, before, BATCH)).await,
        webhooks: drain("webhook deliveries", || storage::module_webhooks::purge_settled_before(db, before, BATCH))
            .await,
    }
}

/// Runs `purge_batch` until a batch comes back short; answers the rows dropped.
async fn drain<F, Fut>(what: &str, purge_batch: F) -> u64
where
    F: Fn() -> Fut,
    Fut: Future<Output = sqlx::Result<u64>>,
{
    let mut total = 0;
    loop {
        match purge_batch().await {
            Ok(dropped) => {
                total += dropped;
                if dropped < BATCH as u64 {
                    return total;
                }
            }
            Err(err) => {
                tracing::warn!(error = %err, "{what} purge failed");
                return total;
            }
        }
    }
}
