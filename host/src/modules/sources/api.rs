//! `/api/modules/{key}/connections`: a company administrator's connections of a module to
//! outside databases. The module itself never sees these requests (nor the passwords):
//! it lists the connections, without secrets, through the `sources` host function.

use autoscope_wire::sources::{Connection, ConnectionDraft, ConnectionTest, ServerVersion};
use axum::extract::{Path, State};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::connections::{self, Checked};
use super::engines;
use crate::auth::{ClientAddr, CurrentUser};
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message};
use crate::logs::{self, Event};

pub const ADMIN_ONLY: &str = "Only a company admin may manage database connections";
pub const NO_SOURCES: &str = "This module does not use database connections";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(update, delete)).routes(routes!(test))
}

/// Passes when the caller administers the company, the module `key` answers them and it
/// was granted `sources`.
fn administered(state: &AppState, user: &CurrentUser, key: &str) -> Result<()> {
    let module = state.modules.get(key).ok_or_else(|| Error::NotFound(crate::rights::MODULE_NOT_FOUND.into()))?;
    crate::rights::check_open(&user.rights, &module.manifest().rights_key)?;
    if !module.loaded.granted(&crate::modules::manifest::Capability::Sources) {
        return Err(Error::NotFound(NO_SOURCES.into()));
    }
    if !user.company_admin {
        return Err(Error::Forbidden(ADMIN_ONLY.into()));
    }
    Ok(())
}

fn checked(state: &AppState, draft: ConnectionDraft) -> Result<Checked> {
    connections::check(draft, &state.config.modules.source_hosts)
}

async fn record(state: &AppState, user: &CurrentUser, addr: Option<std::net::IpAddr>, event: &str, message: String) {
    logs::record(state, Event::info(event, message).company(&user.company_id).user(&user.user_id).from(addr)).await;
}

/// The module's connections, by name; passwords are never answered (`password_set` says
/// whether one is stored).
#[utoipa::path(get, path = "/modules/{key}/connections", tag = "modules", security(("bearer" = [])),
    params(("key" = String, Path)),
    responses((status = 200, body = Vec<Object>), (status = 401, body = Message), (status = 403, body = Message),
        (status = 404, body = Message)))]
async fn list(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(key): Path<String>,
) -> Result<Json<Vec<Connection>>> {
    administered(&state, &user, &key)?;
    Ok(Json(connections::list(&state.db, &user.company_id, &key).await?))
}

/// Adds a connection (a `ConnectionDraft`); the password is kept sealed.
#[utoipa::path(post, path = "/modules/{key}/connections", tag = "modules", security(("bearer" = [])),
    params(("key" = String, Path)), request_body = Object,
    responses((status = 200, body = Object), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message), (status = 404, body = Message), (status = 409, body = Message)))]
async fn create(
    State(state): State<AppState>,
    user: CurrentUser,
    ClientAddr(addr): ClientAddr,
    Path(key): Path<String>,
    Json(draft): Json<ConnectionDraft>,
) -> Result<Json<Connection>> {
    administered(&state, &user, &key)?;
    let draft = checked(&state, draft)?;
    let now = state.clock.now();
    let scope = (user.company_id.as_str(), key.as_str(), user.user_id.as_str());
    let created = connections::create(&state.db, state.sources.sealer(), scope, draft, now).await?;
    record(
        &state,
        &user,
        Some(addr),
        "source.connection_added",
        format!("Database connection '{}' added to {key}", created.name),
    )
    .await;
    Ok(Json(created))
}

/// Changes a connection; a draft without `password` keeps the stored one.
#[utoipa::path(put, path = "/modules/{key}/connections/{id}", tag = "modules", security(("bearer" = [])),
    params(("key" = String, Path), ("id" = String, Path)), request_body = Object,
    responses((status = 200, body = Object), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message), (status = 404, body = Message), (status = 409, body = Message)))]
async fn update(
    State(state): State<AppState>,
    user: CurrentUser,
    ClientAddr(addr): ClientAddr,
    Path((key, id)): Path<(String, String)>,
    Json(draft): Json<ConnectionDraft>,
) -> Result<Json<Connection>> {
    administered(&state, &user, &key)?;
    let draft = checked(&state, draft)?;
    let now = state.clock.now();
    let scope = (user.company_id.as_str(), key.as_str());
    let updated = connections::update(&state.db, state.sources.sealer(), scope, &id, draft, now).await?;
    state.sources.forget(&id);
    record(
        &state,
        &user,
        Some(addr),
        "source.connection_changed",
        format!("Database connection '{}' of {key} changed", updated.name),
    )
    .await;
    Ok(Json(updated))
}

/// Deletes a connection. What the module imported through it stays.
#[utoipa::path(delete, path = "/modules/{key}/connections/{id}", tag = "modules", security(("bearer" = [])),
    params(("key" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Message), (status = 401, body = Message), (status = 403, body = Message),
        (status = 404, body = Message)))]
async fn delete(
    State(state): State<AppState>,
    user: CurrentUser,
    ClientAddr(addr): ClientAddr,
    Path((key, id)): Path<(String, String)>,
) -> Result<Json<Message>> {
    administered(&state, &user, &key)?;
    let stored = connections::find(&state.db, &user.company_id, &key, &id).await?;
    if !crate::storage::source_connections::delete(&state.db, &user.company_id, &key, &id).await? {
        return Err(Error::NotFound(connections::NOT_FOUND.into()));
    }
    state.sources.forget(&id);
    record(
        &state,
        &user,
        Some(addr),
        "source.connection_deleted",
        format!("Database connection '{}' of {key} deleted", stored.name),
    )
    .await;
    Ok(Message::new("Connection deleted"))
}

/// Connects with a draft (a stored connection's password stands in for a left-out one when
/// `id` names it) and answers the server's version, or the database's own error (502).
#[utoipa::path(post, path = "/modules/{key}/connections/test", tag = "modules", security(("bearer" = [])),
    params(("key" = String, Path)), request_body = Object,
    responses((status = 200, body = Object), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message), (status = 404, body = Message), (status = 502, body = Message)))]
async fn test(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(key): Path<String>,
    Json(body): Json<ConnectionTest>,
) -> Result<Json<ServerVersion>> {
    administered(&state, &user, &key)?;
    let draft = checked(&state, body.draft)?;
    let stored = match &body.id {
        Some(id) => Some(connections::find(&state.db, &user.company_id, &key, id).await?),
        None => None,
    };
    let target = connections::draft_target(state.sources.sealer(), &user.company_id, &draft, stored.as_ref())?;
    Ok(Json(ServerVersion { version: engines::test(&target).await? }))
}
