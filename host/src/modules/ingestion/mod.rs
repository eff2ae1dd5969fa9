//! The ingestion API: robots and orchestrators send run data to the streams a module's
//! manifest declares (`[ingest.<stream>]`), with a company API key instead of a session.
//!
//! - `POST /api/ingest/{module}/{stream}`: a batch (JSON array, `{"records": [...]}` or
//!   NDJSON), stored by the collection's key so a batch sent twice changes nothing;
//!   answered with a report naming each refused record.
//! - `GET/POST /api/ingest/keys`, `DELETE /api/ingest/keys/{id}`: a company
//!   administrator's key management; a key is shown once, only its digest is kept.

pub mod keys;
pub mod parse;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message};
use crate::modules::collections::{self, upsert};
use crate::storage::api_keys;

/// The largest batch body.
pub const MAX_BODY_BYTES: usize = 16 << 20;
/// How often a key's last use is written down, at most (seconds).
const TOUCH_EVERY: i64 = 60;

pub const KEY_REQUIRED: &str = "A valid API key is required (Authorization: Bearer ask_...)";
pub const ADMIN_ONLY: &str = "Only a company administrator can manage API keys";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_keys, create_key))
        .routes(routes!(revoke_key))
        .routes(routes!(ingest))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES))
}

/// What a batch came to (the `ingest` host function answers the same).
pub type Report = autoscope_wire::host::IngestReport;

/// Stores a batch for `company_id` in `module`'s `stream`: the code behind the `ingest`
/// host functions, public for programs built on the host's library that write records the
/// same way. `records` is a JSON array, parsed on the thread that checks them.
pub async fn store(
    state: &AppState,
    company_id: &str,
    module: &str,
    stream: &str,
    records: Box<RawValue>,
) -> Result<Report> {
    let read = move || parse::module_records(records.get());
    store_reads(state, company_id, module, stream, read).await
}

/// Stores the records `read` gives (or answers why the batch as a whole is refused).
/// Reading and checking records is CPU work: it runs on a blocking thread, a statement's
/// worth of records at a time, while the database stores the chunk before, instead of
/// holding an async worker for the whole batch.
async fn store_reads(
    state: &AppState,
    company_id: &str,
    module: &str,
    stream: &str,
    read: impl FnOnce() -> std::result::Result<Vec<parse::Read>, String> + Send + 'static,
) -> Result<Report> {
    let unknown = || Error::NotFound(format!("No ingestion stream '{stream}' in module '{module}'"));
    let installed = state.modules.get(module).ok_or_else(unknown)?;
    let collection = installed.manifest().ingest.get(stream).ok_or_else(unknown)?.collection.clone();
    let target = state.modules.target(module, &collection).ok_or_else(unknown)?;
    let now = state.clock.now();
    let per_chunk = collections::rows_per_insert(&target.spec, state.db.engine());
    let (sender, chunks) = tokio::sync::mpsc::channel(2);
    let checking = {
        let (target, company_id) = (target.clone(), company_id.to_string());
        tokio::task::spawn_blocking(move || check_all(&target, &company_id, now, read, per_chunk, &sender))
    };
    let stored = upsert::store(&state.db, &target, company_id, now, chunks).await;
    let mut report = checking.await.map_err(|err| Error::Internal(err.into()))??;
    report.stored = stored.map_err(|err| Error::Internal(anyhow::anyhow!(err.message)))?;
    report.errors.sort_by_key(|entry| entry["index"].as_u64());
    Ok(report)
}

/// Reads the batch and checks it chunk by chunk, sending each chunk to the storing side
/// and then `Complete` (a failure here sends no `Complete`, so nothing is stored);
/// answers the report of what was received and refused.
fn check_all(
    target: &collections::Target,
    company_id: &str,
    now: i64,
    read: impl FnOnce() -> std::result::Result<Vec<parse::Read>, String>,
    per_chunk: usize,
    sender: &tokio::sync::mpsc::Sender<upsert::Part>,
) -> Result<Report> {
    let reads = read().map_err(Error::BadRequest)?;
    let key = target.spec.key.clone().unwrap_or_default();
    let mut report = Report { received: reads.len(), ..Report::default() };
    let mut reads = reads.into_iter().enumerate().peekable();
    while reads.peek().is_some() {
        let mut records = Vec::with_capacity(per_chunk);
        for (index, read) in reads.by_ref().take(per_chunk) {
            match read.and_then(|mut record| parse::timestamps(&target.spec, &mut record).map(|()| record)) {
                Ok(record) => records.push((index, record)),
                Err(message) => report.errors.push(error_entry(index, &key, None, message)),
            }
        }
        let (chunk, refused) = upsert::check(target, company_id, now, &records)
            .map_err(|err| Error::Internal(anyhow::anyhow!(err.message)))?;
        for (at, message) in refused {
            let (index, record) = &records[at];
            report.errors.push(error_entry(*index, &key, record.get(&key).cloned(), message));
        }
        // The storing side stopped (it failed, and says why): nothing more to check.
        if sender.blocking_send(upsert::Part::Chunk(chunk)).is_err() {
            return Ok(report);
        }
    }
    let _ = sender.blocking_send(upsert::Part::Complete);
    Ok(report)
}

fn error_entry(index: usize, key: &str, key_value: Option<Value>, message: String) -> Map<String, Value> {
    let mut entry = Map::new();
    entry.insert("index".into(), index.into());
    if let Some(value) = key_value {
        entry.insert(key.into(), value);
    }
    entry.insert("message".into(), message.into());
    entry
}

/// The live API key in the `Authorization` header: its company and edition.
async fn key_of(state: &AppState, headers: &HeaderMap) -> Result<api_keys::LiveKey> {
    let unauthorized = || Error::Unauthorized(KEY_REQUIRED.into());
    let presented = crate::auth::session::bearer(headers).ok_or_else(unauthorized)?;
    let (id, secret) = keys::parse(presented.trim()).ok_or_else(unauthorized)?;
    let live = api_keys::find_live(&state.db, id).await.map_err(anyhow::Error::from)?.ok_or_else(unauthorized)?;
    if !keys::matches(secret, &live.secret_hash) {
        return Err(unauthorized());
    }
    let now = state.clock.now();
    if live.last_used_at.is_none_or(|at| now - at >= TOUCH_EVERY) {
        api_keys::touch(&state.db, id, now).await.map_err(anyhow::Error::from)?;
    }
    Ok(live)
}

/// Sends a batch of records to a module's ingestion stream (e.g. `bots/runs`). The key
/// decides the company. Records are checked one by one: the answer lists each refused
/// record with its position; the others are stored.
#[utoipa::path(post, path = "/ingest/{module}/{stream}", tag = "ingestion", security(("api_key" = [])),
    params(("module" = String, Path), ("stream" = String, Path)),
    request_body(content = Vec<Object>, description = "JSON array, {\"records\": [...]}, or NDJSON (application/x-ndjson)"),
    responses((status = 200, body = Object, description = "The report: `received`, `stored`, and `errors` (one `{index, message}` per refused record, with its key)"), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message), (status = 404, body = Message), (status = 413, body = Message)))]
async fn ingest(
    State(state): State<AppState>,
    Path((module, stream)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Report>> {
    let key = key_of(&state, &headers).await?;
    // A premium module takes data from enterprise companies only, as its routes serve them.
    if state.modules.get(&module).is_some_and(|installed| !installed.serves_edition(&key.edition)) {
        return Err(Error::Forbidden(crate::rights::UPGRADE.into()));
    }
    let ndjson = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/x-ndjson") || value.starts_with("application/jsonl"));
    let read = move || parse::records(&body, ndjson);
    Ok(Json(store_reads(&state, &key.company_id, &module, &stream, read).await?))
}

/// A key as the list shows it (never the secret).
#[derive(Debug, Serialize, ToSchema)]
pub struct KeyItem {
    pub id: String,
    pub name: String,
    /// The key's first characters, to recognise it.
    pub prefix: String,
    pub created_at: i64,
    pub created_by: Option<String>,
    pub last_used_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

impl From<api_keys::ApiKey> for KeyItem {
    fn from(key: api_keys::ApiKey) -> Self {
        Self {
            prefix: keys::shown_prefix(&key.id),
            id: key.id,
            name: key.name,
            created_at: key.created_at,
            created_by: key.created_by,
            last_used_at: key.last_used_at,
            revoked_at: key.revoked_at,
        }
    }
}

fn company_admin(user: &CurrentUser) -> Result<()> {
    if user.company_admin { Ok(()) } else { Err(Error::Forbidden(ADMIN_ONLY.into())) }
}

/// The company's API keys, revoked ones too, newest first.
#[utoipa::path(get, path = "/ingest/keys", tag = "ingestion", security(("bearer" = [])),
    responses((status = 200, body = Vec<KeyItem>), (status = 401, body = Message), (status = 403, body = Message)))]
async fn list_keys(State(state): State<AppState>, user: CurrentUser) -> Result<Json<Vec<KeyItem>>> {
    company_admin(&user)?;
    let list = api_keys::list(&state.db, &user.company_id).await.map_err(anyhow::Error::from)?;
    Ok(Json(list.into_iter().map(KeyItem::from).collect()))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewKey {
    pub name: String,
}

/// A new key; `key` is the only time the secret is shown.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedKey {
    #[serde(flatten)]
    pub item: KeyItem,
    pub key: String,
}

/// Creates an API key for the caller's company.
#[utoipa::path(post, path = "/ingest/keys", tag = "ingestion", security(("bearer" = [])), request_body = NewKey,
    responses((status = 200, body = CreatedKey), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message)))]
async fn create_key(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<NewKey>,
) -> Result<Json<CreatedKey>> {
    company_admin(&user)?;
    let name = body.name.trim();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(Error::bad_request("Please give the key a name of at most 100 characters"));
    }
    let (id, key, digest) = keys::generate();
    let now = state.clock.now();
    api_keys::insert(&state.db, &id, &user.company_id, name, &digest, &user.user_id, now)
        .await
        .map_err(anyhow::Error::from)?;
    let item = KeyItem {
        prefix: keys::shown_prefix(&id),
        id,
        name: name.to_string(),
        created_at: now,
        created_by: Some(user.user_id),
        last_used_at: None,
        revoked_at: None,
    };
    Ok(Json(CreatedKey { item, key }))
}

/// Revokes a key: requests with it are refused from now on.
#[utoipa::path(delete, path = "/ingest/keys/{id}", tag = "ingestion", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Message), (status = 401, body = Message), (status = 403, body = Message),
        (status = 404, body = Message)))]
async fn revoke_key(State(state): State<AppState>, user: CurrentUser, Path(id): Path<String>) -> Result<Json<Message>> {
    company_admin(&user)?;
    let revoked =
        api_keys::revoke(&state.db, &user.company_id, &id, state.clock.now()).await.map_err(anyhow::Error::from)?;
    if !revoked {
        return Err(Error::NotFound("No such API key".into()));
    }
    Ok(Message::new("API key revoked"))
}
