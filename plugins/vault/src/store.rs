//! The module's writes and reads through the storage host function (the host scopes every
//! one to the calling company): processes with their scores and history, documents, and
//! the records that go with a process when it is deleted.

use autoscope_sdk::files::{Checked, FileStore, metadata};
use autoscope_sdk::prelude::*;
use autoscope_sdk::storage::{id_of, text};
use serde::Serialize;
use serde_json::{Value, json};

use crate::history::{self, Change};
use crate::scores::{self, Inputs};
use crate::validate::{self, DOCUMENT_NOT_FOUND};
use crate::vocab;

pub fn processes() -> Collection {
    collection("processes")
}

fn history() -> Collection {
    collection("history")
}

/// A process's documents (`documents`, by `process_id`) and their content
/// (`document_data`, by `document_id`).
const DOCUMENTS: FileStore =
    FileStore { files: "documents", owner: "process_id", contents: "document_data", file: "document_id" };

/// The process with `id`; 404 when the company has none.
pub fn process(id: &str) -> Result<Record> {
    processes().get(id)?.ok_or_else(|| Error::not_found(validate::PROCESS_NOT_FOUND))
}

/// A history entry as stored.
#[derive(Debug, Serialize)]
struct Entry<'a> {
    process_id: &'a str,
    user_id: Option<&'a str>,
    action: &'static str,
    changes: Vec<Change>,
    note: Option<&'a str>,
    event_id: Option<&'a str>,
}

impl<'a> Entry<'a> {
    fn new(process_id: &'a str, user_id: Option<&'a str>, action: &'static str, changes: Vec<Change>) -> Self {
        Self { process_id, user_id, action, changes, note: None, event_id: None }
    }

    fn save(&self) -> Result<()> {
        history().insert_as(self).map(drop)
    }
}

/// Stores a new process (checked fields) with its scores, and its `created` entry.
pub fn create(mut fields: Record, user_id: Option<&str>) -> Result<Record> {
    input::member_field(&fields, "owner_id", None, validate::OWNER)?;
    scores::refresh(&mut fields);
    let process = processes().insert(fields)?;
    Entry::new(id_of(&process)?, user_id, "created", Vec::new()).save()?;
    Ok(process)
}

/// Stores checked rows at once (all or none), each with its `created` entry noting where
/// they came from.
pub fn create_many(rows: Vec<Record>, user_id: Option<&str>, note: &str) -> Result<usize> {
    if rows.is_empty() {
        return Ok(0);
    }
    let stored = processes().insert_many(rows)?;
    let entries = stored
        .iter()
        .map(|process| {
            let entry = Entry { note: Some(note), ..Entry::new(id_of(process)?, user_id, "created", Vec::new()) };
            storage::to_record(&entry)
        })
        .collect::<Result<Vec<_>>>()?;
    history().insert_many(entries)?;
    Ok(stored.len())
}

/// What a change to a process is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// Fields of the form (`updated`, or `stage` when only the stage changed).
    Fields,
    /// An assessment (`assessed`): an idea moves on to assessment.
    Assessment,
}

/// Applies checked `changes` to the process `id` at `version` (409 when it changed
/// meanwhile), recomputes its scores and records what changed.
pub fn update(id: &str, version: i64, mut changes: Record, edit: Edit, user_id: Option<&str>) -> Result<Record> {
    let old = process(id)?;
    input::member_field(&changes, "owner_id", text(&old, "owner_id"), validate::OWNER)?;
    if edit == Edit::Assessment && text(&old, "stage") == Some(vocab::IDEA) {
        changes.insert("stage".into(), vocab::ASSESSMENT.into());
    }
    let mut merged = old.clone();
    merged.extend(changes.clone());
    scores::compute(&Inputs::from_record(&merged)).write_to(&mut changes);
    let changed = history::diff(&old, &changes);
    let saved = processes().update(id, version, changes)?;
    let action = match edit {
        Edit::Assessment => "assessed",
        Edit::Fields if changed.is_empty() => return Ok(saved),
        Edit::Fields => history::update_action(&changed),
    };
    Entry::new(id, user_id, action, changed).save()?;
    Ok(saved)
}

/// Deletes the process at `version` (any version when `None`), then its history,
/// documents and their content.
pub fn delete(id: &str, version: Option<i64>) -> Result<()> {
    process(id)?;
    processes().delete(id, version)?;
    // The process is gone first, so a failure below leaves only unreachable records.
    DOCUMENTS.delete_all(id)?;
    history().delete_matching(vec![storage::filter("process_id", FilterOp::Eq, id)])?;
    // Modules that keep data about the process (the board's cards) drop theirs.
    host::publish(PROCESS_DELETED, &json!({ "process_id": id })).map(drop)
}

/// The event announcing a deleted process, with `{process_id}`.
pub const PROCESS_DELETED: &str = "vault.process_deleted";

/// The history of a process, newest first (at most 200 entries).
pub fn history_of(process_id: &str) -> Result<Vec<Record>> {
    process(process_id)?;
    let query = Query::default().eq("process_id", process_id).sort_desc("created_at").limit(200);
    Ok(history().list(&query)?.items)
}

/// Records a stage change the board made, once per event (deliveries may repeat); an
/// event for a process deleted meanwhile is dropped.
pub fn record_stage_event(event_id: &str, change: &StageChanged) -> Result<()> {
    if history().count(vec![storage::filter("event_id", FilterOp::Eq, event_id)])? > 0 {
        return Ok(());
    }
    if processes().get(&change.process_id)?.is_none() {
        return Ok(());
    }
    let stage = Change { field: "stage".into(), from: json!(change.from), to: json!(change.to) };
    let entry = Entry {
        event_id: Some(event_id),
        ..Entry::new(&change.process_id, change.user_id.as_deref(), "stage", vec![stage])
    };
    entry.save()
}

/// The payload of `board.stage_changed`.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct StageChanged {
    pub process_id: String,
    #[serde(default)]
    pub from: Option<String>,
    #[serde(default)]
    pub to: Option<String>,
    #[serde(default)]
    pub user_id: Option<String>,
}

/// The documents of a process, newest first.
pub fn documents_of(process_id: &str) -> Result<Vec<Value>> {
    process(process_id)?;
    let query = Query::default().eq("process_id", process_id).sort_desc("created_at").limit(500);
    Ok(DOCUMENTS.files().list(&query)?.items.iter().map(metadata).collect())
}

/// Stores a checked document of a process (at most 20 a process) with its `document`
/// entry; answers its metadata.
pub fn add_document(process_id: &str, document: &Checked, data: String, user_id: Option<&str>) -> Result<Value> {
    process(process_id)?;
    validate::room_for_document(DOCUMENTS.count(process_id)?)?;
    // The content (up to 2.7 MB of text) is moved, never copied: a call's memory is capped.
    let stored = DOCUMENTS.insert(process_id, document, user_id, data)?;
    let added = Change { field: "document".into(), from: Value::Null, to: document.name.as_str().into() };
    Entry::new(process_id, user_id, "document", vec![added]).save()?;
    Ok(metadata(&stored))
}

/// A document with its base64 content.
pub fn download(id: &str) -> Result<Value> {
    DOCUMENTS.download(id, DOCUMENT_NOT_FOUND)
}

/// Deletes a document and its content, with a `document` entry on its process.
pub fn remove_document(id: &str, user_id: Option<&str>) -> Result<()> {
    let stored = DOCUMENTS.get(id, DOCUMENT_NOT_FOUND)?;
    DOCUMENTS.delete(id)?;
    if let Some(process_id) = text(&stored, "process_id") {
        let removed =
            Change { field: "document".into(), from: stored.get("name").cloned().unwrap_or_default(), to: Value::Null };
        Entry::new(process_id, user_id, "document", vec![removed]).save()?;
    }
    Ok(())
}
