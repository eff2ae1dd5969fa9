//! `faults`: a test module that misbehaves on purpose. Every fault route fails only
//! because of a host limit or check: fuel or the timeout (`/loop`), a trap (`/trap`),
//! the memory limit (`/bomb`), the response size (`/huge`), undeclared host functions
//! (`/undeclared`, and `/members`: the company directory) and an ungranted collection
//! (`/ungranted`; `/items-counted` counts it). It also panics (`/panic`), writes log lines (`/log?lines=n`) and spins
//! a while before answering well (`/spin?turns=n`).

use std::hint::black_box;

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::Notify;
use autoscope_sdk::wire::members::MembersOp;
use serde::Deserialize;
use serde_json::{Value, json};

fn router() -> Router {
    Router::new()
        .get("/ok", |_: &Request| ok(&json!({ "ok": true })))
        .get("/loop", endless_loop)
        .get("/spin", spin)
        .get("/trap", trap)
        .get("/bomb", bomb)
        .get("/huge", huge)
        .get("/undeclared", undeclared)
        .get("/members", |_: &Request| ok(&host::members::<Value>(&MembersOp::List)?))
        .get("/ungranted", |_: &Request| ok(&collection("crud.items").list(&Query::default())?))
        .get("/items-counted", |_: &Request| ok(&collection("crud.items").count(Vec::new())?))
        .post("/notes", add_note)
        .get("/notes", |_: &Request| ok(&collection("notes").list(&Query::default())?))
        .get("/panic", |_: &Request| -> Result<Reply> { panic!("the books do not balance") })
        .get("/log", log_lines)
}

/// Writes `lines` lines (1 by default) to the system log; answers how many were written.
fn log_lines(req: &Request) -> Result<Reply> {
    let lines: u32 = req.query("lines").and_then(|n| n.parse().ok()).unwrap_or(1);
    let mut written = 0;
    for line in 1..=lines {
        written += u32::from(host::log(LogLevel::Warn, format!("line {line} of {lines}"))?);
    }
    ok(&json!({ "written": written }))
}

autoscope_sdk::module!(router);

/// Spins until the host runs out of patience (fuel, then the timeout).
fn endless_loop(_: &Request) -> Result<Reply> {
    let mut turns = 0u64;
    loop {
        turns = black_box(turns).wrapping_add(1);
    }
}

/// Spins `turns` times and answers: a call that is busy for a while and then ends well.
fn spin(req: &Request) -> Result<Reply> {
    let turns = req.query_as::<u64>("turns")?.unwrap_or(1);
    let mut done = 0u64;
    while black_box(done) < turns {
        done += 1;
    }
    ok(&json!({ "turns": done }))
}

fn trap(_: &Request) -> Result<Reply> {
    #[cfg(target_arch = "wasm32")]
    core::arch::wasm32::unreachable();
    #[cfg(not(target_arch = "wasm32"))]
    panic!("trap");
}

/// Allocates and touches 1 MiB after 1 MiB until the memory limit stops it.
fn bomb(_: &Request) -> Result<Reply> {
    let mut blocks: Vec<Vec<u8>> = Vec::new();
    loop {
        let block = vec![1u8; 1 << 20];
        blocks.push(black_box(block));
    }
}

/// An answer of `size` characters, default 1,200,000: over this module's 1,024 KiB
/// response limit, yet within its fuel (serializing and copying out cost about 27 fuel per
/// byte, so about 32 M of the 50 M) and its 8 MiB heap (the string plus its JSON).
/// Much bigger answers (`?size=10000000`) run out of fuel before the size check.
fn huge(req: &Request) -> Result<Reply> {
    let size = req.query_as::<usize>("size")?.unwrap_or(1_200_000);
    Ok(Reply::ok(Value::String("x".repeat(size))))
}

/// Calls `notify`, which this module does not declare: the host refuses (403 passed on).
fn undeclared(_: &Request) -> Result<Reply> {
    let notification = Notify { user_ids: vec![], message: "m".into(), link: None };
    ok(&host::notify(&notification)?)
}

#[derive(Deserialize)]
struct Note {
    text: String,
}

fn add_note(req: &Request) -> Result<Reply> {
    let note: Note = req.body()?;
    created(&collection("notes").insert_as(&json!({ "text": note.text }))?)
}
