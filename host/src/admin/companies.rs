//! Companies as the platform administrators manage them: the list, a company's accounts,
//! creating one (its first company admin is invited by mail), renaming, the edition, and
//! deactivating or reactivating (a deactivated company's sessions end and nobody may open
//! one in it; the administration company is kept active).

use std::net::IpAddr;

use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::ADMIN_COMPANY;
use crate::accounts::new_company::NAME_TAKEN;
use crate::accounts::validate::{self, required};
use crate::auth::{Admin, ClientAddr, CurrentUser};
use crate::clock;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, RequestId};
use crate::logs;
use crate::masters::Kind;
use crate::rights::{self, Edition};
use crate::storage::companies::{self, NewCompany, Renamed};
use crate::storage::{sessions, users};
use crate::teams;

pub const COMPANY_NOT_FOUND: &str = "Company not found";
pub const BAD_EDITION: &str = "Edition must be community or enterprise";
pub const NAME_REQUIRED: &str = "Please enter the company name";
pub const COUNTRY_REQUIRED: &str = "Please select a Country";
pub const CURRENCY_REQUIRED: &str = "Please select a currency";
pub const ADMIN_EMAIL_INVALID: &str = "Please enter a valid e-mail address for the company admin";
/// Deactivating or renaming the company that holds the platform administrators.
pub const ADMINISTRATION_KEPT: &str = "The administration company cannot be deactivated or renamed";
pub const DEACTIVATED: &str = "Company deactivated";
pub const ALREADY_DEACTIVATED: &str = "The company is already deactivated";
pub const REACTIVATED: &str = "Company reactivated";
pub const ALREADY_ACTIVE: &str = "The company is already active";
pub const RENAMED: &str = "Company renamed";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_companies, create_company))
        .routes(routes!(company_users))
        .routes(routes!(set_edition))
        .routes(routes!(rename_company))
        .routes(routes!(deactivate_company))
        .routes(routes!(reactivate_company))
}

/// One company of `GET /admin/companies`.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CompanyItem {
    pub id: String,
    pub name: String,
    pub edition: String,
    pub country: String,
    pub currency: String,
    /// ISO 8601, UTC.
    pub created_at: String,
    /// How many users the company has.
    pub users: i64,
    /// ISO 8601, UTC; null while the company is active.
    pub deactivated_at: Option<String>,
    /// The company of the platform administrators (never deactivated or renamed).
    pub administration: bool,
}

impl From<companies::CompanySummary> for CompanyItem {
    fn from(c: companies::CompanySummary) -> Self {
        Self {
            administration: is_administration(&c.name),
            id: c.id,
            name: c.name,
            edition: c.edition,
            country: c.country,
            currency: c.currency_name,
            created_at: clock::iso8601(c.created_at),
            users: c.users,
            deactivated_at: c.deactivated_at.map(clock::iso8601),
        }
    }
}

fn is_administration(name: &str) -> bool {
    companies::name_key(name) == companies::name_key(ADMIN_COMPANY)
}

/// The answer of `GET /admin/companies`.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CompanyList {
    pub data: Vec<CompanyItem>,
}

/// Every company, newest first.
#[utoipa::path(get, path = "/admin/companies", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = CompanyList), (status = 401, body = Message), (status = 403, body = Message)))]
async fn list_companies(State(state): State<AppState>, _admin: Admin) -> Result<Json<CompanyList>> {
    let found = companies::list_with_user_counts(&state.db).await?;
    Ok(Json(CompanyList { data: found.into_iter().map(CompanyItem::from).collect() }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateCompanyRequest {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub country: String,
    /// ISO code, as in sign-up step 3.
    #[serde(default)]
    pub currency_name: String,
    /// `$` when blank.
    #[serde(default)]
    pub currency_symbol: String,
    /// `community` (when blank) or `enterprise`.
    #[serde(default)]
    pub edition: String,
    /// Who is invited to join as its company admin.
    #[serde(default)]
    pub admin_email: String,
}

/// The request's fields once checked, in the form's order.
#[derive(Debug, PartialEq, Eq)]
struct NewCompanyFields<'a> {
    name: &'a str,
    country: &'a str,
    currency_name: &'a str,
    currency_symbol: &'a str,
    edition: Edition,
    admin_email: String,
}

impl CreateCompanyRequest {
    fn check(&self) -> Result<NewCompanyFields<'_>> {
        let name = required(&self.name, NAME_REQUIRED)?;
        let country = required(&self.country, COUNTRY_REQUIRED)?;
        let currency_name = required(&self.currency_name, CURRENCY_REQUIRED)?;
        let currency_symbol = validate::currency_symbol(&self.currency_symbol);
        let edition = match self.edition.trim() {
            "" => Edition::Community,
            text => Edition::parse(text).ok_or_else(|| Error::bad_request(BAD_EDITION))?,
        };
        let admin_email = users::email_key(&self.admin_email);
        if !crate::enterprise::is_simple_email(&admin_email) {
            return Err(Error::bad_request(ADMIN_EMAIL_INVALID));
        }
        Ok(NewCompanyFields { name, country, currency_name, currency_symbol, edition, admin_email })
    }
}

/// Creates a company with the sign-up's default role and mails its first company admin an
/// invitation (7 days, as a team's); it has no member until they accept.
#[utoipa::path(post, path = "/admin/companies", tag = "admin", security(("bearer" = [])),
    request_body = CreateCompanyRequest,
    responses((status = 200, body = CompanyItem), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message), (status = 409, body = Message, description = "A company with this name already exists")))]
async fn create_company(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ClientAddr(addr): ClientAddr,
    RequestId(request_id): RequestId,
    Json(body): Json<CreateCompanyRequest>,
) -> Result<Json<CompanyItem>> {
    let fields = body.check()?;
    // The sign-up's lists: an active country and currency.
    let country = validate::choice(&state.db, Kind::Country, fields.country, COUNTRY_REQUIRED).await?;
    let (currency_name, currency_symbol) =
        validate::currency(&state.db, fields.currency_name, fields.currency_symbol).await?;
    let company = NewCompany { name: fields.name, country, currency_name, currency_symbol };
    let rights_json = serde_json::to_string(&rights::default_role_rights()).map_err(anyhow::Error::from)?;
    let now = state.clock.now();
    let (company_id, role_id) = companies::create_empty(
        &state.db,
        &company,
        fields.edition.as_str(),
        rights::COMMUNITY_ROLE,
        &rights_json,
        now,
    )
    .await?
    .ok_or_else(|| Error::Conflict(NAME_TAKEN.into()))?;
    logs::record(
        &state,
        logs::Event::info(
            "company.created",
            format!("{} created the company {} ({})", admin.email, fields.name, fields.edition.as_str()),
        )
        .company(&company_id)
        .user(&admin.user_id)
        .request(request_id.as_deref()),
    )
    .await;
    let actor = inviter(&state, &admin, &company_id, fields.edition, request_id, addr).await?;
    teams::invite_company_admin(&state, &actor, &fields.admin_email, &role_id).await?;
    let created = companies::list_with_user_counts(&state.db)
        .await?
        .into_iter()
        .find(|c| c.id == company_id)
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("the new company {company_id} cannot be read back")))?;
    Ok(Json(created.into()))
}

/// The administrator as the inviter of the new company's first admin.
async fn inviter(
    state: &AppState,
    admin: &CurrentUser,
    company_id: &str,
    edition: Edition,
    request_id: Option<String>,
    client_addr: IpAddr,
) -> Result<teams::Actor> {
    let user = users::get(&state.db, &admin.user_id)
        .await?
        .ok_or_else(|| Error::Unauthorized(crate::auth::session::SESSION_REQUIRED.into()))?;
    Ok(teams::Actor {
        company_id: company_id.to_string(),
        user_id: user.id,
        name: format!("{} {}", user.firstname, user.lastname),
        email: user.email,
        company_admin: true,
        edition,
        request_id,
        client_addr: Some(client_addr),
    })
}

/// An account as the platform administrators see it: in `GET /admin/companies/{id}/users`,
/// and in each person of `GET /admin/users`.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
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

impl From<users::Account> for AccountItem {
    fn from(a: users::Account) -> Self {
        Self {
            id: a.id,
            email: a.email,
            firstname: a.firstname,
            lastname: a.lastname,
            job_title: a.job_title,
            disabled: a.disabled,
            is_admin: a.is_admin,
        }
    }
}

/// The answer of `GET /admin/companies/{id}/users`, ordered by name.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
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
    find(&state, &company_id).await?;
    let data = users::accounts_in_company(&state.db, &company_id).await?.into_iter().map(AccountItem::from).collect();
    Ok(Json(AccountList { data }))
}

async fn find(state: &AppState, company_id: &str) -> Result<companies::Company> {
    companies::get(&state.db, company_id).await?.ok_or_else(|| Error::NotFound(COMPANY_NOT_FOUND.into()))
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
    change_edition(&state, &admin.email, &company_id, edition, request_id.as_deref()).await?;
    Ok(Message::new(format!("Edition set to {}", edition.as_str())))
}

/// Sets the edition, tells the members and logs it; 404 for an unknown company.
pub(super) async fn change_edition(
    state: &AppState,
    admin_email: &str,
    company_id: &str,
    edition: Edition,
    request_id: Option<&str>,
) -> Result<()> {
    if !companies::set_edition(&state.db, company_id, edition.as_str()).await? {
        return Err(Error::NotFound(COMPANY_NOT_FOUND.into()));
    }
    // Members' rights change with the edition: their open screens read them again.
    state.realtime.company_changed(company_id);
    logs::record(
        state,
        logs::Event::info("company.edition", format!("{admin_email} set the edition to {}", edition.as_str()))
            .company(company_id)
            .request(request_id),
    )
    .await;
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RenameRequest {
    #[serde(default)]
    pub name: String,
}

/// Renames a company; names are unique ignoring case.
#[utoipa::path(post, path = "/admin/companies/{id}/name", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "The company's id")), request_body = RenameRequest,
    responses((status = 200, body = Message), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message), (status = 404, body = Message),
        (status = 409, body = Message, description = "A company with this name already exists")))]
async fn rename_company(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RequestId(request_id): RequestId,
    Path(company_id): Path<String>,
    Json(body): Json<RenameRequest>,
) -> Result<Json<Message>> {
    let name = required(&body.name, NAME_REQUIRED)?;
    let company = find(&state, &company_id).await?;
    if is_administration(&company.name) {
        return Err(Error::bad_request(ADMINISTRATION_KEPT));
    }
    match companies::rename(&state.db, &company_id, name).await? {
        Renamed::Done => {}
        Renamed::NoSuchCompany => return Err(Error::NotFound(COMPANY_NOT_FOUND.into())),
        Renamed::Taken => return Err(Error::Conflict(NAME_TAKEN.into())),
    }
    logs::record(
        &state,
        logs::Event::info("company.renamed", format!("{} renamed {} to {name}", admin.email, company.name))
            .company(&company_id)
            .request(request_id.as_deref()),
    )
    .await;
    // Members' screens show the company's name.
    state.realtime.directory_changed(&company_id);
    Ok(Message::new(RENAMED))
}

/// Deactivates a company: every session in it ends at once, nobody may sign in to it or
/// switch to it, and its data is kept for a reactivation.
#[utoipa::path(post, path = "/admin/companies/{id}/deactivate", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "The company's id")),
    responses((status = 200, body = Message), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message), (status = 404, body = Message)))]
async fn deactivate_company(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RequestId(request_id): RequestId,
    Path(company_id): Path<String>,
) -> Result<Json<Message>> {
    let company = find(&state, &company_id).await?;
    if is_administration(&company.name) {
        return Err(Error::bad_request(ADMINISTRATION_KEPT));
    }
    if company.deactivated_at.is_some() {
        return Ok(Message::new(ALREADY_DEACTIVATED));
    }
    let now = state.clock.now();
    companies::set_deactivated(&state.db, &company_id, Some(now)).await?;
    sessions::revoke_all_in_company(&state.db, &company_id, now).await?;
    logs::record(
        &state,
        logs::Event::warn("company.deactivated", format!("{} deactivated the company {}", admin.email, company.name))
            .company(&company_id)
            .request(request_id.as_deref()),
    )
    .await;
    Ok(Message::new(DEACTIVATED))
}

/// Reactivates a company: its members may sign in to it again.
#[utoipa::path(post, path = "/admin/companies/{id}/reactivate", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "The company's id")),
    responses((status = 200, body = Message), (status = 401, body = Message), (status = 403, body = Message),
        (status = 404, body = Message)))]
async fn reactivate_company(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RequestId(request_id): RequestId,
    Path(company_id): Path<String>,
) -> Result<Json<Message>> {
    let company = find(&state, &company_id).await?;
    if company.deactivated_at.is_none() {
        return Ok(Message::new(ALREADY_ACTIVE));
    }
    companies::set_deactivated(&state.db, &company_id, None).await?;
    logs::record(
        &state,
        logs::Event::warn("company.reactivated", format!("{} reactivated the company {}", admin.email, company.name))
            .company(&company_id)
            .request(request_id.as_deref()),
    )
    .await;
    Ok(Message::new(REACTIVATED))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> CreateCompanyRequest {
        CreateCompanyRequest {
            name: " Globex ".into(),
            country: "India".into(),
            currency_name: "INR".into(),
            currency_symbol: String::new(),
            edition: String::new(),
            admin_email: " Hank@Globex.com ".into(),
        }
    }

    #[test]
    fn a_new_company_is_checked_in_the_form_order_with_defaults() {
        let body = request();
        let fields = body.check().unwrap();
        assert_eq!((fields.name, fields.currency_symbol, fields.edition), ("Globex", "$", Edition::Community));
        assert_eq!(fields.admin_email, "hank@globex.com");
        let refused = |change: fn(&mut CreateCompanyRequest)| {
            let mut body = request();
            change(&mut body);
            body.check().unwrap_err().to_string()
        };
        assert_eq!(refused(|b| b.name = " ".into()), NAME_REQUIRED);
        assert_eq!(refused(|b| b.country = String::new()), COUNTRY_REQUIRED);
        assert_eq!(refused(|b| b.currency_name = String::new()), CURRENCY_REQUIRED);
        assert_eq!(refused(|b| b.edition = "gold".into()), BAD_EDITION);
        assert_eq!(refused(|b| b.admin_email = "hank".into()), ADMIN_EMAIL_INVALID);
    }

    #[test]
    fn the_administration_company_is_known_ignoring_case() {
        assert!(is_administration("autoscope administration "));
        assert!(!is_administration("Acme"));
    }
}
