//! The OpenAPI document generated from the handlers (`/api/openapi.json`) and a docs
//! page rendered from it on the server (`/api/docs`), so it works with no network.

use std::sync::Arc;

use axum::Router;
use axum::response::Html;
use axum::routing::get;
use utoipa::OpenApi;
use utoipa::openapi::security::{Http, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response, ResponseBuilder};

use super::AppState;
use super::nul::NUL_REFUSED;
use crate::mail::templates::escape;

#[derive(OpenApi)]
#[openapi(
    info(title = "Autoscope API", description = "Accounts, rights and the portal's calls. Authenticated calls carry `Authorization: Bearer <token>` from `POST /api/users/signin`."),
    // Named by a query parameter only (`DELETE /admin/modules/{key}?data=`): utoipa collects
    // the schemas of bodies and answers, not those of parameters.
    components(schemas(crate::modules::registry::ModuleData)),
    modifiers(&SecuritySchemes)
)]
struct ApiDoc;

/// How calls authenticate: a session's token, or an ingestion API key (the schemes the
/// operations' `security` names).
struct SecuritySchemes;

impl utoipa::Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
        let api_key = HttpBuilder::new()
            .scheme(HttpAuthScheme::Bearer)
            .description(Some("An ingestion API key from `POST /api/ingest/keys`, as `Authorization: Bearer <key>`"))
            .build();
        components.add_security_scheme("api_key", SecurityScheme::Http(api_key));
    }
}

pub fn base() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// The document's own paths, which it does not list.
pub const PATHS: [&str; 2] = ["/api/openapi.json", "/api/docs"];

pub fn routes(openapi: Arc<utoipa::openapi::OpenApi>) -> Router<AppState> {
    let openapi = Arc::new(with_edge_refusals(openapi.as_ref().clone()));
    let page = Arc::new(render(&openapi));
    let [json, docs] = PATHS;
    Router::new()
        .route(json, get(move || async move { axum::Json(openapi.as_ref().clone()) }))
        .route(docs, get(move || async move { Html(page.as_ref().clone()) }))
}

/// The document with the answer an operation that takes parameters or a body may give
/// before its handler runs: 400 for the NUL character in them (`nul::refuse_nul`, a layer
/// around every route). An operation that documents its own 400 keeps it.
fn with_edge_refusals(mut openapi: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    for item in openapi.paths.paths.values_mut() {
        let operations = [&mut item.get, &mut item.post, &mut item.put, &mut item.patch, &mut item.delete];
        for operation in operations.into_iter().flatten() {
            let takes_input = operation.parameters.as_ref().is_some_and(|parameters| !parameters.is_empty())
                || operation.request_body.is_some();
            if takes_input {
                operation.responses.responses.entry("400".into()).or_insert_with(nul_refused);
            }
        }
    }
    openapi
}

fn nul_refused() -> RefOr<Response> {
    let message = ContentBuilder::new().schema(Some(Ref::from_schema_name("Message"))).build();
    ResponseBuilder::new().description(NUL_REFUSED).content("application/json", message).build().into()
}

fn render(openapi: &utoipa::openapi::OpenApi) -> String {
    let mut rows = String::new();
    for (path, item) in &openapi.paths.paths {
        let operations = [
            ("GET", &item.get),
            ("POST", &item.post),
            ("PUT", &item.put),
            ("PATCH", &item.patch),
            ("DELETE", &item.delete),
        ];
        for (method, operation) in operations {
            let Some(op) = operation else { continue };
            let summary = op.summary.as_deref().unwrap_or_default();
            let description = op.description.as_deref().unwrap_or_default();
            let auth = if op.security.as_ref().is_some_and(|s| !s.is_empty()) { "bearer" } else { "" };
            rows.push_str(&format!(
                "<tr><td><b>{method}</b></td><td><code>{}</code></td><td>{}</td><td>{}<br><small>{}</small></td></tr>",
                escape(path),
                auth,
                escape(summary),
                escape(description)
            ));
        }
    }
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>Autoscope API</title>\
         <style>body{{font-family:system-ui,sans-serif;margin:2rem}}td{{padding:.3rem .6rem;vertical-align:top;border-bottom:1px solid #ddd}}</style>\
         </head><body><h1>{}</h1><p>{}</p><p>Machine-readable: <a href=\"/api/openapi.json\">/api/openapi.json</a></p>\
         <table><tr><th>Method</th><th>Path</th><th>Auth</th><th>What it does</th></tr>{rows}</table></body></html>",
        escape(&openapi.info.title),
        escape(openapi.info.description.as_deref().unwrap_or_default())
    )
}
