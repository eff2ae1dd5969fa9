//! History entries: what changed in a write, and which action names it.

use autoscope_sdk::prelude::Record;
use serde::Serialize;
use serde_json::Value;

use crate::scores::ANSWER_FIELDS;
use crate::validate::EDITABLE;

/// One changed field of a history entry.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Change {
    pub field: String,
    #[cfg_attr(test, ts(type = "unknown"))]
    pub from: Value,
    #[cfg_attr(test, ts(type = "unknown"))]
    pub to: Value,
}

/// The people-entered fields of `changes` whose value differs from `old`'s, in the
/// order of the form (computed scores are left out: they follow from these).
pub fn diff(old: &Record, changes: &Record) -> Vec<Change> {
    EDITABLE
        .iter()
        .chain(ANSWER_FIELDS.iter())
        .filter_map(|&field| {
            let to = changes.get(field)?;
            let from = old.get(field).unwrap_or(&Value::Null);
            (!same(from, to)).then(|| Change { field: field.to_string(), from: from.clone(), to: to.clone() })
        })
        .collect()
}

/// `stage` when the stage is all that changed, else `updated`.
pub fn update_action(changes: &[Change]) -> &'static str {
    match changes {
        [only] if only.field == "stage" => "stage",
        _ => "updated",
    }
}

/// Equal values; numbers by value, as a `number` field reads back as a float (`5.0`).
fn same(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(a), Some(b)) => a == b,
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn record(value: Value) -> Record {
        serde_json::from_value(value).expect("an object")
    }

    #[test]
    fn only_changed_fields_are_listed() {
        let old = record(json!({
            "name": "A", "stage": "idea", "hourly_cost": 5.0, "applications": ["SAP"], "ease": 69.0, "rule_based": null
        }));
        let changes = record(json!({
            "name": "A", "stage": "analysis", "hourly_cost": 5, "applications": ["SAP", "Excel"], "ease": 59.0,
            "rule_based": 4, "department": "Finance"
        }));
        let listed = diff(&old, &changes);
        let fields: Vec<&str> = listed.iter().map(|change| change.field.as_str()).collect();
        assert_eq!(fields, ["department", "applications", "stage", "rule_based"]);
        assert_eq!(listed[0], Change { field: "department".into(), from: Value::Null, to: json!("Finance") });
        assert_eq!(
            serde_json::to_value(&listed[2]).unwrap(),
            json!({ "field": "stage", "from": "idea", "to": "analysis" })
        );
    }

    #[test]
    fn a_stage_change_alone_is_a_stage_entry() {
        let stage = Change { field: "stage".into(), from: json!("idea"), to: json!("live") };
        let name = Change { field: "name".into(), from: json!("a"), to: json!("b") };
        assert_eq!(update_action(std::slice::from_ref(&stage)), "stage");
        assert_eq!(update_action(&[name.clone(), stage]), "updated");
        assert_eq!(update_action(&[name]), "updated");
    }
}
