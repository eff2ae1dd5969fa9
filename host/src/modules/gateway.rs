//! The HTTP gateway into plugins: `/api/m/<key>/<path>`, and the spec's legacy paths
//! that belong to a module. A call reaches the plugin only after the session is checked
//! and the rights allow the module (view true, disabled false), except on the public
//! routes its manifest declares, which are bound to a company through a user id.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Arc;

use autoscope_wire::{Call, Caller, Envelope, HttpRequest, Right, TEXT_CONTENT_TYPES};
use axum::body::Body;
use axum::extract::{FromRequestParts, Path, Request, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde_json::Value;

use crate::auth::{ClientAddr, CurrentUser};
use crate::error::{Error, Result};
use crate::http::AppState;
use crate::modules::registry::Installed;
use crate::modules::runtime::{self, CallError};

pub use crate::rights::{MODULE_NOT_FOUND, UPGRADE};

pub fn routes() -> axum::Router<AppState> {
    axum::Router::new()
        .route("/api/m/{key}", axum::routing::any(module_root))
        .route("/api/m/{key}/{*path}", axum::routing::any(module_path))
}

async fn module_root(State(state): State<AppState>, Path(key): Path<String>, request: Request) -> Result<Response> {
    let module = state.modules.get(&key).ok_or_else(|| Error::NotFound(MODULE_NOT_FOUND.into()))?;
    forward(&state, module, "/".into(), request).await
}

async fn module_path(
    State(state): State<AppState>,
    Path((key, path)): Path<(String, String)>,
    request: Request,
) -> Result<Response> {
    let module = state.modules.get(&key).ok_or_else(|| Error::NotFound(MODULE_NOT_FOUND.into()))?;
    forward(&state, module, format!("/{path}"), request).await
}

/// Any other `/api/...` path: a module's legacy route, or 404.
pub async fn legacy_or_not_found(State(state): State<AppState>, request: Request) -> Result<Response> {
    let path = request.uri().path().strip_prefix("/api").unwrap_or_default().to_string();
    match state.modules.legacy_route(request.method().as_str(), &path) {
        Some((module, to)) => forward(&state, module, to, request).await,
        None => Err(Error::NotFound("Not found".into())),
    }
}

/// Checks the caller, builds the envelope, calls the plugin and answers its reply.
pub async fn forward(state: &AppState, module: Arc<Installed>, path: String, request: Request) -> Result<Response> {
    let manifest = module.manifest();
    let (mut parts, body) = request.into_parts();
    let method = parts.method.as_str().to_ascii_uppercase();
    let query: BTreeMap<String, String> =
        url::form_urlencoded::parse(parts.uri.query().unwrap_or_default().as_bytes()).into_owned().collect();
    // A declared public route the installation did not grant needs a session like any other.
    let public = manifest
        .public_routes
        .iter()
        .find(|route| route.method == method && route.path == path && module.loaded.granted(&route.capability()));
    // The session is checked before the body is read.
    let user = match public {
        Some(_) => None,
        None => Some(authorize(state, &mut parts, &manifest.rights_key).await?),
    };
    let body = read_body(body, manifest.limits.max_request_kb).await?;
    let client_addr = ClientAddr::from_request_parts(&mut parts, state).await.ok().map(|ClientAddr(addr)| addr);
    let companies = match (&user, public) {
        (Some(user), _) => vec![user.company_id.clone()],
        (None, Some(route)) => {
            limit_public(state, &manifest.key, &route.company_from, &query, body.as_ref(), client_addr).await?;
            public_companies(state, &module, &route.company_from, &query, body.as_ref()).await?
        }
        (None, None) => return Err(Error::Unauthorized(crate::auth::session::SESSION_REQUIRED.into())),
    };
    let request_id = parts.headers.get("x-request-id").and_then(|v| v.to_str().ok()).map(str::to_string);
    let call = HttpRequest { method, path, query, body, public: public.is_some() };
    // A public call names a person, who may belong to several companies: the first company
    // whose data the call finds answers (the plugin answers 404 in the others).
    let mut not_found = None;
    for company_id in companies {
        let envelope = Envelope {
            v: autoscope_wire::HOST_API_VERSION,
            context: runtime::context(state, &manifest.key, &company_id, user.as_ref().map(caller), request_id.clone()),
            call: Call::Http(call.clone()),
        };
        let response = answer(state, &module, &envelope, client_addr).await?;
        if response.status() != StatusCode::NOT_FOUND {
            return Ok(response);
        }
        not_found = Some(response);
    }
    not_found.ok_or_else(|| Error::NotFound("Not found".into()))
}

/// The signed-in user, when their rights open the module.
async fn authorize(state: &AppState, parts: &mut Parts, rights_key: &str) -> Result<CurrentUser> {
    let user = CurrentUser::from_request_parts(parts, state).await?;
    crate::rights::check_open(&user.rights, rights_key)?;
    Ok(user)
}

/// The JSON body, if any, within the module's request limit.
async fn read_body(body: Body, max_request_kb: u32) -> Result<Option<Value>> {
    let bytes = axum::body::to_bytes(body, (max_request_kb as usize) << 10).await.map_err(|_| {
        Error::PayloadTooLarge(format!("The request is larger than the module's limit of {max_request_kb} KB"))
    })?;
    if bytes.is_empty() {
        return Ok(None);
    }
    let body: Value = serde_json::from_slice(&bytes)
        .map_err(|err| Error::bad_request(format!("The body is not valid JSON: {err}")))?;
    if depth(&body) > MAX_BODY_DEPTH {
        return Err(Error::bad_request(TOO_DEEP));
    }
    Ok(Some(body))
}

/// How deeply a module's request body may nest arrays and objects. The plugin reads the body
/// inside its envelope, a few levels deeper, with serde's limit of 128: a body near that
/// limit passed here and failed there (500).
pub const MAX_BODY_DEPTH: usize = 64;
pub const TOO_DEEP: &str = "The body may nest arrays and objects at most 64 levels deep";

/// The deepest nesting of arrays and objects in `value` (a scalar is 0), without recursion.
fn depth(value: &Value) -> usize {
    let mut deepest = 0;
    let mut pending = vec![(value, 0)];
    while let Some((value, level)) = pending.pop() {
        let children: Box<dyn Iterator<Item = &Value>> = match value {
            Value::Array(items) => Box::new(items.iter()),
            Value::Object(fields) => Box::new(fields.values()),
            _ => continue,
        };
        deepest = deepest.max(level + 1);
        pending.extend(children.map(|child| (child, level + 1)));
    }
    deepest
}

/// Counts a public route's call against the `public` limits, per person named and per
/// address: a link's token cannot be guessed by the thousand.
async fn limit_public(
    state: &AppState,
    module: &str,
    company_from: &str,
    query: &BTreeMap<String, String>,
    body: Option<&Value>,
    addr: Option<IpAddr>,
) -> Result<()> {
    let person = named_person(company_from, query, body).unwrap_or_default();
    let addr = addr.unwrap_or(IpAddr::from([0, 0, 0, 0]));
    let limits = &state.config.rate_limits.public;
    crate::auth::rate_limit::enforce_action(
        &state.db,
        state.clock.now(),
        &format!("public:{module}"),
        limits,
        person,
        addr,
    )
    .await
}

/// The companies a public route's call may run in: those the person it names is an active
/// member of, where the module serves the company's edition.
async fn public_companies(
    state: &AppState,
    module: &Installed,
    company_from: &str,
    query: &BTreeMap<String, String>,
    body: Option<&Value>,
) -> Result<Vec<String>> {
    let seats = named_member(state, company_from, query, body).await?;
    let served: Vec<String> =
        seats.into_iter().filter(|seat| module.serves_edition(&seat.edition)).map(|seat| seat.company_id).collect();
    if served.is_empty() {
        return Err(Error::Forbidden(UPGRADE.into()));
    }
    Ok(served)
}

/// What the plugin learns of the signed-in caller.
pub(super) fn caller(user: &CurrentUser) -> Caller {
    Caller {
        user_id: user.user_id.clone(),
        email: user.email.clone(),
        rights: user
            .rights
            .iter()
            .map(|(key, right)| (key.clone(), Right { view: right.view, disabled: right.disabled }))
            .collect(),
        company_admin: user.company_admin,
        currency_code: user.currency_code.clone(),
        currency_symbol: user.currency_symbol.clone(),
        time_zone: user.time_zone.clone(),
    }
}

/// Calls the plugin; its reply becomes the response, a failure its HTTP status.
pub(super) async fn answer(
    state: &AppState,
    module: &Installed,
    envelope: &Envelope,
    client_addr: Option<IpAddr>,
) -> Result<Response> {
    match runtime::call(state, &module.loaded, envelope, client_addr).await {
        Ok(reply) => {
            let status = StatusCode::from_u16(reply.status)
                .map_err(|_| Error::BadGateway(format!("The module answered an invalid status {}", reply.status)))?;
            let Some(content_type) = reply.content_type else {
                // The body is JSON text the host already checked while reading the reply.
                let body: Box<str> = reply.body.into();
                return Ok((status, [(CONTENT_TYPE, "application/json")], String::from(body)).into_response());
            };
            let content_type = TEXT_CONTENT_TYPES
                .into_iter()
                .find(|allowed| *allowed == content_type)
                .ok_or_else(|| Error::BadGateway(format!("The module answered the content type '{content_type}', which is not one of {TEXT_CONTENT_TYPES:?}")))?;
            let text: String = serde_json::from_str(reply.body.get())
                .map_err(|_| Error::BadGateway("The module answered a text reply whose body is not a string".into()))?;
            Ok((status, [(CONTENT_TYPE, content_type)], text).into_response())
        }
        Err(err) => {
            log_failure(state, envelope, &err).await;
            Err(match err {
                CallError::Busy(_) | CallError::HostBusy => Error::ServiceUnavailable(err.to_string()),
                CallError::TimedOut => Error::GatewayTimeout(err.to_string()),
                CallError::RequestTooLarge(_) => Error::PayloadTooLarge(err.to_string()),
                _ => Error::BadGateway(err.to_string()),
            })
        }
    }
}

/// The user id in `parameter`: the query's, else the JSON body's.
fn named_person<'a>(parameter: &str, query: &'a BTreeMap<String, String>, body: Option<&'a Value>) -> Option<&'a str> {
    query
        .get(parameter)
        .map(String::as_str)
        .or_else(|| body.and_then(|body| body.get(parameter)).and_then(Value::as_str))
}

/// The companies of the enabled person whose id is in `parameter` (query first, then JSON
/// body); not found without an active membership.
async fn named_member(
    state: &AppState,
    parameter: &str,
    query: &BTreeMap<String, String>,
    body: Option<&Value>,
) -> Result<Vec<crate::storage::memberships::Seat>> {
    let user_id =
        named_person(parameter, query, body).ok_or_else(|| Error::bad_request(format!("{parameter} is required")))?;
    let enabled = crate::storage::users::get(&state.db, user_id).await?.is_some_and(|user| !user.disabled);
    let seats = match enabled {
        true => crate::storage::memberships::active_seats(&state.db, user_id).await?,
        false => Vec::new(),
    };
    if seats.is_empty() {
        return Err(Error::NotFound("Not found".into()));
    }
    Ok(seats)
}

async fn log_failure(state: &AppState, envelope: &Envelope, err: &CallError) {
    let context = &envelope.context;
    let Call::Http(HttpRequest { method, path, .. }) = &envelope.call else { return };
    let detail = match err {
        CallError::Trapped(cause) | CallError::BadReply(cause) => format!(": {cause}"),
        _ => String::new(),
    };
    crate::logs::record(
        state,
        crate::logs::Event::error(
            "module.call_failed",
            format!("Module {} failed on {method} {path}: {err}{detail}", context.module),
        )
        .company(&context.company_id)
        .user(context.user.as_ref().map(|user| user.user_id.as_str()))
        .request(context.request_id.as_deref()),
    )
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(levels: usize) -> Value {
        (0..levels).fold(Value::from(1), |inner, _| Value::Array(vec![inner]))
    }

    #[test]
    fn depth_counts_arrays_and_objects() {
        assert_eq!(depth(&serde_json::json!(1)), 0);
        assert_eq!(depth(&serde_json::json!({ "a": [1, { "b": {} }] })), 4);
        assert_eq!(depth(&nested(100)), 100);
    }
}
