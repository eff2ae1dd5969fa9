//! Database Integration's sync rate against the ingestion API's own, in the same run: a
//! UiPath-shaped `Jobs` table of 100,000 rows in this machine's MariaDB is synced into
//! Bot Profile's runs (the sync job run to its end: pages read through the `sources` host
//! function, mapped in the plugin, stored through `ingest`), and the same runs, already
//! mapped, are sent to `POST /api/ingest/bots/runs` in batches of the sync's page size,
//! each into a fresh portal, so that neither writes into tables the other filled.
//! On SQLite and PostgreSQL; ends with `dbsync/ingest rows=<ratio>` (the worse engine).
//! Run with `make bench`; `BENCH_SYNC_ROWS` changes the 100,000, `BENCH_ENGINES=sqlite` (or
//! `postgres`) measures one engine.

// Shared by the benchmarks; this one measures rates, not latencies (no percentiles).
#[allow(dead_code)]
mod common;

use std::time::{Duration, Instant};

use anyhow::Context;
use autoscope::AppState;
use autoscope::modules::registry::Grants;
use autoscope::storage::Engine;
use autoscope::testing;
use common::root;
use serde_json::{Value, json};

const MARIADB: &str = "mysql://root@127.0.0.1:3306/";
/// The sync's page (the plugin's `sync::PAGE`), and so the API's batch.
const BATCH: usize = 5_000;
/// The first job's creation, 2026-01-01 00:00 UTC; one job every 3 seconds.
const T0: i64 = 1_767_225_600;
const SPACING: i64 = 3;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    autoscope::install_crypto_provider();
    let rows: i64 = std::env::var("BENCH_SYNC_ROWS").ok().and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let source = format!("autoscope_bench_sync_{}", uuid::Uuid::new_v4().simple());
    let started = Instant::now();
    fill_source(&source, rows).await?;
    println!("MariaDB: {rows} UiPath jobs written in {:.1}s", started.elapsed().as_secs_f64());
    let only = std::env::var("BENCH_ENGINES").unwrap_or_default();
    let mut worst = f64::MAX;
    let mut outcome = Ok(());
    for engine in [Engine::Sqlite, Engine::Postgres] {
        if !only.is_empty() && !only.eq_ignore_ascii_case(&format!("{engine:?}")) {
            continue;
        }
        // Each in a portal of its own, so that neither stores into tables the other filled.
        let measured = async {
            let api = async |state, scratch: &std::path::Path, _: &str| {
                api_rate(&Portal::start(state, scratch).await?, rows).await
            };
            let ingest_rate = common::with_host(engine, api).await?;
            let sync = async |state, scratch: &std::path::Path, _: &str| {
                sync_rate(&Portal::start(state, scratch).await?, &source, rows).await
            };
            anyhow::Ok((common::with_host(engine, sync).await?, ingest_rate))
        };
        match measured.await {
            Ok((sync_rate, ingest_rate)) => {
                let ratio = sync_rate / ingest_rate;
                println!("{engine:?}: sync {sync_rate:.0} rows/s, ingestion API {ingest_rate:.0} rows/s (x{ratio:.2})");
                worst = worst.min(ratio);
            }
            Err(err) => {
                outcome = Err(err);
                break;
            }
        }
    }
    admin(&format!("DROP DATABASE IF EXISTS {source}")).await?;
    outcome?;
    println!("dbsync/ingest rows={worst:.2}");
    Ok(())
}

async fn admin(sql: &str) -> anyhow::Result<()> {
    let pool = sqlx::MySqlPool::connect(MARIADB).await.context("MariaDB at 127.0.0.1:3306")?;
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string())).execute(&pool).await?;
    pool.close().await;
    Ok(())
}

/// The UiPath tables with `rows` jobs: 12 processes, 15 robots, one job in 20 faulted.
async fn fill_source(name: &str, rows: i64) -> anyhow::Result<()> {
    admin(&format!("CREATE DATABASE {name}")).await?;
    let pool = sqlx::MySqlPool::connect(&format!("{MARIADB}{name}")).await?;
    let schema = include_str!("../../plugins/db_integration/tests/fixtures/uipath.sql");
    sqlx::raw_sql(sqlx::AssertSqlSafe(schema.to_string())).execute(&pool).await?;
    let names = |table: &str, prefix: &str, count: i64| {
        let values: Vec<String> = (0..count).map(|i| format!("({i}, '{prefix}-{i}')")).collect();
        format!("INSERT INTO {table} VALUES {}", values.join(", "))
    };
    sqlx::raw_sql(sqlx::AssertSqlSafe(names("Releases", "process", 12))).execute(&pool).await?;
    sqlx::raw_sql(sqlx::AssertSqlSafe(names("Robots", "bot", 15))).execute(&pool).await?;
    for chunk in (0..rows).collect::<Vec<_>>().chunks(1_000) {
        let values: Vec<String> = chunk
            .iter()
            .map(|&i| {
                let (state, info) = if i % 20 == 0 { (4, "'Application not responding'") } else { (5, "NULL") };
                let created = T0 + i * SPACING;
                format!(
                    "({i}, {}, {}, {state}, FROM_UNIXTIME({}), FROM_UNIXTIME({}), FROM_UNIXTIME({created}), {info})",
                    i % 12,
                    i % 15,
                    created + 1,
                    created + 21 + i % 3571
                )
            })
            .collect();
        let insert = format!("INSERT INTO Jobs VALUES {}", values.join(", "));
        sqlx::raw_sql(sqlx::AssertSqlSafe(insert)).execute(&pool).await?;
    }
    pool.close().await;
    Ok(())
}

/// The runs the sync makes of the jobs, as a robot would send them itself.
fn mapped(rows: i64) -> Vec<Value> {
    (0..rows)
        .map(|i| {
            let created = T0 + i * SPACING;
            let failed = i % 20 == 0;
            json!({
                "external_id": format!("api:{i}"), "bot": format!("bot-{}", i % 15), "process": format!("process-{}", i % 12),
                "started_at": created + 1, "ended_at": created + 21 + i % 3571,
                "status": if failed { "failed" } else { "successful" },
                "reason": if failed { json!("Application not responding") } else { Value::Null },
                "exception_type": if failed { json!("system") } else { Value::Null },
            })
        })
        .collect()
}

/// A fresh portal serving HTTP on loopback, with an enterprise company and its owner's
/// session.
struct Portal {
    state: AppState,
    base: String,
    client: reqwest::Client,
    token: String,
}

impl Portal {
    async fn start(state: AppState, scratch: &std::path::Path) -> anyhow::Result<Self> {
        for key in ["bots", "db_integration"] {
            let dir = root().join("plugins").join(key);
            let archive = common::archive(scratch, &format!("module_{key}"), &dir.join("module.toml"), None)?;
            state.modules.install(&state.db, &archive, Grants::Declared).await.map_err(anyhow::Error::msg)?;
        }
        let base = common::serve(autoscope::app(state.clone())).await?;
        let made =
            testing::create_company(&state, "Bench Sync", "owner@sync-bench.test", &testing::default_role_rights())
                .await?;
        testing::set_edition(&state, &made.company_id, testing::Edition::Enterprise).await?;
        let token = testing::open_session(&state, &made.user_id, &made.company_id).await?;
        Ok(Self { state, base, client: reqwest::Client::new(), token })
    }

    async fn call(&self, method: reqwest::Method, path: &str, body: Value) -> anyhow::Result<Value> {
        let url = format!("{}{path}", self.base);
        let response = self.client.request(method, url).bearer_auth(&self.token).json(&body).send().await?;
        let status = response.status();
        let body: Value = response.json().await.unwrap_or_default();
        anyhow::ensure!(status.is_success(), "{path} answered {status}: {body}");
        Ok(body)
    }
}

/// The ingestion API's rate, in rows per second: the runs, mapped already, in batches of
/// the sync's page.
async fn api_rate(portal: &Portal, rows: i64) -> anyhow::Result<f64> {
    let key = portal.call(reqwest::Method::POST, "/api/ingest/keys", json!({ "name": "bench" })).await?;
    let key = key["key"].as_str().context("no API key")?.to_string();
    let bodies: Vec<String> = mapped(rows).chunks(BATCH).map(serde_json::to_string).collect::<Result<_, _>>()?;
    let mut ingest_time = Duration::ZERO;
    for body in bodies {
        let started = Instant::now();
        let report: Value = portal
            .client
            .post(format!("{}/api/ingest/bots/runs", portal.base))
            .bearer_auth(&key)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await?
            .json()
            .await?;
        ingest_time += started.elapsed();
        anyhow::ensure!(report["errors"] == json!([]), "ingestion refused records: {report}");
    }
    Ok(rows as f64 / ingest_time.as_secs_f64())
}

/// The sync's rate, in rows per second, from the request that starts it to the job's end.
async fn sync_rate(portal: &Portal, source: &str, rows: i64) -> anyhow::Result<f64> {
    let draft = json!({ "name": "Orchestrator", "engine": "mysql", "host": "127.0.0.1", "port": 3306,
                        "database": source, "user": "root", "tls": "disable", "time_zone": "UTC" });
    let connection = portal.call(reqwest::Method::POST, "/api/modules/db_integration/connections", draft).await?;
    let id = connection["id"].as_str().context("no connection id")?;
    let module = format!("/api/m/db_integration/connections/{id}");
    let mapping =
        portal.call(reqwest::Method::POST, &format!("{module}/preset"), json!({ "preset": "uipath" })).await?;
    portal.call(reqwest::Method::PUT, &format!("{module}/mapping"), mapping).await?;
    let started = Instant::now();
    portal.call(reqwest::Method::POST, &format!("{module}/syncs"), json!({})).await?;
    autoscope::modules::jobs::run_due_here(&portal.state).await?;
    let sync_time = started.elapsed();
    let syncs =
        portal.call(reqwest::Method::GET, &format!("/api/m/db_integration/syncs?connection={id}"), Value::Null).await?;
    let report = &syncs[0]["progress"];
    anyhow::ensure!(
        syncs[0]["status"] == "done" && report["stored"] == rows,
        "the sync did not store every job: {}",
        syncs[0]
    );
    Ok(rows as f64 / sync_time.as_secs_f64())
}
