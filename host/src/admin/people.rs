//! People across companies as the platform administrators see them: search, the companies
//! of each, disabling or enabling an account, and mailing a password reset link.

use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::companies::AccountItem;
use super::{Window, given};
use crate::accounts::reset;
use crate::auth::Admin;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, Query, RequestId};
use crate::logs;
use crate::storage::{companies, sessions, users};

pub const USER_NOT_FOUND: &str = "User not found";
pub const NOT_YOURSELF: &str = "You cannot disable your own account";
pub const RESET_LINK_SENT: &str = "A link to reset the password was sent";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_people))
        .routes(routes!(disable_user))
        .routes(routes!(enable_user))
        .routes(routes!(send_reset_link))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PeopleQuery {
    /// Text the name or e-mail contains, ignoring case.
    pub search: Option<String>,
    /// 1-based; 1 when absent.
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// 1 to 100; 20 when absent.
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
}

/// One of a person's companies.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PersonCompany {
    pub id: String,
    pub name: String,
    /// The membership: `active`, `deactivated` or `removed`.
    pub status: String,
    pub company_admin: bool,
    /// The company itself was deactivated.
    pub company_deactivated: bool,
}

/// One person of `GET /admin/users`: their account, as a company's accounts list shows
/// it, and their companies.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PersonItem {
    #[serde(flatten)]
    pub account: AccountItem,
    pub companies: Vec<PersonCompany>,
}

/// A page of `GET /admin/users`; `page` is 1-based.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "PersonPage"))]
#[serde(rename_all = "camelCase")]
pub struct PeoplePage {
    pub data: Vec<PersonItem>,
    pub page: i64,
    pub page_size: i64,
    /// How many people match the search.
    pub total: i64,
}

/// Every person, by name, a page at a time, narrowed to those whose name or e-mail
/// contains `search`; each with their companies.
#[utoipa::path(get, path = "/admin/users", tag = "admin", security(("bearer" = [])), params(PeopleQuery),
    responses((status = 200, body = PeoplePage), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message)))]
async fn list_people(
    State(state): State<AppState>,
    _admin: Admin,
    Query(query): Query<PeopleQuery>,
) -> Result<Json<PeoplePage>> {
    let window = Window::of(query.page, query.page_size)?;
    let search = given(&query.search);
    let total = users::count_accounts(&state.db, search.as_deref()).await?;
    let accounts = users::search_accounts(&state.db, search.as_deref(), window.page_size, window.offset()).await?;
    let ids: Vec<String> = accounts.iter().map(|a| a.id.clone()).collect();
    let mut memberships = companies::of_people(&state.db, &ids).await?;
    let data = accounts
        .into_iter()
        .map(|a| {
            let (theirs, rest): (Vec<_>, Vec<_>) = memberships.drain(..).partition(|m| m.user_id == a.id);
            memberships = rest;
            PersonItem { companies: theirs.into_iter().map(person_company).collect(), account: a.into() }
        })
        .collect();
    Ok(Json(PeoplePage { data, page: window.page, page_size: window.page_size, total }))
}

fn person_company(m: companies::PersonCompany) -> PersonCompany {
    PersonCompany {
        id: m.company_id,
        name: m.name,
        status: m.status,
        company_admin: m.company_admin,
        company_deactivated: m.company_deactivated,
    }
}

/// Disables an account: its sessions end at once and sign-in is refused.
#[utoipa::path(post, path = "/admin/users/{id}/disable", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "The user's id")),
    responses((status = 200, body = Message), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message), (status = 404, body = Message)))]
async fn disable_user(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RequestId(request_id): RequestId,
    Path(user_id): Path<String>,
) -> Result<Json<Message>> {
    if user_id == admin.user_id {
        return Err(Error::bad_request(NOT_YOURSELF));
    }
    set_disabled(&state, &admin.email, &user_id, true, request_id.as_deref()).await?;
    Ok(Message::new("User disabled"))
}

/// Enables a disabled account again.
#[utoipa::path(post, path = "/admin/users/{id}/enable", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "The user's id")),
    responses((status = 200, body = Message), (status = 401, body = Message), (status = 403, body = Message),
        (status = 404, body = Message)))]
async fn enable_user(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RequestId(request_id): RequestId,
    Path(user_id): Path<String>,
) -> Result<Json<Message>> {
    set_disabled(&state, &admin.email, &user_id, false, request_id.as_deref()).await?;
    Ok(Message::new("User enabled"))
}

async fn find(state: &AppState, user_id: &str) -> Result<users::User> {
    users::get(&state.db, user_id).await?.ok_or_else(|| Error::NotFound(USER_NOT_FOUND.into()))
}

async fn set_disabled(
    state: &AppState,
    admin_email: &str,
    user_id: &str,
    disabled: bool,
    request_id: Option<&str>,
) -> Result<()> {
    let user = find(state, user_id).await?;
    users::set_disabled(&state.db, &user.id, disabled).await?;
    if disabled {
        sessions::revoke_all_of_user(&state.db, &user.id, state.clock.now()).await?;
    }
    let (event, verb) = if disabled { ("user.disabled", "disabled") } else { ("user.enabled", "enabled") };
    logs::record(
        state,
        logs::Event::warn(event, format!("{admin_email} {verb} the account {}", user.email))
            .user(&user.id)
            .request(request_id),
    )
    .await;
    Ok(())
}

/// Mails the person the forgot-password link (30 minutes, voiding earlier ones).
#[utoipa::path(post, path = "/admin/users/{id}/resetLink", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "The user's id")),
    responses((status = 200, body = Message), (status = 400, body = Message, description = "A social-only account"),
        (status = 401, body = Message), (status = 403, body = Message), (status = 404, body = Message)))]
async fn send_reset_link(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RequestId(request_id): RequestId,
    Path(user_id): Path<String>,
) -> Result<Json<Message>> {
    let user = find(&state, &user_id).await?;
    reset::send_link(&state, &user).await?;
    logs::record(
        &state,
        logs::Event::info("user.reset_link", format!("{} sent a password reset link to {}", admin.email, user.email))
            .user(&user.id)
            .request(request_id.as_deref()),
    )
    .await;
    Ok(Message::new(RESET_LINK_SENT))
}
