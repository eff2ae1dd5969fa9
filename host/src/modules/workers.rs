//! The platform's background work, one task per host: event deliveries, module jobs and
//! webhooks (as soon as one is published, started or sent, and every 2 seconds for
//! retries), schedule runs every 15 seconds, and the rollup days writers marked every 5
//! seconds; and, on a task of its own, the installations other instances made.

use std::time::Duration;

use tokio::task::JoinHandle;

use crate::http::AppState;
use crate::modules::{collections, events, jobs, registry, schedules, webhooks};

/// Delivers events, runs jobs and schedules, sends webhooks and rebuilds rollups until the
/// process ends.
pub async fn run(state: AppState) {
    let mut schedule_tick = tokio::time::interval(Duration::from_secs(15));
    let mut rollup_tick = tokio::time::interval(Duration::from_secs(5));
    let mut event_tick = tokio::time::interval(Duration::from_secs(2));
    let mut sending: Option<JoinHandle<()>> = None;
    loop {
        tokio::select! {
            _ = schedule_tick.tick() => {
                if let Err(err) = schedules::run_due(&state).await {
                    tracing::warn!(error = format!("{err:#}"), "running schedules failed");
                }
                continue;
            }
            _ = rollup_tick.tick() => {
                if let Err(err) = refresh_rollups(&state).await {
                    tracing::warn!(error = format!("{err:#}"), "rebuilding rollups failed");
                }
                continue;
            }
            _ = event_tick.tick() => {}
            _ = state.modules.woken() => {}
        }
        // Jobs first: they run on tasks of their own, while deliveries run here.
        if let Err(err) = jobs::run_due(&state).await {
            tracing::warn!(error = format!("{err:#}"), "starting module jobs failed");
        }
        // Webhooks wait on outside servers (10 seconds at most an attempt): they are sent on
        // a task of their own, one batch after another, so a slow receiver holds up no event.
        if sending.as_ref().is_none_or(JoinHandle::is_finished) {
            sending = Some(tokio::spawn(send_webhooks(state.clone())));
        }
        if let Err(err) = events::deliver_due(&state).await {
            tracing::warn!(error = format!("{err:#}"), "delivering events failed");
        }
    }
}

/// Loads the modules installed, upgraded or removed through other host instances (and
/// with `autoscope module install` beside a running host), every [`registry::FOLLOW_EVERY`].
pub async fn follow_installations(state: AppState) {
    let mut tick = tokio::time::interval(registry::FOLLOW_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if let Err(err) = state.modules.follow(&state.db).await {
            tracing::warn!(error = format!("{err:#}"), "reading the module installations failed");
        }
    }
}

/// Sends the webhooks that are due, batch after batch while batches come full.
async fn send_webhooks(state: AppState) {
    loop {
        match webhooks::deliver_due(&state).await {
            Ok(sent) if sent.attempted == webhooks::BATCH => continue,
            Ok(_) => return,
            Err(err) => {
                tracing::warn!(error = format!("{err:#}"), "sending webhooks failed");
                return;
            }
        }
    }
}

/// Rebuilds the rollup days writers marked, for every installed module.
pub async fn refresh_rollups(state: &AppState) -> anyhow::Result<usize> {
    let rollups: Vec<(String, String, crate::modules::manifest::Rollup)> = state
        .modules
        .all()
        .iter()
        .flat_map(|installed| {
            let key = installed.manifest().key.clone();
            installed.manifest().collections.iter().flat_map(move |(collection, spec)| {
                let key = key.clone();
                spec.rollups.iter().map(move |rollup| (key.clone(), collection.clone(), rollup.clone()))
            })
        })
        .collect();
    if rollups.is_empty() {
        return Ok(0);
    }
    Ok(collections::rollup::refresh_pending(&state.db, &rollups, 100).await?)
}
