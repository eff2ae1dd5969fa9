//! The Autoscope host. `main.rs` only wires; everything lives here so tests build the
//! same application.

pub mod accounts;
pub mod admin;
pub mod auth;
pub mod clock;
pub mod config;
pub mod cpu;
pub mod crypto;
pub mod enterprise;
pub mod error;
pub mod housekeeping;
pub mod http;
pub mod logs;
pub mod mail;
pub mod masters;
pub mod modules;
pub mod notifications;
pub mod realtime;
pub mod rights;
pub mod storage;
pub mod teams;
pub mod testing;
pub mod users;

use std::sync::Arc;

pub use config::Config;
pub use http::{AppState, app};

/// rustls needs one process-wide crypto provider; we use ring everywhere.
pub fn install_crypto_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// Opens and migrates the database, then builds the state.
pub async fn prepare(config: Config) -> anyhow::Result<AppState> {
    install_crypto_provider();
    let db = storage::Db::connect(&config.database_url).await?;
    db.migrate().await?;
    let mut state = AppState::new(config, db)?;
    if let Some(url) = &state.config.nats_url {
        state.realtime = realtime::Realtime::across(url).await?;
    }
    state.modules.load_installed(&state.db).await?;
    Ok(state)
}

/// Serves on `listener` until `shutdown` resolves, then drains: readiness fails, new
/// connections are refused, realtime streams end with `restarting` (their clients
/// reconnect elsewhere), and requests in flight finish, for at most the configured grace.
pub async fn serve(
    state: AppState,
    listener: tokio::net::TcpListener,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    tokio::spawn(housekeeping::every_hour(state.clone()));
    tokio::spawn(modules::workers::run(state.clone()));
    tokio::spawn(modules::workers::follow_installations(state.clone()));
    tokio::spawn(realtime::follow_revocations(state.clone()));
    let draining = Arc::new(tokio::sync::Notify::new());
    let drain = {
        let (state, draining) = (state.clone(), draining.clone());
        async move {
            shutdown.await;
            state.stopping.store(true, std::sync::atomic::Ordering::SeqCst);
            let streams = state.realtime.close();
            tracing::info!(streams, "shutting down: realtime streams ended, finishing the requests in flight");
            draining.notify_one();
        }
    };
    let grace = state.config.shutdown_grace;
    let served = http::connections::serve(app(state), listener, drain);
    tokio::select! {
        () = served => Ok(()),
        () = async { draining.notified().await; tokio::time::sleep(grace).await } => {
            tracing::warn!(grace_seconds = grace.as_secs(), "requests still in flight after the shutdown grace; stopping");
            Ok(())
        }
    }
}
