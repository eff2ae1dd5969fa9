//! What a chat message costs to fan out, and what an idle realtime connection costs to hold.
//!
//! Fan-out: 1,000 server-sent event streams (`GET /api/realtime`) of one company's users on
//! loopback, all members of one public Chat channel; 4 posters (members without a stream)
//! post 200 messages (`POST /api/m/chat/channels/{id}/messages`), each poster one after
//! another, and every stream must get every message (`chat.message`). Measured: deliveries
//! per second (deliveries / first post's start to last delivery) and the p99 from a post's
//! start to a stream reading the message, against a Node.js `ws` server doing the same
//! fan-out (tests/bench/chat/node-server.mjs: an in-memory list, one JSON frame of the same
//! shape and size sent to every WebSocket client of the channel) with the same clients,
//! posters and messages. One load generator serves both (`load.rs`: a thread of this
//! process with a runtime of its own, so it takes at most one core from either server; its
//! clients, posters and clock are the same for both sides). The host runs in this process
//! on SQLite, set up as `autoscope serve` sets itself up by default (CPUs set apart for
//! heavy work, an async worker per other CPU); the host and Node.js runs alternate (two
//! rounds each, the first side alternating too, so a slow moment of the machine weighs on
//! both alike), one at a time, so each has the cores to itself apart from the load
//! generator. The ratios are of the rounds' means.
//!
//! Where the time goes: a phase before those posts to a route of this benchmark that
//! publishes the same payload to the same members through the host's realtime hub without
//! the plugin (`host realtime only`: delivery alone), and 20 posts to Chat one after another
//! with no stream open give the plugin's own work per post (storage, mentions, the push
//! to the channel's members).
//!
//! Memory: the RSS of this process (the host) before opening streams, with 1,000 and then
//! 10,000 idle streams open (tests/bench/chat/idle.mjs, a Node.js process so that the
//! clients' memory is not this one's, opens the first 1,000, then 9,000 more;
//! RSS read after all are open and idle for two seconds), printed as KB per idle stream:
//! (after - before) / streams. It runs first, before the fan-out phases, so that memory they
//! allocated and freed does not hide what the streams take.
//!
//! Ends with `chat/node deliveries=<ours/Node's, higher is better> p99=<ours/Node's, lower is
//! better>`. Goals (printed, not enforced): deliveries >= 1.5, p99 <= 1.0, and at most 20 KB per
//! idle stream. Needs Node.js and tests/' npm packages (`make bench` installs them) and
//! 10,000+ open files (the soft limit is raised to the hard one). Run with `make bench`.

#[path = "../common/mod.rs"]
mod common;
mod load;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use autoscope::AppState;
use autoscope::auth::CurrentUser;
use autoscope::modules::registry::Grants;
use autoscope::storage::Engine;
use autoscope::testing;
use axum::extract::State;
use common::{Percentiles, percentiles, root};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

const CLIENTS: usize = 1_000;
const POSTERS: usize = 4;
const MESSAGES: usize = 200;
/// Idle streams, opened in these stages; RSS is read at each.
const IDLE: [usize; 2] = [1_000, 10_000];
const IDLE_SETTLE: Duration = Duration::from_secs(2);
/// Users added to the channel per `POST /channels/{id}/members`.
const MEMBER_BATCH: usize = 100;
/// Posts timed one after another with no stream open: the plugin's own work per post.
const ALONE: usize = 20;
/// Host and Node.js fan-out runs alternate, this many each.
const ROUNDS: usize = 2;
/// idle.mjs's own bound on a run.
const IDLE_TIMEOUT: Duration = Duration::from_secs(120);
const GOAL_DELIVERIES: f64 = 1.5;
const GOAL_P99: f64 = 1.0;
const GOAL_IDLE_KB: f64 = 20.0;

/// What the load generator measured in a fan-out run.
#[derive(Debug)]
struct FanOut {
    connect_s: f64,
    warmed_up: bool,
    expected: u64,
    deliveries: u64,
    missing: u64,
    duplicates: u64,
    other_events: u64,
    endings: Value,
    posting_s: f64,
    span_s: f64,
    deliveries_per_s: f64,
    p50_ms: Option<f64>,
    p99_ms: Option<f64>,
    max_ms: Option<f64>,
    post_p50_ms: Option<f64>,
    post_p99_ms: Option<f64>,
}

impl FanOut {
    fn print(&self, side: &str) {
        let ms = |value: Option<f64>| value.map_or("-".to_string(), |ms| format!("{ms:.1}ms"));
        println!(
            "{side}: {:.0} deliveries/s (span {:.2}s, posting {:.2}s) | delivery p50={} p99={} max={} | post p50={} p99={} | \
             {}/{} delivered, missing={} duplicates={} other events={} endings={} | {CLIENTS} connected in {:.2}s{}",
            self.deliveries_per_s,
            self.span_s,
            self.posting_s,
            ms(self.p50_ms),
            ms(self.p99_ms),
            ms(self.max_ms),
            ms(self.post_p50_ms),
            ms(self.post_p99_ms),
            self.deliveries,
            self.expected,
            self.missing,
            self.duplicates,
            self.other_events,
            self.endings,
            self.connect_s,
            if self.warmed_up { "" } else { " (the warm-up messages did not all arrive)" },
        );
    }

    fn p99(&self) -> anyhow::Result<f64> {
        self.p99_ms.context("no message was delivered")
    }
}

struct Memory {
    before_kb: u64,
    /// (streams, RSS in KB) at each stage.
    stages: Vec<(usize, u64)>,
}

fn main() -> anyhow::Result<()> {
    autoscope::install_crypto_provider();
    preflight()?;
    // The host as it runs by default: CPUs set apart for heavy work, and an async worker
    // for each of the others.
    autoscope::cpu::set_apart(None)?;
    common::runtime()?.block_on(compare())
}

async fn compare() -> anyhow::Result<()> {
    let node = NodeServer::start().await?;
    let results =
        common::with_host(Engine::Sqlite, async |state, data_dir, _| run(state, data_dir, &node).await).await?;
    drop(node);

    print_memory(&results.memory);
    results.realtime.print("host realtime only (no plugin)");
    let alone = &results.alone;
    println!(
        "host chat post with no stream open ({ALONE} one after another): p50={:.1}ms p99={:.1}ms",
        alone.p50, alone.p99
    );
    for (round, (host, node)) in results.host.iter().zip(&results.node).enumerate() {
        host.print(&format!("round {} host chat (plugin)", round + 1));
        node.print(&format!("round {} node ws", round + 1));
    }
    let mean = |runs: &[FanOut], of: fn(&FanOut) -> anyhow::Result<f64>| -> anyhow::Result<f64> {
        Ok(runs.iter().map(of).sum::<anyhow::Result<f64>>()? / runs.len() as f64)
    };
    let deliveries = |run: &FanOut| Ok(run.deliveries_per_s);
    let ratio = (
        mean(&results.host, deliveries)? / mean(&results.node, deliveries)?,
        mean(&results.host, FanOut::p99)? / mean(&results.node, FanOut::p99)?,
    );
    println!(
        "goals: deliveries >= {GOAL_DELIVERIES} (now {:.2}), p99 <= {GOAL_P99} (now {:.2}), idle <= {GOAL_IDLE_KB} KB per stream \
         (ratios of the rounds' means)",
        ratio.0, ratio.1
    );
    println!("chat/node deliveries={:.2} p99={:.2}", ratio.0, ratio.1);
    Ok(())
}

/// Node.js and `ws` are there, and enough files may be opened for 10,000 streams on both
/// ends (the idle streams' generator inherits the limit).
fn preflight() -> anyhow::Result<()> {
    let node = std::process::Command::new("node").arg("--version").output();
    anyhow::ensure!(node.is_ok_and(|out| out.status.success()), "Node.js is required (node on the PATH)");
    anyhow::ensure!(
        root().join("tests/node_modules/ws/package.json").is_file(),
        "tests/node_modules/ws is missing: run `make bench`, or `npm ci` in tests/"
    );
    let needed = IDLE[1] as u64 + 1_000;
    let (soft, hard) = open_files_limit()?;
    if soft < needed && hard >= needed {
        // No setrlimit in std: util-linux's prlimit raises this process's soft limit.
        let pid = std::process::id().to_string();
        let _ =
            std::process::Command::new("prlimit").args(["--pid", &pid, &format!("--nofile={hard}:{hard}")]).status();
    }
    let (soft, _) = open_files_limit()?;
    anyhow::ensure!(
        soft >= needed,
        "{} idle streams need about {needed} open files on each end, and the limit is {soft}: \
         raise it (`ulimit -n {needed}`, or the hard limit in /etc/security/limits.conf)",
        IDLE[1]
    );
    Ok(())
}

/// This process's soft and hard limits of open files (/proc/self/limits).
fn open_files_limit() -> anyhow::Result<(u64, u64)> {
    let limits = std::fs::read_to_string("/proc/self/limits")?;
    let line = limits.lines().find(|line| line.starts_with("Max open files")).context("no open files limit")?;
    let mut numbers = line["Max open files".len()..].split_whitespace().map(|value| match value {
        "unlimited" => Ok(u64::MAX),
        value => value.parse::<u64>(),
    });
    let soft = numbers.next().context("no soft limit")??;
    let hard = numbers.next().context("no hard limit")??;
    Ok((soft, hard))
}

/// This process's resident set size in KB (/proc/self/status).
fn rss_kb() -> anyhow::Result<u64> {
    let status = std::fs::read_to_string("/proc/self/status")?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:")).context("no VmRSS")?;
    Ok(line.split_whitespace().nth(1).context("no VmRSS value")?.parse()?)
}

struct Company {
    owner_token: String,
    /// The streams' users: `CLIENTS` of them.
    client_tokens: Vec<String>,
    poster_tokens: Vec<String>,
    /// Every member of the channel.
    member_ids: Vec<String>,
}

struct Results {
    memory: Memory,
    realtime: FanOut,
    alone: Percentiles,
    /// Per round.
    host: Vec<FanOut>,
    node: Vec<FanOut>,
}

async fn run(state: AppState, data_dir: &Path, node: &NodeServer) -> anyhow::Result<Results> {
    let chat = root().join("plugins/chat");
    let archive = common::archive(data_dir, "module_chat", &chat.join("module.toml"), None)?;
    state.modules.install(&state.db, &archive, Grants::Declared).await.map_err(anyhow::Error::msg)?;
    let company = company(&state).await?;

    let members = axum::Extension(Arc::new(company.member_ids.clone()));
    let app = autoscope::app(state.clone()).merge(
        axum::Router::new()
            .route("/bench/chat/messages", axum::routing::post(realtime_only))
            .layer(members)
            .with_state(state.clone()),
    );
    let base = common::serve(app).await?;

    let memory = idle_phase(&base, &company, data_dir).await?;

    let addr = base.trim_start_matches("http://").to_string();
    let streams = |post_url: String| load::Load {
        clients: load::Clients::Sse {
            addr: addr.clone(),
            path: "/api/realtime".into(),
            tokens: company.client_tokens.clone(),
        },
        count: CLIENTS,
        post_url,
        poster_tokens: company.poster_tokens.clone(),
        posters: POSTERS,
        messages: MESSAGES,
    };
    let realtime =
        load::run(streams(format!("{base}/bench/chat/messages"))).await.context("the host realtime-only phase")?;

    let client = reqwest::Client::new();
    let channel_id = channel(&client, &base, &company).await?;
    let post_url = format!("{base}/api/m/chat/channels/{channel_id}/messages");
    let alone = post_alone(&client, &post_url, &company).await?;
    let (mut host, mut nodes) = (Vec::new(), Vec::new());
    for round in 0..ROUNDS {
        // Alternating which goes first, so a slow moment of the machine weighs on both alike.
        if round % 2 == 1 {
            nodes.push(node.load().await?);
        }
        host.push(load::run(streams(post_url.clone())).await.context("the host chat phase")?);
        if round % 2 == 0 {
            nodes.push(node.load().await?);
        }
    }
    Ok(Results { memory, realtime, alone, host, node: nodes })
}

/// One company: its owner (who makes the channel), `CLIENTS` users with streams and
/// `POSTERS` users who post, each with a session (made directly: no password hashing).
async fn company(state: &AppState) -> anyhow::Result<Company> {
    let started = Instant::now();
    let rights = testing::default_role_rights();
    let made = testing::create_company(state, "Bench Chat", "owner@chat-bench.test", &rights).await?;
    let owner_token = testing::open_session(state, &made.user_id, &made.company_id).await?;
    let mut member_ids = vec![made.user_id.clone()];
    let mut tokens = Vec::with_capacity(CLIENTS + POSTERS);
    for n in 0..CLIENTS + POSTERS {
        let user_id = testing::add_user(state, &made.company_id, &format!("user{n}@chat-bench.test")).await?;
        tokens.push(testing::open_session(state, &user_id, &made.company_id).await?);
        member_ids.push(user_id);
    }
    let poster_tokens = tokens.split_off(CLIENTS);
    eprintln!("{} users with sessions in {:.1}s", CLIENTS + POSTERS + 1, started.elapsed().as_secs_f64());
    Ok(Company { owner_token, client_tokens: tokens, poster_tokens, member_ids })
}

/// A public channel of every member, made through the Chat API.
async fn channel(client: &reqwest::Client, base: &str, company: &Company) -> anyhow::Result<String> {
    let token = &company.owner_token;
    let made = client
        .post(format!("{base}/api/m/chat/channels"))
        .bearer_auth(token)
        .json(&json!({ "kind": "public", "name": "bench", "topic": "The fan-out benchmark" }))
        .send()
        .await?;
    anyhow::ensure!(made.status() == 201, "creating the channel answered {}: {}", made.status(), made.text().await?);
    let channel: Value = made.json().await?;
    let id = channel["id"].as_str().context("the channel has no id")?.to_string();
    for batch in company.member_ids[1..].chunks(MEMBER_BATCH) {
        let added = client
            .post(format!("{base}/api/m/chat/channels/{id}/members"))
            .bearer_auth(token)
            .json(&json!({ "user_ids": batch }))
            .timeout(Duration::from_secs(60))
            .send()
            .await?;
        let status = added.status();
        anyhow::ensure!(status.is_success(), "adding members answered {status}: {}", added.text().await?);
    }
    let seen: Value =
        client.get(format!("{base}/api/m/chat/channels/{id}")).bearer_auth(token).send().await?.json().await?;
    let count = seen["member_ids"].as_array().map_or(0, Vec::len);
    anyhow::ensure!(
        count == company.member_ids.len(),
        "the channel has {count} members, not {}",
        company.member_ids.len()
    );
    Ok(id)
}

/// `ALONE` posts one after another while no stream is open: what a post costs the plugin
/// (storage, mentions, the push to the channel's members), apart from delivering it.
async fn post_alone(client: &reqwest::Client, url: &str, company: &Company) -> anyhow::Result<Percentiles> {
    let mut millis = Vec::with_capacity(ALONE);
    for n in 0..ALONE {
        let started = Instant::now();
        let posted = client
            .post(url)
            .bearer_auth(&company.poster_tokens[0])
            .json(&json!({ "text": format!("alone {n}") }))
            .timeout(Duration::from_secs(30))
            .send()
            .await?;
        anyhow::ensure!(posted.status() == 201, "posting answered {}: {}", posted.status(), posted.text().await?);
        millis.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    Ok(percentiles(millis))
}

/// The plugin's realtime push without the plugin: the same `chat.message` payload to the
/// same members, through the host's hub (what delivery costs apart from the post's own work).
async fn realtime_only(
    State(state): State<AppState>,
    axum::Extension(members): axum::Extension<Arc<Vec<String>>>,
    user: CurrentUser,
    axum::Json(body): axum::Json<Value>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |since| since.as_secs());
    let message = json!({
        "id": testing::new_id(), "channel_id": testing::new_id(), "seq": 1, "author_id": user.user_id,
        "text": body["text"], "parent_id": null, "reply_count": 0, "last_reply_at": null, "mentions": [],
        "reactions": [], "file": null, "edited": false, "deleted": false, "created_at": now, "updated_at": now,
    });
    let payload = json!({ "event": "created", "message": message });
    match state.realtime.publish(&user.company_id, "chat.message", "chat", &payload, &members) {
        Ok(_) => (axum::http::StatusCode::CREATED, axum::Json(message)).into_response(),
        Err(_) => axum::http::StatusCode::PAYLOAD_TOO_LARGE.into_response(),
    }
}

/// RSS before, with `IDLE[0]` and with `IDLE[1]` idle streams.
async fn idle_phase(base: &str, company: &Company, scratch: &Path) -> anyhow::Result<Memory> {
    tokio::time::sleep(IDLE_SETTLE).await;
    let before_kb = rss_kb()?;
    let config = json!({
        "stream_url": format!("{base}/api/realtime"),
        "tokens": company.client_tokens,
        "stages": IDLE,
    });
    let mut load = IdleStreams::start(scratch, config)?;
    let mut stages = Vec::new();
    for streams in IDLE {
        let line = tokio::time::timeout(IDLE_TIMEOUT, load.line())
            .await
            .with_context(|| format!("opening {streams} idle streams timed out"))??;
        anyhow::ensure!(line["open"] == streams, "idle.mjs could not open {streams} idle streams: {line}");
        tokio::time::sleep(IDLE_SETTLE).await;
        stages.push((streams, rss_kb()?));
        load.say("next").await?;
    }
    load.finish().await?;
    Ok(Memory { before_kb, stages })
}

fn print_memory(memory: &Memory) {
    let stages: Vec<String> = memory
        .stages
        .iter()
        .map(|&(streams, rss)| {
            let grown = rss.saturating_sub(memory.before_kb);
            format!(
                "{streams} idle streams +{:.1} MB = {:.1} KB each",
                grown as f64 / 1024.0,
                grown as f64 / streams as f64
            )
        })
        .collect();
    println!(
        "memory: host RSS {:.1} MB before | {} (goal <= {GOAL_IDLE_KB} KB)",
        memory.before_kb as f64 / 1024.0,
        stages.join(" | ")
    );
}

/// The baseline: node-server.mjs on loopback, started before the host phases (it idles
/// meanwhile) and stopped when dropped.
struct NodeServer {
    port: u64,
    _child: Child,
}

impl NodeServer {
    async fn start() -> anyhow::Result<Self> {
        let mut child = Command::new("node")
            .arg(script("node-server.mjs"))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .context("cannot start node-server.mjs")?;
        let mut stdout = BufReader::new(child.stdout.take().context("no stdout")?);
        let mut line = String::new();
        tokio::time::timeout(Duration::from_secs(30), stdout.read_line(&mut line))
            .await
            .context("node-server.mjs did not start")??;
        let port = serde_json::from_str::<Value>(&line)?["port"].as_u64().context("node-server.mjs gave no port")?;
        Ok(Self { port, _child: child })
    }

    /// One fan-out run against it, loaded like the host.
    async fn load(&self) -> anyhow::Result<FanOut> {
        let port = self.port;
        load::run(load::Load {
            clients: load::Clients::Ws { addr: format!("127.0.0.1:{port}"), path: "/channels/bench".into() },
            count: CLIENTS,
            post_url: format!("http://127.0.0.1:{port}/channels/bench/messages"),
            poster_tokens: vec!["-".into()],
            posters: POSTERS,
            messages: MESSAGES,
        })
        .await
        .context("the Node.js phase")
    }
}

fn script(name: &str) -> PathBuf {
    root().join("tests/bench/chat").join(name)
}

/// idle.mjs running: its JSON lines, and a line to it.
struct IdleStreams {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl IdleStreams {
    fn start(scratch: &Path, mut config: Value) -> anyhow::Result<Self> {
        config["timeout_s"] = IDLE_TIMEOUT.as_secs().into();
        let path = scratch.join(format!("chat-idle-{}.json", uuid::Uuid::new_v4().simple()));
        std::fs::write(&path, serde_json::to_vec(&config)?)?;
        let mut child = Command::new("node")
            .arg(script("idle.mjs"))
            .arg(&path)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .context("cannot start idle.mjs")?;
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().context("no stdout")?);
        Ok(Self { child, stdin, stdout })
    }

    /// The next JSON line; an `error` it reports fails.
    async fn line(&mut self) -> anyhow::Result<Value> {
        let mut line = String::new();
        anyhow::ensure!(self.stdout.read_line(&mut line).await? > 0, "idle.mjs ended without an answer");
        let value: Value = serde_json::from_str(&line).with_context(|| format!("idle.mjs printed {line}"))?;
        if let Some(error) = value.get("error") {
            anyhow::bail!("idle.mjs: {error}");
        }
        Ok(value)
    }

    async fn say(&mut self, line: &str) -> anyhow::Result<()> {
        if let Some(stdin) = &mut self.stdin {
            stdin.write_all(format!("{line}\n").as_bytes()).await?;
        }
        Ok(())
    }

    /// Closes its input and waits (bounded) for it to exit.
    async fn finish(mut self) -> anyhow::Result<()> {
        drop(self.stdin.take());
        match tokio::time::timeout(Duration::from_secs(30), self.child.wait()).await {
            Ok(status) => anyhow::ensure!(status?.success(), "idle.mjs failed"),
            Err(_) => anyhow::bail!("idle.mjs did not exit"),
        }
        Ok(())
    }
}
