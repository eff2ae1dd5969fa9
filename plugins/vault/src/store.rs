//! The module's writes and reads through the storage host function (the host scopes every
//! one to the calling company): processes with their scores and history, documents, and
//! the records that go with a process when it is deleted.

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::DirectoryQuery;
use serde::Serialize;
use serde_json::{Value, json};

use crate::history::{self, Change};
use crate::scores::{self, Inputs};
use crate::validate::{self, NewDocument};
use crate::vocab;

pub fn processes() -> Collection {
    collection("processes")
}

fn history() -> Collection {
    collection("history")
}

fn documents() -> Collection {
    collection("documents")
}

fn document_data() -> Collection {
    collection("document_data")
}

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

fn id_of(record: &Record) -> Result<&str> {
    record.get("id").and_then(Value::as_str).ok_or_else(|| Error::internal("a stored record has no id"))
}

fn text<'a>(record: &'a Record, field: &str) -> Option<&'a str> {
    record.get(field).and_then(Value::as_str)
}

/// 400 when `fields` set an owner (other than `current`) who is not a user of the company.
fn check_owner(fields: &Record, current: Option<&str>) -> Result<()> {
    match text(fields, "owner_id") {
        Some(owner) if Some(owner) != current => {
            let users = host::directory(&DirectoryQuery { user_ids: vec![owner.to_string()] })?;
            validate::owner(owner, &users)
        }
        _ => Ok(()),
    }
}

/// Stores a new process (checked fields) with its scores, and its `created` entry.
pub fn create(mut fields: Record, user_id: Option<&str>) -> Result<Record> {
    check_owner(&fields, None)?;
    scores::refresh(&mut fields);
    let process = processes().insert(fields)?;
    Entry::new(id_of(&process)?, user_id, "created", Vec::new()).save()?;
    Ok(process)
}

/// Stores checked rows at once (all or none), each with its `created` entry.
pub fn create_many(rows: Vec<Record>, user_id: Option<&str>) -> Result<usize> {
    if rows.is_empty() {
        return Ok(0);
    }
    let stored = processes().insert_many(rows)?;
    let entries = stored
        .iter()
        .map(|process| {
            let entry = Entry {
                note: Some("Imported from CSV"),
                ..Entry::new(id_of(process)?, user_id, "created", Vec::new())
            };
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
    check_owner(&changes, text(&old, "owner_id"))?;
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
    for document in documents().list(&Query::default().eq("process_id", id).limit(500))?.items {
        delete_document_records(id_of(&document)?)?;
    }
    delete_where(&history(), "process_id", id)?;
    // Modules that keep data about the process (the board's cards) drop theirs.
    host::publish(PROCESS_DELETED, &json!({ "process_id": id })).map(drop)
}

/// The event announcing a deleted process, with `{process_id}`.
pub const PROCESS_DELETED: &str = "vault.process_deleted";

/// Deletes every record of `collection` whose `field` is `value`.
fn delete_where(collection: &Collection, field: &str, value: &str) -> Result<()> {
    collection.delete_matching(vec![storage::filter(field, FilterOp::Eq, value)]).map(drop)
}

fn delete_document_records(document_id: &str) -> Result<()> {
    delete_where(&document_data(), "document_id", document_id)?;
    documents().delete(document_id, None).map(drop)
}

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

/// A document's metadata as the API shows it.
fn metadata(document: &Record) -> Value {
    let field = |name: &str| document.get(name).cloned().unwrap_or(Value::Null);
    json!({
        "id": field("id"), "name": field("name"), "mime": field("mime"), "size": field("size"),
        "uploaded_by": field("uploaded_by"), "created_at": field("created_at")
    })
}

/// The documents of a process, newest first.
pub fn documents_of(process_id: &str) -> Result<Vec<Value>> {
    process(process_id)?;
    let query = Query::default().eq("process_id", process_id).sort_desc("created_at").limit(500);
    Ok(documents().list(&query)?.items.iter().map(metadata).collect())
}

/// Stores a checked document of a process (at most 20 a process) with its `document`
/// entry; answers its metadata.
pub fn add_document(process_id: &str, document: &NewDocument, data: String, user_id: Option<&str>) -> Result<Value> {
    process(process_id)?;
    validate::room_for_document(documents().count(vec![storage::filter("process_id", FilterOp::Eq, process_id)])?)?;
    let stored = documents().insert_as(&json!({
        "process_id": process_id, "name": document.name, "mime": document.mime, "size": document.size,
        "uploaded_by": user_id
    }))?;
    let document_id = id_of(&stored)?;
    // The content (up to 2.7 MB of text) is moved, never copied: a call's memory is capped.
    let mut content = Record::new();
    content.insert("document_id".into(), document_id.into());
    content.insert("data".into(), Value::String(data));
    if let Err(err) = document_data().insert(content) {
        // Without its content the document must not be listed; the error is what matters.
        let _ = documents().delete(document_id, None);
        return Err(err);
    }
    let added = Change { field: "document".into(), from: Value::Null, to: document.name.as_str().into() };
    Entry::new(process_id, user_id, "document", vec![added]).save()?;
    Ok(metadata(&stored))
}

fn document(id: &str) -> Result<Record> {
    documents().get(id)?.ok_or_else(|| Error::not_found(validate::DOCUMENT_NOT_FOUND))
}

/// A document with its base64 content.
pub fn download(id: &str) -> Result<Value> {
    let stored = document(id)?;
    let content = document_data().list(&Query::default().eq("document_id", id).limit(1))?;
    let data = content.items.into_iter().next().and_then(|mut record| record.remove("data"));
    let data = data.filter(Value::is_string).ok_or_else(|| Error::not_found(validate::DOCUMENT_NOT_FOUND))?;
    let field = |name: &str| stored.get(name).cloned().unwrap_or(Value::Null);
    let mut document = Record::new();
    for name in ["id", "name", "mime", "size"] {
        document.insert(name.into(), field(name));
    }
    // Moved, not copied, as on upload.
    document.insert("data".into(), data);
    Ok(Value::Object(document))
}

/// Deletes a document and its content, with a `document` entry on its process.
pub fn remove_document(id: &str, user_id: Option<&str>) -> Result<()> {
    let stored = document(id)?;
    delete_document_records(id)?;
    if let Some(process_id) = text(&stored, "process_id") {
        let removed =
            Change { field: "document".into(), from: stored.get("name").cloned().unwrap_or_default(), to: Value::Null };
        Entry::new(process_id, user_id, "document", vec![removed]).save()?;
    }
    Ok(())
}
