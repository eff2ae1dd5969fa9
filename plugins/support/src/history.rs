//! History entries: what a change to a ticket did, split into the actions the timeline
//! shows (`updated` fields, `assigned`, `status`).

use autoscope_sdk::prelude::Record;
use serde::Serialize;
use serde_json::Value;

/// One changed field of an entry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    pub field: String,
    pub from: Value,
    pub to: Value,
}

impl Change {
    pub fn new(field: &str, from: Value, to: Value) -> Self {
        Self { field: field.to_string(), from, to }
    }
}

/// An entry to store: its action and changes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Entry {
    pub action: &'static str,
    pub changes: Vec<Change>,
}

/// The fields of a plain `updated` entry, in the order of the form.
const FIELDS: [&str; 6] = ["title", "description", "category", "priority", "process_id", "bot_id"];

/// The entries of a change from `old` by `changes` (checked fields people edit): one
/// `updated` entry with the plain fields that differ, then `assigned`, then `status`.
pub fn entries(old: &Record, changes: &Record) -> Vec<Entry> {
    let changed = |field: &str| {
        let to = changes.get(field)?;
        let from = old.get(field).unwrap_or(&Value::Null);
        (from != to).then(|| Change::new(field, from.clone(), to.clone()))
    };
    let mut entries = Vec::new();
    let updated: Vec<Change> = FIELDS.iter().filter_map(|field| changed(field)).collect();
    if !updated.is_empty() {
        entries.push(Entry { action: "updated", changes: updated });
    }
    for (field, action) in [("assignee_id", "assigned"), ("status", "status")] {
        if let Some(change) = changed(field) {
            entries.push(Entry { action, changes: vec![change] });
        }
    }
    entries
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn record(value: Value) -> Record {
        serde_json::from_value(value).expect("an object")
    }

    #[test]
    fn a_change_is_split_by_action() {
        let old =
            record(json!({ "title": "A", "priority": "Medium", "assignee_id": null, "status": "open", "number": 3 }));
        let changes = record(json!({
            "title": "A", "priority": "High", "category": "Question", "assignee_id": "u2", "status": "waiting"
        }));
        let entries = entries(&old, &changes);
        let actions: Vec<&str> = entries.iter().map(|entry| entry.action).collect();
        assert_eq!(actions, ["updated", "assigned", "status"]);
        assert_eq!(
            serde_json::to_value(&entries[0].changes).unwrap(),
            json!([
                { "field": "category", "from": null, "to": "Question" },
                { "field": "priority", "from": "Medium", "to": "High" }
            ])
        );
        assert_eq!(entries[1].changes, [Change::new("assignee_id", Value::Null, json!("u2"))]);
        assert_eq!(entries[2].changes, [Change::new("status", json!("open"), json!("waiting"))]);
    }

    #[test]
    fn unchanged_values_make_no_entry() {
        let old = record(json!({ "title": "A", "assignee_id": "u1" }));
        assert!(entries(&old, &record(json!({ "title": "A", "assignee_id": "u1" }))).is_empty());
        assert!(entries(&old, &Record::new()).is_empty());
    }
}
