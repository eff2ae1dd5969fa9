//! Whether one module's or one company's storm makes others wait: the p99 of quiet calls
//! alone, and while a storm of endless loops (`faults` test module, up to 16 calls at once,
//! each running until its fuel is spent) fills its slots. Two cases: another module's calls
//! (`crud` `GET /whoami`) during a storm of one company, and another company's calls to the
//! storming module itself (`faults` `GET /ok`). The quiet and storm phases alternate, three
//! rounds each, so that a slow moment of the machine weighs on both alike. On SQLite,
//! twice: as the host runs by default (the last CPU of two set apart for heavy work: a call
//! that has computed for 10 ms moves there, and while one runs there, every other thread
//! keeps off it), then, in a second process, on shared CPUs
//! (`AUTOSCOPE_RESERVED_CPUS=none`: only a company's calls beyond its first at the lowest
//! priority). Ends with `storm/quiet module p99=<ratio> company p99=<ratio> shared module
//! p99=<ratio> company p99=<ratio>`, the first two the default's (goal: at most 1.5). Run
//! with `make bench`.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use autoscope::modules::registry::Grants;
use autoscope::storage::Engine;
use autoscope::testing::{create_company, default_role_rights, open_session};
use common::{Percentiles, load, percentiles, root};

const QUIET_CLIENTS: usize = 2;
/// Per client and phase, over all rounds: 4,200 samples, so that the p99 is not a handful
/// of them.
const QUIET_REQUESTS: usize = 2_100;
const ROUNDS: usize = 3;
const STORM_CLIENTS: usize = 32;

fn main() -> anyhow::Result<()> {
    let measured = common::default_and_shared(|setting| common::runtime()?.block_on(measure(setting)))?;
    if let Some((default, shared)) = measured {
        println!("storm/quiet {default} shared {shared}");
    }
    Ok(())
}

/// The p99 ratios, storm to quiet, of a host in this process: `module p99=<ratio> company
/// p99=<ratio>`.
async fn measure(setting: &str) -> anyhow::Result<String> {
    autoscope::install_crypto_provider();
    let (module, company) =
        common::with_host(Engine::Sqlite, async |state, scratch, _| run(state, scratch).await).await?;
    let ratio = |(quiet, storm): &(Percentiles, Percentiles)| storm.p99 / quiet.p99;
    for (name, (quiet, storm)) in [("another module", &module), ("another company", &company)] {
        println!(
            "{setting}, {name}: quiet p50={:.2}ms p99={:.2}ms | during the storm p50={:.2}ms p99={:.2}ms",
            quiet.p50, quiet.p99, storm.p50, storm.p99
        );
    }
    Ok(format!("module p99={:.2} company p99={:.2}", ratio(&module), ratio(&company)))
}

type Phases = (Percentiles, Percentiles);

async fn run(state: autoscope::AppState, scratch: &std::path::Path) -> anyhow::Result<(Phases, Phases)> {
    let crud = root().join("tests/modules/crud");
    let archive = common::archive(scratch, "test_module_crud", &crud.join("module.toml"), Some(&crud.join("web")))?;
    state.modules.install(&state.db, &archive, Grants::Declared).await.map_err(anyhow::Error::msg)?;
    // As many loops at once as the default policy allows, each long enough to queue.
    let faults = std::fs::read_to_string(root().join("tests/modules/faults/module.toml"))?
        .replace("concurrency = 2", "concurrency = 16")
        .replace("fuel = 50_000_000", "fuel = 1_000_000_000")
        .replace("timeout_ms = 2000", "timeout_ms = 10000");
    let faults_manifest = scratch.join("faults-storm.toml");
    std::fs::write(&faults_manifest, faults)?;
    let archive = common::archive(scratch, "test_module_faults", &faults_manifest, None)?;
    state.modules.install(&state.db, &archive, Grants::Declared).await.map_err(anyhow::Error::msg)?;

    let mut tokens = Vec::new();
    for name in ["Quiet", "Storm"] {
        let email = format!("{}@bench.test", name.to_lowercase());
        let company = create_company(&state, name, &email, &default_role_rights()).await?;
        tokens.push(open_session(&state, &company.user_id, &company.company_id).await?);
    }
    let (quiet, storm) = (tokens[0].clone(), tokens[1].clone());

    let base = common::serve(autoscope::app(state.clone())).await?;
    let client = reqwest::Client::builder().pool_max_idle_per_host(STORM_CLIENTS + QUIET_CLIENTS).build()?;

    let whoami = format!("{base}/api/m/crud/whoami");
    let ok = format!("{base}/api/m/faults/ok");
    let storm_url = format!("{base}/api/m/faults/loop");
    let mut results = Vec::new();
    for quiet_url in [&whoami, &ok] {
        load(&client, quiet_url, &quiet, QUIET_CLIENTS, 10).await?; // warm-up: instances, sessions
        let (mut alone, mut during, mut loops) = (Vec::new(), Vec::new(), 0);
        for _ in 0..ROUNDS {
            alone.extend(load(&client, quiet_url, &quiet, QUIET_CLIENTS, QUIET_REQUESTS / ROUNDS).await?);
            let storming = Storm::start(&client, &storm_url, &storm);
            // Let the storm fill its slots first.
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            during.extend(load(&client, quiet_url, &quiet, QUIET_CLIENTS, QUIET_REQUESTS / ROUNDS).await?);
            loops += storming.stop().await?;
        }
        println!("{quiet_url}: {loops} storm calls answered meanwhile");
        let (alone, during) = (percentiles(alone), percentiles(during));
        results.push((alone, during));
    }
    let company = results.pop().expect("two phases");
    let module = results.pop().expect("two phases");
    Ok((module, company))
}

/// `STORM_CLIENTS` clients calling `url` one call after another until stopped.
struct Storm {
    stop: Arc<AtomicBool>,
    clients: Vec<tokio::task::JoinHandle<()>>,
    answered: Arc<AtomicUsize>,
}

impl Storm {
    fn start(client: &reqwest::Client, url: &str, token: &str) -> Self {
        let (stop, answered) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicUsize::new(0)));
        let clients = (0..STORM_CLIENTS)
            .map(|_| {
                let (client, url, token) = (client.clone(), url.to_string(), token.to_string());
                let (stop, answered) = (stop.clone(), answered.clone());
                tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        // Out of fuel (502) or busy (503): a storm's answers do not matter.
                        if client.get(&url).bearer_auth(&token).send().await.is_ok() {
                            answered.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                })
            })
            .collect();
        Self { stop, clients, answered }
    }

    async fn stop(self) -> anyhow::Result<usize> {
        self.stop.store(true, Ordering::Relaxed);
        for client in self.clients {
            client.await?;
        }
        Ok(self.answered.load(Ordering::Relaxed))
    }
}
