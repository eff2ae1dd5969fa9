//! Liveness and readiness, for a load balancer or process supervisor in front of several
//! hosts: `GET /api/health` answers while the process serves; `GET /api/ready` also needs
//! the database to answer, so a host cut off from it is taken out of rotation.

use std::time::Duration;

use axum::extract::State;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{AppState, Json};
use crate::error::{Error, Result};

/// How long readiness waits for the database: well below a balancer's check interval.
const DATABASE_WAIT: Duration = Duration::from_secs(2);
pub const DATABASE_DOWN: &str = "The database does not answer";
pub const STOPPING: &str = "The server is shutting down";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health)).routes(routes!(ready))
}

/// `{ "status": "ok" }` or `{ "status": "ready" }`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Status {
    pub status: &'static str,
}

/// Liveness: the process serves requests.
#[utoipa::path(get, path = "/health", tag = "operations", responses((status = 200, body = Status)))]
async fn health() -> Json<Status> {
    Json(Status { status: "ok" })
}

/// Readiness: the process serves, is not shutting down, and its database answers within
/// two seconds.
#[utoipa::path(get, path = "/ready", tag = "operations",
    responses((status = 200, body = Status), (status = 503, body = super::Message)))]
async fn ready(State(state): State<AppState>) -> Result<Json<Status>> {
    // Asked on a connection still open while the host drains: it takes no more work.
    if state.stopping.load(std::sync::atomic::Ordering::SeqCst) {
        return Err(Error::ServiceUnavailable(STOPPING.into()));
    }
    match tokio::time::timeout(DATABASE_WAIT, state.db.ping()).await {
        Ok(Ok(())) => Ok(Json(Status { status: "ready" })),
        _ => Err(Error::ServiceUnavailable(DATABASE_DOWN.into())),
    }
}
