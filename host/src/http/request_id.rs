use std::convert::Infallible;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

/// The id the request-id layer gave this request (also in the `x-request-id` response
/// header and the request's log lines), for system log entries.
#[derive(Debug, Clone)]
pub struct RequestId(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for RequestId {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        Ok(Self(parts.headers.get("x-request-id").and_then(|v| v.to_str().ok()).map(str::to_string)))
    }
}
