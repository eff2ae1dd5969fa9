//! Utilisation per bot per day: the seconds its runs took (`duration_s`, summed by the
//! `daily` rollup on the day each run started) over the 86,400 seconds of the day. A run
//! still running has no duration yet and adds nothing. Calendar's holidays and maintenance
//! windows (a read grant) mark the columns they touch.

use std::collections::BTreeMap;

use autoscope_sdk::days::DAY;
use autoscope_sdk::prelude::*;
use autoscope_sdk::range::DayRange;
use autoscope_sdk::storage::text;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::inventory::Inventory;

pub const FORMULA: &str = "Utilisation of a day = seconds of the runs the bot started that day ÷ 86,400";

/// Calendar's company holidays and maintenance windows.
const NON_WORKING: &str = "calendar.non_working";
/// Far more holidays and maintenance windows than a range of 400 days holds.
const MAX_NON_WORKING: usize = 2_000;

/// Busy seconds per bot and day of the range.
pub fn aggregate(days: &DayRange) -> Aggregate {
    days.limit(Aggregate::default(), "started_at")
        .group_by("bot")
        .bucket("started_at", Bucket::Day)
        .sum("duration_s", "busy")
}

/// A holiday or maintenance window as Calendar keeps it: Unix seconds, `end` excluded.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct NonWorking {
    pub name: String,
    pub kind: Kind,
    pub start: i64,
    pub end: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "NonWorkingKind"))]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Holiday,
    Maintenance,
}

/// Calendar's holidays and maintenance windows that overlap `days`, by start; none when
/// Calendar is not installed (404) or the installation did not grant the read (403): the
/// heatmap stands without them.
pub fn read_non_working(days: &DayRange) -> Result<Vec<NonWorking>> {
    let query = Query::default()
        .filter("start", FilterOp::Lt, days.end())
        .filter("end", FilterOp::Gt, days.start())
        // Only the kinds this module knows: a kind Calendar adds later is left out, not an error.
        .filter("kind", FilterOp::In, serde_json::json!(["holiday", "maintenance"]))
        .sort("start")
        .fields(["name", "kind", "start", "end"]);
    match collection(NON_WORKING).list_all_as(&query, MAX_NON_WORKING) {
        Ok(periods) => Ok(periods),
        Err(err) if err.status == 404 || err.status == 403 => Ok(Vec::new()),
        Err(err) => Err(err),
    }
}

/// A column that a holiday or maintenance window touches (one entry per window and column).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "HeatmapNonWorking"))]
pub struct NonWorkingDay {
    /// The column's UTC midnight.
    pub day: i64,
    pub name: String,
    pub kind: Kind,
}

/// The columns of `days` each period touches (any second of the day), by day, then by the
/// periods' order.
fn non_working_days(days: &DayRange, periods: &[NonWorking]) -> Vec<NonWorkingDay> {
    let mut marked: Vec<NonWorkingDay> = periods
        .iter()
        .flat_map(|period| {
            // Clamped to the range: a period may begin before it or end after it.
            let first = period.start.max(days.start()).div_euclid(DAY);
            let last = (period.end.min(days.end()) - 1).div_euclid(DAY);
            (first..=last).map(|day| NonWorkingDay { day: day * DAY, name: period.name.clone(), kind: period.kind })
        })
        .collect();
    marked.sort_by_key(|entry| entry.day);
    marked
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "HeatmapRow"))]
pub struct Row {
    pub bot: String,
    /// The inventory record's id; null for a bot known only from its runs.
    pub id: Option<String>,
    /// One per day of the range, in order.
    pub busy_seconds: Vec<i64>,
    /// Busy seconds ÷ 86,400 per day, 4 decimals (above 1 when runs overlap).
    pub utilisation: Vec<f64>,
    /// Every busy second of the range ÷ the range's seconds.
    pub average: f64,
}

/// `GET /heatmap`: one row per bot, one cell per day.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Heatmap {
    pub range: DayRange,
    /// Each day's UTC midnight: the columns.
    pub days: Vec<i64>,
    /// The inventory's bots by name, then bots known only from their runs.
    pub bots: Vec<Row>,
    /// Calendar's holidays and maintenance windows on the columns, by day; empty without
    /// Calendar or its grant.
    pub non_working: Vec<NonWorkingDay>,
    pub formula: &'static str,
}

pub fn fold(days: &DayRange, inventory: &Inventory, groups: &[Record], non_working: &[NonWorking]) -> Heatmap {
    let starts: Vec<i64> = days.day_starts().collect();
    let mut busy: BTreeMap<&str, Vec<i64>> = BTreeMap::new();
    for group in groups {
        let (Some(bot), Some(day)) = (text(group, "bot"), group.get("started_at").and_then(Value::as_i64)) else {
            continue;
        };
        let Some(index) = usize::try_from((day - days.start()) / DAY).ok().filter(|index| *index < starts.len()) else {
            continue;
        };
        let seconds = group.get("busy").and_then(Value::as_i64).unwrap_or(0);
        busy.entry(bot).or_insert_with(|| vec![0; starts.len()])[index] += seconds;
    }
    let row = |bot: &str, id: Option<&str>| {
        let busy_seconds = busy.get(bot).cloned().unwrap_or_else(|| vec![0; starts.len()]);
        let total: i64 = busy_seconds.iter().sum();
        Row {
            bot: bot.to_string(),
            id: id.map(str::to_string),
            utilisation: busy_seconds.iter().map(|seconds| round4(*seconds as f64 / DAY as f64)).collect(),
            average: round4(total as f64 / (days.days() * DAY) as f64),
            busy_seconds,
        }
    };
    let mut bots: Vec<Row> = inventory.bots.iter().map(|bot| row(&bot.name, Some(&bot.id))).collect();
    bots.extend(busy.keys().filter(|bot| !inventory.has(bot)).map(|bot| row(bot, None)));
    Heatmap { range: *days, days: starts, bots, non_working: non_working_days(days, non_working), formula: FORMULA }
}

fn round4(value: f64) -> f64 {
    (value * 10_000.0).round() / 10_000.0
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::inventory::Bot;

    /// 2026-03-16 to 2026-03-18.
    const DAY0: i64 = 1_773_619_200;
    const DAYS: DayRange = DayRange { first: DAY0 / DAY, last: DAY0 / DAY + 2 };

    #[test]
    fn each_bot_gets_a_cell_per_day() {
        let inventory = Inventory::new(vec![Bot::named("b", "Bravo"), Bot::named("a", "Alpha")]);
        let groups: Vec<Record> = serde_json::from_value(json!([
            // Alpha: 6 h on the first day, 18 h on the last.
            { "bot": "Alpha", "started_at": DAY0, "busy": 21_600 },
            { "bot": "Alpha", "started_at": DAY0 + 2 * DAY, "busy": 64_800 },
            // A run-only bot, with a day whose runs have no duration yet (null sum).
            { "bot": "Ghost", "started_at": DAY0 + DAY, "busy": 8_640 },
            { "bot": "Ghost", "started_at": DAY0 + 2 * DAY, "busy": null },
            // Outside the range (a group the host would not give): dropped.
            { "bot": "Alpha", "started_at": DAY0 - DAY, "busy": 999 }
        ]))
        .unwrap();
        let heatmap = fold(&DAYS, &inventory, &groups, &[]);
        assert_eq!(
            serde_json::to_value(&heatmap).unwrap(),
            json!({
                "range": { "from": "2026-03-16", "to": "2026-03-18", "start": DAY0, "end": DAY0 + 3 * DAY, "days": 3 },
                "days": [DAY0, DAY0 + DAY, DAY0 + 2 * DAY],
                "bots": [
                    // (21,600 + 64,800) / 259,200 = 0.3333
                    { "bot": "Alpha", "id": "a", "busy_seconds": [21_600, 0, 64_800], "utilisation": [0.25, 0.0, 0.75], "average": 0.3333 },
                    { "bot": "Bravo", "id": "b", "busy_seconds": [0, 0, 0], "utilisation": [0.0, 0.0, 0.0], "average": 0.0 },
                    { "bot": "Ghost", "id": null, "busy_seconds": [0, 8_640, 0], "utilisation": [0.0, 0.1, 0.0], "average": 0.0333 }
                ],
                "non_working": [],
                "formula": FORMULA
            })
        );
    }

    fn period(name: &str, kind: Kind, start: i64, end: i64) -> NonWorking {
        NonWorking { name: name.to_string(), kind, start, end }
    }

    #[test]
    fn holidays_and_maintenance_mark_the_columns_they_touch() {
        let periods = [
            // Began before the range: only its days inside count.
            period("Carnival", Kind::Holiday, DAY0 - DAY, DAY0 + DAY),
            // Ends at the last day's midnight (excluded): the middle day only.
            period("SAP upgrade", Kind::Maintenance, DAY0 + DAY + 79_200, DAY0 + 2 * DAY),
            // Overnight: both days it touches.
            period("Network", Kind::Maintenance, DAY0 + 2 * DAY - 3_600, DAY0 + 2 * DAY + 3_600),
            // Runs past the range's end.
            period("Founders' Day", Kind::Holiday, DAY0 + 2 * DAY, DAY0 + 4 * DAY),
        ];
        let heatmap = fold(&DAYS, &Inventory::new(Vec::new()), &[], &periods);
        assert_eq!(
            serde_json::to_value(&heatmap.non_working).unwrap(),
            json!([
                { "day": DAY0, "name": "Carnival", "kind": "holiday" },
                { "day": DAY0 + DAY, "name": "SAP upgrade", "kind": "maintenance" },
                { "day": DAY0 + DAY, "name": "Network", "kind": "maintenance" },
                { "day": DAY0 + 2 * DAY, "name": "Network", "kind": "maintenance" },
                { "day": DAY0 + 2 * DAY, "name": "Founders' Day", "kind": "holiday" }
            ])
        );
    }

    #[test]
    fn the_aggregate_fits_the_daily_rollup() {
        let aggregate = serde_json::to_value(aggregate(&DAYS)).unwrap();
        assert_eq!(
            aggregate["filters"],
            json!([
                { "field": "started_at", "op": "gte", "value": DAY0 },
                { "field": "started_at", "op": "lt", "value": DAY0 + 3 * DAY }
            ])
        );
        assert_eq!(
            aggregate["group_by"],
            json!([{ "field": "bot", "bucket": null, "as": null }, { "field": "started_at", "bucket": "day", "as": null }])
        );
        assert_eq!(aggregate["metrics"], json!([{ "fn": "sum", "field": "duration_s", "as": "busy" }]));
    }
}
