//! The widget's summary, folded from one aggregate grouped by stage and health.

use autoscope_sdk::prelude::*;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::scores::round2;
use crate::vocab::{Choice, HEALTHS, STAGES};

/// The aggregate [`fold`] reads: per stage and health, the count and benefit sums.
pub fn aggregate() -> Aggregate {
    Aggregate::default()
        .group_by("stage")
        .group_by("health")
        .count("n")
        .sum("benefit_money", "benefit_money")
        .sum("benefit_hours", "benefit_hours")
}

/// `GET /summary`: the processes per stage and health, and their yearly benefit.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Summary {
    pub total: u64,
    /// Every stage, 0 when none is there.
    #[cfg_attr(test, ts(type = "Record<string, number>"))]
    pub by_stage: Map<String, Value>,
    /// Every health, 0 when none is there.
    #[cfg_attr(test, ts(type = "Record<string, number>"))]
    pub by_health: Map<String, Value>,
    pub benefit_money: f64,
    pub benefit_hours: f64,
}

pub fn fold(groups: &[Record]) -> Summary {
    let zeros = |choices: &[Choice]| choices.iter().map(|choice| (choice.key.to_string(), Value::from(0))).collect();
    let mut summary = Summary {
        total: 0,
        by_stage: zeros(&STAGES),
        by_health: zeros(&HEALTHS),
        benefit_money: 0.0,
        benefit_hours: 0.0,
    };
    for group in groups {
        let count = group.get("n").and_then(Value::as_u64).unwrap_or(0);
        summary.total += count;
        for (key, counts) in [("stage", &mut summary.by_stage), ("health", &mut summary.by_health)] {
            if let Some(value) = group.get(key).and_then(Value::as_str) {
                let sum = counts.get(value).and_then(Value::as_u64).unwrap_or(0) + count;
                counts.insert(value.to_string(), sum.into());
            }
        }
        summary.benefit_money += group.get("benefit_money").and_then(Value::as_f64).unwrap_or(0.0);
        summary.benefit_hours += group.get("benefit_hours").and_then(Value::as_f64).unwrap_or(0.0);
    }
    summary.benefit_money = round2(summary.benefit_money);
    summary.benefit_hours = round2(summary.benefit_hours);
    summary
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn groups_fold_into_counts_and_sums() {
        let groups: Vec<Record> = serde_json::from_value(json!([
            { "stage": "idea", "health": "on_track", "n": 2, "benefit_money": 100.5, "benefit_hours": 10.0 },
            { "stage": "live", "health": "at_risk", "n": 1, "benefit_money": 0.25, "benefit_hours": null },
            { "stage": "live", "health": "on_track", "n": 3, "benefit_money": 50.0, "benefit_hours": 5.5 }
        ]))
        .unwrap();
        let summary = serde_json::to_value(fold(&groups)).unwrap();
        assert_eq!(
            summary,
            json!({
                "total": 6,
                "by_stage": { "idea": 2, "assessment": 0, "analysis": 0, "development": 0, "testing": 0, "live": 4, "retired": 0, "rejected": 0 },
                "by_health": { "on_track": 5, "at_risk": 1, "delayed": 0, "on_hold": 0 },
                "benefit_money": 150.75,
                "benefit_hours": 15.5
            })
        );
    }

    #[test]
    fn no_process_is_all_zeros() {
        let summary = fold(&[]);
        assert_eq!((summary.total, summary.benefit_money), (0, 0.0));
        assert_eq!(summary.by_stage.len(), 8);
        assert_eq!(summary.by_health["on_hold"], json!(0));
    }
}
