//! The signed-in user's own account: who they are, their profile details and password.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::UserData;
use super::validate::required;
use crate::auth::{ClientAddr, CurrentUser, password, rate_limit};
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message};
use crate::storage::{sessions, users};

pub const PASSWORD_CHANGED: &str = "Password changed";
pub const WRONG_PASSWORD: &str = "Current password is incorrect";
/// Longest first name, last name or job title kept.
const MAX_FIELD_CHARS: usize = 100;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(me, update_me)).routes(routes!(change_password))
}

/// The signed-in user with their current rights (they change with role and edition).
#[utoipa::path(get, path = "/users/me", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = UserData), (status = 401, body = Message)))]
async fn me(State(state): State<AppState>, current: CurrentUser) -> Result<Json<UserData>> {
    Ok(Json(super::current_user_data(&state, &current).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ProfileChange {
    #[serde(default)]
    pub firstname: String,
    #[serde(default)]
    pub lastname: String,
    #[serde(default)]
    pub job_title: String,
}

/// Changes the caller's name and job title; answers the updated user.
#[utoipa::path(put, path = "/users/me", tag = "accounts", security(("bearer" = [])), request_body = ProfileChange,
    responses((status = 200, body = UserData), (status = 400, body = Message), (status = 401, body = Message)))]
async fn update_me(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(change): Json<ProfileChange>,
) -> Result<Json<UserData>> {
    let details = users::ProfileDetails {
        firstname: field(&change.firstname, "Please enter First Name")?,
        lastname: field(&change.lastname, "Please enter Last Name")?,
        job_title: field(&change.job_title, "Please enter your job title")?,
    };
    users::update_profile(&state.db, &current.company_id, &current.user_id, &details).await?;
    crate::realtime::person_changed(&state, &current.user_id).await?;
    Ok(Json(super::current_user_data(&state, &current).await?))
}

/// A required, trimmed field of at most [`MAX_FIELD_CHARS`] characters.
fn field<'a>(value: &'a str, missing: &str) -> Result<&'a str> {
    let value = required(value, missing)?;
    if value.chars().count() > MAX_FIELD_CHARS {
        return Err(Error::bad_request(format!("{missing} of at most {MAX_FIELD_CHARS} characters")));
    }
    Ok(value)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordChange {
    #[serde(default)]
    pub current_password: String,
    #[serde(default)]
    pub new_password: String,
}

/// Changes the caller's password after checking the current one; every other session of
/// the user ends, this one stays.
#[utoipa::path(post, path = "/users/changePassword", tag = "accounts", security(("bearer" = [])), request_body = PasswordChange,
    responses((status = 200, body = Message), (status = 400, body = Message), (status = 401, body = Message), (status = 429, body = Message)))]
async fn change_password(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    current: CurrentUser,
    Json(change): Json<PasswordChange>,
) -> Result<Json<Message>> {
    let now = state.clock.now();
    // Same limits as sign-in: a stolen session must not become a password oracle.
    rate_limit::enforce_action(
        &state.db,
        now,
        "change_password",
        &state.config.rate_limits.signin,
        &current.email,
        addr,
    )
    .await?;
    password::check_policy(&change.new_password).map_err(Error::bad_request)?;
    let (user, _) = super::signed_in(&state, &current).await?;
    if !password::verify(change.current_password, user.password_hash.clone()).await? {
        return Err(Error::bad_request(WRONG_PASSWORD));
    }
    let hash = password::hash(change.new_password).await?;
    users::set_password_hash(&state.db, &user.id, &hash).await?;
    sessions::revoke_others_of_user(&state.db, &user.id, &current.session_id, now).await?;
    Ok(Message::new(PASSWORD_CHANGED))
}
