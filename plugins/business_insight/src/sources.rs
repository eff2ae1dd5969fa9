//! What the figures are computed from, as storage gives it: the Process Vault's catalogue,
//! Bot Profile's bots (licences and the processes each runs), the runs, counted per
//! process, status and month by aggregates that bots' `daily` rollup answers, and the days
//! of run data (the first and last start, from its `daily_all` rollup). No run record ever
//! reaches the plugin.

use std::collections::{BTreeMap, HashSet};

use autoscope_sdk::days::DAY;
use autoscope_sdk::prelude::*;
use autoscope_sdk::range::DayRange;
use autoscope_sdk::storage::text;
use serde::Deserialize;
use serde_json::Value;

use crate::range::Month;

pub const PROCESSES: &str = "vault.processes";
pub const RUNS: &str = "bots.runs";
pub const BOTS: &str = "bots.bots";

/// The most processes and bots read: far more than a company catalogues.
const MAX_RECORDS: usize = 10_000;

/// A process of the catalogue, with the fields the figures use (missing numbers count as 0).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct Process {
    pub name: String,
    pub department: Option<String>,
    pub stage: Option<String>,
    pub handling_minutes: Option<f64>,
    pub hourly_cost: Option<f64>,
    /// Per year (the vault's detailed assessment, src/scores.rs there).
    pub benefit_hours: Option<f64>,
    pub benefit_money: Option<f64>,
    pub benefit_fte: Option<f64>,
}

impl Process {
    pub fn is_live(&self) -> bool {
        self.stage.as_deref() == Some("live")
    }
}

/// The catalogue, oldest first, so that when names repeat the oldest process is the one
/// that counts (runs name a process by its name).
pub fn read_catalogue() -> Result<Vec<Process>> {
    let query = Query::default().sort("created_at").fields([
        "name",
        "department",
        "stage",
        "handling_minutes",
        "hourly_cost",
        "benefit_hours",
        "benefit_money",
        "benefit_fte",
    ]);
    Ok(catalogue(collection(PROCESSES).list_all_as(&query, MAX_RECORDS)?))
}

/// Names and departments trimmed (a blank department is none), each name once: the first.
pub fn catalogue(processes: Vec<Process>) -> Vec<Process> {
    let mut seen = HashSet::new();
    processes
        .into_iter()
        .filter_map(|mut process| {
            process.name = process.name.trim().to_string();
            process.department = process.department.map(|name| name.trim().to_string()).filter(|name| !name.is_empty());
            (!process.name.is_empty() && seen.insert(process.name.clone())).then_some(process)
        })
        .collect()
}

/// A bot as stored in Bot Profile.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct StoredBot {
    pub name: String,
    pub licence_cost: Option<f64>,
    /// A list of process names, as the bot's form saved it.
    pub processes: Value,
}

/// A bot's yearly licence and the processes it runs, each once.
#[derive(Debug, Clone, PartialEq)]
pub struct Bot {
    pub name: String,
    pub licence: f64,
    pub processes: Vec<String>,
}

impl From<StoredBot> for Bot {
    fn from(stored: StoredBot) -> Self {
        let mut processes: Vec<String> = Vec::new();
        for name in stored.processes.as_array().into_iter().flatten().filter_map(Value::as_str).map(str::trim) {
            if !name.is_empty() && !processes.iter().any(|known| known == name) {
                processes.push(name.to_string());
            }
        }
        let licence = stored.licence_cost.filter(|cost| cost.is_finite() && *cost > 0.0).unwrap_or(0.0);
        Self { name: stored.name, licence, processes }
    }
}

pub fn read_bots() -> Result<Vec<Bot>> {
    let query = Query::default().sort("name").fields(["name", "licence_cost", "processes"]);
    Ok(collection(BOTS).list_all_as::<StoredBot>(&query, MAX_RECORDS)?.into_iter().map(Bot::from).collect())
}

/// Runs of a process in one month: all of them, the successful ones, and the items those
/// processed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub runs: u64,
    pub successful: u64,
    pub items: u64,
}

impl Counts {
    pub fn add(&mut self, other: Counts) {
        self.runs += other.runs;
        self.successful += other.successful;
        self.items += other.items;
    }
}

/// The runs of one month of the range (started in it), per process and status: whole UTC
/// days with gte/lt, group keys and metrics of the `daily` rollup, so it is answered from it.
pub fn month_aggregate(month: &Month, process: Option<&str>) -> Aggregate {
    let aggregate = Aggregate::default().filter("started_at", FilterOp::Gte, month.start).filter(
        "started_at",
        FilterOp::Lt,
        month.end,
    );
    let aggregate = match process {
        Some(process) => aggregate.eq("process", process),
        None => aggregate,
    };
    aggregate.group_by("process").group_by("status").count("runs").sum("items", "items")
}

/// Per process, the counts of each month (one entry per month of the range, in order).
pub type RunsByProcess = BTreeMap<String, Vec<Counts>>;

/// One aggregate per month; a month holds a process with 4 statuses in at most 4 groups,
/// so up to 2,500 processes run in a month fit the aggregate's 10,000 groups.
pub fn read_runs(months: &[Month], process: Option<&str>) -> Result<RunsByProcess> {
    let runs = collection(RUNS);
    let mut groups = Vec::with_capacity(months.len());
    for month in months {
        groups.push(runs.aggregate(&month_aggregate(month, process))?);
    }
    Ok(fold_runs(&groups))
}

/// The groups of each month's aggregate, folded per process; only successful runs count
/// their items.
pub fn fold_runs(months: &[Vec<Record>]) -> RunsByProcess {
    let mut by_process = RunsByProcess::new();
    for (index, groups) in months.iter().enumerate() {
        for group in groups {
            let Some(process) = text(group, "process").map(str::trim).filter(|name| !name.is_empty()) else {
                continue;
            };
            let runs = group.get("runs").and_then(Value::as_u64).unwrap_or(0);
            let successful = text(group, "status") == Some("successful");
            let items = if successful { group.get("items").and_then(Value::as_u64).unwrap_or(0) } else { 0 };
            let counts = Counts { runs, successful: if successful { runs } else { 0 }, items };
            let months_of =
                by_process.entry(process.to_string()).or_insert_with(|| vec![Counts::default(); months.len()]);
            months_of[index].add(counts);
        }
    }
    by_process
}

/// The first and last start of the company's runs, ever (every process, whatever the
/// filters: run data is there or not for the whole company).
pub fn run_data_aggregate() -> Aggregate {
    Aggregate::default().min("started_at", "first").max("started_at", "last")
}

/// The days from the company's first run to its last one; none before the first run.
pub fn read_run_data() -> Result<Option<DayRange>> {
    Ok(run_data(&collection(RUNS).aggregate(&run_data_aggregate())?))
}

/// The days of the aggregate's first and last start (UTC); none without runs.
pub fn run_data(groups: &[Record]) -> Option<DayRange> {
    let group = groups.first()?;
    let day = |name: &str| group.get(name).and_then(Value::as_i64).map(|at| at.div_euclid(DAY));
    Some(DayRange { first: day("first")?, last: day("last")? })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn records(value: Value) -> Vec<Record> {
        serde_json::from_value(value).expect("groups are objects")
    }

    #[test]
    fn the_month_aggregate_fits_the_daily_rollup() {
        let month =
            Month { key: "2026-01".into(), start: 1_767_225_600, end: 1_769_904_000, days: 31, years: 31.0 / 365.0 };
        let aggregate = serde_json::to_value(month_aggregate(&month, Some("Invoices"))).unwrap();
        assert_eq!(
            aggregate,
            json!({
                "filters": [
                    { "field": "started_at", "op": "gte", "value": 1_767_225_600 },
                    { "field": "started_at", "op": "lt", "value": 1_769_904_000 },
                    { "field": "process", "op": "eq", "value": "Invoices" }
                ],
                "group_by": [{ "field": "process", "bucket": null, "as": null }, { "field": "status", "bucket": null, "as": null }],
                "metrics": [
                    { "fn": "count", "field": null, "as": "runs" },
                    { "fn": "sum", "field": "items", "as": "items" }
                ],
                "limit": null
            })
        );
        assert_eq!(month.start % 86_400, 0, "a UTC midnight");
        let unfiltered = serde_json::to_value(month_aggregate(&month, None)).unwrap();
        assert_eq!(unfiltered["filters"].as_array().map(Vec::len), Some(2));
    }

    #[test]
    fn runs_fold_per_process_and_month_with_items_of_successful_runs_only() {
        let january = records(json!([
            { "process": "Invoices", "status": "successful", "runs": 3, "items": 120 },
            { "process": "Invoices", "status": "failed", "runs": 2, "items": 7 },
            { "process": "Payroll", "status": "running", "runs": 1, "items": 0 },
            { "process": null, "status": "successful", "runs": 9, "items": 9 },
        ]));
        let february = records(json!([{ "process": " Invoices ", "status": "successful", "runs": 1, "items": 30 }]));
        let folded = fold_runs(&[january, february]);
        assert_eq!(
            folded["Invoices"],
            [Counts { runs: 5, successful: 3, items: 120 }, Counts { runs: 1, successful: 1, items: 30 }]
        );
        assert_eq!(folded["Payroll"], [Counts { runs: 1, successful: 0, items: 0 }, Counts::default()]);
        assert_eq!(folded.len(), 2, "a group without a process is left out");
    }

    #[test]
    fn run_data_runs_from_the_day_of_the_first_start_to_the_day_of_the_last() {
        assert_eq!(
            serde_json::to_value(run_data_aggregate()).unwrap(),
            json!({
                "filters": [],
                "group_by": [],
                "metrics": [
                    { "fn": "min", "field": "started_at", "as": "first" },
                    { "fn": "max", "field": "started_at", "as": "last" }
                ],
                "limit": null
            }),
            "min and max of the rollup's time, no filter: the daily_all rollup answers it"
        );
        // 2025-01-15 10:00 and 2025-06-10 23:59:59 UTC.
        let groups = records(json!([{ "first": 1_736_935_200, "last": 1_749_599_999 }]));
        let day = |text: &str| autoscope_sdk::days::parse_day(text).expect("a day");
        assert_eq!(run_data(&groups), Some(DayRange { first: day("2025-01-15"), last: day("2025-06-10") }));
        assert_eq!(run_data(&records(json!([{ "first": null, "last": null }]))), None, "no runs yet");
        assert_eq!(run_data(&[]), None);
    }

    #[test]
    fn the_catalogue_keeps_the_oldest_process_of_a_name() {
        let process = |name: &str, department: Option<&str>, minutes: f64| Process {
            name: name.into(),
            department: department.map(str::to_string),
            handling_minutes: Some(minutes),
            ..Process::default()
        };
        let kept = catalogue(vec![
            process(" Invoices ", Some(" Finance "), 6.0),
            process("Invoices", Some("HR"), 9.0),
            process("Payroll", Some("  "), 3.0),
            process("  ", None, 1.0),
        ]);
        assert_eq!(kept, [process("Invoices", Some("Finance"), 6.0), process("Payroll", None, 3.0)]);
    }

    #[test]
    fn a_stored_process_reads_with_missing_fields_as_none() {
        let process: Process =
            serde_json::from_value(json!({ "id": "p1", "name": "Invoices", "stage": "live" })).unwrap();
        assert!(process.is_live());
        assert_eq!((process.handling_minutes, process.department), (None, None));
    }

    #[test]
    fn a_bot_lists_each_process_once_and_no_negative_licence() {
        let stored: StoredBot = serde_json::from_value(json!({
            "name": "Bot A", "licence_cost": 12000, "processes": ["Invoices", " Invoices", "", 7, "Payroll"]
        }))
        .unwrap();
        assert_eq!(
            Bot::from(stored),
            Bot { name: "Bot A".into(), licence: 12_000.0, processes: vec!["Invoices".into(), "Payroll".into()] }
        );
        let odd: StoredBot =
            serde_json::from_value(json!({ "name": "B", "licence_cost": -5, "processes": "x" })).unwrap();
        assert_eq!(Bot::from(odd), Bot { name: "B".into(), licence: 0.0, processes: vec![] });
        let bare: StoredBot = serde_json::from_value(json!({ "name": "C", "licence_cost": null })).unwrap();
        assert_eq!(Bot::from(bare).licence, 0.0);
    }
}
