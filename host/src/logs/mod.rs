//! The system log: notable events stored per company (`GET /logs/all_logs`), alongside the
//! tracing output.

use crate::http::AppState;
use crate::storage::{self, system_logs};

pub struct Event<'a> {
    pub company_id: Option<&'a str>,
    pub user_id: Option<&'a str>,
    pub level: &'a str,
    pub event: &'a str,
    pub message: String,
    pub request_id: Option<&'a str>,
}

/// Stores the event. A failure to store is logged and swallowed: the request that
/// caused the event must not fail because of its log.
pub async fn record(state: &AppState, event: Event<'_>) {
    tracing::info!(event = event.event, company = event.company_id, user = event.user_id, "{}", event.message);
    let entry = system_logs::LogEntry {
        id: storage::new_id(),
        company_id: event.company_id.map(str::to_string),
        user_id: event.user_id.map(str::to_string),
        level: event.level.to_string(),
        event: event.event.to_string(),
        message: event.message,
        request_id: event.request_id.map(str::to_string),
        created_at: state.clock.now(),
    };
    if let Err(err) = system_logs::insert(&state.db, &entry).await {
        tracing::warn!(error = %err, "could not store a system log entry");
    }
}

pub fn routes() -> utoipa_axum::router::OpenApiRouter<AppState> {
    utoipa_axum::router::OpenApiRouter::new()
}
