//! The notifications bell: a user's own notifications, newest first, and marking them read.
//! Other modules add notifications with `storage::notifications::insert`.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::clock;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message};
use crate::storage::notifications::{self, Notification};
use autoscope_wire::host::MAX_NOTIFICATION_LINK;

/// How many notifications the bell shows.
pub const LIST_LIMIT: i64 = 100;
/// How many ids one mark-read call may carry.
pub const MARK_LIMIT: usize = 100;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_all)).routes(routes!(mark_read))
}

/// A notification with its id and read state.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationItem {
    pub id: String,
    /// ISO 8601, UTC.
    pub created_at: String,
    pub message: String,
    /// The in-app page the notification opens, when its module gave one.
    pub link: Option<String>,
    pub read: bool,
}

impl From<Notification> for NotificationItem {
    fn from(n: Notification) -> Self {
        Self {
            id: n.id,
            created_at: clock::iso8601(n.created_at),
            message: n.message,
            link: n.link,
            read: n.read_at.is_some(),
        }
    }
}

/// Why a module's notification link is refused.
pub const LINK_INVALID: &str = "A notification's link must be a path in the portal, such as /Support?ticket=1";

/// Checks that a link a module gives stays inside the portal: a path from its root, so a
/// module cannot send people to another site (`//host`, `https:`, `javascript:`) from the
/// bell, which everyone trusts. A backslash anywhere is refused: browsers read `/\host` as
/// `//host`.
pub fn check_link(link: &str) -> std::result::Result<(), &'static str> {
    let inside = link.starts_with('/')
        && !link.starts_with("//")
        && link.len() <= MAX_NOTIFICATION_LINK
        && !link.chars().any(|c| c.is_control() || c.is_whitespace() || c == '\\');
    if inside { Ok(()) } else { Err(LINK_INVALID) }
}

/// The caller's own notifications, newest first (at most 100).
#[utoipa::path(get, path = "/notification/getall", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = Vec<NotificationItem>), (status = 401, body = Message)))]
async fn get_all(State(state): State<AppState>, current: CurrentUser) -> Result<Json<Vec<NotificationItem>>> {
    let list = notifications::list_for_user(&state.db, &current.company_id, &current.user_id, LIST_LIMIT).await?;
    Ok(Json(list.into_iter().map(NotificationItem::from).collect()))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MarkRead {
    pub ids: Vec<String>,
}

/// Marks the given notifications read; ids that are not the caller's change nothing.
#[utoipa::path(post, path = "/notification/markRead", tag = "notifications", security(("bearer" = [])),
    request_body = MarkRead,
    responses((status = 200, body = Message), (status = 400, body = Message), (status = 401, body = Message)))]
async fn mark_read(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<MarkRead>,
) -> Result<Json<Message>> {
    if body.ids.len() > MARK_LIMIT {
        return Err(Error::bad_request(format!("Please mark at most {MARK_LIMIT} notifications at a time")));
    }
    let now = state.clock.now();
    notifications::mark_read(&state.db, &current.company_id, &current.user_id, &body.ids, now).await?;
    Ok(Message::new("Notifications marked read"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_stay_inside_the_portal() {
        for link in ["/TicketManagement?ticket=42", "/Chat?channel=a&message=b", "/Alerts"] {
            assert_eq!(check_link(link), Ok(()), "{link}");
        }
        let too_long = format!("/{}", "a".repeat(MAX_NOTIFICATION_LINK));
        for link in [
            "",
            "Alerts",
            "//evil.test/x",
            "/\\evil.test",
            "https://evil.test",
            "javascript:alert(1)",
            "/a b",
            "/a\nb",
            &too_long,
        ] {
            assert_eq!(check_link(link), Err(LINK_INVALID), "{link}");
        }
    }
}
