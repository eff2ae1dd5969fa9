//! The fan-out load generator, the same for the host and for the Node.js baseline: `clients`
//! server-sent event streams (the host's realtime clients) or WebSocket clients (the
//! baseline's), then `posters` posters, each on a connection of its own, posting their share
//! of `messages` one after another (`{"text": "bench <poster>-<n> t=<nanoseconds at the
//! post's start>"}`) after one warm-up message each. Every client reads every frame, takes
//! the text out of it and records the latency: the time it read the frame minus the post's
//! start written in the text (one process, one clock).
//!
//! It runs on a thread and a single-threaded runtime of its own, so that it takes one core
//! at most from the server it loads, whichever server that is. It reads frames with plain
//! byte searches: a load generator that parses more than the server writes (the Node.js
//! one before it spent a core on it) would measure itself instead of the server.
//!
//! Only loopback; every wait is bounded.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use anyhow::Context;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;

use super::FanOut;

/// Connections being opened at once.
const OPENING: usize = 200;
const WARM_UP: Duration = Duration::from_secs(15);
/// How long after the last post the deliveries may still come.
const DRAIN: Duration = Duration::from_secs(20);
const CONNECT: Duration = Duration::from_secs(30);
/// The event every measured frame carries.
const EVENT: &str = "chat.message";
const TEXT: &str = "\"text\":\"bench ";
/// The spare room of a client's buffer before each read.
const READ_BUFFER: usize = 64 * 1024;

pub enum Clients {
    /// `GET path` with `Authorization: Bearer <token>`, tokens taken round-robin.
    Sse { addr: String, path: String, tokens: Vec<String> },
    /// A WebSocket of `ws://addr/path`.
    Ws { addr: String, path: String },
}

pub struct Load {
    pub clients: Clients,
    pub count: usize,
    pub post_url: String,
    pub poster_tokens: Vec<String>,
    pub posters: usize,
    pub messages: usize,
}

/// Nanoseconds since the first call: the clock of the texts and of the deliveries.
fn now() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_nanos() as u64
}

/// What every client adds to.
#[derive(Default)]
struct Shared {
    deliveries: AtomicU64,
    warm: AtomicU64,
    last_delivery: AtomicU64,
    other_events: AtomicU64,
    stop: AtomicBool,
}

/// What one client saw.
struct Seen {
    /// How often each measured message arrived.
    counts: Vec<u8>,
    latencies_ms: Vec<f64>,
    ending: Option<String>,
}

/// Runs `load` on a thread of its own; answers what it measured.
pub async fn run(load: Load) -> anyhow::Result<FanOut> {
    tokio::task::spawn_blocking(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        runtime.block_on(measure(load))
    })
    .await?
}

async fn measure(load: Load) -> anyhow::Result<FanOut> {
    let shared = Arc::new(Shared::default());
    let per_poster = load.messages.div_ceil(load.posters);
    let connect_started = Instant::now();
    let opening = Arc::new(Semaphore::new(OPENING));
    let (opened_tx, mut opened_rx) = tokio::sync::mpsc::channel::<anyhow::Result<()>>(load.count);
    let mut tasks = Vec::with_capacity(load.count);
    for client in 0..load.count {
        let connection = match &load.clients {
            Clients::Sse { addr, path, tokens } => {
                Connection::Sse { addr: addr.clone(), path: path.clone(), token: tokens[client % tokens.len()].clone() }
            }
            Clients::Ws { addr, path } => Connection::Ws { addr: addr.clone(), path: path.clone() },
        };
        let (shared, opening, opened_tx) = (shared.clone(), opening.clone(), opened_tx.clone());
        let expected = load.messages;
        tasks.push(tokio::spawn(async move {
            let permit = opening.acquire_owned().await.ok();
            let stream = tokio::time::timeout(CONNECT, connection.open())
                .await
                .unwrap_or_else(|_| Err(anyhow::anyhow!("opening a connection timed out")));
            drop(permit);
            let stream = match stream {
                Ok(stream) => {
                    let _ = opened_tx.send(Ok(())).await;
                    stream
                }
                Err(err) => {
                    let _ = opened_tx.send(Err(err)).await;
                    return Seen { counts: Vec::new(), latencies_ms: Vec::new(), ending: Some("refused".into()) };
                }
            };
            read(stream, connection.is_sse(), &shared, expected, per_poster).await
        }));
    }
    drop(opened_tx);
    for _ in 0..load.count {
        opened_rx.recv().await.context("a client ended before it opened")??;
    }
    let connect_s = connect_started.elapsed().as_secs_f64();

    let posters: Vec<Poster> = (0..load.posters)
        .map(|p| Poster::new(&load.post_url, &load.poster_tokens[p % load.poster_tokens.len()]))
        .collect::<anyhow::Result<_>>()?;
    // Warm-up (instances, caches, connections): one message per poster, not measured.
    let warm = posters.iter().enumerate().map(|(p, poster)| poster.post(format!("bench warm-{p}-0 t={}", now())));
    futures_util::future::try_join_all(warm).await?;
    let warm_expected = (load.count * load.posters) as u64;
    let warmed_up = until(|| shared.warm.load(Ordering::Relaxed) >= warm_expected, WARM_UP).await;

    let first_post = now();
    let posting = posters.iter().enumerate().map(|(p, poster)| async move {
        let mut times = Vec::with_capacity(per_poster);
        for n in (0..per_poster).take_while(|n| p * per_poster + n < load.messages) {
            let started = Instant::now();
            poster.post(format!("bench {p}-{n} t={}", now())).await?;
            times.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        anyhow::Ok(times)
    });
    let post_times: Vec<f64> = futures_util::future::try_join_all(posting).await?.into_iter().flatten().collect();
    let posting_s = (now() - first_post) as f64 / 1e9;
    let expected = (load.count * load.messages) as u64;
    until(|| shared.deliveries.load(Ordering::Relaxed) >= expected, DRAIN).await;
    shared.stop.store(true, Ordering::Relaxed);

    let (mut missing, mut duplicates, mut latencies) = (0u64, 0u64, Vec::with_capacity(expected as usize));
    let mut endings = serde_json::Map::new();
    for task in tasks {
        let seen = task.await?;
        for count in &seen.counts {
            match count {
                0 => missing += 1,
                n => duplicates += u64::from(n - 1),
            }
        }
        latencies.extend(seen.latencies_ms);
        if let Some(ending) = seen.ending {
            let count = endings.entry(ending).or_insert(0.into());
            *count = (count.as_u64().unwrap_or(0) + 1).into();
        }
    }
    let deliveries = shared.deliveries.load(Ordering::Relaxed);
    let last = shared.last_delivery.load(Ordering::Relaxed).max(first_post + 1);
    let span_s = (last - first_post) as f64 / 1e9;
    let (p50, p99, max) = quantiles(&mut latencies);
    let (post_p50, post_p99, _) = quantiles(&mut post_times.clone());
    Ok(FanOut {
        connect_s,
        warmed_up,
        expected,
        deliveries,
        missing,
        duplicates,
        other_events: shared.other_events.load(Ordering::Relaxed),
        endings: endings.into(),
        posting_s,
        span_s,
        deliveries_per_s: deliveries as f64 / span_s,
        p50_ms: p50,
        p99_ms: p99,
        max_ms: max,
        post_p50_ms: post_p50,
        post_p99_ms: post_p99,
    })
}

fn quantiles(values: &mut [f64]) -> (Option<f64>, Option<f64>, Option<f64>) {
    values.sort_by(f64::total_cmp);
    let at = |q: f64| values.get(((values.len() as f64 * q) as usize).min(values.len().saturating_sub(1))).copied();
    (at(0.5), at(0.99), values.last().copied())
}

/// Waits until `done()` (checked every 5 ms), at most `limit`; answers whether it is.
async fn until(done: impl Fn() -> bool, limit: Duration) -> bool {
    let deadline = Instant::now() + limit;
    while !done() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    done()
}

/// One poster: its own keep-alive connection.
struct Poster {
    client: reqwest::Client,
    url: String,
    token: String,
}

impl Poster {
    fn new(url: &str, token: &str) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder().pool_max_idle_per_host(1).timeout(Duration::from_secs(30)).build()?;
        Ok(Self { client, url: url.to_string(), token: token.to_string() })
    }

    async fn post(&self, text: String) -> anyhow::Result<()> {
        let answer = self
            .client
            .post(&self.url)
            .bearer_auth(&self.token)
            .json(&serde_json::json!({ "text": text }))
            .send()
            .await?;
        anyhow::ensure!(answer.status() == 201, "POST {} answered {}", self.url, answer.status());
        answer.bytes().await?;
        Ok(())
    }
}

enum Connection {
    Sse { addr: String, path: String, token: String },
    Ws { addr: String, path: String },
}

impl Connection {
    fn is_sse(&self) -> bool {
        matches!(self, Self::Sse { .. })
    }

    /// Connects and reads the answer's head: the stream, with what came after the head.
    async fn open(&self) -> anyhow::Result<(TcpStream, Vec<u8>)> {
        let (addr, request) = match self {
            Self::Sse { addr, path, token } => (
                addr,
                format!(
                    "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n"
                ),
            ),
            Self::Ws { addr, path } => (
                addr,
                format!(
                    "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
                     Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
                ),
            ),
        };
        let mut stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        stream.write_all(request.as_bytes()).await?;
        let mut buffer = Vec::with_capacity(4096);
        let head_end = loop {
            if let Some(end) = find(&buffer, b"\r\n\r\n") {
                break end + 4;
            }
            anyhow::ensure!(stream.read_buf(&mut buffer).await? > 0, "the server closed before answering");
        };
        let status = if self.is_sse() { "HTTP/1.1 200" } else { "HTTP/1.1 101" };
        anyhow::ensure!(
            buffer.starts_with(status.as_bytes()),
            "{addr} answered {}",
            String::from_utf8_lossy(&buffer[..head_end])
        );
        Ok((stream, buffer.split_off(head_end)))
    }
}

/// Reads frames until every message arrived or the run stops.
async fn read(
    (mut stream, mut raw): (TcpStream, Vec<u8>),
    sse: bool,
    shared: &Shared,
    messages: usize,
    per_poster: usize,
) -> Seen {
    let mut seen = Seen { counts: vec![0; messages], latencies_ms: Vec::with_capacity(messages), ending: None };
    let mut received = 0;
    // SSE arrives chunked (HTTP/1.1): `body` holds the de-chunked bytes.
    let mut body = Vec::with_capacity(8192);
    let mut chunk = Chunk::Size;
    loop {
        if sse {
            dechunk(&mut raw, &mut body, &mut chunk);
            while let Some(end) = find(&body, b"\n\n") {
                received += sse_event(&body[..end], shared, &mut seen, per_poster);
                body.drain(..end + 2);
            }
        } else {
            while let Some((payload, frame_end)) = ws_frame(&raw) {
                received += message(payload, shared, &mut seen, per_poster);
                raw.drain(..frame_end);
            }
        }
        if received >= messages || shared.stop.load(Ordering::Relaxed) {
            return seen;
        }
        // Room for many frames per read: `read_buf` reads at most the spare capacity, and
        // a buffer drained after every read never grows, so it read 64 bytes at a time (ten
        // system calls per frame, the load generator measuring itself).
        raw.reserve(READ_BUFFER);
        match tokio::time::timeout(Duration::from_millis(100), stream.read_buf(&mut raw)).await {
            Ok(Ok(0)) | Ok(Err(_)) => {
                seen.ending.get_or_insert_with(|| "closed".into());
                return seen;
            }
            Ok(Ok(_)) | Err(_) => {}
        }
    }
}

/// Where the reading of a chunked body stands.
#[derive(Clone, Copy)]
enum Chunk {
    /// Expecting a size line.
    Size,
    /// This many bytes of data to come.
    Data(usize),
    /// The CRLF after a chunk's data.
    End,
}

/// Moves the chunk data of `raw` into `body`, as far as `raw` goes.
fn dechunk(raw: &mut Vec<u8>, body: &mut Vec<u8>, state: &mut Chunk) {
    let mut at = 0;
    loop {
        match *state {
            Chunk::Size => {
                let Some(line_end) = find(&raw[at..], b"\r\n") else { break };
                let line = std::str::from_utf8(&raw[at..at + line_end]).unwrap_or("");
                let size = usize::from_str_radix(line.split(';').next().unwrap_or("").trim(), 16).unwrap_or(0);
                at += line_end + 2;
                *state = Chunk::Data(size);
            }
            Chunk::Data(left) => {
                let take = left.min(raw.len() - at);
                body.extend_from_slice(&raw[at..at + take]);
                at += take;
                *state = if take == left { Chunk::End } else { Chunk::Data(left - take) };
                if take < left {
                    break;
                }
            }
            Chunk::End => {
                if raw.len() - at < 2 {
                    break;
                }
                at += 2;
                *state = Chunk::Size;
            }
        }
    }
    raw.drain(..at);
}

/// One server-sent event block: its message when it is a measured one; 1 when it counted.
fn sse_event(block: &[u8], shared: &Shared, seen: &mut Seen, per_poster: usize) -> usize {
    let Ok(block) = std::str::from_utf8(block) else { return 0 };
    let mut event = "message";
    let mut data = "";
    for line in block.lines() {
        if let Some(name) = line.strip_prefix("event:") {
            event = name.trim();
        } else if let Some(value) = line.strip_prefix("data:") {
            data = value;
        }
    }
    match event {
        EVENT => message(data.as_bytes(), shared, seen, per_poster),
        "overloaded" | "ended" | "refresh" | "reset" => {
            seen.ending.get_or_insert_with(|| event.to_string());
            0
        }
        _ if !data.is_empty() => {
            shared.other_events.fetch_add(1, Ordering::Relaxed);
            0
        }
        _ => 0,
    }
}

/// A WebSocket frame of the server (unmasked) complete at the start of `raw`: its payload
/// and where it ends.
fn ws_frame(raw: &[u8]) -> Option<(&[u8], usize)> {
    let (&[_, len], rest) = raw.split_first_chunk::<2>()?;
    let (len, header) = match len & 0x7f {
        126 => (u16::from_be_bytes(*rest.first_chunk::<2>()?) as usize, 4),
        127 => (u64::from_be_bytes(*rest.first_chunk::<8>()?) as usize, 10),
        len => (len as usize, 2),
    };
    let end = header + len;
    (raw.len() >= end).then(|| (&raw[header..end], end))
}

/// A frame's message: counted when it is one of ours; 1 when it was a measured one.
fn message(data: &[u8], shared: &Shared, seen: &mut Seen, per_poster: usize) -> usize {
    let at = now();
    let Some((data, start)) = std::str::from_utf8(data).ok().and_then(|data| Some((data, data.find(TEXT)?))) else {
        shared.other_events.fetch_add(1, Ordering::Relaxed);
        return 0;
    };
    let text = &data[start + TEXT.len()..];
    let text = &text[..text.find('"').unwrap_or(text.len())];
    if text.starts_with("warm-") {
        shared.warm.fetch_add(1, Ordering::Relaxed);
        return 0;
    }
    let Some((which, started)) = text.split_once(" t=") else { return 0 };
    let (Some((poster, n)), Ok(started)) = (which.split_once('-'), started.parse::<u64>()) else { return 0 };
    let (Ok(poster), Ok(n)) = (poster.parse::<usize>(), n.parse::<usize>()) else { return 0 };
    if let Some(count) = seen.counts.get_mut(poster * per_poster + n) {
        *count = count.saturating_add(1);
    }
    seen.latencies_ms.push(at.saturating_sub(started) as f64 / 1e6);
    shared.deliveries.fetch_add(1, Ordering::Relaxed);
    shared.last_delivery.fetch_max(at, Ordering::Relaxed);
    1
}

/// Where `needle` first stands in `haystack`: candidates by its first byte, then compared.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(offset) = haystack.get(from..)?.iter().position(|byte| *byte == needle[0]) {
        let at = from + offset;
        if haystack.get(at..at + needle.len())? == needle {
            return Some(at);
        }
        from = at + 1;
    }
    None
}
