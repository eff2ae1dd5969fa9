//! The system log of every company (and the platform's own entries) for the platform
//! administrators: filtered by company, user, level and days, a page at a time, or the
//! whole filtered log as CSV.

use autoscope_sdk::days::{DAY, parse_day};
use autoscope_sdk::range::{REVERSED, UNREADABLE};
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{Window, given};
use crate::auth::Admin;
use crate::clock;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, Query};
use crate::storage::system_logs::{self, Filter, NamedEntry};

pub const BAD_LEVEL: &str = "Level must be info, warn or error";
/// The most entries one CSV export holds (the newest).
pub const EXPORT_LIMIT: i64 = 10_000;
const LEVELS: [&str; 3] = ["info", "warn", "error"];

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_logs)).routes(routes!(export_logs))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdminLogsQuery {
    /// A company's id.
    pub company: Option<String>,
    /// A user's id, or text their e-mail contains (ignoring case).
    pub user: Option<String>,
    /// `info`, `warn` or `error`.
    pub level: Option<String>,
    /// The first day, `YYYY-MM-DD` (UTC), included.
    pub from: Option<String>,
    /// The last day, `YYYY-MM-DD` (UTC), included.
    pub to: Option<String>,
    /// An event's name, exactly: `module.log.<key>` for a module's own log lines.
    pub event: Option<String>,
    /// 1-based; 1 when absent.
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// 1 to 100; 20 when absent.
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
}

/// A day's UTC midnight, unix seconds, read as the dashboards read their days (the SDK's
/// `range` module), with the same message.
fn day_start(text: &str) -> Result<i64> {
    parse_day(text).map(|day| day * DAY).ok_or_else(|| Error::bad_request(UNREADABLE))
}

impl AdminLogsQuery {
    /// The storage filter: blank fields are absent, `to` is the day after the last one.
    fn filter(&self) -> Result<Filter> {
        let level = given(&self.level).map(|level| level.to_lowercase());
        if level.as_deref().is_some_and(|level| !LEVELS.contains(&level)) {
            return Err(Error::bad_request(BAD_LEVEL));
        }
        let from = given(&self.from).map(|day| day_start(&day)).transpose()?;
        let to = given(&self.to).map(|day| day_start(&day).map(|start| start + DAY)).transpose()?;
        if let (Some(from), Some(to)) = (from, to)
            && from >= to
        {
            return Err(Error::bad_request(REVERSED));
        }
        Ok(Filter {
            company_id: given(&self.company),
            user: given(&self.user),
            level,
            from,
            to,
            event: given(&self.event),
        })
    }
}

/// One entry of `GET /admin/logs`.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AdminLogItem {
    pub id: String,
    pub level: String,
    pub event: String,
    pub message: String,
    /// ISO 8601, UTC.
    pub created_at: String,
    pub company_id: Option<String>,
    pub company_name: Option<String>,
    pub user_id: Option<String>,
    pub user_email: Option<String>,
    pub request_id: Option<String>,
    /// The client's address, when a person's request made the entry.
    pub client_addr: Option<String>,
}

impl From<NamedEntry> for AdminLogItem {
    fn from(NamedEntry { entry: e, companyname, user_email }: NamedEntry) -> Self {
        Self {
            id: e.id,
            level: e.level,
            event: e.event,
            message: e.message,
            created_at: clock::iso8601(e.created_at),
            company_id: e.company_id,
            company_name: companyname,
            user_id: e.user_id,
            user_email,
            request_id: e.request_id,
            client_addr: e.client_addr,
        }
    }
}

/// A page of `GET /admin/logs`; `page` is 1-based.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AdminLogPage {
    pub data: Vec<AdminLogItem>,
    pub page: i64,
    pub page_size: i64,
    /// How many entries pass the filter.
    pub total: i64,
}

/// Every company's log, newest first, filtered, a page at a time.
#[utoipa::path(get, path = "/admin/logs", tag = "admin", security(("bearer" = [])), params(AdminLogsQuery),
    responses((status = 200, body = AdminLogPage), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message)))]
async fn list_logs(
    State(state): State<AppState>,
    _admin: Admin,
    Query(query): Query<AdminLogsQuery>,
) -> Result<Json<AdminLogPage>> {
    let filter = query.filter()?;
    let window = Window::of(query.page, query.page_size)?;
    let total = system_logs::count(&state.db, &filter).await?;
    let entries = system_logs::search(&state.db, &filter, window.page_size, window.offset()).await?;
    Ok(Json(AdminLogPage {
        data: entries.into_iter().map(AdminLogItem::from).collect(),
        page: window.page,
        page_size: window.page_size,
        total,
    }))
}

/// The filtered log as a CSV file (the newest 10,000 entries; `page` and `pageSize` are
/// ignored).
#[utoipa::path(get, path = "/admin/logs/export", tag = "admin", security(("bearer" = [])), params(AdminLogsQuery),
    responses((status = 200, content_type = "text/csv", body = String), (status = 400, body = Message),
        (status = 401, body = Message), (status = 403, body = Message)))]
async fn export_logs(
    State(state): State<AppState>,
    _admin: Admin,
    Query(query): Query<AdminLogsQuery>,
) -> Result<impl IntoResponse> {
    let filter = query.filter()?;
    let entries = system_logs::search(&state.db, &filter, EXPORT_LIMIT, 0).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"system-logs.csv\""),
        ],
        to_csv(&entries),
    ))
}

const CSV_HEADER: [&str; 9] =
    ["Time (UTC)", "Level", "Event", "Message", "Company", "User", "User id", "Request id", "Client address"];

/// CRLF lines with a BOM, so spreadsheets read UTF-8.
fn to_csv(entries: &[NamedEntry]) -> String {
    let mut out = String::from("\u{feff}");
    let mut line = |cells: &[&str]| {
        let cells: Vec<String> = cells.iter().map(|cell| csv_cell(cell)).collect();
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    };
    line(&CSV_HEADER);
    for NamedEntry { entry: e, companyname, user_email } in entries {
        let time = clock::iso8601(e.created_at);
        line(&[
            &time,
            &e.level,
            &e.event,
            &e.message,
            companyname.as_deref().unwrap_or(""),
            user_email.as_deref().unwrap_or(""),
            e.user_id.as_deref().unwrap_or(""),
            e.request_id.as_deref().unwrap_or(""),
            e.client_addr.as_deref().unwrap_or(""),
        ]);
    }
    out
}

/// Quoted when needed; text a spreadsheet would run as a formula gets a `'` first (as the
/// web's CSV files do).
fn csv_cell(text: &str) -> String {
    let guarded = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text.into() };
    if guarded.contains([',', '"', '\r', '\n']) { format!("\"{}\"", guarded.replace('"', "\"\"")) } else { guarded }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(from: Option<&str>, to: Option<&str>, level: Option<&str>) -> AdminLogsQuery {
        AdminLogsQuery {
            from: from.map(str::to_string),
            to: to.map(str::to_string),
            level: level.map(str::to_string),
            ..AdminLogsQuery::default()
        }
    }

    #[test]
    fn days_are_whole_utc_days_and_blank_filters_are_absent() {
        let filter = query(Some("2026-03-01"), Some("2026-03-01"), Some(" WARN ")).filter().unwrap();
        assert_eq!((filter.from, filter.to), (Some(1_772_323_200), Some(1_772_323_200 + DAY)));
        assert_eq!(filter.level.as_deref(), Some("warn"));
        let open = AdminLogsQuery { company: Some(" ".into()), user: Some("".into()), ..query(None, None, None) };
        let filter = open.filter().unwrap();
        assert_eq!((filter.company_id, filter.user, filter.from, filter.to), (None, None, None, None));
    }

    #[test]
    fn bad_days_levels_and_reversed_ranges_are_refused() {
        let refused = |q: AdminLogsQuery| q.filter().unwrap_err().to_string();
        assert_eq!(refused(query(Some("2026-02-30"), None, None)), UNREADABLE);
        assert_eq!(refused(query(None, Some("01/03/2026"), None)), UNREADABLE);
        assert_eq!(refused(query(Some("2026-03-02"), Some("2026-03-01"), None)), REVERSED);
        assert_eq!(refused(query(None, None, Some("debug"))), BAD_LEVEL);
    }

    #[test]
    fn csv_cells_are_quoted_and_guarded() {
        assert_eq!(csv_cell("plain"), "plain");
        assert_eq!(csv_cell("a, \"b\""), "\"a, \"\"b\"\"\"");
        assert_eq!(csv_cell("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(csv_cell("line\nbreak"), "\"line\nbreak\"");
    }

    #[test]
    fn the_csv_has_a_bom_a_header_and_a_line_per_entry() {
        let entry = NamedEntry {
            entry: system_logs::LogEntry {
                id: "1".into(),
                company_id: Some("c".into()),
                user_id: None,
                level: "info".into(),
                event: "signin".into(),
                message: "ann signed in".into(),
                request_id: None,
                client_addr: Some("127.0.0.1".into()),
                created_at: 0,
            },
            companyname: Some("Acme".into()),
            user_email: None,
        };
        let csv = to_csv(&[entry]);
        let lines: Vec<&str> = csv.trim_start_matches('\u{feff}').split("\r\n").collect();
        assert_eq!(lines[0], "Time (UTC),Level,Event,Message,Company,User,User id,Request id,Client address");
        assert_eq!(lines[1], "1970-01-01T00:00:00Z,info,signin,ann signed in,Acme,,,,127.0.0.1");
        assert_eq!(lines.len(), 3, "a CRLF after the last line");
    }
}
