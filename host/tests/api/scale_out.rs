//! Scale-out (`make scale-test`): two `autoscope serve` processes on loopback ports with one
//! PostgreSQL database and one NATS server, each with a data directory of its own, as
//! behind a load balancer. A session opened on one works on the other and its logout ends
//! it on both; rate limits count across both; a module installed or upgraded through one
//! is served by the other within seconds, without a failed request meanwhile; realtime
//! messages published on one reach streams open on the other; module events and schedule
//! runs happen once across both; a module removed through one stops being served by the
//! other. Then one host is killed (SIGKILL) during a stream of writes, while it runs a
//! module's job and waits on a webhook's receiver, and the other carries on: it serves,
//! delivers every event the dead one had published or claimed, takes the job over and
//! sends the webhook again. Last, the survivor is stopped with SIGTERM: its realtime
//! streams end with `restarting` and it exits cleanly.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::binary::Setup;
use crate::support::modules::{archive, archive_with, manifest_at, post_package};
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

    // One host dies during a stream of writes, while it runs a job and waits on a webhook's
    // receiver (which holds the first request); the other carries on.
    let (status, job) = a.post("/api/m/crud/jobs", Some(&token), json!({ "to": JOB_STEPS })).await;
    assert_eq!(status, 201, "{job}");
    let job_path = format!("/api/m/crud/jobs/{}", job["id"].as_str().expect("a job id"));
    let hook = json!({ "url": receiver.url, "secret": "whsec-scale-out", "payload": { "n": 1 } });
    let (status, hook) = a.post("/api/m/crud/webhooks", Some(&token), hook).await;
    assert_eq!(status, 201, "{hook}");
    let hook_id = hook["id"].as_str().expect("a delivery id").to_string();
    let writes = Writes::start(&a, &token);
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let job_steps = async || b.get(&job_path, &token).await.1["steps"].as_u64().unwrap_or(0);
    wait_until("the job runs and the webhook's receiver holds its first request", FOLLOW_WAIT, &logs, async || {
        receiver.deliveries_of(&hook_id) == 1 && job_steps().await > 0
    })
    .await;
    first.kill();
    let acknowledged = writes.stop().await;
    assert!(acknowledged.len() >= 3, "too few writes before the kill: {}", acknowledged.len());
    items.extend(acknowledged);
    let killed = Instant::now();
    let steps_at_kill = job_steps().await;
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
         schedule_runs={schedule_runs} stop_ms={} total_s={}",
        followed_install.as_millis(),
        followed_upgrade.as_millis(),
        items.len(),
        delivered_after_kill.as_millis(),
        job_taken_over.as_millis(),
        webhook_sent_again.as_millis(),
        stopped.as_millis(),
        started.elapsed().as_secs()
    );
    drop(database);
}

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
