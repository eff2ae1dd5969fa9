//! The signed-in user's own account: who they are, their profile details and password, and
//! their company's currency (a company admin's to change).

use std::net::IpAddr;

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::UserData;
use super::validate::{self, required};
use crate::auth::{ClientAddr, CurrentUser, password, password_guesses};
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, RequestId};
use crate::logs;
use crate::storage::{companies, sessions, users};

pub const PASSWORD_CHANGED: &str = "Password changed";
pub const WRONG_PASSWORD: &str = "Current password is incorrect";
pub const PASSWORD_SET: &str = "Password set";
/// `setPassword` is for accounts without a password; the others change theirs.
pub const PASSWORD_ALREADY_SET: &str = "Your account already has a password; change it with the current one";
pub const NOT_COMPANY_ADMIN: &str = "Only a company admin can change the company's currency";
pub const UNKNOWN_TIME_ZONE: &str = "Unknown time zone";
/// Longest first name, last name or job title kept.
const MAX_FIELD_CHARS: usize = 100;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(me, update_me))
        .routes(routes!(change_password))
        .routes(routes!(set_password))
        .routes(routes!(company_currency))
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
    pub gender: String,
    #[serde(default)]
    pub country: String,
    #[serde(default)]
    pub department: String,
    #[serde(default)]
    pub job_title: String,
    /// An IANA time zone such as `Europe/Berlin`; `""` clears it (the browser's zone then
    /// applies); left out, it stays as it is.
    #[serde(default)]
    pub time_zone: Option<String>,
}

/// Changes the caller's name and sign-up details (gender, country, department, job title)
/// under the sign-up's rules and messages; answers the updated user.
#[utoipa::path(put, path = "/users/me", tag = "accounts", security(("bearer" = [])), request_body = ProfileChange,
    responses((status = 200, body = UserData), (status = 400, body = Message), (status = 401, body = Message)))]
async fn update_me(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(change): Json<ProfileChange>,
) -> Result<Json<UserData>> {
    let firstname = field(&change.firstname, "Please enter First Name")?;
    let lastname = field(&change.lastname, "Please enter Last Name")?;
    validate::Person {
        gender: &change.gender,
        country: &change.country,
        job_title: &change.job_title,
        department: &change.department,
    }
    .check(&state.db)
    .await?;
    let details = users::ProfileDetails {
        firstname,
        lastname,
        gender: change.gender.trim(),
        // Both are entries of the master lists, checked above.
        country: change.country.trim(),
        department: change.department.trim(),
        job_title: field(&change.job_title, "Please enter your job title")?,
    };
    let time_zone = change.time_zone.as_deref().map(time_zone).transpose()?;
    users::update_profile(&state.db, &current.company_id, &current.user_id, &details).await?;
    if let Some(time_zone) = time_zone {
        users::set_time_zone(&state.db, &current.user_id, time_zone).await?;
    }
    crate::realtime::person_changed(&state, &current.user_id).await?;
    Ok(Json(super::current_user_data(&state, &current).await?))
}

/// A time zone to keep: `None` to clear it for `""`, else a name of the IANA database.
fn time_zone(name: &str) -> Result<Option<&str>> {
    match name.trim() {
        "" => Ok(None),
        name if name.parse::<chrono_tz::Tz>().is_ok() => Ok(Some(name)),
        _ => Err(Error::bad_request(UNKNOWN_TIME_ZONE)),
    }
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
    password::check_policy(&change.new_password).map_err(Error::bad_request)?;
    let (user, _) = super::signed_in(&state, &current).await?;
    verify_own_password(&state, &user, change.current_password, addr).await?;
    let hash = password::hash(change.new_password).await?;
    users::set_password_hash(&state.db, &user.id, &hash).await?;
    sessions::revoke_others_of_user(&state.db, &user.id, &current.session_id, state.clock.now()).await?;
    Ok(Message::new(PASSWORD_CHANGED))
}

/// Checks that `password` is the signed-in person's own, throttled like sign-in (a
/// stolen session must not become a password oracle); 400 [`WRONG_PASSWORD`] otherwise.
pub(super) async fn verify_own_password(
    state: &AppState,
    user: &users::User,
    password: String,
    addr: IpAddr,
) -> Result<()> {
    let guess = password_guesses::Guess { action: "change_password", account: &user.email, addr };
    if !password_guesses::check(state, guess, password, user.password_hash.clone()).await? {
        return Err(Error::bad_request(WRONG_PASSWORD));
    }
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FirstPassword {
    #[serde(default)]
    pub new_password: String,
}

/// Gives a password to an account that has none (made by social sign-in), so the person
/// can also sign in with e-mail and password; refused when the account has one. Every
/// other session of the user ends, this one stays.
#[utoipa::path(post, path = "/users/setPassword", tag = "accounts", security(("bearer" = [])), request_body = FirstPassword,
    responses((status = 200, body = Message), (status = 400, body = Message), (status = 401, body = Message), (status = 409, body = Message)))]
async fn set_password(
    State(state): State<AppState>,
    current: CurrentUser,
    RequestId(request_id): RequestId,
    Json(body): Json<FirstPassword>,
) -> Result<Json<Message>> {
    password::check_policy(&body.new_password).map_err(Error::bad_request)?;
    let hash = password::hash(body.new_password).await?;
    if !users::set_first_password_hash(&state.db, &current.user_id, &hash).await? {
        return Err(Error::Conflict(PASSWORD_ALREADY_SET.into()));
    }
    let now = state.clock.now();
    sessions::revoke_others_of_user(&state.db, &current.user_id, &current.session_id, now).await?;
    logs::record(
        &state,
        logs::Event::info("user.password_set", format!("{} set a first password", current.email))
            .company(&current.company_id)
            .user(&current.user_id)
            .request(request_id.as_deref()),
    )
    .await;
    Ok(Message::new(PASSWORD_SET))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CurrencyChange {
    #[serde(default)]
    pub currency_name: String,
    #[serde(default)]
    pub currency_symbol: String,
}

/// Changes the session's company's currency (a company admin only); answers the caller's
/// data with the new currency. The company's people read their data again.
#[utoipa::path(put, path = "/users/companyCurrency", tag = "accounts", security(("bearer" = [])), request_body = CurrencyChange,
    responses((status = 200, body = UserData), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message, description = "Not an admin of the company")))]
async fn company_currency(
    State(state): State<AppState>,
    current: CurrentUser,
    RequestId(request_id): RequestId,
    Json(body): Json<CurrencyChange>,
) -> Result<Json<UserData>> {
    let (_, seat) = super::signed_in(&state, &current).await?;
    if !seat.company_admin {
        return Err(Error::Forbidden(NOT_COMPANY_ADMIN.into()));
    }
    let (name, symbol) = validate::currency(&state.db, &body.currency_name, &body.currency_symbol).await?;
    companies::set_currency(&state.db, &current.company_id, name, symbol).await?;
    logs::record(
        &state,
        logs::Event::info(
            "company.currency",
            format!("{} changed the currency from {} to {name}", current.email, seat.currency_name),
        )
        .company(&current.company_id)
        .user(&current.user_id)
        .request(request_id.as_deref()),
    )
    .await;
    state.realtime.company_changed(&current.company_id);
    Ok(Json(super::current_user_data(&state, &current).await?))
}
