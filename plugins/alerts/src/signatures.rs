//! Failure signatures: each scan reads the failed runs and queue items stored since the
//! last one (by `updated_at`, so a run that was running and then failed counts), groups
//! them by process (an item without one by its queue) and normalised message
//! (src/normalise.rs) and publishes what Ticket Management
//! turns into one ticket per signature: `alerts.signature_opened` for a new signature,
//! `alerts.signature_recurred` for more failures of a known one, and
//! `alerts.signature_quiet` once a signature has been quiet for the company's days.

use std::collections::BTreeMap;

use autoscope_sdk::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::normalise::{NO_MESSAGE, fingerprint, normalise};
use crate::store::{self, Sample, Signature};

/// What is scanned: each collection of failures with its own cursor.
struct Source {
    collection: &'static str,
    cursor: &'static str,
    /// What is read of each: `process` with `queue` to name an item without one.
    fields: &'static [&'static str],
}

const SOURCES: [Source; 2] = [
    Source {
        collection: "bots.runs",
        cursor: "signature_cursor",
        fields: &["external_id", "bot", "process", "started_at", "reason", "updated_at"],
    },
    Source {
        collection: "bots.queue_items",
        cursor: "signature_cursor_items",
        fields: &["external_id", "bot", "process", "queue", "started_at", "ended_at", "reason", "updated_at"],
    },
];
/// Runs read a scan, in pages of the storage's largest.
const PAGE: u32 = 500;
const PAGES: usize = 4;
/// Samples kept per signature and sent per event.
const SAMPLES: usize = 5;
/// The first scan of a company looks back this far, not over its whole history.
const FIRST_LOOK_BACK: i64 = 86_400;
/// A run fails within this long of its start: the scan reads runs started since, which
/// the `(status, started_at)` index of `bots.runs` serves.
const LONGEST_RUN: i64 = 2 * 86_400;
const DAY: i64 = 86_400;

/// Where the last scan stopped: the last run read, by `(updated_at, id)`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct Cursor {
    updated_at: i64,
    id: String,
}

/// A failed run or queue item as the scan reads it.
#[derive(Debug, Clone, Deserialize)]
struct Stored {
    id: String,
    updated_at: i64,
    external_id: String,
    #[serde(default)]
    bot: Option<String>,
    #[serde(default)]
    process: Option<String>,
    #[serde(default)]
    queue: Option<String>,
    #[serde(default)]
    started_at: Option<i64>,
    #[serde(default)]
    ended_at: Option<i64>,
    #[serde(default)]
    reason: Option<String>,
}

/// A failure, whichever it was.
#[derive(Debug, Clone)]
struct Failure {
    external_id: String,
    bot: String,
    process: String,
    started_at: i64,
    reason: Option<String>,
}

impl Stored {
    /// `None` for an item with neither a process nor a queue: nothing to group it by.
    fn failure(self) -> Option<Failure> {
        let named = |name: Option<String>| name.filter(|name| !name.trim().is_empty());
        Some(Failure {
            process: named(self.process).or_else(|| named(self.queue))?,
            bot: self.bot.unwrap_or_default(),
            started_at: self.started_at.or(self.ended_at).unwrap_or(self.updated_at),
            external_id: self.external_id,
            reason: self.reason,
        })
    }
}

/// Scans new failures and offers quiet signatures; both within the call's limits.
pub fn scan(now: i64) -> Result<()> {
    for source in &SOURCES {
        scan_source(source, now)?;
    }
    offer_quiet(now)
}

fn scan_source(source: &Source, now: i64) -> Result<()> {
    let first = Cursor { updated_at: now - FIRST_LOOK_BACK, id: String::new() };
    let mut cursor = store::setting::<Cursor>(source.cursor)?.unwrap_or(first);
    for _ in 0..PAGES {
        let page = next_failures(source, &cursor)?;
        let Some(next) = page.end else { break };
        for (key, group) in group(page.failures) {
            record(&key, group)?;
        }
        // Saved after each page: a failed call repeats at most one page.
        store::put_setting(source.cursor, &next)?;
        cursor = next;
        if !page.full {
            break;
        }
    }
    Ok(())
}

/// A page of failures read after a cursor.
struct FailurePage {
    /// The last record read, `None` when none was.
    end: Option<Cursor>,
    /// As many records as a page holds were read: more may follow.
    full: bool,
    failures: Vec<Failure>,
}

/// The failures after `cursor`: those updated at its time with a greater id, then the
/// later ones.
fn next_failures(source: &Source, cursor: &Cursor) -> Result<FailurePage> {
    let failed = || {
        // Sample failures (Bot Profile's sample data) open no signatures, so no tickets.
        Query::default()
            .eq("status", "failed")
            .filter("sample", FilterOp::Ne, true)
            .filter("started_at", FilterOp::Gte, cursor.updated_at - LONGEST_RUN)
            .fields(source.fields.iter().copied())
            .limit(PAGE)
    };
    let stored = collection(source.collection);
    let mut found: Vec<Stored> = if cursor.id.is_empty() {
        Vec::new()
    } else {
        stored.list_all_as(
            &failed().eq("updated_at", cursor.updated_at).filter("id", FilterOp::Gt, cursor.id.as_str()).sort("id"),
            PAGE as usize,
        )?
    };
    if found.len() < PAGE as usize {
        let later = failed().filter("updated_at", FilterOp::Gt, cursor.updated_at).sort("updated_at").sort("id");
        let page = stored.list(&later.limit(PAGE - found.len() as u32))?;
        for record in page.items {
            found.push(storage::from_record(record)?);
        }
    }
    let end = found.last().map(|last| Cursor { updated_at: last.updated_at, id: last.id.clone() });
    let full = found.len() == PAGE as usize;
    Ok(FailurePage { end, full, failures: found.into_iter().filter_map(Stored::failure).collect() })
}

/// The failures by signature: (process, normalised message) with the failures, in order.
fn group(failures: Vec<Failure>) -> BTreeMap<(String, String), Vec<Failure>> {
    let mut groups: BTreeMap<(String, String), Vec<Failure>> = BTreeMap::new();
    for failure in failures {
        let message = normalise(failure.reason.as_deref().unwrap_or(NO_MESSAGE));
        groups.entry((failure.process.clone(), message)).or_default().push(failure);
    }
    groups
}

/// Adds a group of failures to its signature (new or known) and publishes the event.
fn record((process, message): &(String, String), failures: Vec<Failure>) -> Result<()> {
    let key = fingerprint(process, message);
    let samples: Vec<Sample> = failures
        .iter()
        .rev()
        .take(SAMPLES)
        .map(|failure| Sample {
            external_id: failure.external_id.clone(),
            bot: failure.bot.clone(),
            started_at: failure.started_at,
            reason: failure.reason.clone(),
        })
        .collect();
    let first = failures.iter().map(|failure| failure.started_at).min().unwrap_or_default();
    let last = failures.iter().map(|failure| failure.started_at).max().unwrap_or_default();
    let added = failures.len() as i64;
    let existing = store::signatures().list(&Query::default().eq("fingerprint", key.as_str()).limit(1))?.items;
    match existing.into_iter().next().map(storage::from_record::<Signature>).transpose()? {
        None => {
            let bot = failures.first().map(|failure| failure.bot.clone());
            let stored: Signature = storage::from_record(store::signatures().insert_as(&json!({
                "fingerprint": key, "process": process, "message": message, "bot": bot, "count": added,
                "first_seen": first, "last_seen": last, "samples": samples,
            }))?)?;
            host::publish(
                "alerts.signature_opened",
                &json!({
                    "signature_id": stored.id, "process": process, "bot": bot, "message": message, "count": added,
                    "first_seen": first, "last_seen": last, "samples": samples,
                }),
            )?;
        }
        Some(known) => {
            let mut kept = samples.clone();
            kept.extend(known.samples.iter().cloned());
            kept.truncate(SAMPLES);
            let count = known.count + added;
            let last_seen = known.last_seen.max(last);
            store::signatures().update(
                &known.id,
                known.version,
                storage::to_record(
                    &json!({ "count": count, "last_seen": last_seen, "samples": kept, "quiet_offered": false }),
                )?,
            )?;
            host::publish(
                "alerts.signature_recurred",
                &json!({
                    "signature_id": known.id, "process": process, "message": message, "added": added, "count": count,
                    "last_seen": last_seen, "samples": samples,
                }),
            )?;
        }
    }
    Ok(())
}

/// Signatures quiet for the company's days are offered for closing, once.
fn offer_quiet(now: i64) -> Result<()> {
    let days = store::company_settings()?.quiet_days;
    let quiet = Query::default()
        .eq("quiet_offered", false)
        .filter("last_seen", FilterOp::Lt, now - days * DAY)
        .sort("last_seen")
        .limit(100);
    for signature in store::signatures().list_all_as::<Signature>(&quiet, 100)? {
        store::signatures().update(
            &signature.id,
            signature.version,
            storage::to_record(&json!({ "quiet_offered": true }))?,
        )?;
        host::publish(
            "alerts.signature_quiet",
            &json!({
                "signature_id": signature.id, "process": signature.process, "message": signature.message,
                "quiet_days": days, "last_seen": signature.last_seen,
            }),
        )?;
    }
    Ok(())
}

/// `GET /signatures`: the newest failures first, a page with its total.
pub fn list_query(cursor: Option<&str>) -> Query {
    Query::default().sort_desc("last_seen").limit(50).with_total().cursor(cursor.map(str::to_string))
}
