//! `autoscope seed-demo`: a demo company with users, so a fresh `make run` has someone
//! to sign in as.

use crate::http::AppState;

pub async fn seed(_state: &AppState) -> anyhow::Result<String> {
    anyhow::bail!("seed-demo is being written")
}
