//! Whether the host holds steady under a long mixed load: memory, errors and p99 over ten
//! minutes (`SOAK_SECONDS` shortens it) of, all at once and on loopback:
//! - sign-ins: 2 clients signing in with a correct password (4 accounts taken in turn,
//!   each an argon2id check), reading `GET /api/users/me` with the new token and logging
//!   out, a second apart;
//! - dashboard reads: 3 clients going round `GET /api/users/me`, Process Vault's list and
//!   summary, Operational Insight's overview and a Chat channel's messages, 100 ms apart;
//! - module writes: 2 clients creating, updating and (past 50 each) deleting Process Vault
//!   processes, and posting Chat messages, 250 ms apart;
//! - realtime clients: 4 `GET /api/realtime` streams open for the whole run, receiving
//!   the Chat messages, and 2 that reconnect every 15 seconds with `Last-Event-ID`.
//!
//! The host is the real server (`autoscope::serve`: its workers, housekeeping and the
//! revocation follower too) on SQLite, or PostgreSQL with `SOAK_ENGINE=postgres` (the
//! database's own memory is then not counted). It runs in this process, on the runtime
//! the load generator shares (as in `login_flood` and `module_storm`), so the RSS sampled
//! every 5 seconds (`VmRSS` of /proc/self/status) is the host's plus the generator's,
//! which is small and steady: a few clients and their connections, and per-minute
//! latency lists of some thousands of numbers, dropped once printed.
//!
//! The first 10 % of the run (at least 30 s, a third of a short run at most) is warm-up:
//! pools, instances, caches and the allocator's arenas fill. `rss_growth` is the median
//! RSS of the last minute (or of the last half of the time after warm-up, when shorter)
//! against the median of the samples of the warm-up's last 30 s (or last half), in
//! percent. `errors` counts answers other than 2xx, transport errors, and streams that
//! ended early or with `overloaded`, `ended` or `refresh`. Prints a line per minute
//! (`minute=<n> rss_mb=<x> p99_ms=<y> requests=<n> errors=<n>`, the RSS at the minute's
//! end, the p99 of every request completed in it), then `p99 first=<ms> last=<ms>` (the
//! first minute after warm-up against the last minute), and ends with
//! `soak rss_growth=<pct> errors=<n>` (goals: growth under 10 %, no error, p99 stable).
//! Run with `make soak`.

mod common;

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use anyhow::Context;
use autoscope::AppState;
use autoscope::modules::registry::Grants;
use autoscope::storage::Engine;
use autoscope::testing::{add_user, create_company, default_role_rights, open_session};
use common::{percentiles, root};
use serde_json::{Value, json};
use tokio::time::Instant;

const SIGNERS: usize = 2;
const ACCOUNTS: usize = 4;
const READERS: usize = 3;
const WRITERS: usize = 2;
const STREAMS: usize = 4;
const RECONNECTING: usize = 2;
const SIGN_IN_PAUSE: Duration = Duration::from_secs(1);
const READ_PAUSE: Duration = Duration::from_millis(100);
const WRITE_PAUSE: Duration = Duration::from_millis(250);
const RECONNECT_EVERY: Duration = Duration::from_secs(15);
/// Processes each writer keeps: past them it deletes its oldest, so the data stops growing
/// after warm-up and a rise of memory or p99 is the host's, not the data's.
const KEEP_PROCESSES: usize = 50;
const SAMPLE_EVERY: Duration = Duration::from_secs(5);
const MINUTE: f64 = 60.0;
const PASSWORD: &str = "Soak#Portal-2026";
/// Error descriptions printed (to stderr) before staying quiet: enough to see the cause.
const ERRORS_SHOWN: usize = 20;

#[derive(Clone, Copy)]
enum Kind {
    SignIn,
    Read,
    Write,
    Stream,
}

const KINDS: [(Kind, &str); 4] =
    [(Kind::SignIn, "signin"), (Kind::Read, "read"), (Kind::Write, "write"), (Kind::Stream, "stream")];

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    autoscope::install_crypto_provider();
    let engine = match std::env::var("SOAK_ENGINE").as_deref() {
        Err(_) | Ok("sqlite") => Engine::Sqlite,
        Ok("postgres") => Engine::Postgres,
        Ok(other) => anyhow::bail!("SOAK_ENGINE must be sqlite or postgres, not {other}"),
    };
    let seconds = match std::env::var("SOAK_SECONDS") {
        Ok(value) => value.trim().parse::<u64>().context("SOAK_SECONDS must be a number of seconds")?,
        Err(_) => 600,
    };
    anyhow::ensure!(seconds >= 20, "SOAK_SECONDS must be at least 20");
    let duration = seconds as f64;
    let warmup = (duration / 10.0).max((duration / 3.0).min(30.0));
    // Correct passwords are never refused, but the load must not be either way.
    let more = [("AUTOSCOPE_PEOPLE_PER_ADDRESS", "1000")];
    let figures = common::with_configured_host(engine, &more, async |state, scratch, _| {
        run(state, scratch, engine, duration, warmup).await
    })
    .await?;
    figures.print();
    Ok(())
}

/// The tokens and addresses of the load, prepared before it starts.
struct Setup {
    base: String,
    owner: String,
    emails: Vec<String>,
    readers: Vec<String>,
    writers: Vec<String>,
    streams: Vec<String>,
    channel: String,
}

async fn run(
    state: AppState,
    scratch: &std::path::Path,
    engine: Engine,
    duration: f64,
    warmup: f64,
) -> anyhow::Result<Figures> {
    for key in ["vault", "bots", "rpa_insight", "chat"] {
        let dir = root().join("plugins").join(key);
        let archive = common::archive(scratch, &format!("module_{key}"), &dir.join("module.toml"), None)?;
        state.modules.install(&state.db, &archive, Grants::Declared).await.map_err(anyhow::Error::msg)?;
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    let (stop_server, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(autoscope::serve(state.clone(), listener, async move {
        let _ = stopped.await;
    }));
    let setup = prepare(&state, base).await?;
    println!(
        "soak: {engine:?}, {duration:.0}s with {warmup:.0}s of warm-up; {SIGNERS} signing in, {READERS} reading, \
         {WRITERS} writing, {STREAMS} streams open and {RECONNECTING} reconnecting"
    );

    let started = Instant::now();
    let load = Arc::new(Load {
        client: reqwest::Client::builder().timeout(Duration::from_secs(30)).pool_max_idle_per_host(16).build()?,
        // No overall timeout: a stream is read for the whole run.
        streaming: reqwest::Client::builder().connect_timeout(Duration::from_secs(10)).build()?,
        recorder: Recorder::new(started, duration, warmup),
        deadline: started + Duration::from_secs_f64(duration),
        events: AtomicU64::new(0),
        base: setup.base.clone(),
    });
    let mut tasks = Vec::new();
    for at in 0..SIGNERS {
        let emails: Vec<String> = setup.emails.iter().skip(at).step_by(SIGNERS).cloned().collect();
        tasks.push(tokio::spawn(sign_in(load.clone(), emails)));
    }
    let reads = reads(&setup.channel);
    for (at, token) in setup.readers.iter().enumerate() {
        tasks.push(tokio::spawn(read(load.clone(), token.clone(), reads.clone(), at)));
    }
    for (at, token) in setup.writers.iter().enumerate() {
        let chat = format!("/api/m/chat/channels/{}/messages", setup.channel);
        tasks.push(tokio::spawn(write(load.clone(), token.clone(), setup.owner.clone(), chat, at)));
    }
    for (at, token) in setup.streams.iter().enumerate() {
        let every = (at >= STREAMS).then_some(RECONNECT_EVERY);
        tasks.push(tokio::spawn(stream(load.clone(), token.clone(), every)));
    }
    let rss = sample(&load).await?;
    for task in tasks {
        task.await?;
    }
    let figures = load.recorder.figures(rss, load.events.load(Ordering::Relaxed));
    drop(load);
    let _ = stop_server.send(());
    // Graceful shutdown waits for open connections; the clients are gone, but bound it.
    let _ = tokio::time::timeout(Duration::from_secs(10), server).await;
    Ok(figures)
}

/// One company: its owner (who makes the Chat channel), accounts with a password to sign
/// in with, and a session for each other client (made directly: no password hashing).
async fn prepare(state: &AppState, base: String) -> anyhow::Result<Setup> {
    let company = create_company(state, "Soak", "owner@soak.test", &default_role_rights()).await?;
    let owner = open_session(state, &company.user_id, &company.company_id).await?;
    let hash = autoscope::auth::password::hash(PASSWORD.to_string()).await?;
    let mut emails = Vec::new();
    for n in 0..ACCOUNTS {
        let email = format!("signer{n}@soak.test");
        let user_id = add_user(state, &company.company_id, &email).await?;
        autoscope::storage::users::set_password_hash(&state.db, &user_id, &hash).await?;
        emails.push(email);
    }
    let mut sessions = Vec::new();
    let mut member_ids = Vec::new();
    for n in 0..READERS + WRITERS + STREAMS + RECONNECTING {
        let user_id = add_user(state, &company.company_id, &format!("user{n}@soak.test")).await?;
        sessions.push(open_session(state, &user_id, &company.company_id).await?);
        member_ids.push(user_id);
    }
    let streams = sessions.split_off(READERS + WRITERS);
    let writers = sessions.split_off(READERS);

    let client = reqwest::Client::new();
    let made = client
        .post(format!("{base}/api/m/chat/channels"))
        .bearer_auth(&owner)
        .json(&json!({ "kind": "public", "name": "soak", "topic": "The soak", "member_ids": member_ids }))
        .send()
        .await?;
    let status = made.status();
    anyhow::ensure!(status.is_success(), "creating the channel answered {status}: {}", made.text().await?);
    let channel: Value = made.json().await?;
    let channel = channel["id"].as_str().context("the channel has no id")?.to_string();
    // Every read must answer before the load starts, or the soak would count only errors.
    for path in reads(&channel).iter() {
        let answer = client.get(format!("{base}{path}")).bearer_auth(&sessions[0]).send().await?;
        let status = answer.status();
        anyhow::ensure!(status.is_success(), "{path} answered {status}: {}", answer.text().await?);
    }
    Ok(Setup { base, owner, emails, readers: sessions, writers, streams, channel })
}

/// What the dashboard clients read, in turn.
fn reads(channel: &str) -> Arc<Vec<String>> {
    Arc::new(vec![
        "/api/users/me".into(),
        "/api/m/vault/processes?limit=50&sort=-updated_at".into(),
        "/api/m/vault/summary".into(),
        "/api/m/rpa_insight/overview?from=2026-01-01&to=2026-01-31".into(),
        format!("/api/m/chat/channels/{channel}/messages?limit=50"),
    ])
}

/// What every client shares.
struct Load {
    client: reqwest::Client,
    streaming: reqwest::Client,
    recorder: Recorder,
    deadline: Instant,
    events: AtomicU64,
    base: String,
}

impl Load {
    fn running(&self) -> bool {
        Instant::now() < self.deadline
    }

    /// Waits `pause`, or until the deadline when that comes first.
    async fn pause(&self, pause: Duration) {
        tokio::time::sleep_until((Instant::now() + pause).min(self.deadline)).await;
    }

    /// Sends `request`, recording its latency (the whole answer read) or an error; answers
    /// the body of a 2xx answer.
    async fn send(&self, kind: Kind, what: &str, request: reqwest::RequestBuilder) -> Option<Vec<u8>> {
        let started = Instant::now();
        let response = match request.send().await {
            Ok(response) => response,
            Err(err) => return self.recorder.failed(format!("{what}: {err}")),
        };
        let status = response.status();
        match response.bytes().await {
            Ok(body) if status.is_success() => {
                self.recorder.latency(kind, started.elapsed().as_secs_f64() * 1000.0);
                Some(body.to_vec())
            }
            Ok(body) => self.recorder.failed(format!("{what} answered {status}: {}", String::from_utf8_lossy(&body))),
            Err(err) => self.recorder.failed(format!("{what}: {err}")),
        }
    }

    /// [`Self::send`], answering the body as JSON.
    async fn json(&self, kind: Kind, what: &str, request: reqwest::RequestBuilder) -> Option<Value> {
        let body = self.send(kind, what, request).await?;
        match serde_json::from_slice(&body) {
            Ok(value) => Some(value),
            Err(err) => self.recorder.failed(format!("{what} answered no JSON: {err}")),
        }
    }
}

/// Signs in to `emails` in turn, reads who it is with the new session and logs out.
async fn sign_in(load: Arc<Load>, emails: Vec<String>) {
    let url = format!("{}/api/users/signin", load.base);
    for email in emails.iter().cycle() {
        if !load.running() {
            break;
        }
        let body = json!({ "email": email, "password": PASSWORD });
        if let Some(answer) = load.json(Kind::SignIn, "sign-in", load.client.post(&url).json(&body)).await {
            match answer["token"].as_str() {
                Some(token) => {
                    let me = load.client.get(format!("{}/api/users/me", load.base)).bearer_auth(token);
                    load.send(Kind::Read, "GET /api/users/me", me).await;
                    let logout = load.client.post(format!("{}/api/users/logout", load.base)).bearer_auth(token);
                    load.send(Kind::Write, "logout", logout).await;
                }
                None => {
                    load.recorder.error(format!("a sign-in answered no token: {answer}"));
                }
            }
        }
        load.pause(SIGN_IN_PAUSE).await;
    }
}

/// Goes round `paths`, starting at `at`.
async fn read(load: Arc<Load>, token: String, paths: Arc<Vec<String>>, at: usize) {
    for path in paths.iter().cycle().skip(at) {
        if !load.running() {
            break;
        }
        load.send(Kind::Read, path, load.client.get(format!("{}{path}", load.base)).bearer_auth(&token)).await;
        load.pause(READ_PAUSE).await;
    }
}

/// Creates a process, updates it, deletes its oldest past [`KEEP_PROCESSES`], and posts a
/// Chat message (as the channel's owner), again and again.
async fn write(load: Arc<Load>, token: String, owner: String, chat: String, at: usize) {
    let processes = format!("{}/api/m/vault/processes", load.base);
    let mut kept: VecDeque<(String, i64)> = VecDeque::new();
    let mut n = 0u64;
    while load.running() {
        n += 1;
        let body = json!({ "name": format!("Soak {at}-{n}"), "department": "Finance", "monthly_volume": n % 1000 });
        let create = load.client.post(&processes).bearer_auth(&token).json(&body);
        if let Some(made) = load.json(Kind::Write, "create a process", create).await {
            match (made["id"].as_str(), made["version"].as_i64()) {
                (Some(id), Some(version)) => {
                    load.pause(WRITE_PAUSE).await;
                    let change = json!({ "version": version, "health": "at_risk", "handling_minutes": 5 });
                    let patch = load.client.patch(format!("{processes}/{id}")).bearer_auth(&token).json(&change);
                    let version = match load.json(Kind::Write, "update a process", patch).await {
                        Some(updated) => updated["version"].as_i64().unwrap_or(version),
                        None => version,
                    };
                    kept.push_back((id.to_string(), version));
                }
                _ => {
                    load.recorder.error(format!("a new process has no id or version: {made}"));
                }
            }
        }
        if kept.len() > KEEP_PROCESSES
            && let Some((id, version)) = kept.pop_front()
        {
            load.pause(WRITE_PAUSE).await;
            let delete = load.client.delete(format!("{processes}/{id}?version={version}")).bearer_auth(&token);
            load.send(Kind::Write, "delete a process", delete).await;
        }
        load.pause(WRITE_PAUSE).await;
        let message = json!({ "text": format!("Soak message {at}-{n}") });
        let post = load.client.post(format!("{}{chat}", load.base)).bearer_auth(&owner).json(&message);
        load.send(Kind::Write, "post a Chat message", post).await;
        load.pause(WRITE_PAUSE).await;
    }
}

/// A realtime stream read until the deadline, or reopened every `every` from the last id
/// received. A stream that ends before it is an error, and is reopened.
async fn stream(load: Arc<Load>, token: String, every: Option<Duration>) {
    let url = format!("{}/api/realtime", load.base);
    let mut last_id: Option<String> = None;
    while load.running() {
        let until = every.map_or(load.deadline, |every| (Instant::now() + every).min(load.deadline));
        let started = Instant::now();
        let mut request = load.streaming.get(&url).bearer_auth(&token);
        if let Some(id) = &last_id {
            request = request.header("Last-Event-ID", id.as_str());
        }
        let mut response = match request.send().await {
            Ok(response) if response.status().is_success() => response,
            Ok(response) => {
                load.recorder.error(format!("GET /api/realtime answered {}", response.status()));
                load.pause(SIGN_IN_PAUSE).await;
                continue;
            }
            Err(err) => {
                load.recorder.error(format!("GET /api/realtime: {err}"));
                load.pause(SIGN_IN_PAUSE).await;
                continue;
            }
        };
        // Until the headers: what a client waits for its stream.
        load.recorder.latency(Kind::Stream, started.elapsed().as_secs_f64() * 1000.0);
        let mut lines = String::new();
        loop {
            match tokio::time::timeout_at(until, response.chunk()).await {
                Err(_) => break,
                Ok(Ok(Some(chunk))) => {
                    lines.push_str(&String::from_utf8_lossy(&chunk));
                    while let Some(end) = lines.find('\n') {
                        read_line(&load, &lines[..end], &mut last_id);
                        lines.drain(..=end);
                    }
                }
                Ok(Ok(None)) => {
                    load.recorder.error("a realtime stream ended early".into());
                    break;
                }
                Ok(Err(err)) => {
                    load.recorder.error(format!("a realtime stream failed: {err}"));
                    break;
                }
            }
        }
    }
}

/// One line of a stream: the last id, and each event counted (an ending one as an error).
fn read_line(load: &Load, line: &str, last_id: &mut Option<String>) {
    if let Some(id) = line.strip_prefix("id: ") {
        *last_id = Some(id.to_string());
    } else if let Some(event) = line.strip_prefix("event: ") {
        load.events.fetch_add(1, Ordering::Relaxed);
        if matches!(event, "overloaded" | "ended" | "refresh") {
            load.recorder.error(format!("a realtime stream ended with {event}"));
        }
    }
}

/// Samples this process's RSS every [`SAMPLE_EVERY`] until the deadline, printing each
/// minute's line once it is over (but the last, whose late answers still come in).
async fn sample(load: &Load) -> anyhow::Result<Vec<(f64, u64)>> {
    let recorder = &load.recorder;
    let mut rss = Vec::new();
    let mut next = recorder.started;
    let mut printed = 0;
    loop {
        tokio::time::sleep_until(next.min(load.deadline)).await;
        let at = recorder.started.elapsed().as_secs_f64();
        rss.push((at, rss_kb()?));
        // A second's grace: an answer completed just before the minute's end may be
        // recorded just after it.
        while printed + 1 < recorder.minutes() && at >= (printed + 1) as f64 * MINUTE + 1.0 {
            recorder.print_minute(printed, &rss);
            printed += 1;
        }
        if Instant::now() >= load.deadline {
            break;
        }
        next += SAMPLE_EVERY;
    }
    recorder.printed.store(printed, Ordering::Relaxed);
    Ok(rss)
}

/// This process's resident set size in KB (/proc/self/status).
fn rss_kb() -> anyhow::Result<u64> {
    let status = std::fs::read_to_string("/proc/self/status")?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:")).context("no VmRSS")?;
    Ok(line.split_whitespace().nth(1).context("no VmRSS value")?.parse()?)
}

/// Latencies (of 2xx answers, in ms, by kind) and errors of a stretch of the run.
#[derive(Default)]
struct Window {
    latencies: [Vec<f64>; KINDS.len()],
    errors: usize,
}

impl Window {
    fn all(&self) -> Vec<f64> {
        self.latencies.concat()
    }

    fn requests(&self) -> usize {
        self.latencies.iter().map(Vec::len).sum::<usize>() + self.errors
    }
}

struct Windows {
    /// By minute from the start (0-based); a minute's are dropped once printed.
    minutes: BTreeMap<usize, Window>,
    /// The first minute after warm-up, and the last minute.
    first: Window,
    last: Window,
    total_requests: usize,
    total_errors: usize,
}

/// Each answer, put in the windows of the moment it completed.
struct Recorder {
    started: Instant,
    duration: f64,
    warmup: f64,
    windows: Mutex<Windows>,
    /// The minutes printed while the load ran.
    printed: AtomicUsize,
}

impl Recorder {
    fn new(started: Instant, duration: f64, warmup: f64) -> Self {
        let windows = Windows {
            minutes: BTreeMap::new(),
            first: Window::default(),
            last: Window::default(),
            total_requests: 0,
            total_errors: 0,
        };
        Self { started, duration, warmup, windows: Mutex::new(windows), printed: AtomicUsize::new(0) }
    }

    /// The minutes of the run, the last one possibly partial.
    fn minutes(&self) -> usize {
        (self.duration / MINUTE).ceil() as usize
    }

    fn latency(&self, kind: Kind, millis: f64) {
        self.record(Some((kind, millis)));
    }

    /// Counts an error, describing the first few.
    fn error(&self, what: String) {
        if self.record(None) < ERRORS_SHOWN {
            eprintln!("error at {:.1}s: {what}", self.started.elapsed().as_secs_f64());
        }
    }

    /// [`Self::error`], for a request that answers nothing.
    fn failed<T>(&self, what: String) -> Option<T> {
        self.error(what);
        None
    }

    /// Records a latency, or an error when `None`; answers the errors counted before.
    fn record(&self, latency: Option<(Kind, f64)>) -> usize {
        let at = self.started.elapsed().as_secs_f64();
        // Answers after the deadline (requests in flight then) belong to the last minute.
        let minute = ((at / MINUTE) as usize).min(self.minutes() - 1);
        let into = |window: &mut Window| match latency {
            Some((kind, millis)) => window.latencies[kind as usize].push(millis),
            None => window.errors += 1,
        };
        let mut windows = self.windows.lock().unwrap_or_else(PoisonError::into_inner);
        into(windows.minutes.entry(minute).or_default());
        if at >= self.warmup && at < self.warmup + MINUTE {
            into(&mut windows.first);
        }
        if at >= self.duration - MINUTE {
            into(&mut windows.last);
        }
        let errors = windows.total_errors;
        windows.total_requests += 1;
        windows.total_errors += usize::from(latency.is_none());
        errors
    }

    fn print_minute(&self, minute: usize, rss: &[(f64, u64)]) {
        let window = self.windows.lock().unwrap_or_else(PoisonError::into_inner).minutes.remove(&minute);
        let window = window.unwrap_or_default();
        let end = ((minute + 1) as f64 * MINUTE).min(self.duration);
        let rss_mb = nearest(rss, end) as f64 / 1024.0;
        println!(
            "minute={} rss_mb={rss_mb:.1} p99_ms={:.1} requests={} errors={}",
            minute + 1,
            p99(window.all()),
            window.requests(),
            window.errors
        );
    }

    fn figures(&self, rss: Vec<(f64, u64)>, events: u64) -> Figures {
        for minute in self.printed.load(Ordering::Relaxed)..self.minutes() {
            self.print_minute(minute, &rss);
        }
        let mut windows = self.windows.lock().unwrap_or_else(PoisonError::into_inner);
        let span = (self.warmup / 2.0).min(30.0);
        let tail = ((self.duration - self.warmup) / 2.0).min(MINUTE);
        Figures {
            warmed_kb: median_between(&rss, self.warmup - span, self.warmup + 0.5),
            final_kb: median_between(&rss, self.duration - tail - 0.5, f64::INFINITY),
            first: std::mem::take(&mut windows.first),
            last: std::mem::take(&mut windows.last),
            requests: windows.total_requests,
            errors: windows.total_errors,
            events,
        }
    }
}

/// The RSS sample (KB) taken nearest to `at` seconds.
fn nearest(rss: &[(f64, u64)], at: f64) -> u64 {
    rss.iter().min_by(|a, b| (a.0 - at).abs().total_cmp(&(b.0 - at).abs())).map_or(0, |&(_, kb)| kb)
}

/// The median of the RSS samples between `from` and `to` seconds, or the one nearest to
/// `from` when none is.
fn median_between(rss: &[(f64, u64)], from: f64, to: f64) -> u64 {
    let mut inside: Vec<u64> = rss.iter().filter(|(at, _)| (from..=to).contains(at)).map(|&(_, kb)| kb).collect();
    if inside.is_empty() {
        return nearest(rss, from);
    }
    inside.sort_unstable();
    inside[inside.len() / 2]
}

fn p99(latencies: Vec<f64>) -> f64 {
    p50_p99(latencies).1
}

fn p50_p99(latencies: Vec<f64>) -> (f64, f64) {
    if latencies.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let percentiles = percentiles(latencies);
    (percentiles.p50, percentiles.p99)
}

struct Figures {
    warmed_kb: u64,
    final_kb: u64,
    first: Window,
    last: Window,
    requests: usize,
    errors: usize,
    events: u64,
}

impl Figures {
    fn print(&self) {
        let by_kind = KINDS
            .iter()
            .map(|&(kind, name)| {
                let (first, last) = (&self.first.latencies[kind as usize], &self.last.latencies[kind as usize]);
                format!("{name}={:.1}/{:.1}", p99(first.clone()), p99(last.clone()))
            })
            .collect::<Vec<_>>()
            .join(" ");
        println!("p99 by kind, first/last minute (ms): {by_kind}");
        println!(
            "rss after warm-up={:.1}MB last minute={:.1}MB; {} requests, {} realtime events received",
            self.warmed_kb as f64 / 1024.0,
            self.final_kb as f64 / 1024.0,
            self.requests,
            self.events
        );
        let (first, last) = (p50_p99(self.first.all()), p50_p99(self.last.all()));
        println!("p50 first={:.1} last={:.1}", first.0, last.0);
        println!("p99 first={:.1} last={:.1}", first.1, last.1);
        let growth = (self.final_kb as f64 - self.warmed_kb as f64) / self.warmed_kb.max(1) as f64 * 100.0;
        println!("soak rss_growth={growth:.1} errors={}", self.errors);
    }
}
