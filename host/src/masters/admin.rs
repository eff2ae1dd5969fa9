//! Platform admins edit the default lists (`/admin/masters`): add, rename (and a
//! currency's symbol), deactivate or reactivate, move up or down. Nothing is deleted: an
//! entry people chose keeps its label when it is deactivated, and a code, being what
//! forms store, is set once when the entry is added.

use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::Kind;
use crate::auth::{Admin, CurrentUser};
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, Query, RequestId};
use crate::logs;
use crate::storage::masters::{self, Clash, Entry, NewEntry};

pub const NOT_FOUND: &str = "Master entry not found";
pub const NAME_REQUIRED: &str = "Please enter a name";
pub const NAME_TOO_LONG: &str = "A name has at most 100 characters";
pub const COUNTRY_CODE: &str = "Please enter the country's two-letter ISO code";
pub const CURRENCY_CODE: &str = "Please enter the currency's three-letter ISO code";
pub const NO_CODE: &str = "Only countries and currencies have a code";
pub const NO_SYMBOL: &str = "Only currencies have a symbol";
pub const SYMBOL_TOO_LONG: &str = "A symbol has at most 8 characters";
pub const NAME_TAKEN: &str = "This list already has an entry of that name";
pub const CODE_TAKEN: &str = "This list already has an entry with that code";

const NAME_MAX: usize = 100;
const SYMBOL_MAX: usize = 8;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(update))
        .routes(routes!(deactivate))
        .routes(routes!(reactivate))
        .routes(routes!(move_entry))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct KindQuery {
    /// gender, country, currency, department, ticket_category or ticket_priority.
    #[param(inline)]
    pub kind: Kind,
}

/// An entry of a default list as platform admins see it.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct AdminMaster {
    pub id: String,
    pub kind: Kind,
    pub name: String,
    /// Countries' and currencies' ISO code.
    pub code: Option<String>,
    /// Currencies' symbol.
    pub symbol: Option<String>,
    /// Offered to forms; an inactive entry keeps its label for the values people chose.
    pub active: bool,
}

impl AdminMaster {
    fn of(kind: Kind, Entry { id, name, code, symbol, active, .. }: Entry) -> Self {
        Self { id, kind, name, code, symbol, active }
    }
}

/// One kind's entries in sort order.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct AdminMasterList {
    pub data: Vec<AdminMaster>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NewMaster {
    pub kind: Kind,
    pub name: String,
    /// Countries (two letters) and currencies (three letters) only.
    #[serde(default)]
    pub code: Option<String>,
    /// Currencies only.
    #[serde(default)]
    pub symbol: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MasterChange {
    pub name: String,
    /// Currencies only.
    #[serde(default)]
    pub symbol: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "MoveDirection"))]
pub enum Direction {
    Up,
    Down,
}

#[derive(Debug, Deserialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MoveRequest {
    pub direction: Direction,
}

/// The trimmed name, or why it is refused.
fn checked_name(name: &str) -> Result<&str> {
    let name = name.trim();
    if name.is_empty() {
        Err(Error::bad_request(NAME_REQUIRED))
    } else if name.chars().count() > NAME_MAX {
        Err(Error::bad_request(NAME_TOO_LONG))
    } else {
        Ok(name)
    }
}

/// The upper-cased code a country or currency needs (none for other kinds), or why not.
fn checked_code(kind: Kind, code: Option<&str>) -> Result<Option<String>> {
    let code = code.map(str::trim).filter(|c| !c.is_empty());
    match (kind.code_len(), code) {
        (None, None) => Ok(None),
        (None, Some(_)) => Err(Error::bad_request(NO_CODE)),
        (Some(len), code) => match code {
            Some(code) if code.len() == len && code.chars().all(|c| c.is_ascii_alphabetic()) => {
                Ok(Some(code.to_ascii_uppercase()))
            }
            _ => Err(Error::bad_request(if kind == Kind::Country { COUNTRY_CODE } else { CURRENCY_CODE })),
        },
    }
}

/// A currency's trimmed symbol (may be absent); other kinds have none.
fn checked_symbol(kind: Kind, symbol: Option<&str>) -> Result<Option<&str>> {
    let symbol = symbol.map(str::trim).filter(|s| !s.is_empty());
    match symbol {
        None => Ok(None),
        Some(_) if kind != Kind::Currency => Err(Error::bad_request(NO_SYMBOL)),
        Some(s) if s.chars().count() > SYMBOL_MAX => Err(Error::bad_request(SYMBOL_TOO_LONG)),
        Some(s) => Ok(Some(s)),
    }
}

/// The ids in their new order when `id` moves one place; None when it cannot move.
fn moved(mut ids: Vec<String>, id: &str, direction: Direction) -> Option<Vec<String>> {
    let at = ids.iter().position(|other| other == id)?;
    let to = match direction {
        Direction::Up => at.checked_sub(1)?,
        Direction::Down => Some(at + 1).filter(|&to| to < ids.len())?,
    };
    ids.swap(at, to);
    Some(ids)
}

async fn refuse_clash(
    state: &AppState,
    kind: Kind,
    name: &str,
    code: Option<&str>,
    except: Option<&str>,
) -> Result<()> {
    match masters::clash(&state.db, kind.as_str(), name, code, except).await? {
        Some(Clash::Name) => Err(Error::bad_request(NAME_TAKEN)),
        Some(Clash::Code) => Err(Error::bad_request(CODE_TAKEN)),
        None => Ok(()),
    }
}

/// A default entry of a kind this API edits, or 404.
async fn entry(state: &AppState, id: &str) -> Result<(Kind, Entry)> {
    let found = masters::get_default(&state.db, id).await?;
    found
        .and_then(|entry| Kind::parse(&entry.kind).map(|kind| (kind, entry)))
        .ok_or_else(|| Error::NotFound(NOT_FOUND.into()))
}

/// The default list of `kind`, inactive entries included, in sort order.
async fn list_of(state: &AppState, kind: Kind) -> Result<AdminMasterList> {
    let found = masters::defaults_of(&state.db, kind.as_str()).await?;
    Ok(AdminMasterList { data: found.into_iter().map(|e| AdminMaster::of(kind, e)).collect() })
}

async fn log(state: &AppState, admin: &CurrentUser, request_id: &RequestId, event: &str, message: String) {
    logs::record(
        state,
        logs::Event::info(event, message)
            .company(&admin.company_id)
            .user(&admin.user_id)
            .request(request_id.0.as_deref()),
    )
    .await;
}

/// One default list, inactive entries included, in sort order.
#[utoipa::path(get, path = "/admin/masters", tag = "admin", security(("bearer" = [])), params(KindQuery),
    responses((status = 200, body = AdminMasterList), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message)))]
async fn list(
    State(state): State<AppState>,
    _admin: Admin,
    Query(KindQuery { kind }): Query<KindQuery>,
) -> Result<Json<AdminMasterList>> {
    Ok(Json(list_of(&state, kind).await?))
}

/// Adds an active entry at the end of its list.
#[utoipa::path(post, path = "/admin/masters", tag = "admin", security(("bearer" = [])), request_body = NewMaster,
    responses((status = 200, body = AdminMaster), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message)))]
async fn create(
    State(state): State<AppState>,
    Admin(admin): Admin,
    request_id: RequestId,
    Json(body): Json<NewMaster>,
) -> Result<Json<AdminMaster>> {
    let kind = body.kind;
    let name = checked_name(&body.name)?;
    let code = checked_code(kind, body.code.as_deref())?;
    let symbol = checked_symbol(kind, body.symbol.as_deref())?;
    refuse_clash(&state, kind, name, code.as_deref(), None).await?;
    let id = masters::insert_default(&state.db, &NewEntry { kind: kind.as_str(), name, code: code.as_deref(), symbol })
        .await?;
    let (_, created) = entry(&state, &id).await?;
    log(&state, &admin, &request_id, "master.created", format!("{} added the {} {name}", admin.email, kind.noun()))
        .await;
    Ok(Json(AdminMaster::of(kind, created)))
}

/// Renames an entry (and sets a currency's symbol); its code stays.
#[utoipa::path(put, path = "/admin/masters/{id}", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "The entry's id")), request_body = MasterChange,
    responses((status = 200, body = AdminMaster), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message), (status = 404, body = Message)))]
async fn update(
    State(state): State<AppState>,
    Admin(admin): Admin,
    request_id: RequestId,
    Path(id): Path<String>,
    Json(body): Json<MasterChange>,
) -> Result<Json<AdminMaster>> {
    let (kind, before) = entry(&state, &id).await?;
    let name = checked_name(&body.name)?;
    let symbol = checked_symbol(kind, body.symbol.as_deref())?;
    refuse_clash(&state, kind, name, None, Some(&id)).await?;
    masters::update_default(&state.db, &id, name, symbol).await?;
    let (_, after) = entry(&state, &id).await?;
    let message = match (&before.symbol, &after.symbol) {
        (old, new) if old != new => format!(
            "{} changed the {} {} to {name} ({})",
            admin.email,
            kind.noun(),
            before.name,
            new.as_deref().unwrap_or("no symbol")
        ),
        _ => format!("{} renamed the {} {} to {name}", admin.email, kind.noun(), before.name),
    };
    log(&state, &admin, &request_id, "master.updated", message).await;
    Ok(Json(AdminMaster::of(kind, after)))
}

async fn set_active(
    state: &AppState,
    admin: &CurrentUser,
    request_id: &RequestId,
    id: &str,
    active: bool,
) -> Result<Json<AdminMaster>> {
    let (kind, _) = entry(state, id).await?;
    masters::set_default_active(&state.db, id, active).await?;
    let (_, after) = entry(state, id).await?;
    let (event, verb) =
        if active { ("master.reactivated", "reactivated") } else { ("master.deactivated", "deactivated") };
    log(state, admin, request_id, event, format!("{} {verb} the {} {}", admin.email, kind.noun(), after.name)).await;
    Ok(Json(AdminMaster::of(kind, after)))
}

/// Forms no longer offer the entry; the values people chose keep its label.
#[utoipa::path(post, path = "/admin/masters/{id}/deactivate", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "The entry's id")),
    responses((status = 200, body = AdminMaster), (status = 401, body = Message), (status = 403, body = Message),
        (status = 404, body = Message)))]
async fn deactivate(
    State(state): State<AppState>,
    Admin(admin): Admin,
    request_id: RequestId,
    Path(id): Path<String>,
) -> Result<Json<AdminMaster>> {
    set_active(&state, &admin, &request_id, &id, false).await
}

/// Forms offer the entry again.
#[utoipa::path(post, path = "/admin/masters/{id}/reactivate", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "The entry's id")),
    responses((status = 200, body = AdminMaster), (status = 401, body = Message), (status = 403, body = Message),
        (status = 404, body = Message)))]
async fn reactivate(
    State(state): State<AppState>,
    Admin(admin): Admin,
    request_id: RequestId,
    Path(id): Path<String>,
) -> Result<Json<AdminMaster>> {
    set_active(&state, &admin, &request_id, &id, true).await
}

/// Moves an entry one place up or down its list (the first stays first, the last last);
/// answers the list in its new order.
#[utoipa::path(post, path = "/admin/masters/{id}/move", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path, description = "The entry's id")), request_body = MoveRequest,
    responses((status = 200, body = AdminMasterList), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message), (status = 404, body = Message)))]
async fn move_entry(
    State(state): State<AppState>,
    Admin(admin): Admin,
    request_id: RequestId,
    Path(id): Path<String>,
    Json(body): Json<MoveRequest>,
) -> Result<Json<AdminMasterList>> {
    let (kind, moving) = entry(&state, &id).await?;
    let list = masters::defaults_of(&state.db, kind.as_str()).await?;
    let ids = list.iter().map(|e| e.id.clone()).collect();
    if let Some(order) = moved(ids, &id, body.direction) {
        // Places are renumbered 1.. so entries that shared a place get their own.
        let sorts: Vec<(&str, i64)> = order.iter().zip(1..).map(|(id, sort)| (id.as_str(), sort)).collect();
        masters::set_default_sorts(&state.db, &sorts).await?;
        let way = if body.direction == Direction::Up { "up" } else { "down" };
        let message = format!("{} moved the {} {} {way}", admin.email, kind.noun(), moving.name);
        log(&state, &admin, &request_id, "master.moved", message).await;
    }
    Ok(Json(list_of(&state, kind).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(result: Result<impl std::fmt::Debug>) -> String {
        result.unwrap_err().to_string()
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(checked_name("  Legal ").unwrap(), "Legal");
        assert_eq!(message(checked_name("  ")), NAME_REQUIRED);
        assert_eq!(message(checked_name(&"x".repeat(101))), NAME_TOO_LONG);
        assert!(checked_name(&"é".repeat(100)).is_ok());
    }

    #[test]
    fn codes_belong_to_countries_and_currencies() {
        assert_eq!(checked_code(Kind::Country, Some(" in ")).unwrap().as_deref(), Some("IN"));
        assert_eq!(checked_code(Kind::Currency, Some("usd")).unwrap().as_deref(), Some("USD"));
        assert_eq!(message(checked_code(Kind::Country, None)), COUNTRY_CODE);
        assert_eq!(message(checked_code(Kind::Country, Some("IND"))), COUNTRY_CODE);
        assert_eq!(message(checked_code(Kind::Currency, Some("U$D"))), CURRENCY_CODE);
        assert_eq!(checked_code(Kind::Department, Some(" ")).unwrap(), None);
        assert_eq!(message(checked_code(Kind::Gender, Some("M"))), NO_CODE);
    }

    #[test]
    fn only_currencies_have_a_symbol() {
        assert_eq!(checked_symbol(Kind::Currency, Some(" € ")).unwrap(), Some("€"));
        assert_eq!(checked_symbol(Kind::Currency, None).unwrap(), None);
        assert_eq!(checked_symbol(Kind::Department, Some("")).unwrap(), None);
        assert_eq!(message(checked_symbol(Kind::Country, Some("x"))), NO_SYMBOL);
        assert_eq!(message(checked_symbol(Kind::Currency, Some("123456789"))), SYMBOL_TOO_LONG);
    }

    #[test]
    fn an_entry_moves_one_place_within_its_list() {
        let ids = || vec!["a".to_string(), "b".into(), "c".into()];
        assert_eq!(moved(ids(), "b", Direction::Up).unwrap(), ["b", "a", "c"]);
        assert_eq!(moved(ids(), "b", Direction::Down).unwrap(), ["a", "c", "b"]);
        assert_eq!(moved(ids(), "a", Direction::Up), None);
        assert_eq!(moved(ids(), "c", Direction::Down), None);
        assert_eq!(moved(ids(), "z", Direction::Up), None);
    }
}
