//! The master lists: the defaults every company shares (genders, countries, currencies,
//! departments, ticket categories and priorities) plus a company's own entries.
//! `POST /master/list` gives a company's active entries, `GET /masters/options` the
//! public lists every form offers (`options`), and platform admins edit the defaults
//! (`admin`); `accounts::validate::choice` checks a form's value against them.

pub mod admin;
mod options;
#[cfg(test)]
mod typescript;

use axum::body::Bytes;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message};
use crate::storage::masters::{self, Master};

pub use options::{CountryOption, CurrencyOption, MasterOptions};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).merge(options::routes()).merge(admin::routes())
}

/// A kind of master list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "MasterKind"))]
pub enum Kind {
    Gender,
    Country,
    Currency,
    Department,
    TicketCategory,
    TicketPriority,
}

impl Kind {
    pub const ALL: [Kind; 6] =
        [Kind::Gender, Kind::Country, Kind::Currency, Kind::Department, Kind::TicketCategory, Kind::TicketPriority];

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Gender => "gender",
            Kind::Country => "country",
            Kind::Currency => "currency",
            Kind::Department => "department",
            Kind::TicketCategory => "ticket_category",
            Kind::TicketPriority => "ticket_priority",
        }
    }

    /// Forms store a country's and a currency's code (ISO alpha-2, ISO 4217), the other
    /// kinds' name.
    pub fn by_code(self) -> bool {
        matches!(self, Kind::Country | Kind::Currency)
    }

    /// The letters of the kind's code, when it has one.
    pub fn code_len(self) -> Option<usize> {
        match self {
            Kind::Country => Some(2),
            Kind::Currency => Some(3),
            _ => None,
        }
    }

    /// What the system log calls an entry: "the department Legal".
    pub fn noun(self) -> &'static str {
        match self {
            Kind::TicketCategory => "ticket category",
            Kind::TicketPriority => "ticket priority",
            other => other.as_str(),
        }
    }
}

/// The optional filter; an empty body or `{}` asks for every kind.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct MasterFilter {
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
}

impl MasterFilter {
    /// The spec does not show this call's payload, so no body at all is accepted too.
    pub fn parse(body: &[u8]) -> Result<Self> {
        if body.iter().all(u8::is_ascii_whitespace) {
            return Ok(Self::default());
        }
        serde_json::from_slice(body).map_err(|err| {
            Error::bad_request(format!("Failed to deserialize the JSON body into the target type: {err}"))
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MasterItem {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MasterList {
    pub data: Vec<MasterItem>,
}

/// The masters list (active entries), ordered by type and sort order; an unknown type
/// gives an empty list.
#[utoipa::path(post, path = "/master/list", tag = "masters", security(("bearer" = [])),
    request_body(content = Option<MasterFilter>, description = "Optional; may be empty"),
    responses((status = 200, body = MasterList), (status = 400, body = Message), (status = 401, body = Message)))]
async fn list(State(state): State<AppState>, current: CurrentUser, body: Bytes) -> Result<Json<MasterList>> {
    let filter = MasterFilter::parse(&body)?;
    let kind = filter.kind.as_deref().map(str::trim).filter(|k| !k.is_empty());
    let found = masters::list(&state.db, &current.company_id, kind).await?;
    Ok(Json(MasterList {
        data: found.into_iter().map(|Master { id, kind, name }| MasterItem { id, kind, name }).collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_body_or_an_empty_object_asks_for_everything() {
        assert_eq!(MasterFilter::parse(b"").unwrap().kind, None);
        assert_eq!(MasterFilter::parse(b" \n").unwrap().kind, None);
        assert_eq!(MasterFilter::parse(b"{}").unwrap().kind, None);
        assert_eq!(MasterFilter::parse(b"{\"type\": null}").unwrap().kind, None);
    }

    #[test]
    fn a_type_filters_and_a_bad_body_is_a_400() {
        assert_eq!(MasterFilter::parse(b"{\"type\": \"department\"}").unwrap().kind.as_deref(), Some("department"));
        let err = MasterFilter::parse(b"{\"type\": 3}").unwrap_err();
        assert_eq!(err.status(), axum::http::StatusCode::BAD_REQUEST);
        assert!(MasterFilter::parse(b"not json").is_err());
    }
}
