//! Pick lists (`POST /master/list`): the defaults every company shares (departments,
//! ticket categories and priorities) plus the company's own entries.

use axum::body::Bytes;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message};
use crate::storage::masters::{self, Master};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
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

/// The masters list, ordered by type and sort order; an unknown type gives an empty list.
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
