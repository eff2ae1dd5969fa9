//! Create New Company (`/createCompany`, premium): a member of an enterprise company makes
//! another company, of the community edition, with themself as its company admin.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::switch::MyCompany;
use super::validate::{currency_symbol, required};
use crate::auth::CurrentUser;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, RequestId};
use crate::logs;
use crate::rights::{self, menu::MENU};
use crate::storage::companies::{self, NewCompany};
use crate::storage::memberships;

pub const NAME_TAKEN: &str = "A company with this name already exists";
pub const PREMIUM: &str = "Creating another company is an Enterprise feature: upgrade to Premium";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create_company))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewCompanyRequest {
    #[serde(default)]
    pub companyname: String,
    #[serde(default)]
    pub country: String,
    #[serde(default)]
    pub currency_name: String,
    #[serde(default)]
    pub currency_symbol: String,
}

/// Creates a company (community edition, the sign-up role) with the caller as its company
/// admin; the caller then switches to it (`POST /users/switchCompany`).
#[utoipa::path(post, path = "/users/createCompany", tag = "accounts", security(("bearer" = [])),
    request_body = NewCompanyRequest,
    responses((status = 200, body = MyCompany), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message, description = "Not an enterprise member's right"),
        (status = 409, body = Message, description = "A company with this name already exists")))]
async fn create_company(
    State(state): State<AppState>,
    current: CurrentUser,
    RequestId(request_id): RequestId,
    Json(body): Json<NewCompanyRequest>,
) -> Result<Json<MyCompany>> {
    if !rights::allows(&current.rights, MENU.company.key) {
        return Err(Error::Forbidden(PREMIUM.into()));
    }
    let company = NewCompany {
        name: required(&body.companyname, "Please enter your company name")?,
        country: required(&body.country, "Please select a Country")?,
        currency_name: required(&body.currency_name, "Please select a currency")?,
        currency_symbol: currency_symbol(&body.currency_symbol),
    };
    let rights_json = serde_json::to_string(&rights::default_role_rights()).map_err(anyhow::Error::from)?;
    let now = state.clock.now();
    let company_id =
        companies::create_for_member(&state.db, &company, rights::COMMUNITY_ROLE, &rights_json, &current.user_id, now)
            .await?
            .ok_or_else(|| Error::Conflict(NAME_TAKEN.into()))?;
    let seat = memberships::active_seat(&state.db, &company_id, &current.user_id)
        .await?
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("the new company {company_id} has no admin")))?;
    logs::record(
        &state,
        logs::Event::info("company.created", format!("{} created the company {}", current.email, seat.companyname))
            .company(&company_id)
            .user(&current.user_id)
            .request(request_id.as_deref()),
    )
    .await;
    Ok(Json(MyCompany::of(seat, false)))
}
