//! A figure as the page shows it: its value, and the formula and inputs it was computed
//! from, so that anyone can open it and redo the sum.

use serde::{Serialize, Serializer};

/// What a value counts, so that the page writes it right (money in the company's currency).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    Count,
    Hours,
    Minutes,
    Money,
    Fte,
    Percent,
    Years,
}

/// A value rounded to 2 decimals, written as a whole number when it is one.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Amount(pub f64);

impl Serialize for Amount {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Rounded(self.0, 2).serialize(serializer)
    }
}

/// A value rounded to some decimals, written as a whole number when it is one (so that
/// 1 reads `1`, not `1.0`).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(type = "number"))]
pub struct Rounded(pub f64, pub i32);

impl Serialize for Rounded {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let value = round(self.0, self.1);
        // Within ±2^53 a whole f64 is an exact integer.
        if value.fract() == 0.0 && value.abs() < 9_007_199_254_740_992.0 {
            serializer.serialize_i64(value as i64)
        } else {
            serializer.serialize_f64(value)
        }
    }
}

/// One input of a formula.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "FigureInput"))]
pub struct Input {
    pub label: String,
    pub value: Amount,
    pub unit: Unit,
}

impl Input {
    pub fn new(label: impl Into<String>, value: f64, unit: Unit) -> Self {
        Self { label: label.into(), value: Amount(value), unit }
    }
}

/// A value (rounded to 2 decimals) and how it was computed.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Figure {
    /// `None` when the formula has no value (a ratio over nothing).
    pub value: Option<Amount>,
    pub unit: Unit,
    /// In words, naming what it counts (the days of run data of a prorated figure).
    pub formula: String,
    pub inputs: Vec<Input>,
    /// What the formula alone does not say (why a value is 0 or missing).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub note: Option<String>,
}

impl Figure {
    pub fn new(value: Option<f64>, unit: Unit, formula: impl Into<String>, inputs: Vec<Input>) -> Self {
        let value = value.filter(|value| value.is_finite()).map(Amount);
        Self { value, unit, formula: formula.into(), inputs, note: None }
    }

    pub fn with_note(mut self, note: Option<String>) -> Self {
        self.note = note;
        self
    }

    /// The value as computed (unrounded), 0 when there is none.
    pub fn raw(&self) -> f64 {
        self.value.map_or(0.0, |amount| amount.0)
    }
}

/// `value` rounded to `decimals`, halves away from zero.
pub fn round(value: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (value * scale).round() / scale
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn amounts_are_rounded_to_cents_and_whole_ones_written_whole() {
        let written = |value: f64| serde_json::to_value(Amount(value)).unwrap();
        assert_eq!(written(1234.5), json!(1234.5));
        assert_eq!(written(2.0 / 3.0), json!(0.67));
        assert_eq!(written(4938.0), json!(4938));
        assert_eq!(written(4937.999), json!(4938));
        assert_eq!(written(-0.125), json!(-0.13));
        assert_eq!(serde_json::to_value(Rounded(90.0 / 365.0, 4)).unwrap(), json!(0.2466));
        assert_eq!(serde_json::to_value(Rounded(1.0, 4)).unwrap(), json!(1));
    }

    #[test]
    fn a_figure_carries_its_formula_inputs_and_note() {
        let figure = Figure::new(
            Some(1234.5),
            Unit::Hours,
            "Items of successful runs × handling minutes ÷ 60",
            vec![
                Input::new("Items processed", 4938.0, Unit::Count),
                Input::new("Handling minutes", 15.0, Unit::Minutes),
            ],
        );
        assert_eq!(
            serde_json::to_value(&figure).unwrap(),
            json!({
                "value": 1234.5,
                "unit": "hours",
                "formula": "Items of successful runs × handling minutes ÷ 60",
                "inputs": [
                    { "label": "Items processed", "value": 4938, "unit": "count" },
                    { "label": "Handling minutes", "value": 15, "unit": "minutes" }
                ]
            })
        );
        let missing = Figure::new(Some(f64::NAN), Unit::Percent, "x", vec![]).with_note(Some("why".into()));
        assert_eq!(
            serde_json::to_value(&missing).unwrap(),
            json!({ "value": null, "unit": "percent", "formula": "x", "inputs": [], "note": "why" })
        );
        assert_eq!(missing.raw(), 0.0);
    }
}
