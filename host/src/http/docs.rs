//! The OpenAPI document generated from the handlers (`/api/openapi.json`) and a docs
//! page rendered from it on the server (`/api/docs`), so it works with no network.

use std::sync::Arc;

use axum::Router;
use axum::response::Html;
use axum::routing::get;
use utoipa::OpenApi;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};

use super::AppState;
use crate::mail::templates::escape;

#[derive(OpenApi)]
#[openapi(
    info(title = "Autoscope API", description = "Accounts, rights and the portal's calls. Authenticated calls carry `Authorization: Bearer <token>` from `POST /api/users/signin`."),
    modifiers(&BearerAuth)
)]
struct ApiDoc;

struct BearerAuth;

impl utoipa::Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
    }
}

pub fn base() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// The document's own paths, which it does not list.
pub const PATHS: [&str; 2] = ["/api/openapi.json", "/api/docs"];

pub fn routes(openapi: Arc<utoipa::openapi::OpenApi>) -> Router<AppState> {
    let page = Arc::new(render(&openapi));
    let [json, docs] = PATHS;
    Router::new()
        .route(json, get(move || async move { axum::Json(openapi.as_ref().clone()) }))
        .route(docs, get(move || async move { Html(page.as_ref().clone()) }))
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
