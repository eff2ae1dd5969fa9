//! Scale-out (`make scale-test`): two `autoscope serve` processes on loopback ports with one
//! PostgreSQL database and one NATS server, each with a data directory of its own, as
//! behind a load balancer. A session opened on one works on the other and its logout ends
//! it on both; rate limits count across both; a module installed or upgraded through one
//! is served by the other within seconds, without a failed request meanwhile; realtime
//! messages published on one reach streams open on the other; module events and schedule
//! runs happen once across both; a module removed through one stops being served by the
//! other. Then one host is killed (SIGKILL) during a stream of writes and of ingestion
//! batches into a collection with rollups (both hosts rebuilding them), while it runs a
//! module's job and a Database Integration sync from MariaDB and waits on a webhook's
//! receiver, and the other carries on: it serves, delivers every event the dead one had
//! published or claimed, takes the job and the sync over (every source row stored once),
//! sends the webhook again, and rebuilds every rollup day left marked, so the rollups hold
//! exactly what the rows do. Last, the survivor is stopped with SIGTERM: its realtime
//! streams end with `restarting` and it exits cleanly.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use autoscope::modules::collections::{rollup, table_name};

use crate::support::binary::Setup;
use crate::support::modules::{archive, archive_with, manifest_at, post_package, product_archive};
use crate::support::sources::Source;
use crate::support::webhooks::Receiver;
use crate::support::{PgDatabase, http_client};

/// The NATS server of these machines and CI.
const NATS_URL: &str = "nats://127.0.0.1:4222";
const SECRET: &str = "scale-out-secret-scale-out-secret-0123";
const ADMIN: (&str, &str) = ("scale@example.com", "Scale-Out#2026");
/// How long a change made through one host may take to be served by the other: it looks
/// every 2 seconds, then compiles the module (from the shared compile cache here).
const FOLLOW_WAIT: Duration = Duration::from_secs(20);
/// An event, a job step or a webhook attempt claimed by the killed host is taken up again
/// once its lease ends (about 20 s: `lease_seconds` in host/src/modules/runtime); the rest
/// at once.
const DELIVERY_WAIT: Duration = Duration::from_secs(60);
/// How often each host looks for due schedule runs (host/src/modules/workers.rs).
const SCHEDULE_LOOK: Duration = Duration::from_secs(15);
/// Bounds every load loop besides its stop flag.
const MAX_REQUESTS: usize = 20_000;
/// Items the writer creates at most before the kill (the test module lists 500 records of
/// `seen` at most, and each item's event adds one), one every few milliseconds.
const MAX_WRITES: usize = 300;
const WRITE_PAUSE: Duration = Duration::from_millis(5);
/// Readings per ingestion batch, spread over [`READING_DAYS`] days so that each batch marks
/// days of the rollups that other batches, on either host, mark too.
const READINGS_PER_BATCH: u64 = 10;
const READING_DAYS: u64 = 30;
const SENSORS: [&str; 3] = ["a", "b", "c"];
/// A UTC midnight: the first day of the readings.
const READINGS_FROM: u64 = 1_795_305_600;
/// Each host rebuilds marked rollup days every 5 seconds (host/src/modules/workers.rs).
const ROLLUP_WAIT: Duration = Duration::from_secs(30);
/// The orchestrator's jobs that Database Integration syncs: several steps' worth (a step
/// reads 4 pages of 5,000 rows), so the host is killed in the middle of the sync.
const SOURCE_JOBS: u64 = 100_000;
/// A sync step's lease is the module's (30 s) time limit's, and the rest of the sync runs
/// on the survivor.
const SYNC_WAIT: Duration = Duration::from_secs(240);
/// The steps of the job the killed host runs: more than both hosts run in the test's time
/// (it is cancelled once taken over).
const JOB_STEPS: u64 = 1_000_000_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hosts_on_one_database_and_nats_serve_as_one() {
    let started = Instant::now();
    let database = PgDatabase::create().await;
    let receiver = Receiver::holding_first().await;
    let host = || {
        Setup::new(Some(database.url.clone()))
            .with_env("NATS_URL", NATS_URL)
            .with_env("AUTOSCOPE_WEBHOOK_HOSTS", "127.0.0.1")
            .with_env("AUTOSCOPE_SECRET", SECRET)
            .with_env("AUTOSCOPE_SHUTDOWN_GRACE_SECONDS", "10")
            // The modules each host loads, in its log for a failure's message.
            .with_env("AUTOSCOPE_LOG", "warn,autoscope::modules::registry=info")
    };
    let (one, two) = (host(), host());
    one.run(&["migrate"]);
    one.run(&["user", "create-admin", "--email", ADMIN.0, "--password", ADMIN.1]);
    let first = one.serve("one").await;
    let second = two.serve("two").await;
    let logs = || format!("{}\n{}", one.logs(), two.logs());
    let (a, b) = (Portal::new(&one), Portal::new(&two));

    // Sessions: opened on one, valid on the other.
    let signed_in = a.post("/api/users/signin", None, json!({ "email": ADMIN.0, "password": ADMIN.1 })).await;
    assert_eq!(signed_in.0, 200, "{}", signed_in.1);
    let token = signed_in.1["token"].as_str().expect("a session token").to_string();
    let company = signed_in.1["userdata"]["company_id"].as_str().expect("the admin's company").to_string();
    let user_id = signed_in.1["userdata"]["user_id"].as_str().expect("the admin's id").to_string();
    assert_eq!(b.get("/api/users/me", &token).await.0, 200, "a session opened on one host works on the other");

    // Rate limits: five reset mails an hour per account, counted on both hosts together.
    for n in 0..5 {
        let host = if n % 2 == 0 { &a } else { &b };
        let asked = host.post("/api/users/forgot_password", None, json!({ "email": ADMIN.0 })).await;
        assert_eq!(asked.0, 200, "request {n}: {}", asked.1);
    }
    let sixth = b.post("/api/users/forgot_password", None, json!({ "email": ADMIN.0 })).await;
    assert_eq!(sixth.0, 429, "the sixth request, on the host that saw two: {}", sixth.1);

    // A module installed through one host is served by the other within seconds.
    let installing = Instant::now();
    let installed = a.install(&token, archive("crud")).await;
    assert_eq!(installed.0, 200, "{}", installed.1);
    wait_until("the other host serves the installed module", FOLLOW_WAIT, &logs, async || {
        b.get("/api/m/crud/whoami", &token).await.0 == 200
    })
    .await;
    let followed_install = installing.elapsed();

    // An upgrade through one host while both answer calls to the module: none fails.
    let load = Load::start(&[&a, &b], &token, "/api/m/crud/count");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let upgrading = Instant::now();
    let upgraded = a.install(&token, archive_with("crud", &manifest_at("crud", "1.1.0"), None)).await;
    assert_eq!(upgraded.0, 200, "{}", upgraded.1);
    wait_until("the other host serves the upgrade", FOLLOW_WAIT, &logs, async || {
        b.get("/api/modules", &token).await.1["data"][0]["version"] == "1.1.0"
    })
    .await;
    let followed_upgrade = upgrading.elapsed();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (answered, failed) = load.stop().await;
    assert!(failed.is_empty(), "calls failed during the upgrade ({answered} answered): {failed:?}\n{}", logs());
    assert!(answered > 20, "too few calls during the upgrade to prove anything: {answered}");

    // Realtime: a module's message and a notification published on one host reach a
    // stream open on the other.
    let mut stream = b.stream(&token).await;
    let pushed = a.post("/api/m/crud/realtime", Some(&token), json!({ "channel": "board", "payload": "across" })).await;
    assert_eq!(pushed.0, 200, "{}", pushed.1);
    stream.wait_for("crud.board", "across", &logs).await;
    let notified = json!({ "user_ids": [user_id], "message": "Noticed on the other host" });
    assert_eq!(a.post("/api/m/crud/notify", Some(&token), notified).await.0, 200);
    stream.wait_for("notifications", "Noticed on the other host", &logs).await;

    // Module events: each published once, on either host, is delivered once.
    let mut items = Vec::new();
    for n in 0..20 {
        let host = if n % 2 == 0 { &a } else { &b };
        let (status, item) =
            host.post("/api/m/crud/items", Some(&token), json!({ "title": format!("Item {n}") })).await;
        assert_eq!(status, 201, "{item}");
        items.push(item["id"].as_str().expect("an item id").to_string());
    }
    wait_until("every event delivered", DELIVERY_WAIT, &logs, async || {
        a.seen(&token).await.iter().filter(|name| name.starts_with("event:")).count() >= items.len()
    })
    .await;

    // The module's schedule (every 60 s) runs once, though both hosts look every 15 s: after
    // its first run, both have looked again before the count is read.
    let ticks = async || a.seen(&token).await.iter().filter(|name| *name == "tick").count();
    wait_until("the schedule's first run", SCHEDULE_LOOK * 2, &logs, async || ticks().await >= 1).await;
    tokio::time::sleep(SCHEDULE_LOOK + Duration::from_secs(1)).await;
    let schedule_runs = ticks().await;
    assert_eq!(schedule_runs, 1, "the schedule ran {schedule_runs} times in its first minute");

    // A module removed through one host stops being served by the other.
    assert_eq!(b.install(&token, archive("faults")).await.0, 200);
    wait_until("the other host serves the second module", FOLLOW_WAIT, &logs, async || {
        a.get("/api/m/faults/ok", &token).await.0 == 200
    })
    .await;
    let removed = b.delete("/api/admin/modules/faults?data=purge", &token).await;
    assert_eq!(removed.0, 200, "{}", removed.1);
    wait_until("the other host stops serving the removed module", FOLLOW_WAIT, &logs, async || {
        a.get("/api/m/faults/ok", &token).await.0 == 404
    })
    .await;

    // Database Integration, a premium module, syncs an orchestrator's tables in MariaDB into
    // Bot Profile as a job of steps.
    let edition = format!("/api/admin/companies/{company}/edition");
    assert_eq!(a.post(&edition, Some(&token), json!({ "edition": "enterprise" })).await.0, 200);
    for key in ["bots", "db_integration"] {
        let installed = a.install(&token, product_archive(key)).await;
        assert_eq!(installed.0, 200, "{}", installed.1);
    }
    wait_until("the other host serves Database Integration", FOLLOW_WAIT, &logs, async || {
        b.get("/api/m/db_integration/syncs", &token).await.0 == 200
    })
    .await;
    let source = orchestrator_database().await;
    let (status, connection) =
        a.post("/api/modules/db_integration/connections", Some(&token), source.draft("Orchestrator")).await;
    assert_eq!(status, 200, "{connection}");
    let connection = connection["id"].as_str().expect("a connection id").to_string();
    let module = format!("/api/m/db_integration/connections/{connection}");
    let (status, mapping) = a.post(&format!("{module}/preset"), Some(&token), json!({ "preset": "uipath" })).await;
    assert_eq!(status, 200, "{mapping}");
    let (status, saved) = a.put(&format!("{module}/mapping"), &token, mapping).await;
    assert_eq!(status, 200, "{saved}");
    let sync =
        async || b.get(&format!("/api/m/db_integration/syncs?connection={connection}"), &token).await.1[0].clone();

    // One host dies during a stream of writes, while it runs a job and a sync and waits on a
    // webhook's receiver (which holds the first request); the other carries on.
    let (status, sync_started) = a.post(&format!("{module}/syncs"), Some(&token), json!({})).await;
    assert_eq!(status, 201, "{sync_started}");
    let (status, job) = a.post("/api/m/crud/jobs", Some(&token), json!({ "to": JOB_STEPS })).await;
    assert_eq!(status, 201, "{job}");
    let job_path = format!("/api/m/crud/jobs/{}", job["id"].as_str().expect("a job id"));
    let hook = json!({ "url": receiver.url, "secret": "whsec-scale-out", "payload": { "n": 1 } });
    let (status, hook) = a.post("/api/m/crud/webhooks", Some(&token), hook).await;
    assert_eq!(status, 201, "{hook}");
    let hook_id = hook["id"].as_str().expect("a delivery id").to_string();
    let writes = Writes::start(&a, &token);
    let (_, key) = a.post("/api/ingest/keys", Some(&token), json!({ "name": "Scale" })).await;
    let key = key["key"].as_str().expect("an ingestion key").to_string();
    let ingests = [&a, &b].map(|host| Ingests::start(host, &key));
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let job_steps = async || b.get(&job_path, &token).await.1["steps"].as_u64().unwrap_or(0);
    wait_until("the job and the sync run, the webhook's receiver holds its request", FOLLOW_WAIT, &logs, async || {
        receiver.deliveries_of(&hook_id) == 1
            && job_steps().await > 0
            && sync().await["progress"]["read"].as_u64().unwrap_or(0) > 0
    })
    .await;
    first.kill();
    let killed = Instant::now();
    let acknowledged = writes.stop().await;
    assert!(acknowledged.len() >= 3, "too few writes before the kill: {}", acknowledged.len());
    items.extend(acknowledged);
    let mut readings = Vec::new();
    for ingest in ingests {
        let sent = ingest.stop().await;
        assert!(sent.len() >= 3 * READINGS_PER_BATCH as usize, "too few readings before the kill: {}", sent.len());
        readings.extend(sent);
    }
    let steps_at_kill = job_steps().await;
    let synced_at_kill = sync().await["progress"]["read"].as_u64().unwrap_or(0);
    assert!(synced_at_kill < SOURCE_JOBS, "the sync ended before the kill: make the source larger");
    assert_eq!(b.get("/api/users/me", &token).await.0, 200, "the survivor serves");
    wait_until("the survivor delivers every event", DELIVERY_WAIT, &logs, async || {
        let seen = b.seen(&token).await;
        items.iter().all(|id| seen.contains(&format!("event:{id}")))
    })
    .await;
    let delivered_after_kill = killed.elapsed();
    // Once each, across both hosts and the kill.
    let seen = b.seen(&token).await;
    for id in &items {
        let times = seen.iter().filter(|name| **name == format!("event:{id}")).count();
        assert_eq!(times, 1, "item {id}'s event was delivered {times} times");
    }
    // Rollups: every day either host marked, the dead one too, is rebuilt by the survivor,
    // and each rollup holds exactly what the rows do.
    let db = sqlx::PgPool::connect(&database.url).await.expect("the hosts' database");
    wait_until("the survivor rebuilds every marked rollup day", ROLLUP_WAIT, &logs, async || {
        let marked = sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM rollup_dirty WHERE company_id = $1")
            .bind(&company)
            .fetch_one(&db)
            .await;
        marked.expect("the marks are read") == 0
    })
    .await;
    let rollups_rebuilt = killed.elapsed();
    let stored = format!("SELECT source_id FROM {} WHERE company_id = $1", table_name("crud", "readings"));
    let stored: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(stored))
        .bind(&company)
        .fetch_all(&db)
        .await
        .expect("the readings are read");
    let stored: std::collections::HashSet<String> = stored.into_iter().collect();
    let lost: Vec<&String> = readings.iter().filter(|id| !stored.contains(*id)).collect();
    assert!(lost.is_empty(), "acknowledged readings lost: {lost:?}");
    for name in ["daily", "spans"] {
        let (from_rows, from_rollup) = rollup_against_rows(&db, &company, name).await;
        assert_eq!(from_rollup, from_rows, "rollup {name} against the rows, by sensor and day");
    }

    // The job goes on from the steps the dead host stored, and the webhook is sent again.
    wait_until("the survivor takes the job over", DELIVERY_WAIT, &logs, async || job_steps().await > steps_at_kill)
        .await;
    let job_taken_over = killed.elapsed();
    assert_eq!(b.post(&format!("{job_path}/cancel"), Some(&token), json!({})).await.0, 200);
    wait_until("the job is cancelled", DELIVERY_WAIT, &logs, async || {
        b.get(&job_path, &token).await.1["status"] == "cancelled"
    })
    .await;
    let hook_path = format!("/api/m/crud/webhooks/{hook_id}");
    wait_until("the survivor sends the webhook again", DELIVERY_WAIT, &logs, async || {
        b.get(&hook_path, &token).await.1["status"] == "delivered"
    })
    .await;
    let webhook_sent_again = killed.elapsed();
    assert_eq!(receiver.deliveries_of(&hook_id), 2, "the held request and the survivor's");

    // The sync goes on from the steps the dead host stored: every source row once.
    wait_until("the survivor finishes the sync", SYNC_WAIT, &logs, async || sync().await["status"] == "done").await;
    let sync_done = killed.elapsed();
    let report = sync().await["progress"].clone();
    assert_eq!(
        (report["read"].as_u64(), report["stored"].as_u64()),
        (Some(SOURCE_JOBS), Some(SOURCE_JOBS)),
        "{report}"
    );
    let runs = format!("SELECT COUNT(*) FROM {} WHERE company_id = $1", table_name("bots", "runs"));
    let runs: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(runs)).bind(&company).fetch_one(&db).await.expect("runs");
    assert_eq!(runs as u64, SOURCE_JOBS, "Bot Profile's runs after the sync");
    source.drop().await;
    db.close().await;

    // The logout, made on the survivor, ends the session everywhere; a new one drains.
    let again = b.post("/api/users/signin", None, json!({ "email": ADMIN.0, "password": ADMIN.1 })).await;
    let fresh = again.1["token"].as_str().expect("a session token").to_string();
    assert_eq!(b.post("/api/users/logout", Some(&token), json!({})).await.0, 200);
    assert_eq!(b.get("/api/users/me", &token).await.0, 401);

    // A graceful stop: the survivor's streams end with `restarting`, and it exits cleanly.
    let mut draining = b.stream(&fresh).await;
    let mut survivor = second;
    let stopping = Instant::now();
    survivor.terminate();
    draining.wait_for("restarting", "The server is restarting", &logs).await;
    let status = survivor.exit_within(Duration::from_secs(15)).await;
    assert!(status.is_some_and(|status| status.success()), "the stopped host exited with {status:?}\n{}", logs());
    let stopped = stopping.elapsed();

    println!(
        "scale hosts=2 install_followed_ms={} upgrade_followed_ms={} calls_during_upgrade={answered} \
         failed=0 events={} delivered_after_kill_ms={} job_taken_over_ms={} webhook_sent_again_ms={} \
         synced_at_kill={synced_at_kill} sync_done_ms={} readings={} rollups_rebuilt_ms={} schedule_runs={schedule_runs} stop_ms={} total_s={}",
        followed_install.as_millis(),
        followed_upgrade.as_millis(),
        items.len(),
        delivered_after_kill.as_millis(),
        job_taken_over.as_millis(),
        webhook_sent_again.as_millis(),
        sync_done.as_millis(),
        readings.len(),
        rollups_rebuilt.as_millis(),
        stopped.as_millis(),
        started.elapsed().as_secs()
    );
    drop(database);
}

/// A MariaDB database holding UiPath Orchestrator's tables (as Database Integration's own
/// tests make them) with [`SOURCE_JOBS`] successful jobs of 12 processes and 15 robots.
async fn orchestrator_database() -> Source {
    let source = Source::mariadb().await;
    let schema = include_str!("../../../plugins/db_integration/tests/fixtures/uipath.sql");
    let schema: Vec<&str> = schema.split(';').filter(|statement| !statement.trim().is_empty()).collect();
    source.execute(&schema).await;
    // MariaDB's sequence tables (`seq_1_to_n`) make the rows in the server.
    let jobs = format!(
        "INSERT INTO Jobs SELECT seq, seq % 12, seq % 15, 5, FROM_UNIXTIME({T} + seq * 60 + 1), \
         FROM_UNIXTIME({T} + seq * 60 + 30), FROM_UNIXTIME({T} + seq * 60), NULL FROM seq_1_to_{SOURCE_JOBS}",
        T = READINGS_FROM
    );
    source
        .execute(&[
            "INSERT INTO Releases SELECT seq, CONCAT('process-', seq) FROM seq_0_to_11",
            "INSERT INTO Robots SELECT seq, CONCAT('robot-', seq) FROM seq_0_to_14",
            &jobs,
        ])
        .await;
    source
}

/// Per sensor and day of the readings: the count and the summed spans, as rollup `name`
/// holds them and as the rows give them.
async fn rollup_against_rows(db: &sqlx::PgPool, company: &str, name: &str) -> (Vec<DayFigures>, Vec<DayFigures>) {
    let by_rows = format!(
        "SELECT sensor, at / 86400 * 86400, COUNT(*), SUM(span)::BIGINT FROM {} \
         WHERE company_id = $1 GROUP BY 1, 2 ORDER BY 1, 2",
        table_name("crud", "readings")
    );
    // `spans` keeps no sums: its groups (sensor and bin) add up to the same counts.
    let sums = if name == "daily" { "SUM(\"__s_span\")::BIGINT" } else { "NULL::BIGINT" };
    let by_rollup = format!(
        "SELECT sensor, \"__day\", SUM(\"__n\")::BIGINT, {sums} FROM {} \
         WHERE company_id = $1 GROUP BY 1, 2 ORDER BY 1, 2",
        rollup::table("crud", "readings", name)
    );
    let read = async |sql: String| -> Vec<DayFigures> {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(company).fetch_all(db).await.expect("the figures are read")
    };
    let (mut from_rows, from_rollup) = (read(by_rows).await, read(by_rollup).await);
    if name != "daily" {
        from_rows.iter_mut().for_each(|figures| figures.3 = None);
    }
    (from_rows, from_rollup)
}

/// Sensor, day, readings and their summed spans.
type DayFigures = (String, i64, i64, Option<i64>);

/// One host's HTTP API.
struct Portal {
    client: reqwest::Client,
    base: String,
}

impl Portal {
    fn new(setup: &Setup) -> Self {
        Self { client: http_client(), base: setup.base() }
    }

    async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        let request = self.client.post(format!("{}{path}", self.base)).json(&body);
        answer(if let Some(token) = token { request.bearer_auth(token) } else { request }).await
    }

    async fn get(&self, path: &str, token: &str) -> (u16, Value) {
        answer(self.client.get(format!("{}{path}", self.base)).bearer_auth(token)).await
    }

    async fn put(&self, path: &str, token: &str, body: Value) -> (u16, Value) {
        answer(self.client.put(format!("{}{path}", self.base)).bearer_auth(token).json(&body)).await
    }

    async fn delete(&self, path: &str, token: &str) -> (u16, Value) {
        answer(self.client.delete(format!("{}{path}", self.base)).bearer_auth(token)).await
    }

    async fn install(&self, token: &str, archive: Vec<u8>) -> (u16, Value) {
        post_package(&self.client, &self.base, token, archive, "declared").await
    }

    /// The names the test module recorded in `seen` (events and schedule runs).
    async fn seen(&self, token: &str) -> Vec<String> {
        let (status, seen) = self.get("/api/m/crud/seen", token).await;
        assert_eq!(status, 200, "{seen}");
        let records = seen["items"].as_array().expect("a page of records");
        records.iter().filter_map(|record| record["name"].as_str().map(str::to_string)).collect()
    }

    async fn stream(&self, token: &str) -> Stream {
        let response = self.client.get(format!("{}/api/realtime", self.base)).bearer_auth(token).send().await;
        let response = response.expect("the host answers");
        assert_eq!(response.status(), 200);
        Stream { response, text: String::new() }
    }
}

/// The status and JSON answer (null if none) of `request`.
async fn answer(request: reqwest::RequestBuilder) -> (u16, Value) {
    let response = request.send().await.expect("the host answers");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Polls `done` until it holds, failing after `within`.
async fn wait_until(what: &str, within: Duration, logs: &dyn Fn() -> String, done: impl AsyncFn() -> bool) {
    let deadline = Instant::now() + within;
    while !done().await {
        assert!(Instant::now() < deadline, "not within {within:?}: {what}\n{}", logs());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A realtime stream's text so far.
struct Stream {
    response: reqwest::Response,
    text: String,
}

impl Stream {
    /// Waits up to 10 seconds for an event `event` whose data contains `data`.
    async fn wait_for(&mut self, event: &str, data: &str, logs: &dyn Fn() -> String) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        let found = |text: &str| {
            text.split("\n\n").any(|frame| frame.contains(&format!("event: {event}\n")) && frame.contains(data))
        };
        while !found(&self.text) {
            match tokio::time::timeout_at(deadline, self.response.chunk()).await {
                Ok(Ok(Some(chunk))) => self.text.push_str(&String::from_utf8_lossy(&chunk)),
                _ => panic!("no event {event} with {data:?} within 10 s; the stream said:\n{}\n{}", self.text, logs()),
            }
        }
    }
}

/// Calls of `path` on each host, one after another per host, until stopped.
struct Load {
    stop: Arc<AtomicBool>,
    tasks: Vec<tokio::task::JoinHandle<(usize, Vec<String>)>>,
}

impl Load {
    fn start(hosts: &[&Portal], token: &str, path: &str) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let tasks = hosts
            .iter()
            .map(|host| {
                let (client, url, token, stop) =
                    (host.client.clone(), format!("{}{path}", host.base), token.to_string(), stop.clone());
                tokio::spawn(async move {
                    let (mut answered, mut failed) = (0, Vec::new());
                    for _ in 0..MAX_REQUESTS {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        match client.get(&url).bearer_auth(&token).send().await {
                            Ok(response) if response.status().is_success() => answered += 1,
                            Ok(response) => {
                                let status = response.status();
                                failed.push(format!("{url}: {status} {}", response.text().await.unwrap_or_default()));
                            }
                            Err(err) => failed.push(format!("{url}: {err}")),
                        }
                    }
                    (answered, failed)
                })
            })
            .collect();
        Self { stop, tasks }
    }

    /// Calls answered with success, and each failure.
    async fn stop(self) -> (usize, Vec<String>) {
        self.stop.store(true, Ordering::Relaxed);
        let (mut answered, mut failed) = (0, Vec::new());
        for task in self.tasks {
            let (ok, bad) = task.await.expect("a load task ends");
            answered += ok;
            failed.extend(bad);
        }
        (answered, failed)
    }
}

/// Batches of readings sent to one host's ingestion API, one after another, until its
/// answers stop (the kill) or the test stops them.
struct Ingests {
    stop: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<Vec<String>>,
}

impl Ingests {
    fn start(host: &Portal, key: &str) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let (client, url, key) =
            (host.client.clone(), format!("{}/api/ingest/crud/readings", host.base), key.to_string());
        let (stopped, tag) = (stop.clone(), uuid::Uuid::new_v4().simple().to_string());
        let task = tokio::spawn(async move {
            let mut sent = Vec::new();
            for batch in 0..MAX_WRITES as u64 {
                if stopped.load(Ordering::Relaxed) {
                    break;
                }
                tokio::time::sleep(WRITE_PAUSE).await;
                let readings: Vec<Value> = (0..READINGS_PER_BATCH)
                    .map(|n| {
                        let at = READINGS_FROM + ((batch + n * 3) % READING_DAYS) * 86_400 + n * 600;
                        json!({ "source_id": format!("{tag}-{batch}-{n}"), "sensor": SENSORS[(n % 3) as usize],
                                "at": at, "until": at + batch % 900, "value": n })
                    })
                    .collect();
                let Ok(response) = client.post(&url).bearer_auth(&key).json(&readings).send().await else { break };
                let acknowledged = response.status().is_success();
                let Ok(report) = response.json::<Value>().await else { break };
                assert!(acknowledged && report["errors"] == json!([]), "a batch was refused: {report}");
                sent.extend(readings.iter().filter_map(|reading| reading["source_id"].as_str().map(str::to_string)));
            }
            sent
        });
        Self { stop, task }
    }

    /// The source ids of the readings whose batch was acknowledged.
    async fn stop(self) -> Vec<String> {
        self.stop.store(true, Ordering::Relaxed);
        self.task.await.expect("the ingestion writer ends")
    }
}

/// Items created on one host, one after another, until its answers stop (the kill).
struct Writes {
    stop: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<Vec<String>>,
}

impl Writes {
    fn start(host: &Portal, token: &str) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let (client, url, token) = (host.client.clone(), format!("{}/api/m/crud/items", host.base), token.to_string());
        let stopped = stop.clone();
        let task = tokio::spawn(async move {
            let mut ids = Vec::new();
            for n in 0..MAX_WRITES {
                if stopped.load(Ordering::Relaxed) {
                    break;
                }
                tokio::time::sleep(WRITE_PAUSE).await;
                let body = json!({ "title": format!("Written {n}") });
                let Ok(response) = client.post(&url).bearer_auth(&token).json(&body).send().await else { break };
                let Ok(item) = response.json::<Value>().await else { break };
                if let Some(id) = item["id"].as_str() {
                    ids.push(id.to_string());
                }
            }
            ids
        });
        Self { stop, task }
    }

    /// The ids of the items whose creation was acknowledged.
    async fn stop(self) -> Vec<String> {
        // The kill ends the loop; the flag bounds it when the host outlived the kill.
        tokio::time::sleep(Duration::from_millis(500)).await;
        self.stop.store(true, Ordering::Relaxed);
        self.task.await.expect("the writer ends")
    }
}
