use utoipa_axum::router::OpenApiRouter;

use crate::http::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}

/// `autoscope user create-admin`: makes `email` a platform administrator.
pub async fn create_admin(_state: &AppState, _email: &str, _password: Option<String>) -> anyhow::Result<String> {
    anyhow::bail!("create-admin is being written")
}
