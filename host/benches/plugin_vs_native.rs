//! How much a plugin costs: the p50 and p99 latency of a list request routed through the
//! `crud` test module against a native axum route doing the same query (same host, same
//! data, same concurrency, over loopback), on SQLite and PostgreSQL. Ends with
//! `plugin/native p50=<ratio> p99=<ratio>` (the worse engine). Run with `make bench`.

mod common;

use std::time::Duration;

use anyhow::Context;
use autoscope::AppState;
use autoscope::auth::CurrentUser;
use autoscope::modules::collections;
use autoscope::modules::registry::Grants;
use autoscope::storage::Engine;
use autoscope_wire::storage::{Query, Sort, StorageOp};
use axum::extract::State;
use common::{Percentiles, load, percentiles, root};

const ITEMS: usize = 10_000;
const CONCURRENCY: usize = 8;
/// Native and plugin requests alternate in short rounds (the first route alternating
/// too), so a slow moment of the machine weighs on both alike.
const ROUNDS: usize = 10;
const REQUESTS_PER_ROUND: usize = 50;
const PATH_QUERY: &str = "items?limit=50&sort=-due&total=true";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    autoscope::install_crypto_provider();
    let mut worst = (0.0f64, 0.0f64);
    for engine in [Engine::Sqlite, Engine::Postgres] {
        let (plugin, native) = measure(engine).await?;
        let ratio = (plugin.p50 / native.p50, plugin.p99 / native.p99);
        println!(
            "{engine:?}: plugin p50={:.2}ms p99={:.2}ms | native p50={:.2}ms p99={:.2}ms | ratio p50={:.2} p99={:.2}",
            plugin.p50, plugin.p99, native.p50, native.p99, ratio.0, ratio.1
        );
        worst = (worst.0.max(ratio.0), worst.1.max(ratio.1));
    }
    println!("plugin/native p50={:.2} p99={:.2}", worst.0, worst.1);
    Ok(())
}

async fn measure(engine: Engine) -> anyhow::Result<(Percentiles, Percentiles)> {
    common::with_host(engine, async |state, data_dir, _| run(state, data_dir).await).await
}

async fn run(state: AppState, data_dir: &std::path::Path) -> anyhow::Result<(Percentiles, Percentiles)> {
    let crud = root().join("tests/modules/crud");
    let archive = common::archive(data_dir, "test_module_crud", &crud.join("module.toml"), Some(&crud.join("web")))?;
    state.modules.install(&state.db, &archive, Grants::Declared).await.map_err(anyhow::Error::msg)?;

    let email = "bench@autoscope.test";
    let password = "Bench#Portal-2026";
    autoscope::admin::create_admin(&state, email, Some(password.into())).await?;
    let app = autoscope::app(state.clone()).merge(
        axum::Router::new().route("/bench/native/items", axum::routing::get(native_list)).with_state(state.clone()),
    );
    let base = common::serve(app).await?;
    let client = reqwest::Client::builder().pool_max_idle_per_host(CONCURRENCY).build()?;
    let signed_in: serde_json::Value = client
        .post(format!("{base}/api/users/signin"))
        .json(&serde_json::json!({ "email": email, "password": password }))
        .send()
        .await?
        .json()
        .await?;
    let token = signed_in["token"].as_str().context("sign-in gave no token")?.to_string();
    seed(&client, &base, &token).await?;

    let plugin_url = format!("{base}/api/m/crud/{PATH_QUERY}");
    let native_url = format!("{base}/bench/native/{PATH_QUERY}");
    // Both answers must be the same page, or the comparison means nothing.
    let plugin_page: serde_json::Value = client.get(&plugin_url).bearer_auth(&token).send().await?.json().await?;
    let native_page: serde_json::Value = client.get(&native_url).bearer_auth(&token).send().await?.json().await?;
    anyhow::ensure!(plugin_page == native_page, "the two routes answer different pages");
    anyhow::ensure!(plugin_page["total"] == ITEMS, "unexpected total: {}", plugin_page["total"]);

    let (mut plugin, mut native) = (Vec::new(), Vec::new());
    load(&client, &plugin_url, &token, CONCURRENCY, 20).await?; // warm-up: instances, statement caches
    load(&client, &native_url, &token, CONCURRENCY, 20).await?;
    for round in 0..ROUNDS {
        if round % 2 == 0 {
            native.extend(load(&client, &native_url, &token, CONCURRENCY, REQUESTS_PER_ROUND).await?);
            plugin.extend(load(&client, &plugin_url, &token, CONCURRENCY, REQUESTS_PER_ROUND).await?);
        } else {
            plugin.extend(load(&client, &plugin_url, &token, CONCURRENCY, REQUESTS_PER_ROUND).await?);
            native.extend(load(&client, &native_url, &token, CONCURRENCY, REQUESTS_PER_ROUND).await?);
        }
    }
    Ok((percentiles(plugin), percentiles(native)))
}

async fn seed(client: &reqwest::Client, base: &str, token: &str) -> anyhow::Result<()> {
    let day = 86_400;
    for chunk in 0..ITEMS / 1000 {
        let records: Vec<_> = (0..1000)
            .map(|i| {
                let n = chunk * 1000 + i;
                serde_json::json!({ "title": format!("Item {n}"), "qty": n % 97, "due": 1_750_000_000 + (n as i64 % 365) * day })
            })
            .collect();
        let answer = client
            .post(format!("{base}/api/m/crud/items/batch"))
            .bearer_auth(token)
            .json(&serde_json::json!({ "records": records }))
            .timeout(Duration::from_secs(60))
            .send()
            .await?;
        anyhow::ensure!(answer.status() == 201, "seeding answered {}", answer.status());
    }
    Ok(())
}

/// The native twin of the plugin's `GET /items?limit=50&sort=-due&total=true`: the same
/// session and rights checks, the same storage call.
async fn native_list(State(state): State<AppState>, user: CurrentUser) -> axum::response::Response {
    use axum::response::IntoResponse;
    if !autoscope::rights::allows(&user.rights, "process") {
        return axum::http::StatusCode::FORBIDDEN.into_response();
    }
    let Some(module) = state.modules.get("crud") else { return axum::http::StatusCode::NOT_FOUND.into_response() };
    let Some(spec) = module.manifest().collections.get("items").cloned() else {
        return axum::http::StatusCode::NOT_FOUND.into_response();
    };
    let target = collections::Target { module: "crud".into(), collection: "items".into(), spec };
    let query = Query {
        limit: Some(50),
        sort: vec![Sort { field: "due".into(), desc: true }],
        total: true,
        ..Query::default()
    };
    let op = StorageOp::List { collection: "items".into(), query };
    match collections::execute(&state.db, &target, &user.company_id, state.clock.now(), op).await {
        Ok(page) => axum::Json(page).into_response(),
        Err(err) => (axum::http::StatusCode::INTERNAL_SERVER_ERROR, err.message).into_response(),
    }
}
