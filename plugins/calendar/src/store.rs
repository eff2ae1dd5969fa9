//! The collections (module.toml) as typed records, and the reads and writes the flows
//! share. Every read stays within the calling company (the host sees to it).

use autoscope_sdk::prelude::*;
use chrono_tz::Tz;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::recur::{Exception, Series};
use crate::views::{Answer, Category, Link, NonWorking, NonWorkingKind, Recurrence, Visibility};

pub fn events() -> Collection {
    collection("events")
}
pub fn attendees() -> Collection {
    collection("attendees")
}
pub fn exceptions() -> Collection {
    collection("exceptions")
}
pub fn non_working() -> Collection {
    collection("non_working")
}
pub fn reminders_sent() -> Collection {
    collection("reminders_sent")
}
pub fn feeds() -> Collection {
    collection("feeds")
}

#[derive(Debug, Clone, Deserialize)]
pub struct Event {
    pub id: String,
    pub version: i64,
    pub title: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub location: String,
    pub start: i64,
    pub end: i64,
    #[serde(default)]
    pub all_day: bool,
    pub time_zone: String,
    pub category: Category,
    pub visibility: Visibility,
    pub organiser_id: String,
    #[serde(default, deserialize_with = "storage::json_or_default")]
    pub recurrence: Option<Recurrence>,
    #[serde(default, deserialize_with = "storage::json_or_default")]
    pub links: Vec<Link>,
    #[serde(default, deserialize_with = "storage::json_or_default")]
    pub reminders: Vec<i64>,
}

impl Event {
    pub fn zone(&self) -> Tz {
        self.time_zone.parse().unwrap_or(Tz::UTC)
    }

    pub fn series(&self) -> Series<'_> {
        Series {
            start: self.start,
            end: self.end,
            all_day: self.all_day,
            zone: self.zone(),
            rule: self.recurrence.as_ref(),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct AttendeeRecord {
    pub id: String,
    pub event_id: String,
    pub user_id: String,
    pub answer: Answer,
    pub version: i64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ExceptionRecord {
    pub id: String,
    pub event_id: String,
    pub original: i64,
    #[serde(default)]
    pub cancelled: bool,
    pub start: Option<i64>,
    pub end: Option<i64>,
    pub title: Option<String>,
    pub description: Option<String>,
    pub location: Option<String>,
    pub version: i64,
}

impl ExceptionRecord {
    pub fn exception(&self) -> Exception {
        Exception { original: self.original, cancelled: self.cancelled, start: self.start, end: self.end }
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct NonWorkingRecord {
    pub id: String,
    pub version: i64,
    pub name: String,
    pub kind: NonWorkingKind,
    pub start: i64,
    pub end: i64,
    #[serde(default)]
    pub all_day: bool,
}

impl From<NonWorkingRecord> for NonWorking {
    fn from(record: NonWorkingRecord) -> Self {
        NonWorking {
            id: record.id,
            version: record.version,
            name: record.name,
            kind: record.kind,
            start: record.start,
            end: record.end,
            all_day: record.all_day,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct Feed {
    pub id: String,
    pub version: i64,
    pub token_hash: String,
}

pub fn event(id: &str) -> Result<Option<Event>> {
    events().get_as(id)
}

/// Events whose occurrences may overlap `[from, to)`, with `filters` besides.
fn overlapping(from: i64, to: i64, extra: Query) -> Result<Vec<Event>> {
    let query = extra.filter("series_start", FilterOp::Lt, to).filter("series_end", FilterOp::Gt, from);
    events().list_all_as(&query, usize::MAX)
}

/// The events `user_id` may see that may overlap `[from, to)`: those they organise, those
/// they are invited to and the company-wide ones, each once.
pub fn visible_events(user_id: &str, from: i64, to: i64) -> Result<Vec<Event>> {
    let mut found = overlapping(from, to, Query::default().eq("organiser_id", user_id))?;
    found.extend(overlapping(from, to, Query::default().eq("visibility", "company"))?);
    let invited: Vec<String> = invitations_of(user_id)?.into_iter().map(|a| a.event_id).collect();
    for chunk in invited.chunks(1000) {
        found.extend(overlapping(from, to, Query::default().filter("id", FilterOp::In, json!(chunk)))?);
    }
    found.sort_by(|a, b| a.id.cmp(&b.id));
    found.dedup_by(|a, b| a.id == b.id);
    Ok(found)
}

/// Events with reminders that may have an occurrence starting in `[from, to)`.
pub fn events_with_reminders(from: i64, to: i64) -> Result<Vec<Event>> {
    overlapping(from, to, Query::default().eq("has_reminders", true))
}

pub fn invitations_of(user_id: &str) -> Result<Vec<AttendeeRecord>> {
    attendees().list_all_as(&Query::default().eq("user_id", user_id), usize::MAX)
}

pub fn attendees_of(event_id: &str) -> Result<Vec<AttendeeRecord>> {
    attendees().list_all_as(&Query::default().eq("event_id", event_id).sort("created_at"), usize::MAX)
}

/// The attendees of these events.
pub fn attendees_of_events(event_ids: &[String]) -> Result<Vec<AttendeeRecord>> {
    let mut found = Vec::new();
    for chunk in event_ids.chunks(1000) {
        let query = Query::default().filter("event_id", FilterOp::In, json!(chunk));
        found.extend(attendees().list_all_as::<AttendeeRecord>(&query, usize::MAX)?);
    }
    Ok(found)
}

pub fn exceptions_of(event_id: &str) -> Result<Vec<ExceptionRecord>> {
    exceptions().list_all_as(&Query::default().eq("event_id", event_id).sort("original"), usize::MAX)
}

pub fn exceptions_of_events(event_ids: &[String]) -> Result<Vec<ExceptionRecord>> {
    let mut found = Vec::new();
    for chunk in event_ids.chunks(1000) {
        let query = Query::default().filter("event_id", FilterOp::In, json!(chunk));
        found.extend(exceptions().list_all_as::<ExceptionRecord>(&query, usize::MAX)?);
    }
    Ok(found)
}

/// The earliest start and latest end over the series and its moved occurrences.
pub fn bounds(event: &Event, exceptions: &[ExceptionRecord]) -> (i64, i64) {
    let mut start = event.start;
    let mut end = event.series().last_end();
    for exception in exceptions.iter().filter(|e| !e.cancelled) {
        start = start.min(exception.start.unwrap_or(exception.original));
        end = end.max(exception.end.unwrap_or(exception.original + event.end - event.start));
    }
    (start, end)
}

/// Stores the series bounds again after its occurrences changed.
pub fn refresh_bounds(event: &Event) -> Result<Event> {
    let (start, end) = bounds(event, &exceptions_of(&event.id)?);
    let changes = json!({ "series_start": start, "series_end": end });
    let record = events().update(&event.id, event.version, storage::to_record(&changes)?)?;
    storage::from_record(record)
}

/// The exception of an occurrence, created or changed with `changes`.
pub fn put_exception(event_id: &str, original: i64, changes: Value) -> Result<()> {
    let query = Query::default().eq("event_id", event_id).eq("original", original).limit(1);
    let existing: Option<ExceptionRecord> = exceptions().list_all_as(&query, 1)?.into_iter().next();
    match existing {
        Some(found) => exceptions().update(&found.id, found.version, storage::to_record(&changes)?).map(drop),
        None => {
            let mut record = storage::to_record(&changes)?;
            record.insert("event_id".into(), json!(event_id));
            record.insert("original".into(), json!(original));
            exceptions().insert(record).map(drop)
        }
    }
}

/// Deletes the event's exceptions from `original` on (all of them without one).
pub fn delete_exceptions(event_id: &str, from_original: Option<i64>) -> Result<()> {
    let mut filters = vec![storage::filter("event_id", FilterOp::Eq, event_id)];
    if let Some(original) = from_original {
        filters.push(storage::filter("original", FilterOp::Gte, original));
    }
    exceptions().delete_matching(filters).map(drop)
}

/// Sets the attendees of an event to `user_ids`, keeping the answers of those who stay;
/// answers the ones newly invited.
pub fn set_attendees(event_id: &str, user_ids: &[String]) -> Result<Vec<String>> {
    let current = attendees_of(event_id)?;
    for gone in current.iter().filter(|a| !user_ids.contains(&a.user_id)) {
        attendees().delete(&gone.id, None)?;
    }
    let new: Vec<String> = user_ids.iter().filter(|id| !current.iter().any(|a| &a.user_id == *id)).cloned().collect();
    if !new.is_empty() {
        let records = new
            .iter()
            .map(|user_id| storage::to_record(&json!({ "event_id": event_id, "user_id": user_id })))
            .collect::<Result<Vec<Record>>>()?;
        attendees().insert_many(records)?;
    }
    Ok(new)
}

/// Deletes an event with its attendees, exceptions and sent reminders.
pub fn delete_event(event_id: &str) -> Result<()> {
    attendees().delete_matching(vec![storage::filter("event_id", FilterOp::Eq, event_id)])?;
    exceptions().delete_matching(vec![storage::filter("event_id", FilterOp::Eq, event_id)])?;
    reminders_sent().delete_matching(vec![storage::filter("event_id", FilterOp::Eq, event_id)])?;
    events().delete(event_id, None).map(drop)
}

pub fn non_working_between(from: i64, to: i64) -> Result<Vec<NonWorking>> {
    let query = Query::default().filter("start", FilterOp::Lt, to).filter("end", FilterOp::Gt, from).sort("start");
    Ok(non_working().list_all_as::<NonWorkingRecord>(&query, usize::MAX)?.into_iter().map(NonWorking::from).collect())
}

pub fn feed_of(user_id: &str) -> Result<Option<Feed>> {
    Ok(feeds().list_all_as(&Query::default().eq("user_id", user_id).limit(1), 1)?.into_iter().next())
}
