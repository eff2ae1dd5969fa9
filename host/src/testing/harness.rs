//! `autoscope module harness`: a throwaway portal that a module's tests drive from outside
//! (the `autoscope-harness` crate), so they need this prebuilt binary instead of compiling
//! the host into their dev-dependencies. It is the real host (gateway, rights, runtime
//! limits, storage) on SQLite in a temporary folder, listening on a loopback port, with no
//! background workers: the tests decide when events, schedules, jobs and webhooks run, through a
//! control API under [`CONTROL_PREFIX`] that only the holder of its random token may use.
//! It stops when its standard input closes, so a test process that dies takes it along.

use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path as UrlPath, Query, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{post, put};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::http::AppState;
use crate::modules::registry::Grants;
use crate::rights::{Edition, Rights, default_role_rights};
use crate::testing;

/// Where the control API lives; nothing of the portal's own is under it.
pub const CONTROL_PREFIX: &str = "/_harness";

/// What the harness prints as its first line on standard output, as JSON.
#[derive(Debug, serde::Serialize)]
pub struct Started {
    /// The portal's address: `http://127.0.0.1:<port>`.
    pub url: String,
    /// The bearer token of the control API.
    pub control_token: String,
}

/// Starts the harness's host with its data in `dir` (its SQLite database), listens on a
/// free loopback port, calls `started`, and serves until `stop` resolves. Compiled plugins
/// are cached in one folder under the system's temporary folder, shared by every harness,
/// so a module's tests compile it once.
pub async fn run(
    dir: &Path,
    started: impl FnOnce(&Started) -> anyhow::Result<()>,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let database_url = format!("sqlite://{}?mode=rwc", dir.join("autoscope.db").display());
    let cache = std::env::temp_dir().join("autoscope-harness-compile-cache");
    let config = testing::config(dir, &database_url, &cache)?;
    let state = crate::prepare(config).await.context("the host did not start")?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.context("cannot listen on loopback")?;
    let control_token = crate::crypto::random_token(32);
    started(&Started { url: format!("http://{}", listener.local_addr()?), control_token: control_token.clone() })?;
    let app = crate::http::app(state.clone()).merge(control(state, control_token));
    crate::http::connections::serve(app, listener, stop).await;
    Ok(())
}

fn control(state: AppState, token: String) -> axum::Router {
    let routes = axum::Router::new()
        .route("/modules", post(install))
        .route("/companies", post(create_company))
        .route("/companies/{company_id}/users", post(add_user))
        .route("/companies/{company_id}/rights", put(set_rights))
        .route("/companies/{company_id}/edition", put(set_edition))
        .route("/events", post(deliver_events))
        .route("/schedules", post(run_schedules))
        .route("/jobs", post(run_jobs))
        .route("/webhooks", post(deliver_webhooks))
        .route("/clock", post(advance_clock))
        .route("/notifications", post(notifications))
        .route("/mail", post(mail))
        .route("/storage", post(storage))
        .layer(axum::middleware::from_fn(move |request: Request, next: Next| {
            let expected = format!("Bearer {token}");
            async move {
                let authorized = request
                    .headers()
                    .get(header::AUTHORIZATION)
                    .is_some_and(|value| value.as_bytes() == expected.as_bytes());
                if authorized { next.run(request).await } else { StatusCode::UNAUTHORIZED.into_response() }
            }
        }))
        .with_state(state);
    axum::Router::new().nest(CONTROL_PREFIX, routes)
}

/// A refused control call: 400 with what went wrong, for the test's failure message.
struct Failed(anyhow::Error);

impl<E: Into<anyhow::Error>> From<E> for Failed {
    fn from(err: E) -> Self {
        Self(err.into())
    }
}

impl IntoResponse for Failed {
    fn into_response(self) -> Response {
        (StatusCode::BAD_REQUEST, Json(json!({ "error": format!("{:#}", self.0) }))).into_response()
    }
}

type Answer = Result<Json<Value>, Failed>;

#[derive(Deserialize)]
struct InstallQuery {
    #[serde(default = "declared")]
    grants: String,
}

fn declared() -> String {
    "declared".to_string()
}

/// `POST /_harness/modules?grants=…` with a package archive (`autoscope module build`'s).
async fn install(State(state): State<AppState>, Query(query): Query<InstallQuery>, archive: Bytes) -> Answer {
    let grants = Grants::parse(&query.grants).map_err(anyhow::Error::msg)?;
    let key = testing::install_archive(&state, &archive, grants).await?;
    let rights_key = state.modules.get(&key).map(|module| module.manifest().rights_key.clone());
    Ok(Json(json!({ "key": key, "rights_key": rights_key })))
}

#[derive(Deserialize)]
struct NewCompany {
    name: String,
    email: String,
    /// Rights added to those a sign-up gets (a module's own rights key, say).
    #[serde(default)]
    rights: Rights,
}

/// A company with its first user, signed in: `{ company_id, user_id, token }`.
async fn create_company(State(state): State<AppState>, Json(new): Json<NewCompany>) -> Answer {
    let mut rights = default_role_rights();
    rights.extend(new.rights);
    let created = testing::create_company(&state, &new.name, &new.email, &rights).await?;
    let token = testing::open_session(&state, &created.user_id, &created.company_id).await?;
    Ok(Json(json!({ "company_id": created.company_id, "user_id": created.user_id, "token": token })))
}

#[derive(Deserialize)]
struct NewUser {
    email: String,
}

/// Another user of the company, signed in: `{ user_id, token }`.
async fn add_user(
    State(state): State<AppState>,
    UrlPath(company_id): UrlPath<String>,
    Json(new): Json<NewUser>,
) -> Answer {
    let user_id = testing::add_user(&state, &company_id, &new.email).await?;
    let token = testing::open_session(&state, &user_id, &company_id).await?;
    Ok(Json(json!({ "user_id": user_id, "token": token })))
}

async fn set_rights(
    State(state): State<AppState>,
    UrlPath(company_id): UrlPath<String>,
    Json(rights): Json<Rights>,
) -> Answer {
    testing::set_rights(&state, &company_id, &rights).await?;
    Ok(Json(json!({})))
}

#[derive(Deserialize)]
struct SetEdition {
    edition: String,
}

async fn set_edition(
    State(state): State<AppState>,
    UrlPath(company_id): UrlPath<String>,
    Json(set): Json<SetEdition>,
) -> Answer {
    let edition = Edition::parse(&set.edition).context("the edition is community or enterprise")?;
    testing::set_edition(&state, &company_id, edition).await?;
    Ok(Json(json!({})))
}

async fn deliver_events(State(state): State<AppState>) -> Answer {
    Ok(Json(json!({ "succeeded": testing::deliver_events(&state).await? })))
}

async fn run_schedules(State(state): State<AppState>) -> Answer {
    Ok(Json(json!({ "succeeded": testing::run_schedules(&state).await? })))
}

async fn run_jobs(State(state): State<AppState>) -> Answer {
    Ok(Json(json!({ "runs": testing::run_jobs(&state).await? })))
}

async fn deliver_webhooks(State(state): State<AppState>) -> Answer {
    Ok(Json(json!({ "delivered": testing::deliver_webhooks(&state).await? })))
}

#[derive(Deserialize)]
struct Advance {
    seconds: u64,
}

/// Moves the host's clock forward; answers its time now (unix seconds).
async fn advance_clock(State(state): State<AppState>, Json(advance): Json<Advance>) -> Answer {
    state.clock.advance(Duration::from_secs(advance.seconds));
    Ok(Json(json!({ "now": state.clock.now() })))
}

#[derive(Deserialize)]
struct UserQuery {
    company_id: String,
    user_id: String,
}

async fn notifications(State(state): State<AppState>, Json(user): Json<UserQuery>) -> Answer {
    let listed = testing::notifications(&state, &user.company_id, &user.user_id).await?;
    let listed: Vec<Value> = listed
        .into_iter()
        .map(|n| json!({ "id": n.id, "message": n.message, "created_at": n.created_at, "read_at": n.read_at }))
        .collect();
    Ok(Json(Value::Array(listed)))
}

#[derive(Deserialize)]
struct MailQuery {
    to: String,
}

async fn mail(State(state): State<AppState>, Json(query): Json<MailQuery>) -> Answer {
    let listed = testing::mails_to(&state, &query.to).await?;
    let listed: Vec<Value> = listed
        .into_iter()
        .map(|m| json!({ "subject": m.subject, "text": m.text_body, "html": m.html_body, "created_at": m.created_at }))
        .collect();
    Ok(Json(Value::Array(listed)))
}

#[derive(Deserialize)]
struct StorageCall {
    /// `<module>.<collection>`.
    collection: String,
    company_id: String,
    op: autoscope_wire::storage::StorageOp,
}

/// A storage operation straight on a collection's table (see [`testing::storage`]).
async fn storage(State(state): State<AppState>, Json(call): Json<StorageCall>) -> Answer {
    Ok(Json(testing::storage(&state, &call.collection, &call.company_id, call.op).await?))
}
