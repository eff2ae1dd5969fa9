//! Requests for the enterprise edition (what a community user sends from /EnterpriseEdition)
//! as the platform administrators see them, and the upgrade that answers one.

use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::Window;
use crate::auth::Admin;
use crate::clock;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, Query, RequestId};
use crate::logs;
use crate::rights::Edition;
use crate::storage::enterprise;

pub const REQUEST_NOT_FOUND: &str = "Request not found";
pub const UPGRADED: &str = "The company now has the enterprise edition";
pub const ALREADY_ENTERPRISE: &str = "The company already has the enterprise edition";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_requests)).routes(routes!(upgrade))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RequestsQuery {
    /// 1-based; 1 when absent.
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// 1 to 100; 20 when absent.
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
}

/// One request of `GET /admin/enterpriseRequests`.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseRequestItem {
    pub id: String,
    /// The name and e-mail given in the form.
    pub name: String,
    pub email: String,
    /// The e-mail of the account that sent it.
    pub account_email: String,
    pub company_id: String,
    pub company_name: String,
    /// The company's edition now.
    pub edition: String,
    pub contact_number: String,
    pub country: String,
    /// ISO 8601, UTC.
    pub created_at: String,
    /// ISO 8601, UTC; null while pending.
    pub handled_at: Option<String>,
    /// The e-mail of the administrator who handled it.
    pub handled_by: Option<String>,
}

impl From<enterprise::Request> for EnterpriseRequestItem {
    fn from(r: enterprise::Request) -> Self {
        Self {
            id: r.id,
            name: r.username,
            email: r.email,
            account_email: r.community_user_email,
            company_id: r.company_id,
            company_name: r.companyname,
            edition: r.edition,
            contact_number: r.contact_number,
            country: r.country,
            created_at: clock::iso8601(r.created_at),
            handled_at: r.handled_at.map(clock::iso8601),
            handled_by: r.handled_by,
        }
    }
}

/// A page of `GET /admin/enterpriseRequests`; `page` is 1-based, `total` counts every request.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseRequestPage {
    pub data: Vec<EnterpriseRequestItem>,
    pub page: i64,
    pub page_size: i64,
    pub total: i64,
}

/// Every company's requests, newest first, a page at a time.
#[utoipa::path(get, path = "/admin/enterpriseRequests", tag = "admin", security(("bearer" = [])),
    params(RequestsQuery),
    responses((status = 200, body = EnterpriseRequestPage), (status = 400, body = Message),
        (status = 401, body = Message), (status = 403, body = Message)))]
async fn list_requests(
    State(state): State<AppState>,
    _admin: Admin,
    Query(query): Query<RequestsQuery>,
) -> Result<Json<EnterpriseRequestPage>> {
    let window = Window::of(query.page, query.page_size)?;
    let total = enterprise::count(&state.db).await?;
    let rows = enterprise::page(&state.db, window.page_size, window.offset()).await?;
    Ok(Json(EnterpriseRequestPage {
        data: rows.into_iter().map(EnterpriseRequestItem::from).collect(),
        page: window.page,
        page_size: window.page_size,
        total,
    }))
}

/// Gives the request's company the enterprise edition (its members' premium rights open on
/// their next request) and marks the request handled. A company that has it already is
/// told so, and the request is marked handled all the same.
#[utoipa::path(post, path = "/admin/enterpriseRequests/{id}/upgrade", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "The request's id")),
    responses((status = 200, body = UpgradeAnswer), (status = 401, body = Message),
        (status = 403, body = Message), (status = 404, body = Message)))]
async fn upgrade(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RequestId(request_id): RequestId,
    Path(id): Path<String>,
) -> Result<Json<UpgradeAnswer>> {
    let request = find(&state, &id).await?;
    let already = Edition::parse(&request.edition) == Some(Edition::Enterprise);
    if !already {
        super::companies::change_edition(
            &state,
            &admin.email,
            &request.company_id,
            Edition::Enterprise,
            request_id.as_deref(),
        )
        .await?;
    }
    if enterprise::mark_handled(&state.db, &id, &admin.user_id, state.clock.now()).await? {
        logs::record(
            &state,
            logs::Event::info(
                "enterprise_request.handled",
                format!("{} handled the enterprise request of {}", admin.email, request.email),
            )
            .company(&request.company_id)
            .request(request_id.as_deref()),
        )
        .await;
    }
    Ok(Json(UpgradeAnswer {
        message: if already { ALREADY_ENTERPRISE } else { UPGRADED }.into(),
        request: find(&state, &id).await?.into(),
    }))
}

/// The upgrade's outcome and the request as it is now.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct UpgradeAnswer {
    pub message: String,
    pub request: EnterpriseRequestItem,
}

async fn find(state: &AppState, id: &str) -> Result<enterprise::Request> {
    enterprise::get(&state.db, id).await?.ok_or_else(|| Error::NotFound(REQUEST_NOT_FOUND.into()))
}
