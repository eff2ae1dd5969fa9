//! The system log: notable events stored per company (`GET /logs/all_logs`), alongside the
//! tracing output.

use std::net::IpAddr;

use axum::extract::State;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::clock;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, Query};
use crate::storage::{self, system_logs};

/// One entry of the system log: `Event::warn("signin.failed", message).company(id)...`.
pub struct Event<'a> {
    company_id: Option<&'a str>,
    user_id: Option<&'a str>,
    level: &'static str,
    event: &'a str,
    message: String,
    request_id: Option<&'a str>,
    client_addr: Option<IpAddr>,
}

impl<'a> Event<'a> {
    /// `level` is `info`, `warn` or `error`.
    pub fn new(level: &'static str, event: &'a str, message: String) -> Self {
        Self { company_id: None, user_id: None, level, event, message, request_id: None, client_addr: None }
    }

    pub fn info(event: &'a str, message: String) -> Self {
        Self::new("info", event, message)
    }

    pub fn warn(event: &'a str, message: String) -> Self {
        Self::new("warn", event, message)
    }

    pub fn error(event: &'a str, message: String) -> Self {
        Self::new("error", event, message)
    }

    pub fn company(self, company_id: impl EventId<'a>) -> Self {
        Self { company_id: company_id.id(), ..self }
    }

    pub fn user(self, user_id: impl EventId<'a>) -> Self {
        Self { user_id: user_id.id(), ..self }
    }

    pub fn request(self, request_id: impl EventId<'a>) -> Self {
        Self { request_id: request_id.id(), ..self }
    }

    /// Where the request came from (the client's address), when a person made it.
    pub fn from(self, client_addr: Option<IpAddr>) -> Self {
        Self { client_addr, ..self }
    }
}

/// An id an entry names: given as text, or as text that may be missing.
pub trait EventId<'a> {
    fn id(self) -> Option<&'a str>;
}

impl<'a> EventId<'a> for &'a str {
    fn id(self) -> Option<&'a str> {
        Some(self)
    }
}

impl<'a> EventId<'a> for &'a String {
    fn id(self) -> Option<&'a str> {
        Some(self)
    }
}

impl<'a> EventId<'a> for Option<&'a str> {
    fn id(self) -> Option<&'a str> {
        self
    }
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
        client_addr: event.client_addr.map(|addr| addr.to_string()),
        created_at: state.clock.now(),
    };
    if let Err(err) = system_logs::insert(&state.db, &entry).await {
        tracing::warn!(error = %err, "could not store a system log entry");
    }
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(all_logs))
}

pub const DEFAULT_LIMIT: i64 = 50;
pub const MAX_LIMIT: i64 = 200;
pub const BAD_CURSOR: &str = "Invalid cursor";
pub const BAD_LIMIT: &str = "limit must be between 1 and 200";

/// Where a page ends: the last entry's time and id, opaque to the client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cursor {
    pub created_at: i64,
    pub id: String,
}

impl Cursor {
    pub fn encode(&self) -> String {
        URL_SAFE_NO_PAD.encode(format!("{}:{}", self.created_at, self.id))
    }

    pub fn decode(text: &str) -> Result<Self> {
        let bad = || Error::bad_request(BAD_CURSOR);
        let raw = URL_SAFE_NO_PAD.decode(text.trim()).map_err(|_| bad())?;
        let raw = String::from_utf8(raw).map_err(|_| bad())?;
        let (created_at, id) = raw.split_once(':').ok_or_else(bad)?;
        let created_at = created_at.parse().map_err(|_| bad())?;
        if id.is_empty() {
            return Err(bad());
        }
        Ok(Self { created_at, id: id.to_string() })
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LogsQuery {
    /// `nextCursor` of the previous page.
    pub before: Option<String>,
    /// 1 to 200; 50 when absent.
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<i64>,
}

impl LogsQuery {
    /// The page size and where the page starts.
    pub fn page(&self) -> Result<(i64, Option<Cursor>)> {
        let limit = self.limit.unwrap_or(DEFAULT_LIMIT);
        if !(1..=MAX_LIMIT).contains(&limit) {
            return Err(Error::bad_request(BAD_LIMIT));
        }
        let before = self.before.as_deref().filter(|b| !b.trim().is_empty()).map(Cursor::decode).transpose()?;
        Ok((limit, before))
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogItem {
    pub id: String,
    pub level: String,
    pub event: String,
    pub message: String,
    /// ISO 8601, UTC.
    pub created_at: String,
    pub request_id: Option<String>,
    /// The client's address, when a person's request made the entry.
    pub client_addr: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogPage {
    pub data: Vec<LogItem>,
    /// Pass as `before` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

/// The caller's company's system log, newest first, a page at a time.
#[utoipa::path(get, path = "/logs/all_logs", tag = "logs", security(("bearer" = [])), params(LogsQuery),
    responses((status = 200, body = LogPage), (status = 400, body = Message), (status = 401, body = Message)))]
async fn all_logs(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<LogsQuery>,
) -> Result<Json<LogPage>> {
    let (limit, before) = query.page()?;
    let before = before.as_ref().map(|c| (c.created_at, c.id.as_str()));
    // One more than asked tells whether another page exists.
    let mut entries = system_logs::list_for_company(&state.db, &current.company_id, before, limit + 1).await?;
    let more = entries.len() as i64 > limit;
    entries.truncate(limit as usize);
    let next_cursor = entries
        .last()
        .filter(|_| more)
        .map(|last| Cursor { created_at: last.created_at, id: last.id.clone() }.encode());
    let data = entries
        .into_iter()
        .map(|e| LogItem {
            id: e.id,
            level: e.level,
            event: e.event,
            message: e.message,
            created_at: clock::iso8601(e.created_at),
            request_id: e.request_id,
            client_addr: e.client_addr,
        })
        .collect();
    Ok(Json(LogPage { data, next_cursor }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_garbage_is_a_400() {
        let cursor = Cursor { created_at: 1_700_000_000, id: "0190-abc".into() };
        assert_eq!(Cursor::decode(&cursor.encode()).unwrap(), cursor);
        for bad in [
            "",
            "%%%",
            &URL_SAFE_NO_PAD.encode("no-colon"),
            &URL_SAFE_NO_PAD.encode("x:id"),
            &URL_SAFE_NO_PAD.encode("12:"),
        ] {
            assert_eq!(Cursor::decode(bad).unwrap_err().to_string(), BAD_CURSOR, "{bad}");
        }
    }

    #[test]
    fn the_limit_is_1_to_200_and_50_by_default() {
        let page = |limit| LogsQuery { before: None, limit }.page();
        assert_eq!(page(None).unwrap().0, 50);
        assert_eq!(page(Some(1)).unwrap().0, 1);
        assert_eq!(page(Some(200)).unwrap().0, 200);
        for bad in [0, -1, 201] {
            assert_eq!(page(Some(bad)).unwrap_err().to_string(), BAD_LIMIT);
        }
    }
}
