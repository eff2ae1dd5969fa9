//! A person in several companies: the companies they may switch to, the switch, which opens
//! a session in the chosen company and ends the current one, and leaving a company.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{SignedIn, open_session, signed_in};
use crate::auth::CurrentUser;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, RequestId};
use crate::logs;
use crate::storage::{memberships, sessions};

pub const SWITCHED: &str = "Company switched";
/// The company is not one the caller is an active member of (or does not exist).
pub const NOT_A_MEMBER: &str = "You are not a member of this company";

pub const LEFT: &str = "You left the company";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(my_companies)).routes(routes!(switch_company)).routes(routes!(leave_company))
}

/// One of the caller's companies.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MyCompany {
    pub company_id: String,
    pub companyname: String,
    pub edition: String,
    pub role: String,
    pub company_admin: bool,
    /// The company of this session.
    pub current: bool,
}

impl MyCompany {
    pub fn of(seat: memberships::Seat, current: bool) -> Self {
        Self {
            company_id: seat.company_id,
            companyname: seat.companyname,
            edition: seat.edition,
            role: seat.role_name,
            company_admin: seat.company_admin,
            current,
        }
    }
}

/// The companies the caller is an active member of: the current one, then by last sign-in.
#[utoipa::path(get, path = "/users/companies", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Vec<MyCompany>), (status = 401, body = Message)))]
async fn my_companies(State(state): State<AppState>, current: CurrentUser) -> Result<Json<Vec<MyCompany>>> {
    let mut companies: Vec<MyCompany> = memberships::active_seats(&state.db, &current.user_id)
        .await?
        .into_iter()
        .map(|seat| {
            let current = seat.company_id == current.company_id;
            MyCompany::of(seat, current)
        })
        .collect();
    companies.sort_by_key(|company| !company.current);
    Ok(Json(companies))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SwitchRequest {
    #[serde(default)]
    pub company_id: String,
}

/// Switches to another of the caller's companies: a new token for it (this one ends), with
/// the caller's data and rights there.
#[utoipa::path(post, path = "/users/switchCompany", tag = "accounts", security(("bearer" = [])),
    request_body = SwitchRequest,
    responses((status = 200, body = SignedIn), (status = 400, body = Message, description = "The body is not a JSON switch request"),
        (status = 401, body = Message), (status = 403, body = Message, description = "Not an active member of that company")))]
async fn switch_company(
    State(state): State<AppState>,
    current: CurrentUser,
    RequestId(request_id): RequestId,
    Json(body): Json<SwitchRequest>,
) -> Result<Json<SignedIn>> {
    let (user, _) = signed_in(&state, &current).await?;
    let seat = memberships::active_seat(&state.db, body.company_id.trim(), &user.id)
        .await?
        .ok_or_else(|| Error::Forbidden(NOT_A_MEMBER.into()))?;
    let (token, userdata) = open_session(&state, &user, &seat).await?;
    sessions::revoke(&state.db, &current.session_id, state.clock.now()).await?;
    logs::record(
        &state,
        logs::Event::info("company.switched", format!("{} switched to {}", user.email, seat.companyname))
            .company(&seat.company_id)
            .user(&user.id)
            .request(request_id.as_deref()),
    )
    .await;
    Ok(Json(SignedIn { message: SWITCHED.into(), token, userdata }))
}

/// Leaves the session's company: the membership stays as a former member's (their records
/// keep their name) and every session of the person there ends; the company's last active
/// admin cannot leave.
#[utoipa::path(post, path = "/users/leaveCompany", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 401, body = Message),
        (status = 409, body = Message, description = "The company needs at least one active admin")))]
async fn leave_company(
    State(state): State<AppState>,
    current: CurrentUser,
    RequestId(request_id): RequestId,
) -> Result<Json<Message>> {
    let left = memberships::change(
        &state.db,
        &current.company_id,
        &current.user_id,
        None,
        Some(false),
        Some(memberships::Status::Removed),
    )
    .await?;
    if !left {
        return Err(Error::Conflict(autoscope_wire::members::LAST_ADMIN.into()));
    }
    sessions::revoke_all_of_user_in_company(&state.db, &current.user_id, &current.company_id, state.clock.now())
        .await?;
    logs::record(
        &state,
        logs::Event::info("member.left", format!("{} left the company", current.email))
            .company(&current.company_id)
            .user(&current.user_id)
            .request(request_id.as_deref()),
    )
    .await;
    state.realtime.directory_changed(&current.company_id);
    Ok(Message::new(LEFT))
}
