//! The web shell's files: served precompressed when the build left `.br`/`.gz` copies,
//! content-hashed files cached for good, everything else revalidated, and any other path
//! answered with `index.html`, which routes in the browser.

use std::path::Path;

use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::MethodRouter;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

use super::AppState;

/// A hashed file's name changes with its content, so a browser may keep it for a year.
const IMMUTABLE: HeaderValue = HeaderValue::from_static("public, max-age=31536000, immutable");
/// `index.html` and unhashed files: kept, but checked (a cheap 304) on every load, so a
/// new build shows at once.
const REVALIDATE: HeaderValue = HeaderValue::from_static("no-cache");

/// The built shell in `dir` when present; otherwise a page that says how to build it.
pub fn routes(dir: &Path) -> MethodRouter<AppState> {
    let index = dir.join("index.html");
    if !index.is_file() {
        return axum::routing::get(|| async {
            Html(
                "<!doctype html><title>Autoscope</title><h1>Autoscope</h1>\
                 <p>The API is running. The web shell is not built here: run <code>make build</code>.</p>\
                 <p><a href=\"/api/docs\">API documentation</a></p>",
            )
        });
    }
    let files = ServeDir::new(dir).precompressed_br().precompressed_gzip();
    let index = ServeFile::new(index).precompressed_br().precompressed_gzip();
    axum::routing::get(move |request: Request| serve(files.clone(), index.clone(), request))
}

async fn serve(files: ServeDir, index: ServeFile, request: Request) -> Response {
    let hashed = is_content_hashed(request.uri().path());
    let (parts, body) = request.into_parts();
    let (method, headers) = (parts.method.clone(), parts.headers.clone());
    let Ok(response) = files.oneshot(Request::from_parts(parts, body)).await;
    let (response, cache) = match response.status() {
        StatusCode::NOT_FOUND if hashed => {
            // A chunk of an older build: a 404 lets the page's loader fail and retry, where
            // `index.html` would be run as a script.
            return StatusCode::NOT_FOUND.into_response();
        }
        StatusCode::NOT_FOUND => {
            let mut request = Request::new(axum::body::Body::empty());
            *request.method_mut() = method;
            *request.headers_mut() = headers;
            let Ok(response) = index.oneshot(request).await;
            (response, REVALIDATE)
        }
        _ if hashed => (response, IMMUTABLE),
        _ => (response, REVALIDATE),
    };
    let mut response = response.map(axum::body::Body::new);
    if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
        response.headers_mut().insert(header::CACHE_CONTROL, cache);
    }
    response
}

/// Whether the last segment of `path` names a file by its content, as the shell's build
/// does (`main.1a2b3c4d.js`, `flags/fra.0f9e8d7c.svg`): a segment of eight hex digits
/// between the name and the extension.
fn is_content_hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let segments: Vec<&str> = name.split('.').collect();
    segments.len() >= 3
        && segments[1..segments.len() - 1].iter().any(|s| s.len() == 8 && s.bytes().all(|b| b.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::is_content_hashed;

    #[test]
    fn hashed_names_are_told_from_routes_and_plain_files() {
        assert!(is_content_hashed("/main.1a2b3c4d.js"));
        assert!(is_content_hashed("/flags/fra.0f9e8d7c.svg"));
        assert!(is_content_hashed("/lib-react.1a2b3c4d.js.map"));
        assert!(!is_content_hashed("/"));
        assert!(!is_content_hashed("/index.html"));
        assert!(!is_content_hashed("/BusinessInsight"));
        assert!(!is_content_hashed("/favicon.svg"));
        // Eight characters, not all hex digits; a hash that is the extension.
        assert!(!is_content_hashed("/main.notahash.js"));
        assert!(!is_content_hashed("/release.1a2b3c4d"));
    }
}
