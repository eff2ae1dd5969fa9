//! The answer of `GET /overview`: the sources read from storage, the figures computed from
//! them, and what the page needs around them (range, filters and their choices, currency).

use std::collections::BTreeSet;

use autoscope_sdk::prelude::*;
use autoscope_sdk::range::DayRange;
use autoscope_sdk::wire::Caller;
use serde::Serialize;

use crate::benefits::{self, Figures, Filters, Period};
use crate::figure::Rounded;
use crate::range::{default_range, months};
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
    /// The range's days of run data (from the company's first run to its last one, inside
    /// the range), which estimates, licence costs and FTEs are prorated over; null when the
    /// range has none.
    pub data: Option<DayRange>,
    /// Their part of a year (4 decimals): for each year they touch, their days ÷ that
    /// year's days.
    pub years: Rounded,
    /// The company's days of run data, ever, every process: from its first run to its
    /// last; null before the first run.
    pub run_data: Option<DayRange>,
    pub filters: Filters,
    pub currency: Currency,
    pub choices: Choices,
    #[serde(flatten)]
    pub figures: Figures,
}

/// The answer when a module the figures come from is not installed, or the person's
/// rights do not open it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Unavailable {
    /// Always false.
    #[cfg_attr(test, ts(type = "false"))]
    pub available: bool,
    /// The keys of the missing modules: `vault`, `bots`.
    pub missing: Vec<&'static str>,
    /// The keys of the modules the person's rights do not open: `vault`, `bots`.
    pub restricted: Vec<&'static str>,
}

/// Why a module's data is not there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Gap {
    /// Not installed (storage answers 404).
    Missing,
    /// The person's rights do not open it (the host's rights refusal).
    Restricted,
}

/// What storage gave.
pub struct Sources {
    pub catalogue: Vec<Process>,
    pub bots: Vec<Bot>,
    /// The runs of the range, per process and month.
    pub runs: RunsByProcess,
    /// The company's days of run data, ever.
    pub run_data: Option<DayRange>,
}

/// What was read, or the gap where a module's data is not to be had.
fn available<T>(read: Result<T>) -> Result<std::result::Result<T, Gap>> {
    match read {
        Ok(value) => Ok(Ok(value)),
        Err(err) if err.status == 404 => Ok(Err(Gap::Missing)),
        Err(err) if err.is_rights_refusal() => Ok(Err(Gap::Restricted)),
        Err(err) => Err(err),
    }
}

/// The range, the catalogue, the bots, the company's days of run data and the runs of the
/// range (of the filtered process only, when there is one), or which modules are missing
/// or closed to the person.
/// The range is the `asked` one, or the default one of the run data up to `today`.
pub fn read(
    asked: Option<DayRange>,
    today: i64,
    filters: &Filters,
) -> Result<std::result::Result<(DayRange, Sources), Unavailable>> {
    let catalogue = available(sources::read_catalogue())?;
    let bots = available(sources::read_bots())?;
    // `Ok(None)`: Bot Profile is installed and no run came yet.
    let run_data = match &bots {
        Ok(_) => available(sources::read_run_data())?,
        Err(gap) => Err(*gap),
    };
    let runs = match run_data {
        Ok(run_data) => {
            let range = asked.unwrap_or_else(|| default_range(run_data.as_ref(), today));
            available(sources::read_runs(&months(&range), filters.process.as_deref()))?
                .map(|runs| (range, run_data, runs))
        }
        Err(gap) => Err(gap),
    };
    match (catalogue, bots, runs) {
        (Ok(catalogue), Ok(bots), Ok((range, run_data, runs))) => {
            Ok(Ok((range, Sources { catalogue, bots, runs, run_data })))
        }
        (catalogue, bots, runs) => {
            let gaps = [("vault", catalogue.err()), ("bots", bots.err().or(runs.err()))];
            let keys = |wanted: Gap| gaps.iter().filter(|(_, gap)| *gap == Some(wanted)).map(|(key, _)| *key).collect();
            Ok(Err(Unavailable { available: false, missing: keys(Gap::Missing), restricted: keys(Gap::Restricted) }))
        }
    }
}

/// Every figure, with the range, filters, choices and currency.
pub fn assemble(range: DayRange, filters: Filters, currency: Currency, sources: &Sources) -> Overview {
    let run_data = sources.run_data.as_ref();
    let figures = benefits::compute(&sources.catalogue, &sources.runs, &sources.bots, &filters, &range, run_data);
    let period = Period::of_range(&range, run_data);
    Overview {
        available: true,
        range,
        data: period.data,
        years: Rounded(period.years, 4),
        run_data: sources.run_data,
        filters,
        currency,
        choices: Choices::of(&sources.catalogue),
        figures,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

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
        let run_data = Some(crate::range::between("2024-11-02", "2025-02-10"));
        let sources = Sources { catalogue: Vec::new(), bots: Vec::new(), runs: RunsByProcess::new(), run_data };
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
                "data",
                "filters",
                "range",
                "run_data",
                "totals",
                "years"
            ]
        );
        assert_eq!(answer["available"], true);
        assert_eq!(
            answer["range"],
            json!({ "from": "2025-01-01", "to": "2025-02-15", "start": 1_735_689_600, "end": 1_739_664_000, "days": 46 })
        );
        // The run data inside the range: 2025-01-01 to 2025-02-10, 41 days.
        assert_eq!(answer["data"]["from"], "2025-01-01");
        assert_eq!((&answer["data"]["to"], &answer["data"]["days"]), (&json!("2025-02-10"), &json!(41)));
        assert_eq!(answer["years"], 0.1123);
        assert_eq!(
            (&answer["run_data"]["from"], &answer["run_data"]["to"]),
            (&json!("2024-11-02"), &json!("2025-02-10"))
        );
        assert_eq!(answer["filters"], json!({ "department": "Finance", "process": null }));
        assert_eq!(answer["currency"], json!({ "code": "EUR", "symbol": "€" }));
        assert_eq!(answer["choices"], json!({ "departments": [], "processes": [] }));
        let months: Vec<(&str, i64, i64)> = answer["by_month"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|month| {
                let days = |name: &str| month[name].as_i64().unwrap_or(-1);
                (month["month"].as_str().unwrap_or(""), days("days"), days("data_days"))
            })
            .collect();
        assert_eq!(months, [("2025-01", 31, 31), ("2025-02", 15, 10)]);
    }

    #[test]
    fn a_range_without_run_data_says_so() {
        let range = crate::range::between("2025-01-01", "2025-01-31");
        let sources = Sources { catalogue: Vec::new(), bots: Vec::new(), runs: RunsByProcess::new(), run_data: None };
        let currency = Currency { code: "USD".into(), symbol: "$".into() };
        let answer = serde_json::to_value(assemble(range, Filters::default(), currency, &sources)).unwrap();
        assert_eq!((&answer["data"], &answer["years"], &answer["run_data"]), (&Value::Null, &json!(0), &Value::Null));
    }

    #[test]
    fn a_missing_module_is_named() {
        let answer = Unavailable { available: false, missing: vec!["bots"], restricted: vec!["vault"] };
        assert_eq!(
            serde_json::to_value(answer).unwrap(),
            json!({ "available": false, "missing": ["bots"], "restricted": ["vault"] })
        );
    }

    #[test]
    fn storage_refusals_become_gaps() {
        let refused = Error::from(autoscope_sdk::wire::HostError::rights_refusal("Process Vault"));
        assert_eq!(available::<()>(Err(refused)).map_err(|err| err.message), Ok(Err(Gap::Restricted)));
        assert_eq!(available::<()>(Err(Error::not_found("gone"))).map_err(|err| err.message), Ok(Err(Gap::Missing)));
        let withheld =
            Error::forbidden("The module may not use 'read:vault.processes': the installation did not grant it");
        assert!(available::<()>(Err(withheld)).is_err(), "a withheld grant is the administrator's to fix");
    }
}
