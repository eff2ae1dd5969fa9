//! The bot calculation over a range: each bot's licence cost (prorated to the range)
//! against the savings of the processes it ran (items of successful runs × the process's
//! handling minutes ÷ 60 = hours given back; × its hourly cost = money), the net benefit and
//! the payback time. Every figure carries its formula and inputs. Items come from the
//! `daily` rollup; the rates from Process Vault's processes (a read grant).

use std::collections::BTreeMap;

use autoscope_sdk::prelude::*;
use autoscope_sdk::range::DayRange;
use autoscope_sdk::storage::text;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::inventory::Inventory;

pub const PROCESSES: &str = "vault.processes";
const DAYS_PER_YEAR: f64 = 365.0;
const MONTHS_PER_YEAR: f64 = 12.0;

pub const COST: &str = "Cost = licence cost per year × days in the range ÷ 365";
pub const HOURS: &str = "Hours saved = Σ over its processes: items of successful runs × handling minutes ÷ 60";
pub const SAVINGS: &str = "Savings = Σ over its processes: hours saved × hourly cost";
pub const NET_BENEFIT: &str = "Net benefit = savings − cost";
pub const PAYBACK: &str = "Payback time = licence cost per year ÷ monthly savings, where monthly savings = savings ÷ days in the range × 365 ÷ 12";

/// Items of the successful runs in the range, per bot and process.
pub fn items_aggregate(days: &DayRange) -> Aggregate {
    days.limit(Aggregate::default(), "started_at")
        .eq("status", "successful")
        .group_by("bot")
        .group_by("process")
        .sum("items", "items")
}

/// What Process Vault says a process costs by hand.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
pub struct Rate {
    #[serde(default)]
    pub handling_minutes: f64,
    #[serde(default)]
    pub hourly_cost: f64,
}

#[derive(Debug, Deserialize)]
struct VaultProcess {
    name: String,
    #[serde(flatten)]
    rate: Rate,
}

/// The rates of the processes named, from Process Vault; `None` when it is not installed.
/// A name the vault holds twice takes the first by id.
pub fn read_rates(names: &[&str]) -> Result<Option<BTreeMap<String, Rate>>> {
    let mut rates = BTreeMap::new();
    // `in` takes at most 1,000 values.
    for chunk in names.chunks(1_000) {
        let query = Query::default().filter("name", FilterOp::In, Value::from(chunk.to_vec())).sort("name").fields([
            "name",
            "handling_minutes",
            "hourly_cost",
        ]);
        let processes = match collection(PROCESSES).list_all_as::<VaultProcess>(&query, 10_000) {
            Ok(processes) => processes,
            Err(err) if err.status == 404 => return Ok(None),
            Err(err) => return Err(err),
        };
        for process in processes {
            rates.entry(process.name).or_insert(process.rate);
        }
    }
    Ok(Some(rates))
}

/// The names of the processes a calculation needs rates for: those run and those assigned.
pub fn process_names<'a>(inventory: &'a Inventory, groups: &'a [Record]) -> Vec<&'a str> {
    let assigned = inventory.bots.iter().flat_map(|bot| bot.processes.iter().flatten().map(String::as_str));
    let run = groups.iter().filter_map(|group| text(group, "process"));
    let mut names: Vec<&str> = assigned.chain(run).collect();
    names.sort_unstable();
    names.dedup();
    names
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    Money,
    MoneyPerYear,
    MoneyPerMonth,
    MoneyPerHour,
    Hours,
    Minutes,
    Items,
    Days,
}

/// A value a formula starts from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Input {
    pub label: String,
    pub value: f64,
    pub unit: Unit,
}

fn input(label: impl Into<String>, value: f64, unit: Unit) -> Input {
    Input { label: label.into(), value, unit }
}

/// A figure with how it is computed.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Figure {
    /// Null when it cannot be computed (no savings: no payback).
    pub value: Option<f64>,
    pub formula: &'static str,
    pub inputs: Vec<Input>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Figures {
    pub cost: Figure,
    pub hours: Figure,
    pub savings: Figure,
    pub net_benefit: Figure,
    pub payback_months: Figure,
}

/// One process a bot ran (or is assigned) and what it gave back.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ProcessLine {
    pub process: String,
    pub items: i64,
    /// Null when Process Vault has no process of that name.
    pub handling_minutes: Option<f64>,
    pub hourly_cost: Option<f64>,
    pub hours: f64,
    pub money: f64,
    pub known: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BotLine {
    pub bot: String,
    /// Null for a bot known only from its runs (its licence cost counts 0).
    pub id: Option<String>,
    pub licence_cost: f64,
    pub items: i64,
    pub cost: f64,
    pub hours: f64,
    pub savings: f64,
    pub net_benefit: f64,
    /// Null without savings.
    pub payback_months: Option<f64>,
    pub processes: Vec<ProcessLine>,
    pub figures: Figures,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Totals {
    pub licence_cost: f64,
    pub items: i64,
    pub cost: f64,
    pub hours: f64,
    pub savings: f64,
    pub net_benefit: f64,
    pub payback_months: Option<f64>,
    pub figures: Figures,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Currency {
    pub code: String,
    pub symbol: String,
}

/// `GET /calculation`: cost against savings per bot, with formulas and inputs.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Calculation {
    pub range: DayRange,
    pub currency: Currency,
    /// False when Process Vault is not installed: no rates, so no savings.
    pub vault_available: bool,
    /// The inventory's bots by name, then bots known only from their runs.
    pub bots: Vec<BotLine>,
    pub totals: Totals,
}

/// The unrounded sums a bot (or the whole company) comes to.
#[derive(Debug, Clone, Copy, Default)]
struct Sums {
    licence_cost: f64,
    items: i64,
    hours: f64,
    savings: f64,
}

/// The figures of `sums` over `days`, each with its inputs; `lines` give the hours' and
/// savings' inputs (a bot's processes), or their sums when `None` (the totals).
fn figures(sums: Sums, days: &DayRange, lines: Option<&[ProcessLine]>) -> Figures {
    let days = days.days() as f64;
    let cost = sums.licence_cost * days / DAYS_PER_YEAR;
    let monthly = sums.savings / days * DAYS_PER_YEAR / MONTHS_PER_YEAR;
    let payback = (monthly > 0.0).then(|| sums.licence_cost / monthly);
    let (hours_inputs, savings_inputs) = match lines {
        Some(lines) => (
            lines
                .iter()
                .flat_map(|line| {
                    [
                        input(format!("Items of {}", line.process), line.items as f64, Unit::Items),
                        input(
                            format!("Handling minutes of {}", line.process),
                            line.handling_minutes.unwrap_or(0.0),
                            Unit::Minutes,
                        ),
                    ]
                })
                .collect(),
            lines
                .iter()
                .flat_map(|line| {
                    [
                        input(format!("Hours saved on {}", line.process), line.hours, Unit::Hours),
                        input(
                            format!("Hourly cost of {}", line.process),
                            line.hourly_cost.unwrap_or(0.0),
                            Unit::MoneyPerHour,
                        ),
                    ]
                })
                .collect(),
        ),
        None => (
            vec![input("Items of successful runs", sums.items as f64, Unit::Items)],
            vec![input("Hours saved", round2(sums.hours), Unit::Hours)],
        ),
    };
    Figures {
        cost: Figure {
            value: Some(round2(cost)),
            formula: COST,
            inputs: vec![
                input("Licence cost per year", sums.licence_cost, Unit::MoneyPerYear),
                input("Days in the range", days, Unit::Days),
            ],
        },
        hours: Figure { value: Some(round2(sums.hours)), formula: HOURS, inputs: hours_inputs },
        savings: Figure { value: Some(round2(sums.savings)), formula: SAVINGS, inputs: savings_inputs },
        net_benefit: Figure {
            value: Some(round2(sums.savings - cost)),
            formula: NET_BENEFIT,
            inputs: vec![input("Savings", round2(sums.savings), Unit::Money), input("Cost", round2(cost), Unit::Money)],
        },
        payback_months: Figure {
            value: payback.map(round1),
            formula: PAYBACK,
            inputs: vec![
                input("Licence cost per year", sums.licence_cost, Unit::MoneyPerYear),
                input("Savings", round2(sums.savings), Unit::Money),
                input("Days in the range", days, Unit::Days),
                input("Monthly savings", round2(monthly), Unit::MoneyPerMonth),
            ],
        },
    }
}

/// The calculation of every bot of the inventory and of every bot with successful runs in
/// the range. `rates` is `None` without Process Vault.
pub fn compute(
    days: &DayRange,
    currency: Currency,
    inventory: &Inventory,
    groups: &[Record],
    rates: Option<&BTreeMap<String, Rate>>,
) -> Calculation {
    // Items per bot, then per process.
    let mut items: BTreeMap<&str, BTreeMap<&str, i64>> = BTreeMap::new();
    for group in groups {
        if let (Some(bot), Some(process)) = (text(group, "bot"), text(group, "process")) {
            let count = group.get("items").and_then(Value::as_i64).unwrap_or(0);
            *items.entry(bot).or_default().entry(process).or_default() += count;
        }
    }
    let rate = |process: &str| rates.and_then(|rates| rates.get(process));
    let line = |process: &str, items: i64| {
        let rate = rate(process);
        let (hours, money) = saved(items, rate);
        ProcessLine {
            process: process.to_string(),
            items,
            handling_minutes: rate.map(|rate| rate.handling_minutes),
            hourly_cost: rate.map(|rate| rate.hourly_cost),
            hours: round2(hours),
            money: round2(money),
            known: rate.is_some(),
        }
    };
    let mut total = Sums::default();
    let mut bot_line = |name: &str, id: Option<&str>, licence_cost: f64, assigned: &[String]| {
        let run = items.get(name);
        let mut processes: Vec<ProcessLine> =
            run.into_iter().flatten().map(|(process, items)| line(process, *items)).collect();
        for process in assigned {
            if run.is_none_or(|run| !run.contains_key(process.as_str())) {
                processes.push(line(process, 0));
            }
        }
        processes.sort_by(|a, b| a.process.cmp(&b.process));
        let mut sums = Sums { licence_cost, ..Sums::default() };
        // From the unrounded values, so that rounding happens once, on each figure.
        for process in &processes {
            let (hours, money) = saved(process.items, rate(&process.process));
            sums.items += process.items;
            sums.hours += hours;
            sums.savings += money;
        }
        total.licence_cost += sums.licence_cost;
        total.items += sums.items;
        total.hours += sums.hours;
        total.savings += sums.savings;
        let figures = figures(sums, days, Some(&processes));
        BotLine {
            bot: name.to_string(),
            id: id.map(str::to_string),
            licence_cost,
            items: sums.items,
            cost: figures.cost.value.unwrap_or(0.0),
            hours: round2(sums.hours),
            savings: round2(sums.savings),
            net_benefit: figures.net_benefit.value.unwrap_or(0.0),
            payback_months: figures.payback_months.value,
            processes,
            figures,
        }
    };
    let mut bots: Vec<BotLine> = inventory
        .bots
        .iter()
        .map(|bot| {
            let assigned = bot.processes.as_deref().unwrap_or_default();
            bot_line(&bot.name, Some(&bot.id), bot.licence_cost.unwrap_or(0.0), assigned)
        })
        .collect();
    for name in items.keys().filter(|name| !inventory.has(name)) {
        bots.push(bot_line(name, None, 0.0, &[]));
    }
    let figures = figures(total, days, None);
    let totals = Totals {
        licence_cost: total.licence_cost,
        items: total.items,
        cost: figures.cost.value.unwrap_or(0.0),
        hours: round2(total.hours),
        savings: round2(total.savings),
        net_benefit: figures.net_benefit.value.unwrap_or(0.0),
        payback_months: figures.payback_months.value,
        figures,
    };
    Calculation { range: *days, currency, vault_available: rates.is_some(), bots, totals }
}

/// The hours given back and the money saved by `items` of a process at `rate`; nothing
/// without a rate (a process Process Vault does not know).
fn saved(items: i64, rate: Option<&Rate>) -> (f64, f64) {
    rate.map_or((0.0, 0.0), |rate| {
        let hours = items as f64 * rate.handling_minutes / 60.0;
        (hours, hours * rate.hourly_cost)
    })
}

fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

fn round1(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::inventory::Bot;
    /// 30 days from 2026-03-01 (day 20,513).
    const DAYS: DayRange = DayRange { first: 20_513, last: 20_513 + 29 };

    fn usd() -> Currency {
        Currency { code: "USD".into(), symbol: "$".into() }
    }

    fn groups(value: Value) -> Vec<Record> {
        serde_json::from_value(value).expect("groups are objects")
    }

    fn rates() -> BTreeMap<String, Rate> {
        BTreeMap::from([
            ("Invoice posting".to_string(), Rate { handling_minutes: 6.0, hourly_cost: 50.0 }),
            ("Payroll check".to_string(), Rate { handling_minutes: 15.0, hourly_cost: 40.0 }),
        ])
    }

    fn inventory() -> Inventory {
        Inventory::new(vec![
            Bot {
                licence_cost: Some(7_300.0),
                processes: Some(vec!["Invoice posting".into(), "Payroll check".into()]),
                ..Bot::named("a", "Alpha")
            },
            Bot { licence_cost: Some(3_650.0), ..Bot::named("b", "Bravo") },
        ])
    }

    #[test]
    fn a_bot_costs_its_prorated_licence_and_saves_its_processes_hours() {
        // Alpha: 400 + 200 invoices (two groups of one process), 40 payroll checks, and 10
        // items of a process the vault does not know. Ghost: 100 invoices, not in the inventory.
        let calculation = compute(
            &DAYS,
            usd(),
            &inventory(),
            &groups(json!([
                { "bot": "Alpha", "process": "Invoice posting", "items": 400 },
                { "bot": "Alpha", "process": "Invoice posting", "items": 200 },
                { "bot": "Alpha", "process": "Payroll check", "items": 40 },
                { "bot": "Alpha", "process": "Mystery", "items": 10 },
                { "bot": "Ghost", "process": "Invoice posting", "items": 100 },
                { "bot": null, "process": "Invoice posting", "items": 5 }
            ])),
            Some(&rates()),
        );
        let alpha = &calculation.bots[0];
        // Invoices: 600 × 6 ÷ 60 = 60 h, × 50 = 3,000. Payroll: 40 × 15 ÷ 60 = 10 h, × 40 = 400.
        assert_eq!(
            serde_json::to_value(&alpha.processes).unwrap(),
            json!([
                { "process": "Invoice posting", "items": 600, "handling_minutes": 6.0, "hourly_cost": 50.0, "hours": 60.0, "money": 3000.0, "known": true },
                { "process": "Mystery", "items": 10, "handling_minutes": null, "hourly_cost": null, "hours": 0.0, "money": 0.0, "known": false },
                { "process": "Payroll check", "items": 40, "handling_minutes": 15.0, "hourly_cost": 40.0, "hours": 10.0, "money": 400.0, "known": true }
            ])
        );
        // Cost 7,300 × 30 ÷ 365 = 600; net 3,400 − 600 = 2,800; monthly savings
        // 3,400 ÷ 30 × 365 ÷ 12 = 3,447.22; payback 7,300 ÷ 3,447.22 = 2.1 months.
        assert_eq!(
            (alpha.items, alpha.cost, alpha.hours, alpha.savings, alpha.net_benefit, alpha.payback_months),
            (650, 600.0, 70.0, 3_400.0, 2_800.0, Some(2.1))
        );
        assert_eq!(alpha.figures.cost.formula, COST);
        assert_eq!(
            serde_json::to_value(&alpha.figures.payback_months).unwrap(),
            json!({
                "value": 2.1,
                "formula": PAYBACK,
                "inputs": [
                    { "label": "Licence cost per year", "value": 7300.0, "unit": "money_per_year" },
                    { "label": "Savings", "value": 3400.0, "unit": "money" },
                    { "label": "Days in the range", "value": 30.0, "unit": "days" },
                    { "label": "Monthly savings", "value": 3447.22, "unit": "money_per_month" }
                ]
            })
        );
        assert_eq!(
            serde_json::to_value(&alpha.figures.hours.inputs[0..2]).unwrap(),
            json!([
                { "label": "Items of Invoice posting", "value": 600.0, "unit": "items" },
                { "label": "Handling minutes of Invoice posting", "value": 6.0, "unit": "minutes" }
            ])
        );

        // Bravo ran nothing: 3,650 × 30 ÷ 365 = 300 of cost, no payback.
        let bravo = &calculation.bots[1];
        assert_eq!((bravo.bot.as_str(), bravo.cost, bravo.savings, bravo.net_benefit), ("Bravo", 300.0, 0.0, -300.0));
        assert_eq!((bravo.payback_months, &bravo.processes), (None, &vec![]));

        // Ghost: 100 × 6 ÷ 60 = 10 h, 500 saved, no licence: paid back at once.
        let ghost = &calculation.bots[2];
        assert_eq!(
            (ghost.id.as_deref(), ghost.cost, ghost.savings, ghost.payback_months),
            (None, 0.0, 500.0, Some(0.0))
        );
        assert_eq!(calculation.bots.len(), 3, "a group without a bot is dropped");

        // All: licences 10,950; cost 900; 80 h; savings 3,900; net 3,000; monthly savings
        // 3,900 ÷ 30 × 365 ÷ 12 = 3,954.17; payback 10,950 ÷ 3,954.17 = 2.77 → 2.8 months.
        let totals = &calculation.totals;
        assert_eq!(
            (
                totals.licence_cost,
                totals.items,
                totals.cost,
                totals.hours,
                totals.savings,
                totals.net_benefit,
                totals.payback_months
            ),
            (10_950.0, 750, 900.0, 80.0, 3_900.0, 3_000.0, Some(2.8))
        );
        assert_eq!(
            serde_json::to_value(&totals.figures.savings.inputs).unwrap(),
            json!([{ "label": "Hours saved", "value": 80.0, "unit": "hours" }])
        );
        assert!(calculation.vault_available);
    }

    #[test]
    fn assigned_processes_without_runs_show_with_no_items() {
        let calculation = compute(&DAYS, usd(), &inventory(), &[], Some(&rates()));
        let names: Vec<&str> = calculation.bots[0].processes.iter().map(|line| line.process.as_str()).collect();
        assert_eq!(names, ["Invoice posting", "Payroll check"]);
        assert!(calculation.bots[0].processes.iter().all(|line| line.items == 0 && line.money == 0.0 && line.known));
    }

    #[test]
    fn without_process_vault_nothing_is_saved() {
        let calculation = compute(
            &DAYS,
            usd(),
            &inventory(),
            &groups(json!([{ "bot": "Alpha", "process": "Invoice posting", "items": 600 }])),
            None,
        );
        assert!(!calculation.vault_available);
        let alpha = &calculation.bots[0];
        assert_eq!((alpha.items, alpha.hours, alpha.savings, alpha.net_benefit), (600, 0.0, 0.0, -600.0));
        assert!(alpha.processes.iter().all(|line| !line.known));
    }

    #[test]
    fn money_is_rounded_to_cents_and_payback_to_a_tenth() {
        // One item of 7 minutes at 33.33 an hour: 0.1167 h, 3.8885 → 3.89; a year's licence
        // of 100 over one day: 0.27; monthly savings 3.8885 × 365 ÷ 12 = 118.28; 100 ÷ 118.28 = 0.85 → 0.8.
        let one_day = DayRange { first: DAYS.first, last: DAYS.first };
        let inventory = Inventory::new(vec![Bot { licence_cost: Some(100.0), ..Bot::named("a", "A") }]);
        let rates = BTreeMap::from([("P".to_string(), Rate { handling_minutes: 7.0, hourly_cost: 33.33 })]);
        let calculation = compute(
            &one_day,
            usd(),
            &inventory,
            &groups(json!([{ "bot": "A", "process": "P", "items": 1 }])),
            Some(&rates),
        );
        let a = &calculation.bots[0];
        assert_eq!((a.hours, a.savings, a.cost, a.net_benefit, a.payback_months), (0.12, 3.89, 0.27, 3.61, Some(0.8)));
    }

    #[test]
    fn the_items_aggregate_fits_the_daily_rollup() {
        let aggregate = serde_json::to_value(items_aggregate(&DAYS)).unwrap();
        assert_eq!(aggregate["filters"][2], json!({ "field": "status", "op": "eq", "value": "successful" }));
        assert_eq!(aggregate["metrics"], json!([{ "fn": "sum", "field": "items", "as": "items" }]));
        let (inventory, run) = (
            inventory(),
            groups(json!([{ "bot": "X", "process": "Zeta" }, { "bot": "X", "process": "Payroll check" }])),
        );
        let names = process_names(&inventory, &run);
        assert_eq!(names, ["Invoice posting", "Payroll check", "Zeta"]);
    }
}
