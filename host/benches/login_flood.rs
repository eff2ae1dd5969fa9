//! Whether a flood of sign-in attempts (each an argon2id check) starves other requests: the
//! p99 of a signed-in person's `GET /api/users/me` alone, and while 16 clients post
//! sign-ins of unknown accounts as fast as they are answered (the per-address limit raised
//! so that every attempt is checked); the two phases alternate, ten rounds each, so that
//! a slow moment of the machine weighs on both alike. On SQLite, twice: as the host runs by
//! default (the last CPU of two set apart for heavy work: hashing runs there, and while it
//! does, every other thread keeps off it), then, in a second process, with hashing on the
//! shared CPUs at the lowest priority (`AUTOSCOPE_RESERVED_CPUS=none`). Ends with
//! `flood/quiet p99=<ratio> shared=<ratio>`, the first the default's (goal: at most 1.25).
//! Run with `make bench`.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use autoscope::storage::Engine;
use autoscope::testing::{create_company, default_role_rights, open_session};
use common::{Percentiles, load, percentiles};

const QUIET_CLIENTS: usize = 2;
/// Per client and phase, over all rounds: 6,000 samples, so that the p99 is not a handful
/// of them.
const QUIET_REQUESTS: usize = 3_000;
const ROUNDS: usize = 10;
const FLOOD_CLIENTS: usize = 16;

fn main() -> anyhow::Result<()> {
    let measured = common::default_and_shared(|setting| {
        let runtime = common::runtime()?;
        Ok(format!("{:.2}", runtime.block_on(measure(setting))?))
    })?;
    if let Some((default, shared)) = measured {
        println!("flood/quiet p99={default} shared={shared}");
    }
    Ok(())
}

/// The p99 ratio, flooded to quiet, of a host in this process.
async fn measure(setting: &str) -> anyhow::Result<f64> {
    autoscope::install_crypto_provider();
    // 100 failures per address and quarter-hour, times 1,000: the flood is never refused.
    let more = [("AUTOSCOPE_PEOPLE_PER_ADDRESS", "1000")];
    let (quiet, flooded, attempts) =
        common::with_configured_host(Engine::Sqlite, &more, async |state, _, _| run(state).await).await?;
    let ratio = flooded.p99 / quiet.p99;
    println!(
        "{setting}: GET /api/users/me quiet p50={:.2}ms p99={:.2}ms | during the flood p50={:.2}ms p99={:.2}ms, \
         {ratio:.2}x ({attempts} sign-ins answered meanwhile)",
        quiet.p50, quiet.p99, flooded.p50, flooded.p99
    );
    Ok(ratio)
}

async fn run(state: autoscope::AppState) -> anyhow::Result<(Percentiles, Percentiles, usize)> {
    let company = create_company(&state, "Quiet", "quiet@bench.test", &default_role_rights()).await?;
    let token = open_session(&state, &company.user_id, &company.company_id).await?;
    let base = common::serve(autoscope::app(state.clone())).await?;
    let client = reqwest::Client::builder().pool_max_idle_per_host(FLOOD_CLIENTS + QUIET_CLIENTS).build()?;
    let me = format!("{base}/api/users/me");

    load(&client, &me, &token, QUIET_CLIENTS, 20).await?; // warm-up
    let (mut quiet, mut flooded, mut attempts) = (Vec::new(), Vec::new(), 0);
    for round in 0..ROUNDS {
        quiet.extend(load(&client, &me, &token, QUIET_CLIENTS, QUIET_REQUESTS / ROUNDS).await?);
        let flood = Flood::start(&client, &format!("{base}/api/users/signin"), round);
        // Let the flood fill the hashing threads first.
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
        flooded.extend(load(&client, &me, &token, QUIET_CLIENTS, QUIET_REQUESTS / ROUNDS).await?);
        attempts += flood.stop().await?;
    }
    let (quiet, flooded) = (percentiles(quiet), percentiles(flooded));
    Ok((quiet, flooded, attempts))
}

/// `FLOOD_CLIENTS` clients posting wrong sign-ins of unknown accounts (new ones each round,
/// so that no account's failures add up), one after another, until stopped.
struct Flood {
    stop: Arc<AtomicBool>,
    clients: Vec<tokio::task::JoinHandle<anyhow::Result<()>>>,
    answered: Arc<AtomicUsize>,
}

impl Flood {
    fn start(client: &reqwest::Client, url: &str, round: usize) -> Self {
        let (stop, answered) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicUsize::new(0)));
        let clients = (0..FLOOD_CLIENTS)
            .map(|at| {
                let (client, url) = (client.clone(), url.to_string());
                let (stop, answered) = (stop.clone(), answered.clone());
                tokio::spawn(async move {
                    let mut tries = 0;
                    while !stop.load(Ordering::Relaxed) {
                        tries += 1;
                        let body = serde_json::json!({ "email": format!("guess{round}-{at}-{tries}@bench.test"), "password": "Wr0ng-Guess!" });
                        let status = client.post(&url).json(&body).send().await?.status();
                        anyhow::ensure!(status == 401, "a flood attempt answered {status}");
                        answered.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok(())
                })
            })
            .collect();
        Self { stop, clients, answered }
    }

    async fn stop(self) -> anyhow::Result<usize> {
        self.stop.store(true, Ordering::Relaxed);
        for client in self.clients {
            client.await??;
        }
        Ok(self.answered.load(Ordering::Relaxed))
    }
}
