//! The answer of `GET /overview`: the sources read from storage, the figures computed from
//! them, and what the page needs around them (range, filters and their choices, currency).

use std::collections::BTreeSet;

use autoscope_sdk::prelude::*;
use autoscope_sdk::range::DayRange;
use autoscope_sdk::wire::Caller;
use serde::Serialize;

use crate::benefits::{self, Figures, Filters};
use crate::figure::Rounded;
use crate::range::{months, years};
use crate::sources::{self, Bot, Process, RunsByProcess};

/// The company's currency, which every money figure is in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Currency {
    pub code: String,
    pub symbol: String,
}

impl Currency {
    /// The caller's company currency; USD and $ when it is blank.
    pub fn of(caller: &Caller) -> Self {
        let given = |text: &str, default: &str| {
            let text = text.trim();
            if text.is_empty() { default } else { text }.to_string()
        };
        Self { code: given(&caller.currency_code, "USD"), symbol: given(&caller.currency_symbol, "$") }
    }
}

/// A process the filter can choose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ProcessChoice {
    pub name: String,
    pub department: Option<String>,
}

/// What the filters can choose from: the whole catalogue's departments and processes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Choices {
    pub departments: Vec<String>,
    pub processes: Vec<ProcessChoice>,
}

impl Choices {
    fn of(catalogue: &[Process]) -> Self {
        let departments: BTreeSet<&str> =
            catalogue.iter().filter_map(|process| process.department.as_deref()).collect();
        let mut processes: Vec<ProcessChoice> = catalogue
            .iter()
            .map(|process| ProcessChoice { name: process.name.clone(), department: process.department.clone() })
            .collect();
        processes.sort_by(|a, b| a.name.cmp(&b.name));
        Self { departments: departments.into_iter().map(str::to_string).collect(), processes }
    }
}

/// `GET /overview`: every figure of the range and filters, each with its formula and inputs.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Overview {
    /// Always true (see [`Unavailable`]).
    #[cfg_attr(test, ts(type = "true"))]
    pub available: bool,
    pub range: DayRange,
    /// The range's part of a year (4 decimals): for each year it touches, its days in the
    /// range ÷ that year's days.
    pub years: Rounded,
    pub filters: Filters,
    pub currency: Currency,
    pub choices: Choices,
    #[serde(flatten)]
    pub figures: Figures,
}

/// The answer when a module the figures come from is not installed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Unavailable {
    /// Always false.
    #[cfg_attr(test, ts(type = "false"))]
    pub available: bool,
    /// The keys of the missing modules: `vault`, `bots`.
    pub missing: Vec<&'static str>,
}

/// What storage gave.
pub struct Sources {
    pub catalogue: Vec<Process>,
    pub bots: Vec<Bot>,
    pub runs: RunsByProcess,
}

/// `Ok(None)` for a collection whose module is not installed (storage answers 404).
fn installed<T>(read: Result<T>) -> Result<Option<T>> {
    match read {
        Ok(value) => Ok(Some(value)),
        Err(err) if err.status == 404 => Ok(None),
        Err(err) => Err(err),
    }
}

/// The catalogue, the bots and the runs of the range (of the filtered process only, when
/// there is one), or which modules are missing.
pub fn read(range: &DayRange, filters: &Filters) -> Result<std::result::Result<Sources, Unavailable>> {
    let catalogue = installed(sources::read_catalogue())?;
    let bots = installed(sources::read_bots())?;
    let runs = match &bots {
        Some(_) => installed(sources::read_runs(&months(range), filters.process.as_deref()))?,
        None => None,
    };
    match (catalogue, bots, runs) {
        (Some(catalogue), Some(bots), Some(runs)) => Ok(Ok(Sources { catalogue, bots, runs })),
        (catalogue, _, runs) => {
            let gone = [("vault", catalogue.is_none()), ("bots", runs.is_none())];
            let missing = gone.into_iter().filter(|(_, gone)| *gone).map(|(key, _)| key).collect();
            Ok(Err(Unavailable { available: false, missing }))
        }
    }
}

/// Every figure, with the range, filters, choices and currency.
pub fn assemble(range: DayRange, filters: Filters, currency: Currency, sources: &Sources) -> Overview {
    let figures = benefits::compute(&sources.catalogue, &sources.runs, &sources.bots, &filters, &months(&range));
    Overview {
        available: true,
        range,
        years: Rounded(years(&range), 4),
        filters,
        currency,
        choices: Choices::of(&sources.catalogue),
        figures,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn caller(extra: serde_json::Value) -> Caller {
        let mut caller = json!({ "user_id": "u1", "email": "ann@acme.test", "rights": {}, "company_admin": false });
        if let (Some(caller), Some(extra)) = (caller.as_object_mut(), extra.as_object()) {
            caller.extend(extra.clone());
        }
        serde_json::from_value(caller).expect("a caller")
    }

    #[test]
    fn the_currency_is_the_callers_company_one_or_usd() {
        let usd = Currency { code: "USD".into(), symbol: "$".into() };
        assert_eq!(Currency::of(&caller(json!({}))), usd);
        assert_eq!(Currency::of(&caller(json!({ "currency_code": " ", "currency_symbol": "" }))), usd);
        let euro = caller(json!({ "currency_code": "EUR", "currency_symbol": "€" }));
        assert_eq!(Currency::of(&euro), Currency { code: "EUR".into(), symbol: "€".into() });
    }

    #[test]
    fn the_choices_are_the_whole_catalogues_departments_and_processes() {
        let process = |name: &str, department: Option<&str>| Process {
            name: name.into(),
            department: department.map(str::to_string),
            ..Process::default()
        };
        let choices = Choices::of(&[
            process("Payroll", Some("HR")),
            process("Invoices", Some("Finance")),
            process("Misc", None),
            process("Leave", Some("HR")),
        ]);
        assert_eq!(choices.departments, ["Finance", "HR"]);
        let names: Vec<(&str, Option<&str>)> =
            choices.processes.iter().map(|choice| (choice.name.as_str(), choice.department.as_deref())).collect();
        assert_eq!(
            names,
            [("Invoices", Some("Finance")), ("Leave", Some("HR")), ("Misc", None), ("Payroll", Some("HR"))]
        );
    }

    #[test]
    fn the_answer_has_the_range_filters_currency_choices_and_figures() {
        let range = crate::range::between("2025-01-01", "2025-02-15");
        let filters = Filters { department: Some("Finance".into()), process: None };
        let currency = Currency { code: "EUR".into(), symbol: "€".into() };
        let sources = Sources { catalogue: Vec::new(), bots: Vec::new(), runs: RunsByProcess::new() };
        let answer = serde_json::to_value(assemble(range, filters, currency, &sources)).unwrap();
        let keys: Vec<&str> =
            answer.as_object().map(|object| object.keys().map(String::as_str).collect()).unwrap_or_default();
        assert_eq!(
            keys,
            [
                "available",
                "by_department",
                "by_month",
                "by_process",
                "choices",
                "currency",
                "filters",
                "range",
                "totals",
                "years"
            ]
        );
        assert_eq!(answer["available"], true);
        assert_eq!(
            answer["range"],
            json!({ "from": "2025-01-01", "to": "2025-02-15", "start": 1_735_689_600, "end": 1_739_664_000, "days": 46 })
        );
        assert_eq!(answer["years"], 0.126);
        assert_eq!(answer["filters"], json!({ "department": "Finance", "process": null }));
        assert_eq!(answer["currency"], json!({ "code": "EUR", "symbol": "€" }));
        assert_eq!(answer["choices"], json!({ "departments": [], "processes": [] }));
        let months: Vec<(&str, i64)> = answer["by_month"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|month| (month["month"].as_str().unwrap_or(""), month["days"].as_i64().unwrap_or(0)))
            .collect();
        assert_eq!(months, [("2025-01", 31), ("2025-02", 15)]);
    }

    #[test]
    fn a_missing_module_is_named() {
        let answer = Unavailable { available: false, missing: vec!["bots"] };
        assert_eq!(serde_json::to_value(answer).unwrap(), json!({ "available": false, "missing": ["bots"] }));
    }
}
