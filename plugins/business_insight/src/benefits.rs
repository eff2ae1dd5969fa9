//! Every figure of Business Insight, computed in plain functions from the catalogue, the
//! bots and the runs' counts:
//!
//! - realised hours saved = items of successful runs × the process's handling minutes ÷ 60;
//!   realised cost saved = those hours × its hourly cost;
//! - estimated hours and cost saved = the Process Vault's yearly benefit of the live
//!   processes × the years of run data (the days from the first run to the last one in
//!   the range or month, each year's days ÷ its days), so that the estimate covers the
//!   days the realised figures can count;
//! - FTE equivalent = hours saved ÷ (1,800 hours × years of run data); estimated, the
//!   vault's benefit FTE;
//! - licence cost = each bot's licence per year, shared equally by the processes it runs,
//!   × years of run data; ROI = (cost saved − licence cost) ÷ licence cost, none where
//!   nothing ran (a month before the first run is no −100 %).
//!
//! The same figures come for a process, a department, a month and the whole range, each
//! with its formula text (naming the days of run data it counts) and inputs.

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap};

use autoscope_sdk::days::format_day;
use autoscope_sdk::range::DayRange;
use serde::Serialize;

use crate::figure::{Amount, Figure, Input, Unit};
use crate::range::{months, overlap, years};
use crate::sources::{Bot, Counts, Process, RunsByProcess};

/// Working hours in an FTE-year (as the Process Vault counts them).
pub const HOURS_PER_FTE: f64 = 1800.0;
/// The input every prorated figure multiplies by.
pub const YEARS_OF_RUN_DATA: &str = "Years of run data";
/// The parts a sum lists one by one; the others are summed as one input.
const LISTED_PARTS: usize = 10;

pub const REALISED_HOURS: &str = "Items of successful runs × handling minutes ÷ 60";
pub const REALISED_HOURS_SUM: &str = "Sum over the processes of items of successful runs × handling minutes ÷ 60";
pub const REALISED_MONEY: &str = "Hours saved × hourly cost";
pub const REALISED_MONEY_SUM: &str = "Sum over the processes of hours saved × hourly cost";
pub const ESTIMATED_HOURS: &str = "Benefit hours per year of the live processes × years";
pub const ESTIMATED_MONEY: &str = "Benefit money per year of the live processes × years";
pub const REALISED_FTE: &str = "Hours saved ÷ (1,800 hours per FTE-year × years)";
pub const ESTIMATED_FTE: &str = "Sum of the benefit FTE of the live processes (FTEs freed, from the Process Vault)";
pub const LICENCE: &str =
    "Licence cost per year (a bot's yearly licence is shared equally by the processes it runs) × years";
pub const LICENCE_PROCESS: &str =
    "Sum over the bots that run the process of licence cost per year ÷ processes the bot runs, × years";
pub const ROI: &str = "(Cost saved − licence cost) ÷ licence cost × 100";
pub const REALISATION: &str = "Realised hours saved ÷ estimated hours saved × 100";
/// Why a realised ROI has no value where runs could have been counted.
pub const NO_RUNS: &str = "No runs: the ROI weighs what runs saved against the licence cost, so it has no value here";

/// The days prorated figures count: the days of run data of a slice (from the company's
/// first run to its last one, inside the slice's days) and their part of a year.
#[derive(Debug, Clone, PartialEq)]
pub struct Period {
    pub data: Option<DayRange>,
    pub years: f64,
    /// `the range` or `the month`: the slice's days, as the notes name them.
    of: &'static str,
}

impl Period {
    /// The days of `run_data` inside the range.
    pub fn of_range(range: &DayRange, run_data: Option<&DayRange>) -> Self {
        Self::new(range, run_data, "the range")
    }

    /// The days of `run_data` inside a month's days.
    fn of_month(days: &DayRange, run_data: Option<&DayRange>) -> Self {
        Self::new(days, run_data, "the month")
    }

    fn new(days: &DayRange, run_data: Option<&DayRange>, of: &'static str) -> Self {
        let data = run_data.and_then(|data| overlap(days, data));
        Self { data, years: data.as_ref().map_or(0.0, years), of }
    }

    fn input(&self) -> Input {
        Input::new(YEARS_OF_RUN_DATA, self.years, Unit::Years)
    }

    /// `formula` naming the days it counts: `…, over 17 days of run data (2025-01-01 to 2025-01-17)`.
    fn formula(&self, formula: &str) -> String {
        match self.data {
            Some(data) if data.days() == 1 => format!("{formula}, over 1 day of run data ({})", format_day(data.first)),
            Some(data) => format!(
                "{formula}, over {} days of run data ({} to {})",
                data.days(),
                format_day(data.first),
                format_day(data.last)
            ),
            None => format!("{formula}, over 0 days: no run data in {}", self.of),
        }
    }

    /// Why a prorated figure is 0 or has no value.
    fn no_data(&self) -> Option<String> {
        self.data.is_none().then(|| {
            format!(
                "No run data in {}: estimates, licence costs and FTEs count only the days from the first run to the last",
                self.of
            )
        })
    }
}

/// What the department and process filters keep.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Filters {
    pub department: Option<String>,
    pub process: Option<String>,
}

impl Filters {
    fn any(&self) -> bool {
        self.department.is_some() || self.process.is_some()
    }
}

/// A bot's share of a process: its yearly licence and how many processes share it.
#[derive(Debug, Clone, PartialEq)]
struct Share<'a> {
    bot: &'a str,
    licence: f64,
    processes: usize,
}

impl Share<'_> {
    fn per_year(&self) -> f64 {
        self.licence / self.processes as f64
    }
}

/// One process (by name) with what the figures need of it.
#[derive(Debug, Clone)]
struct Line<'a> {
    name: &'a str,
    /// `None`: the runs or a bot name a process the catalogue does not have.
    process: Option<&'a Process>,
    /// The counts of each month of the range.
    months: &'a [Counts],
    shares: Vec<Share<'a>>,
}

impl Line<'_> {
    fn department(&self) -> Option<&str> {
        self.process.and_then(|process| process.department.as_deref())
    }

    fn live(&self) -> bool {
        self.process.is_some_and(Process::is_live)
    }

    fn field(&self, read: fn(&Process) -> Option<f64>) -> f64 {
        self.process.and_then(read).filter(|value| value.is_finite()).unwrap_or(0.0)
    }

    fn handling_minutes(&self) -> f64 {
        self.field(|process| process.handling_minutes)
    }

    fn hourly_cost(&self) -> f64 {
        self.field(|process| process.hourly_cost)
    }

    /// The yearly estimate of a live process (0 for any other): hours, money, FTE.
    fn yearly_estimate(&self) -> (f64, f64, f64) {
        if !self.live() {
            return (0.0, 0.0, 0.0);
        }
        (
            self.field(|process| process.benefit_hours),
            self.field(|process| process.benefit_money),
            self.field(|process| process.benefit_fte),
        )
    }

    fn yearly_licence(&self) -> f64 {
        self.shares.iter().map(Share::per_year).sum()
    }

    /// The counts of the months in `months` (indexes into the range's months).
    fn counts(&self, months: &[usize]) -> Counts {
        let mut counts = Counts::default();
        for &index in months {
            if let Some(month) = self.months.get(index) {
                counts.add(*month);
            }
        }
        counts
    }

    fn realised_hours(&self, counts: Counts) -> f64 {
        counts.items as f64 * self.handling_minutes() / 60.0
    }
}

/// Every process the figures cover, after the filters: the catalogued ones that are live,
/// ran in the range or carry a licence share, and the names runs or bots give that the
/// catalogue lacks (these have no department, so a department filter leaves them out).
fn lines<'a>(
    catalogue: &'a [Process],
    runs: &'a RunsByProcess,
    bots: &'a [Bot],
    filters: &Filters,
    no_runs: &'a [Counts],
) -> Vec<Line<'a>> {
    let bot_processes = bots.iter().flat_map(|bot| bot.processes.iter());
    let every_name = catalogue.iter().map(|process| &process.name).chain(runs.keys()).chain(bot_processes);
    let catalogued: HashMap<&str, &Process> =
        catalogue.iter().map(|process| (process.name.as_str(), process)).collect();
    let mut names: BTreeMap<&str, Line<'a>> = BTreeMap::new();
    for name in every_name {
        names.entry(name).or_insert_with(|| Line {
            name,
            process: catalogued.get(name.as_str()).copied(),
            months: runs.get(name).map_or(no_runs, Vec::as_slice),
            shares: Vec::new(),
        });
    }
    for bot in bots {
        for name in &bot.processes {
            if let Some(line) = names.get_mut(name.as_str()) {
                line.shares.push(Share { bot: &bot.name, licence: bot.licence, processes: bot.processes.len() });
            }
        }
    }
    names
        .into_values()
        .filter(|line| filters.process.as_deref().is_none_or(|process| line.name == process))
        .filter(|line| filters.department.as_deref().is_none_or(|department| line.department() == Some(department)))
        .filter(|line| {
            let ran = line.months.iter().any(|month| month.runs > 0);
            line.live() || ran || line.yearly_licence() > 0.0
        })
        .collect()
}

/// An estimated figure and its realised counterpart.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Pair {
    pub estimated: Figure,
    pub realised: Figure,
}

/// The figures of a process, a department, a month or the whole range.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Benefits {
    pub runs: u64,
    pub successful_runs: u64,
    /// Items processed by successful runs.
    pub items: u64,
    pub hours_saved: Pair,
    pub cost_saved: Pair,
    pub fte: Pair,
    pub licence_cost: Figure,
    pub roi: Pair,
    /// Realised hours in percent of the estimated ones.
    pub realisation: Figure,
}

/// What a set of lines adds up to over some months, prorated over their days of run data.
struct Slice<'s, 'a> {
    lines: &'s [&'s Line<'a>],
    months: &'s [usize],
    period: &'s Period,
    /// The yearly licences of bots that run no listed process (the unfiltered totals only).
    unassigned_licence: f64,
    unassigned_bots: usize,
}

impl<'s, 'a> Slice<'s, 'a> {
    fn new(lines: &'s [&'s Line<'a>], months: &'s [usize], period: &'s Period) -> Self {
        Self { lines, months, period, unassigned_licence: 0.0, unassigned_bots: 0 }
    }

    /// With the bots that run no listed process, whose whole licence counts.
    fn with_unassigned(self, bots: &[&Bot]) -> Self {
        Self {
            unassigned_licence: bots.iter().map(|bot| bot.licence).sum(),
            unassigned_bots: bots.iter().filter(|bot| bot.licence > 0.0).count(),
            ..self
        }
    }
}

/// A process's value, for a sum's inputs.
struct Part<'a> {
    name: &'a str,
    value: f64,
}

/// The inputs of a sum: the largest parts by name, then the rest as one.
fn parts_inputs(mut parts: Vec<Part>, unit: Unit) -> Vec<Input> {
    parts.retain(|part| part.value != 0.0);
    parts.sort_by(|a, b| b.value.total_cmp(&a.value).then(a.name.cmp(b.name)));
    let rest: Vec<Part> = parts.split_off(parts.len().min(LISTED_PARTS));
    let mut inputs: Vec<Input> = parts.into_iter().map(|part| Input::new(part.name, part.value, unit)).collect();
    if !rest.is_empty() {
        let label = format!("Other processes ({})", rest.len());
        inputs.push(Input::new(label, rest.iter().map(|part| part.value).sum(), unit));
    }
    inputs
}

/// Hours and money realised: per process, items × minutes ÷ 60 and × hourly cost.
fn realised(slice: &Slice) -> (Figure, Figure, Counts) {
    let mut counts = Counts::default();
    let (mut hours, mut money) = (Vec::new(), Vec::new());
    for line in slice.lines {
        let line_counts = line.counts(slice.months);
        counts.add(line_counts);
        let line_hours = line.realised_hours(line_counts);
        hours.push(Part { name: line.name, value: line_hours });
        money.push(Part { name: line.name, value: line_hours * line.hourly_cost() });
    }
    let total = |parts: &[Part]| parts.iter().map(|part| part.value).sum::<f64>();
    let (hours_total, money_total) = (total(&hours), total(&money));
    (
        Figure::new(Some(hours_total), Unit::Hours, REALISED_HOURS_SUM, parts_inputs(hours, Unit::Hours)),
        Figure::new(Some(money_total), Unit::Money, REALISED_MONEY_SUM, parts_inputs(money, Unit::Money)),
        counts,
    )
}

/// The realised figures of one process: its own items, minutes and hourly cost.
fn realised_process(line: &Line, months: &[usize]) -> (Figure, Figure, Counts) {
    let counts = line.counts(months);
    let hours = line.realised_hours(counts);
    let note = if line.process.is_none() {
        Some("Not in the Process Vault: without handling minutes its runs save no hours".to_string())
    } else if counts.items > 0 && line.handling_minutes() == 0.0 {
        Some("The Process Vault gives no handling minutes for this process".to_string())
    } else {
        None
    };
    let hours_figure = Figure::new(
        Some(hours),
        Unit::Hours,
        REALISED_HOURS,
        vec![
            Input::new("Items of successful runs", counts.items as f64, Unit::Count),
            Input::new("Handling minutes per item", line.handling_minutes(), Unit::Minutes),
        ],
    )
    .with_note(note);
    let money = Figure::new(
        Some(hours * line.hourly_cost()),
        Unit::Money,
        REALISED_MONEY,
        vec![Input::new("Hours saved", hours, Unit::Hours), Input::new("Hourly cost", line.hourly_cost(), Unit::Money)],
    );
    (hours_figure, money, counts)
}

/// `(a − b) ÷ b × 100`, none when `b` is 0.
fn percent_over(a: f64, b: f64) -> Option<f64> {
    (b != 0.0).then(|| (a - b) / b * 100.0)
}

impl Benefits {
    fn of(slice: &Slice, process: Option<&Line>) -> Self {
        let (realised_hours, realised_money, counts) = match process {
            Some(line) => realised_process(line, slice.months),
            None => realised(slice),
        };
        let period = slice.period;
        let years = period.input();
        let no_data = period.no_data();

        // The estimate: the live processes' yearly benefits, prorated.
        let (mut yearly_hours, mut yearly_money, mut fte_parts) = (0.0, 0.0, Vec::new());
        for line in slice.lines {
            let (hours, money, fte) = line.yearly_estimate();
            yearly_hours += hours;
            yearly_money += money;
            fte_parts.push(Part { name: line.name, value: fte });
        }
        let not_live =
            process.filter(|line| !line.live()).map(|line| match line.process.and_then(|p| p.stage.as_deref()) {
                Some(stage) => format!("Only live processes are estimated: this one is in stage {stage}"),
                None => "Only live processes of the Process Vault are estimated".to_string(),
            });
        let estimate = |yearly: f64, label: &str, unit: Unit, formula| {
            let inputs = vec![Input::new(label, yearly, unit), years.clone()];
            Figure::new(Some(yearly * period.years), unit, period.formula(formula), inputs)
                .with_note(no_data.clone().or_else(|| not_live.clone()))
        };
        let estimated_hours =
            estimate(yearly_hours, "Benefit hours per year (live processes)", Unit::Hours, ESTIMATED_HOURS);
        let estimated_money =
            estimate(yearly_money, "Benefit money per year (live processes)", Unit::Money, ESTIMATED_MONEY);
        let fte_total = fte_parts.iter().map(|part| part.value).sum::<f64>();
        let estimated_fte = Figure::new(Some(fte_total), Unit::Fte, ESTIMATED_FTE, parts_inputs(fte_parts, Unit::Fte))
            .with_note(not_live);

        let realised_fte = Figure::new(
            Some(realised_hours.raw() / (HOURS_PER_FTE * period.years)),
            Unit::Fte,
            period.formula(REALISED_FTE),
            vec![
                Input::new("Hours saved", realised_hours.raw(), Unit::Hours),
                Input::new("Hours per FTE-year", HOURS_PER_FTE, Unit::Hours),
                years.clone(),
            ],
        )
        .with_note(no_data.clone());

        let licence_cost = licence(slice, process);
        let cost = licence_cost.raw();
        let no_cost = (cost == 0.0).then(|| "No licence cost: no bot with a licence runs these processes".to_string());
        let roi = |saved: &Figure, label: &str, ran: bool| {
            Figure::new(
                if ran { percent_over(saved.raw(), cost) } else { None },
                Unit::Percent,
                period.formula(ROI),
                vec![Input::new(label, saved.raw(), Unit::Money), Input::new("Licence cost", cost, Unit::Money)],
            )
            .with_note(no_data.clone().or_else(|| (!ran).then(|| NO_RUNS.to_string())).or_else(|| no_cost.clone()))
        };
        let roi = Pair {
            estimated: roi(&estimated_money, "Cost saved (estimated)", true),
            realised: roi(&realised_money, "Cost saved (realised)", counts.runs > 0),
        };
        let realisation = Figure::new(
            (estimated_hours.raw() != 0.0).then(|| realised_hours.raw() / estimated_hours.raw() * 100.0),
            Unit::Percent,
            REALISATION,
            vec![
                Input::new("Hours saved (realised)", realised_hours.raw(), Unit::Hours),
                Input::new("Hours saved (estimated)", estimated_hours.raw(), Unit::Hours),
            ],
        )
        .with_note(no_data.or_else(|| {
            (estimated_hours.raw() == 0.0).then(|| "No estimate: no live process has benefit hours".to_string())
        }));

        Self {
            runs: counts.runs,
            successful_runs: counts.successful,
            items: counts.items,
            hours_saved: Pair { estimated: estimated_hours, realised: realised_hours },
            cost_saved: Pair { estimated: estimated_money, realised: realised_money },
            fte: Pair { estimated: estimated_fte, realised: realised_fte },
            licence_cost,
            roi,
            realisation,
        }
    }
}

/// The licences of the slice's processes (and, unfiltered, of the bots that run none) ×
/// years of run data.
fn licence(slice: &Slice, process: Option<&Line>) -> Figure {
    let period = slice.period;
    if let Some(line) = process {
        let mut inputs = Vec::new();
        for share in &line.shares {
            inputs.push(Input::new(format!("{}: licence cost per year", share.bot), share.licence, Unit::Money));
            inputs.push(Input::new(format!("{}: processes it runs", share.bot), share.processes as f64, Unit::Count));
        }
        inputs.push(period.input());
        let yearly = line.yearly_licence();
        return Figure::new(Some(yearly * period.years), Unit::Money, period.formula(LICENCE_PROCESS), inputs)
            .with_note(period.no_data().filter(|_| yearly > 0.0));
    }
    let yearly = slice.lines.iter().map(|line| line.yearly_licence()).sum::<f64>() + slice.unassigned_licence;
    let unassigned = (slice.unassigned_bots > 0).then(|| {
        format!("Includes {} bot(s) that run no listed process, with their whole licence", slice.unassigned_bots)
    });
    Figure::new(
        Some(yearly * period.years),
        Unit::Money,
        period.formula(LICENCE),
        vec![Input::new("Licence cost per year", yearly, Unit::Money), period.input()],
    )
    .with_note(period.no_data().filter(|_| yearly > 0.0).or(unassigned))
}

/// A month of the series.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MonthRow {
    /// `2026-01`.
    pub month: String,
    /// The month's days inside the range.
    pub days: i64,
    /// Its days of run data (from the first run to the last), which its estimates, licence
    /// cost and FTEs are prorated over.
    pub data_days: i64,
    #[serde(flatten)]
    pub benefits: Benefits,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct DepartmentRow {
    /// `None`: processes without a department, or not in the catalogue.
    pub department: Option<String>,
    pub processes: usize,
    pub live_processes: usize,
    #[serde(flatten)]
    pub benefits: Benefits,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ProcessRow {
    pub process: String,
    pub department: Option<String>,
    /// `None` when the process is not in the catalogue.
    pub stage: Option<String>,
    pub in_catalogue: bool,
    pub handling_minutes: Amount,
    pub hourly_cost: Amount,
    /// The bots that run it (their licences share its cost).
    pub bots: Vec<String>,
    #[serde(flatten)]
    pub benefits: Benefits,
}

/// Every figure of the overview.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Figures {
    pub totals: Benefits,
    pub by_month: Vec<MonthRow>,
    pub by_department: Vec<DepartmentRow>,
    pub by_process: Vec<ProcessRow>,
}

/// The figures over `range`, whose runs are counted per month (`runs`), prorated over the
/// days of `run_data` (the company's first run to its last) inside it.
pub fn compute(
    catalogue: &[Process],
    runs: &RunsByProcess,
    bots: &[Bot],
    filters: &Filters,
    range: &DayRange,
    run_data: Option<&DayRange>,
) -> Figures {
    let months = months(range);
    let no_runs = vec![Counts::default(); months.len()];
    let lines = lines(catalogue, runs, bots, filters, &no_runs);
    let all: Vec<&Line> = lines.iter().collect();
    let every_month: Vec<usize> = (0..months.len()).collect();
    let period = Period::of_range(range, run_data);
    let unassigned: Vec<&Bot> =
        if filters.any() { Vec::new() } else { bots.iter().filter(|bot| bot.processes.is_empty()).collect() };
    let totals = Benefits::of(&Slice::new(&all, &every_month, &period).with_unassigned(&unassigned), None);

    let by_month = months
        .iter()
        .enumerate()
        .map(|(index, month)| {
            let month_period = Period::of_month(&month.days_range(), run_data);
            MonthRow {
                month: month.key.clone(),
                days: month.days,
                data_days: month_period.data.map_or(0, |data| data.days()),
                benefits: Benefits::of(&Slice::new(&all, &[index], &month_period).with_unassigned(&unassigned), None),
            }
        })
        .collect();

    let mut departments: BTreeMap<Option<&str>, Vec<&Line>> = BTreeMap::new();
    for line in &lines {
        departments.entry(line.department()).or_default().push(line);
    }
    let mut by_department: Vec<DepartmentRow> = departments
        .into_iter()
        .map(|(department, lines)| DepartmentRow {
            department: department.map(str::to_string),
            processes: lines.len(),
            live_processes: lines.iter().filter(|line| line.live()).count(),
            benefits: Benefits::of(&Slice::new(&lines, &every_month, &period), None),
        })
        .collect();
    by_department.sort_by(|a, b| {
        // Departments by name, processes without one last.
        let by_name = |row: &DepartmentRow| (row.department.is_none(), row.department.clone());
        most_saved(&a.benefits, &b.benefits).then_with(|| by_name(a).cmp(&by_name(b)))
    });

    let mut by_process: Vec<ProcessRow> = lines
        .iter()
        .map(|line| ProcessRow {
            process: line.name.to_string(),
            department: line.department().map(str::to_string),
            stage: line.process.and_then(|process| process.stage.clone()),
            in_catalogue: line.process.is_some(),
            handling_minutes: Amount(line.handling_minutes()),
            hourly_cost: Amount(line.hourly_cost()),
            bots: line.shares.iter().map(|share| share.bot.to_string()).collect(),
            benefits: Benefits::of(&Slice::new(&[line], &every_month, &period), Some(line)),
        })
        .collect();
    by_process.sort_by(|a, b| most_saved(&a.benefits, &b.benefits).then_with(|| a.process.cmp(&b.process)));

    Figures { totals, by_month, by_department, by_process }
}

/// Most realised cost saved first, then most realised hours, then most estimated cost.
fn most_saved(a: &Benefits, b: &Benefits) -> Ordering {
    let key = |benefits: &Benefits| {
        [benefits.cost_saved.realised.raw(), benefits.hours_saved.realised.raw(), benefits.cost_saved.estimated.raw()]
    };
    let (a, b) = (key(a), key(b));
    b[0].total_cmp(&a[0]).then(b[1].total_cmp(&a[1])).then(b[2].total_cmp(&a[2]))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::range::between;

    /// 2025-01-01 to 2025-03-31: January (31 days), February (28) and March (31), 90 days,
    /// 90 ÷ 365 of a year. Yearly values below are multiples of 365 so that the prorated
    /// ones come out whole.
    fn quarter() -> DayRange {
        between("2025-01-01", "2025-03-31")
    }

    /// Run data from before the quarter to after it: every day of it counts.
    fn around_the_quarter() -> Option<DayRange> {
        Some(between("2024-12-20", "2025-04-02"))
    }

    /// The formula over the whole quarter.
    fn over_the_quarter(formula: &str) -> String {
        format!("{formula}, over 90 days of run data (2025-01-01 to 2025-03-31)")
    }

    fn process(name: &str, department: &str, stage: &str, minutes: f64, cost: f64, benefit: [f64; 3]) -> Process {
        Process {
            name: name.into(),
            department: Some(department.into()),
            stage: Some(stage.into()),
            handling_minutes: Some(minutes),
            hourly_cost: Some(cost),
            benefit_hours: Some(benefit[0]),
            benefit_money: Some(benefit[1]),
            benefit_fte: Some(benefit[2]),
        }
    }

    /// - Invoices (Finance, live): 6 min an item at 40 an hour; 730 h, 29,200 and 0.4 FTE a year.
    /// - Payroll (HR, development): 3 min at 30; 600 h, 18,000, 0.33 FTE (not live: no estimate).
    /// - Onboarding (HR, live): 12 min at 25; 365 h, 9,125, 0.2 FTE; never ran.
    /// - Idea (Finance, idea): no runs, no bot: left out.
    fn catalogue() -> Vec<Process> {
        vec![
            process("Invoices", "Finance", "live", 6.0, 40.0, [730.0, 29_200.0, 0.4]),
            process("Payroll", "HR", "development", 3.0, 30.0, [600.0, 18_000.0, 0.33]),
            process("Onboarding", "HR", "live", 12.0, 25.0, [365.0, 9_125.0, 0.2]),
            process("Idea", "Finance", "idea", 5.0, 20.0, [100.0, 2_000.0, 0.1]),
        ]
    }

    fn counts(runs: u64, successful: u64, items: u64) -> Counts {
        Counts { runs, successful, items }
    }

    /// - Invoices: January 3 successful runs with 500 items and 1 failed; February 2 with 100.
    /// - Payroll: March 1 successful run with 40 items.
    /// - Ghost, not in the catalogue: January 2 successful runs with 10 items.
    fn runs() -> RunsByProcess {
        RunsByProcess::from([
            ("Invoices".to_string(), vec![counts(4, 3, 500), counts(2, 2, 100), Counts::default()]),
            ("Payroll".to_string(), vec![Counts::default(), Counts::default(), counts(1, 1, 40)]),
            ("Ghost".to_string(), vec![counts(2, 2, 10), Counts::default(), Counts::default()]),
        ])
    }

    /// Bot A (7,300 a year) runs Invoices and Payroll: 3,650 each; Bot B (3,650) runs
    /// Invoices; Bot C (730) runs no listed process.
    fn bots() -> Vec<Bot> {
        let bot = |name: &str, licence: f64, processes: &[&str]| Bot {
            name: name.into(),
            licence,
            processes: processes.iter().map(|name| name.to_string()).collect(),
        };
        vec![
            bot("Bot A", 7_300.0, &["Invoices", "Payroll"]),
            bot("Bot B", 3_650.0, &["Invoices"]),
            bot("Bot C", 730.0, &[]),
        ]
    }

    fn figures(filters: Filters) -> Figures {
        compute(&catalogue(), &runs(), &bots(), &filters, &quarter(), around_the_quarter().as_ref())
    }

    fn value(figure: &Figure) -> Option<f64> {
        figure.value.map(|amount| crate::figure::round(amount.0, 2))
    }

    fn inputs(figure: &Figure) -> Vec<(String, f64)> {
        figure.inputs.iter().map(|input| (input.label.clone(), crate::figure::round(input.value.0, 4))).collect()
    }

    fn row<'f>(figures: &'f Figures, name: &str) -> &'f ProcessRow {
        figures.by_process.iter().find(|row| row.process == name).expect("the process has a row")
    }

    #[test]
    fn a_live_process_that_ran_has_every_figure_worked_by_hand() {
        let figures = figures(Filters::default());
        let invoices = row(&figures, "Invoices");
        let b = &invoices.benefits;
        assert_eq!((b.runs, b.successful_runs, b.items), (6, 5, 600));
        // 600 items × 6 min ÷ 60 = 60 h; × 40 = 2,400.
        assert_eq!(value(&b.hours_saved.realised), Some(60.0));
        assert_eq!(b.hours_saved.realised.formula, REALISED_HOURS);
        assert_eq!(
            inputs(&b.hours_saved.realised),
            [("Items of successful runs".into(), 600.0), ("Handling minutes per item".into(), 6.0)]
        );
        assert_eq!(value(&b.cost_saved.realised), Some(2_400.0));
        assert_eq!(inputs(&b.cost_saved.realised), [("Hours saved".into(), 60.0), ("Hourly cost".into(), 40.0)]);
        // 730 h and 29,200 a year × 90/365 = 180 h and 7,200.
        assert_eq!(value(&b.hours_saved.estimated), Some(180.0));
        assert_eq!(
            inputs(&b.hours_saved.estimated),
            [("Benefit hours per year (live processes)".into(), 730.0), (YEARS_OF_RUN_DATA.into(), 0.2466)]
        );
        assert_eq!(value(&b.cost_saved.estimated), Some(7_200.0));
        // 60 h ÷ (1,800 × 90/365) = 21,900 ÷ 162,000 = 0.135.
        assert_eq!(value(&b.fte.realised), Some(0.14));
        assert!((b.fte.realised.raw() - 21_900.0 / 162_000.0).abs() < 1e-12);
        assert_eq!(value(&b.fte.estimated), Some(0.4));
        // (7,300 ÷ 2 + 3,650 ÷ 1) × 90/365 = 1,800.
        assert_eq!(value(&b.licence_cost), Some(1_800.0));
        assert_eq!(b.licence_cost.formula, over_the_quarter(LICENCE_PROCESS));
        assert_eq!(
            inputs(&b.licence_cost),
            [
                ("Bot A: licence cost per year".into(), 7_300.0),
                ("Bot A: processes it runs".into(), 2.0),
                ("Bot B: licence cost per year".into(), 3_650.0),
                ("Bot B: processes it runs".into(), 1.0),
                (YEARS_OF_RUN_DATA.into(), 0.2466),
            ]
        );
        // (2,400 − 1,800) ÷ 1,800 = 33.33 %; (7,200 − 1,800) ÷ 1,800 = 300 %.
        assert_eq!(value(&b.roi.realised), Some(33.33));
        assert_eq!(
            inputs(&b.roi.realised),
            [("Cost saved (realised)".into(), 2_400.0), ("Licence cost".into(), 1_800.0)]
        );
        assert_eq!(value(&b.roi.estimated), Some(300.0));
        assert_eq!(b.roi.realised.formula, over_the_quarter(ROI));
        assert_eq!(b.hours_saved.estimated.formula, over_the_quarter(ESTIMATED_HOURS));
        assert_eq!(b.fte.realised.formula, over_the_quarter(REALISED_FTE));
        // 60 of 180 hours.
        assert_eq!(value(&b.realisation), Some(33.33));
        assert_eq!(
            (invoices.bots.as_slice(), invoices.in_catalogue),
            (["Bot A".to_string(), "Bot B".to_string()].as_slice(), true)
        );
        assert_eq!(b.hours_saved.realised.note, None);
    }

    #[test]
    fn a_process_not_live_is_not_estimated_and_says_why() {
        let figures = figures(Filters::default());
        let b = &row(&figures, "Payroll").benefits;
        // 40 items × 3 min ÷ 60 = 2 h; × 30 = 60.
        assert_eq!((value(&b.hours_saved.realised), value(&b.cost_saved.realised)), (Some(2.0), Some(60.0)));
        assert_eq!((value(&b.hours_saved.estimated), value(&b.cost_saved.estimated)), (Some(0.0), Some(0.0)));
        assert_eq!(value(&b.fte.estimated), Some(0.0));
        let note = Some("Only live processes are estimated: this one is in stage development".to_string());
        assert_eq!((&b.hours_saved.estimated.note, &b.fte.estimated.note), (&note, &note));
        // 7,300 ÷ 2 × 90/365 = 900; (60 − 900) ÷ 900 = −93.33 %, (0 − 900) ÷ 900 = −100 %.
        assert_eq!(value(&b.licence_cost), Some(900.0));
        assert_eq!((value(&b.roi.realised), value(&b.roi.estimated)), (Some(-93.33), Some(-100.0)));
        assert_eq!(value(&b.realisation), None, "nothing estimated");
        assert_eq!(b.realisation.note.as_deref(), Some("No estimate: no live process has benefit hours"));
    }

    #[test]
    fn a_live_process_that_never_ran_is_estimated_without_roi() {
        let figures = figures(Filters::default());
        let b = &row(&figures, "Onboarding").benefits;
        assert_eq!((b.runs, value(&b.hours_saved.realised)), (0, Some(0.0)));
        // 365 h and 9,125 a year × 90/365 = 90 h and 2,250.
        assert_eq!((value(&b.hours_saved.estimated), value(&b.cost_saved.estimated)), (Some(90.0), Some(2_250.0)));
        assert_eq!(value(&b.licence_cost), Some(0.0));
        assert_eq!((value(&b.roi.realised), value(&b.roi.estimated)), (None, None));
        assert_eq!(b.roi.realised.note.as_deref(), Some(NO_RUNS));
        assert_eq!(
            b.roi.estimated.note.as_deref(),
            Some("No licence cost: no bot with a licence runs these processes")
        );
        assert_eq!(value(&b.realisation), Some(0.0));
    }

    #[test]
    fn runs_of_a_process_the_catalogue_lacks_save_nothing_and_say_so() {
        let figures = figures(Filters::default());
        let ghost = row(&figures, "Ghost");
        assert_eq!((ghost.in_catalogue, &ghost.department, &ghost.stage), (false, &None, &None));
        assert_eq!((ghost.benefits.items, value(&ghost.benefits.hours_saved.realised)), (10, Some(0.0)));
        assert_eq!(
            ghost.benefits.hours_saved.realised.note.as_deref(),
            Some("Not in the Process Vault: without handling minutes its runs save no hours")
        );
        assert!(figures.by_process.iter().all(|row| row.process != "Idea"), "an idea that never ran is left out");
        let order: Vec<&str> = figures.by_process.iter().map(|row| row.process.as_str()).collect();
        assert_eq!(order, ["Invoices", "Payroll", "Onboarding", "Ghost"], "most saved first, then estimated");
    }

    #[test]
    fn the_totals_add_up_every_process_and_every_bot() {
        let figures = figures(Filters::default());
        let t = &figures.totals;
        assert_eq!((t.runs, t.successful_runs, t.items), (9, 8, 650));
        // 60 + 2 h; 2,400 + 60.
        assert_eq!((value(&t.hours_saved.realised), value(&t.cost_saved.realised)), (Some(62.0), Some(2_460.0)));
        assert_eq!(t.hours_saved.realised.formula, REALISED_HOURS_SUM);
        assert_eq!(inputs(&t.hours_saved.realised), [("Invoices".into(), 60.0), ("Payroll".into(), 2.0)]);
        assert_eq!(inputs(&t.cost_saved.realised), [("Invoices".into(), 2_400.0), ("Payroll".into(), 60.0)]);
        // (730 + 365) h and (29,200 + 9,125) a year × 90/365 = 270 h and 9,450.
        assert_eq!((value(&t.hours_saved.estimated), value(&t.cost_saved.estimated)), (Some(270.0), Some(9_450.0)));
        assert_eq!(inputs(&t.cost_saved.estimated)[0], ("Benefit money per year (live processes)".into(), 38_325.0));
        assert_eq!(value(&t.fte.estimated), Some(0.6));
        assert_eq!(inputs(&t.fte.estimated), [("Invoices".into(), 0.4), ("Onboarding".into(), 0.2)]);
        // 62 ÷ (1,800 × 90/365) = 22,630 ÷ 162,000.
        assert!((t.fte.realised.raw() - 22_630.0 / 162_000.0).abs() < 1e-12);
        assert_eq!(
            inputs(&t.fte.realised),
            [("Hours saved".into(), 62.0), ("Hours per FTE-year".into(), 1_800.0), (YEARS_OF_RUN_DATA.into(), 0.2466)]
        );
        // (7,300 + 3,650 + 730) × 90/365 = 2,880, Bot C's whole licence included.
        assert_eq!(value(&t.licence_cost), Some(2_880.0));
        assert_eq!(t.licence_cost.formula, over_the_quarter(LICENCE));
        assert_eq!(
            inputs(&t.licence_cost),
            [("Licence cost per year".into(), 11_680.0), (YEARS_OF_RUN_DATA.into(), 0.2466)]
        );
        assert_eq!(
            t.licence_cost.note.as_deref(),
            Some("Includes 1 bot(s) that run no listed process, with their whole licence")
        );
        // (2,460 − 2,880) ÷ 2,880 = −14.58 %; (9,450 − 2,880) ÷ 2,880 = 228.125 %.
        assert_eq!((value(&t.roi.realised), value(&t.roi.estimated)), (Some(-14.58), Some(228.13)));
        // 62 of 270 hours.
        assert_eq!(value(&t.realisation), Some(22.96));
    }

    #[test]
    fn each_month_counts_its_runs_and_its_days_of_the_year() {
        let figures = figures(Filters::default());
        type MonthLine<'m> = (&'m str, i64, u64, f64, f64, f64, f64, f64);
        let months: Vec<MonthLine> = figures
            .by_month
            .iter()
            .map(|month| {
                let b = &month.benefits;
                (
                    month.month.as_str(),
                    month.days,
                    b.items,
                    b.hours_saved.realised.raw(),
                    b.cost_saved.realised.raw(),
                    crate::figure::round(b.hours_saved.estimated.raw(), 6),
                    crate::figure::round(b.cost_saved.estimated.raw(), 6),
                    crate::figure::round(b.licence_cost.raw(), 6),
                )
            })
            .collect();
        // Estimates 1,095 h and 38,325 a year, licences 11,680 a year, × days ÷ 365.
        assert_eq!(
            months,
            [
                ("2025-01", 31, 510, 50.0, 2_000.0, 93.0, 3_255.0, 992.0),
                ("2025-02", 28, 100, 10.0, 400.0, 84.0, 2_940.0, 896.0),
                ("2025-03", 31, 40, 2.0, 60.0, 93.0, 3_255.0, 992.0),
            ]
        );
        let january = &figures.by_month[0].benefits;
        assert_eq!(inputs(&january.licence_cost)[1], (YEARS_OF_RUN_DATA.into(), crate::figure::round(31.0 / 365.0, 4)));
        assert_eq!(
            january.licence_cost.formula,
            format!("{LICENCE}, over 31 days of run data (2025-01-01 to 2025-01-31)")
        );
        let days: Vec<(i64, i64)> = figures.by_month.iter().map(|month| (month.days, month.data_days)).collect();
        assert_eq!(days, [(31, 31), (28, 28), (31, 31)]);
        // 50 h ÷ (1,800 × 31/365).
        assert!((january.fte.realised.raw() - 50.0 * 365.0 / (1_800.0 * 31.0)).abs() < 1e-12);
        let licences: f64 = figures.by_month.iter().map(|month| month.benefits.licence_cost.raw()).sum();
        assert!((licences - figures.totals.licence_cost.raw()).abs() < 1e-9, "the months add up to the range");
    }

    #[test]
    fn departments_add_up_their_processes_the_ones_without_last() {
        let figures = figures(Filters::default());
        type DepartmentLine<'d> = (Option<&'d str>, usize, usize, f64, f64, f64);
        let rows: Vec<DepartmentLine> = figures
            .by_department
            .iter()
            .map(|row| {
                let b = &row.benefits;
                (
                    row.department.as_deref(),
                    row.processes,
                    row.live_processes,
                    b.cost_saved.realised.raw(),
                    crate::figure::round(b.cost_saved.estimated.raw(), 6),
                    crate::figure::round(b.licence_cost.raw(), 6),
                )
            })
            .collect();
        assert_eq!(
            rows,
            [
                (Some("Finance"), 1, 1, 2_400.0, 7_200.0, 1_800.0),
                (Some("HR"), 2, 1, 60.0, 2_250.0, 900.0),
                (None, 1, 0, 0.0, 0.0, 0.0),
            ]
        );
        assert_eq!(figures.by_department[1].benefits.licence_cost.note, None, "no unassigned bot in a department");
    }

    #[test]
    fn a_department_filter_keeps_its_processes_and_their_licence_shares() {
        let figures = figures(Filters { department: Some("HR".into()), process: None });
        let names: Vec<&str> = figures.by_process.iter().map(|row| row.process.as_str()).collect();
        assert_eq!(names, ["Payroll", "Onboarding"]);
        let t = &figures.totals;
        assert_eq!(
            (t.runs, value(&t.hours_saved.realised), value(&t.hours_saved.estimated)),
            (1, Some(2.0), Some(90.0))
        );
        // Bot A's share of Payroll only: 3,650 × 90/365; Bot C is left out.
        assert_eq!((value(&t.licence_cost), &t.licence_cost.note), (Some(900.0), &None));
        assert_eq!(figures.by_department.len(), 1);
        let february = &figures.by_month[1].benefits;
        assert!((february.licence_cost.raw() - 3_650.0 * 28.0 / 365.0).abs() < 1e-9);
    }

    #[test]
    fn a_process_filter_keeps_that_process_only() {
        let figures = figures(Filters { department: None, process: Some("Invoices".into()) });
        assert_eq!(figures.by_process.len(), 1);
        assert_eq!(value(&figures.totals.licence_cost), Some(1_800.0));
        assert_eq!(value(&figures.totals.cost_saved.realised), Some(2_400.0));
        let unknown = compute(
            &catalogue(),
            &runs(),
            &bots(),
            &Filters { department: None, process: Some("Nope".into()) },
            &quarter(),
            around_the_quarter().as_ref(),
        );
        assert!(unknown.by_process.is_empty());
        assert_eq!(
            (value(&unknown.totals.hours_saved.realised), value(&unknown.totals.roi.realised)),
            (Some(0.0), None)
        );
    }

    #[test]
    fn nothing_at_all_gives_zeros_and_no_ratios() {
        let figures = compute(&[], &RunsByProcess::new(), &[], &Filters::default(), &quarter(), None);
        let t = &figures.totals;
        assert_eq!((value(&t.hours_saved.realised), value(&t.licence_cost)), (Some(0.0), Some(0.0)));
        assert_eq!((value(&t.roi.realised), value(&t.realisation)), (None, None));
        assert!(t.hours_saved.realised.inputs.is_empty());
        assert_eq!(
            t.roi.estimated.note.as_deref(),
            Some(
                "No run data in the range: estimates, licence costs and FTEs count only the days from the first run to the last"
            )
        );
        assert_eq!(figures.by_month.len(), 3);
        assert!(figures.by_department.is_empty() && figures.by_process.is_empty());
    }

    #[test]
    fn a_sum_lists_its_ten_largest_parts_and_the_rest_as_one() {
        let names: Vec<String> = (1..=12).map(|n| format!("P{n:02}")).collect();
        let parts: Vec<Part> =
            names.iter().enumerate().map(|(index, name)| Part { name, value: (index % 6) as f64 }).collect();
        let listed = parts_inputs(parts, Unit::Hours);
        let labels: Vec<(&str, f64)> = listed.iter().map(|input| (input.label.as_str(), input.value.0)).collect();
        // Values 0..5 twice; the two zeros are left out, ties by name.
        assert_eq!(
            labels,
            [
                ("P06", 5.0),
                ("P12", 5.0),
                ("P05", 4.0),
                ("P11", 4.0),
                ("P04", 3.0),
                ("P10", 3.0),
                ("P03", 2.0),
                ("P09", 2.0),
                ("P02", 1.0),
                ("P08", 1.0),
            ]
        );
        let names: Vec<String> = (1..=13).map(|n| format!("Q{n:02}")).collect();
        let parts: Vec<Part> = names.iter().map(|name| Part { name, value: 1.5 }).collect();
        let listed = parts_inputs(parts, Unit::Money);
        assert_eq!(listed.len(), 11);
        assert_eq!(
            (listed[10].label.as_str(), listed[10].value.0, listed[10].unit),
            ("Other processes (3)", 4.5, Unit::Money)
        );
    }

    #[test]
    fn a_row_answers_in_the_shape_the_page_reads() {
        let catalogue = [process("Invoices", "Finance", "live", 6.0, 40.0, [365.0, 14_600.0, 0.2])];
        let runs = RunsByProcess::from([("Invoices".to_string(), vec![counts(2, 1, 100)])]);
        let bots = [Bot { name: "Bot A".into(), licence: 3_650.0, processes: vec!["Invoices".into()] }];
        // January, with runs from the 10th: 22 days of run data, 22 ÷ 365 of a year.
        let january = between("2025-01-01", "2025-01-31");
        let run_data = between("2025-01-10", "2025-03-01");
        let figures = compute(&catalogue, &runs, &bots, &Filters::default(), &january, Some(&run_data));
        let row = serde_json::to_value(&figures.by_process[0]).unwrap();
        let years = json!({ "label": "Years of run data", "value": 0.06, "unit": "years" });
        let over = ", over 22 days of run data (2025-01-10 to 2025-01-31)";
        assert_eq!(
            row,
            json!({
                "process": "Invoices", "department": "Finance", "stage": "live", "in_catalogue": true,
                "handling_minutes": 6, "hourly_cost": 40, "bots": ["Bot A"],
                "runs": 2, "successful_runs": 1, "items": 100,
                "hours_saved": {
                    "estimated": { "value": 22, "unit": "hours", "formula": format!("{ESTIMATED_HOURS}{over}"), "inputs": [
                        { "label": "Benefit hours per year (live processes)", "value": 365, "unit": "hours" }, years] },
                    "realised": { "value": 10, "unit": "hours", "formula": REALISED_HOURS, "inputs": [
                        { "label": "Items of successful runs", "value": 100, "unit": "count" },
                        { "label": "Handling minutes per item", "value": 6, "unit": "minutes" }] }
                },
                "cost_saved": {
                    "estimated": { "value": 880, "unit": "money", "formula": format!("{ESTIMATED_MONEY}{over}"), "inputs": [
                        { "label": "Benefit money per year (live processes)", "value": 14600, "unit": "money" }, years] },
                    "realised": { "value": 400, "unit": "money", "formula": REALISED_MONEY, "inputs": [
                        { "label": "Hours saved", "value": 10, "unit": "hours" },
                        { "label": "Hourly cost", "value": 40, "unit": "money" }] }
                },
                "fte": {
                    "estimated": { "value": 0.2, "unit": "fte", "formula": ESTIMATED_FTE, "inputs": [
                        { "label": "Invoices", "value": 0.2, "unit": "fte" }] },
                    "realised": { "value": 0.09, "unit": "fte", "formula": format!("{REALISED_FTE}{over}"), "inputs": [
                        { "label": "Hours saved", "value": 10, "unit": "hours" },
                        { "label": "Hours per FTE-year", "value": 1800, "unit": "hours" }, years] }
                },
                "licence_cost": { "value": 220, "unit": "money", "formula": format!("{LICENCE_PROCESS}{over}"), "inputs": [
                    { "label": "Bot A: licence cost per year", "value": 3650, "unit": "money" },
                    { "label": "Bot A: processes it runs", "value": 1, "unit": "count" }, years] },
                "roi": {
                    "estimated": { "value": 300, "unit": "percent", "formula": format!("{ROI}{over}"), "inputs": [
                        { "label": "Cost saved (estimated)", "value": 880, "unit": "money" },
                        { "label": "Licence cost", "value": 220, "unit": "money" }] },
                    "realised": { "value": 81.82, "unit": "percent", "formula": format!("{ROI}{over}"), "inputs": [
                        { "label": "Cost saved (realised)", "value": 400, "unit": "money" },
                        { "label": "Licence cost", "value": 220, "unit": "money" }] }
                },
                "realisation": { "value": 45.45, "unit": "percent", "formula": REALISATION, "inputs": [
                    { "label": "Hours saved (realised)", "value": 10, "unit": "hours" },
                    { "label": "Hours saved (estimated)", "value": 22, "unit": "hours" }] }
            })
        );
        assert_eq!(
            row["hours_saved"]["estimated"]["formula"],
            "Benefit hours per year of the live processes × years, over 22 days of run data (2025-01-10 to 2025-01-31)",
            "the formula names the days it counts"
        );
    }

    /// Runs in March only: Invoices 3 successful runs with 300 items.
    fn march_runs() -> RunsByProcess {
        RunsByProcess::from([("Invoices".to_string(), vec![Counts::default(), Counts::default(), counts(3, 3, 300)])])
    }

    #[test]
    fn estimates_licences_and_ftes_are_prorated_over_the_days_of_run_data() {
        // Run data from 15 March on: 17 days of the quarter, not its 90.
        let run_data = between("2025-03-15", "2025-04-10");
        let figures = compute(&catalogue(), &march_runs(), &bots(), &Filters::default(), &quarter(), Some(&run_data));
        let t = &figures.totals;
        let seventeen_days = 17.0 / 365.0;
        // (730 + 365) h and 38,325 a year × 17/365 = 51 h and 1,785; licences 11,680 × 17/365 = 544.
        assert_eq!((value(&t.hours_saved.estimated), value(&t.cost_saved.estimated)), (Some(51.0), Some(1_785.0)));
        assert_eq!(value(&t.licence_cost), Some(544.0));
        assert_eq!(inputs(&t.licence_cost)[1], (YEARS_OF_RUN_DATA.into(), crate::figure::round(seventeen_days, 4)));
        let over = ", over 17 days of run data (2025-03-15 to 2025-03-31)";
        assert_eq!(t.hours_saved.estimated.formula, format!("{ESTIMATED_HOURS}{over}"));
        assert_eq!(t.licence_cost.formula, format!("{LICENCE}{over}"));
        // 300 items × 6 ÷ 60 = 30 h, × 40 = 1,200; 30 h ÷ (1,800 × 17/365).
        assert_eq!(value(&t.cost_saved.realised), Some(1_200.0));
        assert!((t.fte.realised.raw() - 30.0 / (1_800.0 * seventeen_days)).abs() < 1e-12);
        assert_eq!(t.fte.realised.formula, format!("{REALISED_FTE}{over}"));
        // (1,200 − 544) ÷ 544; 30 of 51 hours.
        assert_eq!(value(&t.roi.realised), Some(120.59));
        assert_eq!(value(&t.realisation), Some(58.82));
        let march = &figures.by_month[2];
        assert_eq!((march.data_days, value(&march.benefits.licence_cost)), (17, Some(544.0)));
    }

    #[test]
    fn a_month_without_runs_shows_no_roi_and_says_why() {
        // Run data from 20 February on, runs in March only.
        let run_data = between("2025-02-20", "2025-04-10");
        let figures = compute(&catalogue(), &march_runs(), &bots(), &Filters::default(), &quarter(), Some(&run_data));
        let [january, february, march] = [0, 1, 2].map(|index| &figures.by_month[index]);

        // January holds no run data: nothing estimated, no licence counted, no ROI.
        let b = &january.benefits;
        assert_eq!(january.data_days, 0);
        assert_eq!((value(&b.roi.realised), value(&b.roi.estimated)), (None, None));
        assert_eq!((value(&b.hours_saved.estimated), value(&b.licence_cost)), (Some(0.0), Some(0.0)));
        assert_eq!((value(&b.fte.realised), value(&b.realisation)), (None, None));
        let no_data = "No run data in the month: estimates, licence costs and FTEs count only the days from the first run to the last";
        for figure in [&b.roi.realised, &b.roi.estimated, &b.hours_saved.estimated, &b.licence_cost, &b.realisation] {
            assert_eq!(figure.note.as_deref(), Some(no_data), "{}", figure.formula);
        }
        assert_eq!(b.roi.realised.formula, format!("{ROI}, over 0 days: no run data in the month"));

        // February's last 9 days hold run data but no run: no realised ROI, the estimate's stays.
        let b = &february.benefits;
        assert_eq!((february.data_days, b.runs), (9, 0));
        assert_eq!(value(&b.licence_cost), Some(288.0), "11,680 × 9/365");
        assert_eq!(value(&b.roi.realised), None, "not −100 %");
        assert_eq!(b.roi.realised.note.as_deref(), Some(NO_RUNS));
        // (38,325 − 11,680) × 9/365 ÷ (11,680 × 9/365).
        assert_eq!(value(&b.roi.estimated), Some(228.13));
        assert_eq!(b.roi.estimated.note, None);

        let b = &march.benefits;
        assert_eq!((march.data_days, b.runs), (31, 3));
        // 1,200 against 11,680 × 31/365 = 992.
        assert_eq!(value(&b.roi.realised), Some(20.97));
        assert_eq!(b.roi.realised.note, None);
    }

    #[test]
    fn a_process_that_never_ran_under_its_licence_shows_no_realised_roi() {
        let figures = figures(Filters::default());
        let onboarding = compute(
            &catalogue(),
            &runs(),
            &[Bot { name: "Bot D".into(), licence: 365.0, processes: vec!["Onboarding".into()] }],
            &Filters::default(),
            &quarter(),
            around_the_quarter().as_ref(),
        );
        let b = &row(&onboarding, "Onboarding").benefits;
        assert_eq!((b.runs, value(&b.licence_cost)), (0, Some(90.0)));
        assert_eq!((value(&b.roi.realised), b.roi.realised.note.as_deref()), (None, Some(NO_RUNS)));
        // 2,250 estimated against 90.
        assert_eq!(value(&b.roi.estimated), Some(2_400.0));
        assert!(value(&row(&figures, "Payroll").benefits.roi.realised).is_some(), "a process that ran has one");
    }
}
