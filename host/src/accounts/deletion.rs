//! Deleting a person's data on their request (the privacy policy answers within seven
//! business days): the request, confirmed by the password (or, for an account without one,
//! by typing DELETE), may be cancelled during a grace period (`AUTOSCOPE_DELETION_GRACE_HOURS`,
//! 24 by default); then a host job removes the personal data. Companies keep the user id in
//! their records, so their lists show "Deleted user". Platform administrators see every
//! request.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::{Admin, ClientAddr, CurrentUser};
use crate::clock::iso8601;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, RequestId};
use crate::logs;
use crate::storage::deletion_requests::{self, DeletionRequest};

/// What an account without a password types to confirm.
pub const CONFIRMATION_WORD: &str = "DELETE";
pub const CONFIRMATION_REQUIRED: &str = "Please type DELETE to confirm";
pub const NOTHING_PENDING: &str = "There is no pending deletion request";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(status))
        .routes(routes!(request_deletion))
        .routes(routes!(cancel_deletion))
        .routes(routes!(list_requests))
}

/// The caller's deletion request, if any.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct DeletionStatus {
    pub pending: bool,
    /// When the request was made (ISO 8601).
    pub requested_at: Option<String>,
    /// When the host will carry it out, at the earliest (ISO 8601).
    pub due_at: Option<String>,
}

impl DeletionStatus {
    fn of(request: Option<DeletionRequest>) -> Self {
        match request {
            Some(request) if request.completed_at.is_none() => Self {
                pending: true,
                requested_at: Some(iso8601(request.requested_at)),
                due_at: Some(iso8601(request.due_at)),
            },
            _ => Self { pending: false, requested_at: None, due_at: None },
        }
    }
}

/// The caller's pending deletion request.
#[utoipa::path(get, path = "/users/dataDeletion", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = DeletionStatus), (status = 401, body = Message)))]
async fn status(State(state): State<AppState>, current: CurrentUser) -> Result<Json<DeletionStatus>> {
    Ok(Json(DeletionStatus::of(deletion_requests::get(&state.db, &current.user_id).await?)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeletionConfirmation {
    /// The account's password (accounts that have one).
    #[serde(default)]
    pub password: String,
    /// `DELETE` (accounts without a password).
    #[serde(default)]
    pub confirmation: String,
}

/// Asks for the caller's data to be deleted after the grace period; refused to the last
/// active admin of a company with other active members.
#[utoipa::path(post, path = "/users/requestDataDeletion", tag = "accounts", security(("bearer" = [])),
    request_body = DeletionConfirmation,
    responses((status = 200, body = DeletionStatus), (status = 400, body = Message, description = "Wrong password or confirmation"),
        (status = 401, body = Message), (status = 409, body = Message, description = "The company needs at least one active admin"),
        (status = 429, body = Message)))]
async fn request_deletion(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    current: CurrentUser,
    RequestId(request_id): RequestId,
    Json(body): Json<DeletionConfirmation>,
) -> Result<Json<DeletionStatus>> {
    let (user, _) = super::signed_in(&state, &current).await?;
    let now = state.clock.now();
    if user.password_hash.is_some() {
        super::profile::verify_own_password(&state, &user, body.password, addr).await?;
    } else if body.confirmation.trim() != CONFIRMATION_WORD {
        return Err(Error::bad_request(CONFIRMATION_REQUIRED));
    }
    if deletion_requests::is_last_admin_of_a_team(&state.db, &user.id).await? {
        return Err(Error::Conflict(autoscope_wire::members::LAST_ADMIN.into()));
    }
    let grace = i64::try_from(state.config.deletion_grace.as_secs()).unwrap_or(i64::MAX);
    deletion_requests::create(&state.db, &user.id, now, now.saturating_add(grace)).await?;
    logs::record(
        &state,
        logs::Event::warn("user.deletion_requested", format!("{} asked for their data to be deleted", user.email))
            .company(&current.company_id)
            .user(&user.id)
            .request(request_id.as_deref()),
    )
    .await;
    Ok(Json(DeletionStatus::of(deletion_requests::get(&state.db, &user.id).await?)))
}

/// Withdraws the caller's pending deletion request.
#[utoipa::path(post, path = "/users/cancelDataDeletion", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = DeletionStatus), (status = 401, body = Message),
        (status = 404, body = Message, description = "No pending request")))]
async fn cancel_deletion(
    State(state): State<AppState>,
    current: CurrentUser,
    RequestId(request_id): RequestId,
) -> Result<Json<DeletionStatus>> {
    if !deletion_requests::cancel(&state.db, &current.user_id).await? {
        return Err(Error::NotFound(NOTHING_PENDING.into()));
    }
    logs::record(
        &state,
        logs::Event::info(
            "user.deletion_cancelled",
            format!("{} cancelled their data deletion request", current.email),
        )
        .company(&current.company_id)
        .user(&current.user_id)
        .request(request_id.as_deref()),
    )
    .await;
    Ok(Json(DeletionStatus::of(None)))
}

/// A deletion request as platform administrators see it.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct DeletionRequestRow {
    pub user_id: String,
    /// The person's name and e-mail now: "Deleted user" and a placeholder once carried out.
    pub name: String,
    pub email: String,
    pub requested_at: String,
    pub due_at: String,
    pub completed_at: Option<String>,
}

/// Every data deletion request, pending ones first (platform administrators).
#[utoipa::path(get, path = "/admin/deletionRequests", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Vec<DeletionRequestRow>), (status = 401, body = Message), (status = 403, body = Message)))]
async fn list_requests(State(state): State<AppState>, _admin: Admin) -> Result<Json<Vec<DeletionRequestRow>>> {
    let rows = deletion_requests::list(&state.db)
        .await?
        .into_iter()
        .map(|row| DeletionRequestRow {
            user_id: row.user_id,
            name: format!("{} {}", row.firstname, row.lastname).trim().to_string(),
            email: row.email,
            requested_at: iso8601(row.requested_at),
            due_at: iso8601(row.due_at),
            completed_at: row.completed_at.map(iso8601),
        })
        .collect();
    Ok(Json(rows))
}

/// The non-deliverable address a deleted account keeps (the `.invalid` top-level domain is
/// reserved and never resolves), unique through the user id.
pub fn placeholder_email(user_id: &str) -> String {
    format!("deleted-{}@deleted.invalid", user_id.to_lowercase())
}

/// Carries out every request whose grace period is over; answers how many. Run by the
/// server every hour and by `autoscope user run-deletions`.
pub async fn run_due(state: &AppState) -> anyhow::Result<usize> {
    let now = state.clock.now();
    let mut done = 0;
    for user_id in deletion_requests::due(&state.db, now).await? {
        // The person may have become the last admin of a team during the grace period.
        if deletion_requests::is_last_admin_of_a_team(&state.db, &user_id).await? {
            logs::record(
                state,
                logs::Event::warn(
                    "user.deletion_held",
                    "a data deletion waits: the person is the last active admin of a company".into(),
                )
                .user(&user_id),
            )
            .await;
            continue;
        }
        let Some(companies) = deletion_requests::erase(&state.db, &user_id, &placeholder_email(&user_id), now).await?
        else {
            continue;
        };
        done += 1;
        logs::record(
            state,
            logs::Event::warn("user.deleted", "a person's data was deleted on their request".into()).user(&user_id),
        )
        .await;
        for company_id in companies {
            logs::record(
                state,
                logs::Event::info("member.deleted", "a member's data was deleted on their request".into())
                    .company(&company_id)
                    .user(&user_id),
            )
            .await;
            state.realtime.directory_changed(&company_id);
        }
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_placeholder_is_unique_and_not_deliverable() {
        let address = placeholder_email("AB12");
        assert_eq!(address, "deleted-ab12@deleted.invalid");
        assert_ne!(address, placeholder_email("cd34"));
        assert!(address.ends_with(".invalid"));
    }

    #[test]
    fn a_completed_request_is_not_pending() {
        let request =
            DeletionRequest { user_id: "u".into(), requested_at: 0, due_at: 86_400, completed_at: Some(90_000) };
        assert!(!DeletionStatus::of(Some(request)).pending);
        let request = DeletionRequest { user_id: "u".into(), requested_at: 0, due_at: 86_400, completed_at: None };
        let status = DeletionStatus::of(Some(request));
        assert!(status.pending);
        assert_eq!(status.due_at.as_deref(), Some("1970-01-02T00:00:00Z"));
    }
}
