//! The host's one error type: each variant is an HTTP status, and the body is always
//! `{ "message": ... }`. Internal causes are logged, never sent.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// The message of every unexpected failure: "Something went wrong", and never its cause.
pub const INTERNAL_MESSAGE: &str = "Something went wrong";

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    /// A link that worked once and no longer does (used, withdrawn, expired).
    #[error("{0}")]
    Gone(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{0}")]
    TooManyRequests(String),
    #[error("{0}")]
    BadGateway(String),
    #[error("{0}")]
    ServiceUnavailable(String),
    #[error("{0}")]
    GatewayTimeout(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::BadRequest(message.into())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::Gone(_) => StatusCode::GONE,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            Self::BadGateway(_) => StatusCode::BAD_GATEWAY,
            Self::ServiceUnavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::GatewayTimeout(_) => StatusCode::GATEWAY_TIMEOUT,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// What the caller may read.
    pub fn public_message(&self) -> String {
        match self {
            Self::Internal(_) => INTERNAL_MESSAGE.to_string(),
            other => other.to_string(),
        }
    }
}

impl From<sqlx::Error> for Error {
    fn from(err: sqlx::Error) -> Self {
        Self::Internal(err.into())
    }
}

/// Carried in the response extensions so the request-logging layer can log the cause
/// with the request id (see `http::log_internal_errors`).
#[derive(Clone)]
pub struct InternalCause(pub std::sync::Arc<anyhow::Error>);

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let status = self.status();
        let body = axum::Json(serde_json::json!({ "message": self.public_message() }));
        let mut response = (status, body).into_response();
        if let Self::Internal(cause) = self {
            response.extensions_mut().insert(InternalCause(std::sync::Arc::new(cause)));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_errors_hide_their_cause() {
        let err = Error::Internal(anyhow::anyhow!("connection refused to 10.0.0.3"));
        assert_eq!(err.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(err.public_message(), INTERNAL_MESSAGE);
    }

    #[test]
    fn client_errors_say_their_message() {
        let err = Error::bad_request("Email already exists");
        assert_eq!(err.status(), StatusCode::BAD_REQUEST);
        assert_eq!(err.public_message(), "Email already exists");
    }
}
