//! The HTTP surface: application state, the router every feature contributes to, the
//! layers around it (request ids, tracing, panics, error logging), and the accept loop.

mod compression;
pub mod connections;
pub mod docs;
mod health;
pub mod json;
pub mod nul;
pub mod query;
pub mod request_id;
mod web_shell;

use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderName, HeaderValue, Request, header};
use axum::response::{IntoResponse, Response};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;
use utoipa_axum::router::OpenApiRouter;

pub use json::{Json, Message};
pub use query::Query;
pub use request_id::RequestId;

use crate::auth::session::Keys;
use crate::clock::Clock;
use crate::config::Config;
use crate::error::{Error, InternalCause};
use crate::mail::Mailer;
use crate::storage::Db;

/// Everything a handler may reach. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub db: Db,
    pub mailer: Mailer,
    pub clock: Arc<Clock>,
    pub keys: Arc<Keys>,
    /// Outgoing HTTP (identity providers).
    pub http: reqwest::Client,
    /// The social sign-in providers with their cached discovery documents and keys.
    pub social: Arc<crate::accounts::oidc::Providers>,
    /// Installed modules and the plugin runtime.
    pub modules: Arc<crate::modules::registry::Registry>,
    pub realtime: crate::realtime::Realtime,
    /// Open connections to modules' outside databases.
    pub sources: Arc<crate::modules::sources::Sources>,
    /// The module jobs this instance runs at once.
    pub jobs: crate::modules::jobs::Slots,
    /// Set when the process begins to shut down: readiness fails from then on.
    pub stopping: Arc<std::sync::atomic::AtomicBool>,
}

impl AppState {
    pub fn new(config: Config, db: Db) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(Self {
            mailer: Mailer::from_config(&config)?,
            keys: Arc::new(Keys::new(config.secret.expose())),
            clock: Arc::new(Clock::default()),
            social: Arc::new(crate::accounts::oidc::Providers::new(&config.social, &http)),
            modules: Arc::new(crate::modules::registry::Registry::new(&config.modules)?),
            realtime: crate::realtime::Realtime::new(),
            sources: Arc::new(crate::modules::sources::Sources::new(config.secret.expose())),
            jobs: crate::modules::jobs::Slots::default(),
            stopping: Arc::default(),
            http,
            config: Arc::new(config),
            db,
        })
    }
}

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The whole application: `/api/...`, the OpenAPI document and docs page, and the web
/// shell's files.
pub fn app(state: AppState) -> Router {
    // The outer router's document is the one served: ours (title, version, security), with
    // the nested routes' paths; a plain `new()` would carry the library's own info block.
    let (api_router, openapi) = OpenApiRouter::with_openapi(docs::base()).nest("/api", api()).split_for_parts();
    let openapi = Arc::new(openapi);

    // API answers carry tokens and personal data: never cached.
    let api_router = api_router
        .merge(crate::modules::gateway::routes())
        .route("/api/{*rest}", axum::routing::any(crate::modules::gateway::legacy_or_not_found))
        .layer(SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, HeaderValue::from_static("no-store")));
    Router::new()
        .merge(api_router)
        .merge(docs::routes(openapi))
        .merge(crate::modules::registry::api::asset_routes())
        .fallback(web_shell::routes(&state.config.web_dir))
        .layer(axum::middleware::from_fn(nul::refuse_nul))
        // Reset and approval links carry codes in their query: no referrer may leak them.
        .layer(SetResponseHeaderLayer::if_not_present(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(axum::middleware::map_response(content_security_policy))
        .layer(axum::middleware::map_response(log_internal_errors))
        .layer(CatchPanicLayer::custom(|_| Error::Internal(anyhow::anyhow!("handler panicked")).into_response()))
        .layer(compression::layer())
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(TraceLayer::new_for_http().make_span_with(|req: &Request<_>| {
            let request_id = req.headers().get(&REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
            tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), request_id)
        }))
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
        .with_state(state)
}

/// Every feature's documented `/api` routes.
fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(health::routes())
        .merge(crate::accounts::routes())
        .merge(crate::users::routes())
        .merge(crate::notifications::routes())
        .merge(crate::masters::routes())
        .merge(crate::enterprise::routes())
        .merge(crate::logs::routes())
        .merge(crate::admin::routes())
        .merge(crate::teams::routes())
        .merge(crate::modules::registry::api::routes())
        .merge(crate::modules::sources::api::routes())
        .merge(crate::realtime::routes())
        .merge(crate::modules::ingestion::routes())
        .merge(crate::modules::onboarding::routes())
}

/// The paths the portal itself answers under `/api`, templated as the OpenAPI document
/// writes them (`/api/users/{id}`): no module may claim one of them.
pub fn host_api_paths() -> &'static [String] {
    static PATHS: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
        let (_, openapi) = OpenApiRouter::<AppState>::new().nest("/api", api()).split_for_parts();
        openapi.paths.paths.into_keys().chain(docs::PATHS.map(String::from)).collect()
    });
    &PATHS
}

/// What a page of the portal may load: its own scripts, styles, fonts and data (the shell's
/// and the installed modules' remotes, all served from here); inline styles (Mantine sets
/// CSS variables and `style` attributes); images of its own or inline (`data:` previews,
/// `blob:` downloads); no plugins, and no framing by any site.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
    connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Sets [`CONTENT_SECURITY_POLICY`] on HTML answers (the shell, its pages, the API docs).
async fn content_security_policy(mut response: Response) -> Response {
    let html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("text/html"));
    if html && !response.headers().contains_key(header::CONTENT_SECURITY_POLICY) {
        response
            .headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    }
    response
}

/// Logs the cause kept by `Error::Internal` inside the request's span (with its id).
async fn log_internal_errors(response: Response) -> Response {
    if let Some(InternalCause(cause)) = response.extensions().get::<InternalCause>() {
        tracing::error!(error = format!("{cause:#}"), "request failed");
    }
    response
}

/// Sends `request` through `app` in this process, as a loopback client would (the
/// listener's client address included); answers the status and the body's bytes. For
/// programs built on the host's library that call its API in process, and the module test
/// harness.
pub async fn call_in_process(app: &Router, mut request: Request<axum::body::Body>) -> anyhow::Result<(u16, Vec<u8>)> {
    use tower::ServiceExt;
    request.extensions_mut().insert(axum::extract::ConnectInfo(std::net::SocketAddr::from(([127, 0, 0, 1], 40000))));
    let response = app.clone().oneshot(request).await?;
    let status = response.status().as_u16();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await?;
    Ok((status, bytes.to_vec()))
}
