//! The Bot Profile layer: each bot's free-text `schedule` drawn as run windows in the
//! caller's zone (read by the SDK's `bot_schedule`). Bot Profile is optional: without it, or without the grant to read its
//! bots, the layer says it is unavailable.

use autoscope_sdk::bot_schedule::{parse, windows};
use autoscope_sdk::prelude::*;
use chrono_tz::Tz;
use serde::Deserialize;

use crate::views::{BotLayer, BotWindow, Unscheduled};

#[derive(Deserialize)]
struct Bot {
    name: String,
    #[serde(default)]
    schedule: Option<String>,
}

/// `GET /bots`: every bot's windows in `[from, to)`.
pub fn layer(zone: Tz, from: i64, to: i64) -> Result<BotLayer> {
    let query = Query::default().fields(["name", "schedule"]).sort("name");
    let Ok(bots) = collection("bots.bots").list_all_as::<Bot>(&query, usize::MAX) else {
        return Ok(BotLayer { available: false, windows: Vec::new(), unscheduled: Vec::new() });
    };
    let mut layer = BotLayer { available: true, windows: Vec::new(), unscheduled: Vec::new() };
    for bot in bots {
        let Some(text) = bot.schedule.filter(|text| !text.trim().is_empty()) else { continue };
        match parse(&text) {
            Some(schedule) => {
                layer.windows.extend(windows(&schedule, zone, from, to).into_iter().map(|(start, end)| BotWindow {
                    bot: bot.name.clone(),
                    start,
                    end,
                }))
            }
            None => layer.unscheduled.push(Unscheduled { bot: bot.name, schedule: text }),
        }
    }
    Ok(layer)
}
