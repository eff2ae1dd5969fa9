//! The platform administrators' API (every route needs the server-side admin role) and
//! `autoscope user create-admin`.

use anyhow::{Context, bail};
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::{Admin, password};
use crate::clock;
use crate::crypto;
use crate::enterprise;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, RequestId};
use crate::logs;
use crate::rights::{self, Edition};
use crate::storage::companies::{self, NewCompany, Taken};
use crate::storage::sessions;
use crate::storage::users::{self, NewUser};

/// The company that holds administrators created from the command line.
pub const ADMIN_COMPANY: &str = "Autoscope Administration";
pub const COMPANY_NOT_FOUND: &str = "Company not found";
pub const USER_NOT_FOUND: &str = "User not found";
pub const BAD_EDITION: &str = "Edition must be community or enterprise";
pub const NOT_YOURSELF: &str = "You cannot disable your own account";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_companies))
        .routes(routes!(company_users))
        .routes(routes!(set_edition))
        .routes(routes!(disable_user))
        .routes(routes!(enable_user))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyItem {
    pub id: String,
    pub name: String,
    pub edition: String,
    /// ISO 8601, UTC.
    pub created_at: String,
    /// How many users the company has.
    pub users: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CompanyList {
    pub data: Vec<CompanyItem>,
}

/// Every company, newest first.
#[utoipa::path(get, path = "/admin/companies", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = CompanyList), (status = 401, body = Message), (status = 403, body = Message)))]
async fn list_companies(State(state): State<AppState>, _admin: Admin) -> Result<Json<CompanyList>> {
    let found = companies::list_with_user_counts(&state.db).await?;
    let data = found
        .into_iter()
        .map(|c| CompanyItem {
            id: c.id,
            name: c.name,
            edition: c.edition,
            created_at: clock::iso8601(c.created_at),
            users: c.users,
        })
        .collect();
    Ok(Json(CompanyList { data }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountItem {
    pub id: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub job_title: String,
    pub disabled: bool,
    pub is_admin: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AccountList {
    pub data: Vec<AccountItem>,
}

/// Every account of a company, disabled ones included, by name.
#[utoipa::path(get, path = "/admin/companies/{id}/users", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "The company's id")),
    responses((status = 200, body = AccountList), (status = 401, body = Message), (status = 403, body = Message),
        (status = 404, body = Message)))]
async fn company_users(
    State(state): State<AppState>,
    _admin: Admin,
    Path(company_id): Path<String>,
) -> Result<Json<AccountList>> {
    if companies::edition_of(&state.db, &company_id).await?.is_none() {
        return Err(Error::NotFound(COMPANY_NOT_FOUND.into()));
    }
    let data = users::accounts_in_company(&state.db, &company_id)
        .await?
        .into_iter()
        .map(|a| AccountItem {
            id: a.id,
            email: a.email,
            firstname: a.firstname,
            lastname: a.lastname,
            job_title: a.job_title,
            disabled: a.disabled,
            is_admin: a.is_admin,
        })
        .collect();
    Ok(Json(AccountList { data }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EditionRequest {
    /// `community` or `enterprise`.
    pub edition: String,
}

/// Sets a company's edition; its users' rights change on their next request.
#[utoipa::path(post, path = "/admin/companies/{id}/edition", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "The company's id")), request_body = EditionRequest,
    responses((status = 200, body = Message), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message), (status = 404, body = Message)))]
async fn set_edition(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RequestId(request_id): RequestId,
    Path(company_id): Path<String>,
    Json(body): Json<EditionRequest>,
) -> Result<Json<Message>> {
    let edition = Edition::parse(body.edition.trim()).ok_or_else(|| Error::bad_request(BAD_EDITION))?;
    if !companies::set_edition(&state.db, &company_id, edition.as_str()).await? {
        return Err(Error::NotFound(COMPANY_NOT_FOUND.into()));
    }
    logs::record(
        &state,
        logs::Event::info("company.edition", format!("{} set the edition to {}", admin.email, edition.as_str()))
            .company(&company_id)
            .request(request_id.as_deref()),
    )
    .await;
    Ok(Message::new(format!("Edition set to {}", edition.as_str())))
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

async fn set_disabled(
    state: &AppState,
    admin_email: &str,
    user_id: &str,
    disabled: bool,
    request_id: Option<&str>,
) -> Result<()> {
    let user = users::get(&state.db, user_id).await?.ok_or_else(|| Error::NotFound(USER_NOT_FOUND.into()))?;
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

/// `autoscope user create-admin`: makes `email` a platform administrator, creating the
/// account in the administration company when it does not exist. Running it again
/// changes nothing. The answer says what happened, with a generated password once.
pub async fn create_admin(state: &AppState, email: &str, password: Option<String>) -> anyhow::Result<String> {
    let email = users::email_key(email);
    if !enterprise::is_simple_email(&email) {
        bail!("{email} is not an e-mail address");
    }
    if let Some(user) = users::find_by_email(&state.db, &email).await? {
        if user.is_admin {
            return Ok(format!("{email} is already an administrator"));
        }
        users::set_admin(&state.db, &user.id, true).await?;
        record_admin(state, &user.id, &email).await;
        return Ok(format!("{email} is now an administrator (password unchanged)"));
    }
    let (password, generated) = match password {
        Some(given) => (given, false),
        None => (generate_password(), true),
    };
    password::check_policy(&password).map_err(|message| anyhow::anyhow!("the password is refused: {message}"))?;
    let hash = password::hash(password.clone()).await?;
    let owner = NewUser {
        email: &email,
        firstname: "Autoscope",
        lastname: "Administrator",
        password_hash: Some(&hash),
        gender: "",
        country: "",
        department: "",
        job_title: "Administrator",
        social_provider: None,
        social_subject: None,
        is_admin: true,
    };
    let now = state.clock.now();
    let user_id = match companies::find_by_name(&state.db, ADMIN_COMPANY).await? {
        Some(company) => {
            let (role_id, _) = companies::find_role(&state.db, &company.id, rights::COMMUNITY_ROLE)
                .await?
                .with_context(|| format!("the company {ADMIN_COMPANY} has no {} role", rights::COMMUNITY_ROLE))?;
            users::create(&state.db, &company.id, &role_id, &owner, now).await?
        }
        None => {
            let rights_json = serde_json::to_string(&rights::default_role_rights())?;
            let company = NewCompany { name: ADMIN_COMPANY, country: "", currency_name: "USD", currency_symbol: "$" };
            match companies::create_with_owner(&state.db, &company, rights::COMMUNITY_ROLE, &rights_json, &owner, now)
                .await?
            {
                Ok((_, user_id)) => Some(user_id),
                Err(Taken::Email) => None,
                Err(Taken::CompanyName) => bail!("{ADMIN_COMPANY} was created at the same time; run the command again"),
            }
        }
    };
    let user_id = user_id.with_context(|| format!("{email} was created at the same time; run the command again"))?;
    let user = users::get(&state.db, &user_id).await?.context("the new administrator cannot be read back")?;
    record_admin(state, &user.id, &email).await;
    Ok(if generated {
        format!("Created the administrator {email} in {ADMIN_COMPANY}. Password (shown only now): {password}")
    } else {
        format!("Created the administrator {email} in {ADMIN_COMPANY} with the given password")
    })
}

/// A random password that always meets the policy (the suffix brings the required
/// classes; the random part carries the strength).
fn generate_password() -> String {
    format!("{}-Aa1", crypto::random_token(12))
}

async fn record_admin(state: &AppState, user_id: &str, email: &str) {
    logs::record(
        state,
        logs::Event::warn("admin.granted", format!("{email} was made a platform administrator from the command line"))
            .user(user_id),
    )
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_passwords_meet_the_policy_and_vary() {
        let first = generate_password();
        assert_eq!(password::check_policy(&first), Ok(()));
        assert!(first.chars().count() >= 20);
        assert_ne!(first, generate_password());
    }
}
