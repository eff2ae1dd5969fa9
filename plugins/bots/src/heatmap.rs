//! Utilisation per bot per day: the seconds its runs took (`duration_s`, summed by the
//! `daily` rollup on the day each run started) over the 86,400 seconds of the day. A run
//! still running has no duration yet and adds nothing.

use std::collections::BTreeMap;

use autoscope_sdk::days::DAY;
use autoscope_sdk::prelude::*;
use autoscope_sdk::range::DayRange;
use autoscope_sdk::storage::text;
use serde::Serialize;
use serde_json::Value;

use crate::inventory::Inventory;

pub const FORMULA: &str = "Utilisation of a day = seconds of the runs the bot started that day ÷ 86,400";

/// Busy seconds per bot and day of the range.
pub fn aggregate(days: &DayRange) -> Aggregate {
    days.limit(Aggregate::default(), "started_at")
        .group_by("bot")
        .bucket("started_at", Bucket::Day)
        .sum("duration_s", "busy")
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
    pub formula: &'static str,
}

pub fn fold(days: &DayRange, inventory: &Inventory, groups: &[Record]) -> Heatmap {
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
    Heatmap { range: *days, days: starts, bots, formula: FORMULA }
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
        let heatmap = fold(&DAYS, &inventory, &groups);
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
                "formula": FORMULA
            })
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
