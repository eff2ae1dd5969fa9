//! What the benchmarks share: a fresh host on either engine, packages of built plugins,
//! and percentiles.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use autoscope::modules::registry::package;
use autoscope::storage::Engine;
use autoscope::{AppState, Config};

pub struct Percentiles {
    pub p50: f64,
    pub p99: f64,
}

pub fn percentiles(mut millis: Vec<f64>) -> Percentiles {
    millis.sort_by(f64::total_cmp);
    let at = |q: f64| millis[((millis.len() as f64 * q) as usize).min(millis.len() - 1)];
    Percentiles { p50: at(0.50), p99: at(0.99) }
}

#[allow(dead_code)] // the login flood installs no module
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

pub async fn admin_sql(sql: &str) -> anyhow::Result<()> {
    use sqlx::Connection;
    let mut conn = sqlx::PgConnection::connect("postgres://postgres@127.0.0.1:5432/test").await?;
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string())).execute(&mut conn).await?;
    Ok(())
}

/// Runs `body` against a prepared host on a new database of `engine` (a temporary
/// SQLite file, or a PostgreSQL database dropped afterwards); `body` gets the host, a
/// scratch folder and the database's URL (for a benchmark's own baseline statements).
#[allow(dead_code)] // the login flood sets more variables
pub async fn with_host<T>(
    engine: Engine,
    body: impl AsyncFnOnce(AppState, &Path, &str) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    with_configured_host(engine, &[], body).await
}

/// [`with_host`] with more configuration variables (`AUTOSCOPE_PEOPLE_PER_ADDRESS`, say).
pub async fn with_configured_host<T>(
    engine: Engine,
    more: &[(&'static str, &str)],
    body: impl AsyncFnOnce(AppState, &Path, &str) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let data_dir = std::env::temp_dir().join(format!("autoscope-bench-{}", uuid::Uuid::new_v4().simple()));
    let (database_url, pg_name) = match engine {
        Engine::Sqlite => (format!("sqlite://{}?mode=rwc", data_dir.join("bench.db").display()), None),
        Engine::Postgres => {
            let name = format!("autoscope_bench_{}", uuid::Uuid::new_v4().simple());
            admin_sql(&format!("CREATE DATABASE {name}")).await?;
            (format!("postgres://postgres@127.0.0.1:5432/{name}"), Some(name))
        }
    };
    let mut vars: HashMap<&str, String> = HashMap::from([
        ("AUTOSCOPE_SECRET", "bench-secret-bench-secret-bench-secret-01".to_string()),
        ("DATABASE_URL", database_url.clone()),
        ("AUTOSCOPE_DATA_DIR", data_dir.display().to_string()),
        ("AUTOSCOPE_LOG", "warn".to_string()),
        ("AUTOSCOPE_ALLOW_UNSIGNED_MODULES", "true".to_string()),
    ]);
    vars.extend(more.iter().map(|&(key, value)| (key, value.to_string())));
    let result = async {
        let config = Config::from_lookup(|key| vars.get(key).cloned())?;
        let state = autoscope::prepare(config).await?;
        let result = body(state.clone(), &data_dir, &database_url).await;
        state.db.close().await;
        result
    }
    .await;
    let _ = std::fs::remove_dir_all(&data_dir);
    if let Some(name) = pg_name {
        admin_sql(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await?;
    }
    result
}

/// The package archive of a built plugin (`wasm_name` under the plugin profile) with
/// its manifest, packed in `scratch`; without `web`, the pages get a stand-in build.
#[allow(dead_code)] // the login flood installs no module
pub fn archive(scratch: &Path, wasm_name: &str, manifest: &Path, web: Option<&Path>) -> anyhow::Result<Vec<u8>> {
    let target_dir = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("target"));
    let wasm = target_dir.join(format!("wasm32-unknown-unknown/plugin/{wasm_name}.wasm"));
    anyhow::ensure!(wasm.is_file(), "{} is missing: run `make modules` first", wasm.display());
    let stand_in = scratch.join(format!("{wasm_name}-web"));
    let web = match web {
        Some(web) => Some(web),
        None => autoscope::testing::stand_in_web(manifest, &stand_in)?.then_some(stand_in.as_path()),
    };
    let source = package::PackSource { manifest, wasm: &wasm, web };
    let out = scratch.join(format!("{wasm_name}-package"));
    package::pack(&source, &out, None)?;
    package::archive(&out)
}

/// Serves `app` on a loopback port in the background; answers its base URL.
#[allow(dead_code)] // the soak runs the host's own `serve`, with its workers
pub async fn serve(app: axum::Router) -> anyhow::Result<String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    tokio::spawn(autoscope::http::connections::serve(app, listener, std::future::pending()));
    Ok(base)
}

/// `clients` clients each sending `requests` GET requests to `url` one after another;
/// answers every latency in milliseconds. Any answer but 200 fails the benchmark.
#[allow(dead_code)] // not every benchmark sends plain GETs
pub async fn load(
    client: &reqwest::Client,
    url: &str,
    token: &str,
    clients: usize,
    requests: usize,
) -> anyhow::Result<Vec<f64>> {
    let clients: Vec<_> = (0..clients)
        .map(|_| {
            let (client, url, token) = (client.clone(), url.to_string(), token.to_string());
            tokio::spawn(async move {
                let mut latencies = Vec::with_capacity(requests);
                for _ in 0..requests {
                    let started = std::time::Instant::now();
                    let response = client.get(&url).bearer_auth(&token).send().await?;
                    anyhow::ensure!(response.status() == 200, "{url} answered {}", response.status());
                    response.bytes().await?;
                    latencies.push(started.elapsed().as_secs_f64() * 1000.0);
                }
                anyhow::Ok(latencies)
            })
        })
        .collect();
    let mut all = Vec::new();
    for handle in clients {
        all.extend(handle.await??);
    }
    Ok(all)
}

/// What sets CPUs apart for heavy work (`autoscope::cpu::set_apart`).
#[allow(dead_code)] // for the benches that compare CPUs set apart with CPUs shared
const RESERVED_CPUS: &str = "AUTOSCOPE_RESERVED_CPUS";
/// How the second process of [`default_and_shared`] reports its figure to the first.
#[allow(dead_code)]
const REPORT: &str = "shared_figure=";

/// An async runtime as `autoscope serve` builds it: a worker per CPU requests always have.
#[allow(dead_code)]
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread().worker_threads(autoscope::cpu::request_cpus()).enable_all().build()
}

/// Measures twice, in two processes of this benchmark: here with the host's default (the
/// last CPU of two set apart for heavy work, as `autoscope serve` does), then in a second
/// process with every CPU shared (`AUTOSCOPE_RESERVED_CPUS=none`). `measure` gets the
/// setting's name and answers its figure. Answers `(default, shared)` in the first process,
/// `None` in the second.
#[allow(dead_code)]
pub fn default_and_shared(
    measure: impl Fn(&str) -> anyhow::Result<String>,
) -> anyhow::Result<Option<(String, String)>> {
    if std::env::var(RESERVED_CPUS).is_ok_and(|cpus| cpus == "none") {
        println!("{REPORT}{}", measure(&format!("{RESERVED_CPUS}=none"))?);
        return Ok(None);
    }
    anyhow::ensure!(std::env::var_os(RESERVED_CPUS).is_none(), "{RESERVED_CPUS} is the benchmark's to set");
    autoscope::cpu::set_apart(None)?;
    anyhow::ensure!(autoscope::cpu::set_apart_for_heavy_work(), "one CPU only: none is set apart");
    let default = measure("default: the last CPU set apart")?;
    let child = std::process::Command::new(std::env::current_exe()?)
        .args(std::env::args().skip(1))
        .env(RESERVED_CPUS, "none")
        .output()?;
    let stderr = String::from_utf8_lossy(&child.stderr);
    anyhow::ensure!(child.status.success(), "the run on shared CPUs failed: {stderr}");
    let mut shared = None;
    for line in String::from_utf8_lossy(&child.stdout).lines() {
        match line.strip_prefix(REPORT) {
            Some(figure) => shared = Some(figure.trim().to_string()),
            None => println!("{line}"),
        }
    }
    let shared = shared.ok_or_else(|| anyhow::anyhow!("the run on shared CPUs gave no figure"))?;
    Ok(Some((default, shared)))
}
