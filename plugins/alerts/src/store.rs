//! The module's collections, the typed records it keeps in them, and its settings.

use autoscope_sdk::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

pub fn rules() -> Collection {
    collection("rules")
}

pub fn incidents() -> Collection {
    collection("incidents")
}

pub fn activity() -> Collection {
    collection("activity")
}

pub fn signatures() -> Collection {
    collection("signatures")
}

fn settings() -> Collection {
    collection("settings")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Open,
    Closed,
}

/// An incident: a rule's condition held from `opened_at` (and holds while it is open).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Incident {
    pub id: String,
    pub version: i64,
    pub rule_id: String,
    pub rule_name: String,
    pub kind: crate::rules::Kind,
    pub severity: crate::rules::Severity,
    pub status: Status,
    pub opened_at: i64,
    #[serde(default)]
    pub closed_at: Option<i64>,
    #[serde(default)]
    pub last_fired_at: Option<i64>,
    #[serde(default)]
    pub value: Option<f64>,
    #[serde(default)]
    pub summary: Option<String>,
    #[serde(default)]
    pub acknowledged_by: Option<String>,
    #[serde(default)]
    pub acknowledged_at: Option<i64>,
    #[serde(default)]
    pub assignee_id: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Opened,
    Reopened,
    Acknowledged,
    Assigned,
    Comment,
    Closed,
}

/// One line of an incident's history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Activity {
    pub id: String,
    pub incident_id: String,
    pub action: Action,
    #[serde(default)]
    pub user_id: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
    pub created_at: i64,
}

/// A failed run kept as an example of its signature.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Sample {
    pub external_id: String,
    pub bot: String,
    pub started_at: i64,
    #[serde(default)]
    pub reason: Option<String>,
}

/// Failed runs of one process with one normalised error message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Signature {
    pub id: String,
    pub version: i64,
    pub fingerprint: String,
    pub process: String,
    pub message: String,
    #[serde(default)]
    pub bot: Option<String>,
    pub count: i64,
    pub first_seen: i64,
    pub last_seen: i64,
    #[serde(default, deserialize_with = "storage::json_or_default")]
    pub samples: Vec<Sample>,
    pub quiet_offered: bool,
}

/// The company's choices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Settings {
    /// A signature's ticket is offered for closing after this many days without a failure.
    pub quiet_days: i64,
}

impl Default for Settings {
    fn default() -> Self {
        Self { quiet_days: 7 }
    }
}

pub const QUIET_DAYS_RANGE: &str = "Choose between 1 and 90 days";

impl Settings {
    pub fn check(self) -> Result<Self> {
        if (1..=90).contains(&self.quiet_days) { Ok(self) } else { Err(Error::bad_request(QUIET_DAYS_RANGE)) }
    }
}

/// The company's settings, or the defaults.
pub fn company_settings() -> Result<Settings> {
    Ok(setting(SETTINGS)?.unwrap_or_default())
}

pub fn put_company_settings(settings: &Settings) -> Result<()> {
    put_setting(SETTINGS, settings)
}

const SETTINGS: &str = "settings";

/// The settings record `name`'s value, read as `T`; `None` when there is none (or it no
/// longer reads as `T`).
pub fn setting<T: DeserializeOwned>(name: &str) -> Result<Option<T>> {
    let found = settings().list(&Query::default().eq("name", name).limit(1))?;
    Ok(found.items.into_iter().next().and_then(|record| serde_json::from_value(record.get("value").cloned()?).ok()))
}

/// Stores `value` as the settings record `name` (the record's version guards against two
/// writers: the second answers 409).
pub fn put_setting<T: Serialize>(name: &str, value: &T) -> Result<()> {
    let value = serde_json::to_value(value).map_err(|err| Error::internal(err.to_string()))?;
    let found = settings().list(&Query::default().eq("name", name).limit(1))?;
    match found.items.first() {
        Some(record) => {
            let version = record.get("version").and_then(Value::as_i64).unwrap_or_default();
            let mut changes = Record::new();
            changes.insert("value".into(), value);
            settings().update(storage::id_of(record)?, version, changes)?;
        }
        None => {
            settings().insert_as(&json!({ "name": name, "value": value }))?;
        }
    }
    Ok(())
}

/// A record of `collection` as `T`, or 404 with `missing`.
pub fn get<T: DeserializeOwned>(collection: &Collection, id: &str, missing: &str) -> Result<T> {
    collection.get_as(id)?.ok_or_else(|| Error::not_found(missing))
}
