//! Live status, from the latest run events: a bot is **running** with a run of status
//! `running` started in the last 24 hours, **idle** with a run started or ended in the last
//! 60 minutes, **new** when no run of it has ever arrived (it is not connected yet), and
//! **offline** otherwise. Three aggregates find it for every bot at once.

use std::collections::BTreeMap;

use autoscope_sdk::prelude::*;
use autoscope_sdk::storage::text;
use serde::Serialize;
use serde_json::Value;

use crate::inventory::Inventory;

/// A run still `running` after this long is taken for one whose end was never sent.
pub const RUNNING_WINDOW: i64 = 24 * 3_600;
/// A bot with a run event this recent is idle rather than offline.
pub const IDLE_WINDOW: i64 = 3_600;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum State {
    Running,
    Idle,
    Offline,
    /// Never ran: registered, but nothing has sent its runs yet.
    New,
}

/// The aggregates, each grouped by bot (or for one bot, with `bot`).
pub struct Aggregates {
    /// Runs still running, started in the last 24 hours: how many, since when. Few rows,
    /// found through the `(status, started_at)` index.
    pub running: Aggregate,
    /// The latest start of every bot, ever: answered by the `daily` rollup (max of its time).
    pub last_started: Aggregate,
    /// The latest end among the runs started in the last 24 hours (a run ending now may have
    /// started hours ago), through the `started_at` index.
    pub last_ended: Aggregate,
}

pub fn aggregates(now: i64, bot: Option<&str>) -> Aggregates {
    let base = || match bot {
        Some(bot) => Aggregate::default().eq("bot", bot),
        None => Aggregate::default(),
    };
    let since = now - RUNNING_WINDOW;
    Aggregates {
        running: base()
            .eq("status", "running")
            .filter("started_at", FilterOp::Gte, since)
            .group_by("bot")
            .count("n")
            .min("started_at", "since"),
        last_started: base().group_by("bot").max("started_at", "last_started"),
        last_ended: base().filter("started_at", FilterOp::Gte, since).group_by("bot").max("ended_at", "last_ended"),
    }
}

/// What the aggregates answered.
#[derive(Debug, Default)]
pub struct Groups {
    pub running: Vec<Record>,
    pub last_started: Vec<Record>,
    pub last_ended: Vec<Record>,
}

pub fn read(now: i64, bot: Option<&str>) -> Result<Groups> {
    let runs = collection("runs");
    let aggregates = aggregates(now, bot);
    Ok(Groups {
        running: runs.aggregate(&aggregates.running)?,
        last_started: runs.aggregate(&aggregates.last_started)?,
        last_ended: runs.aggregate(&aggregates.last_ended)?,
    })
}

/// A bot's live status.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BotStatus {
    pub bot: String,
    /// The inventory record's id; null for a bot known only from its runs.
    pub id: Option<String>,
    pub status: State,
    /// Runs running now.
    pub running: u64,
    /// The start of the oldest of them.
    pub running_since: Option<i64>,
    /// The latest start or end of a run, unix seconds; null when it never ran.
    pub last_event_at: Option<i64>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Counts {
    pub running: u64,
    pub idle: u64,
    pub offline: u64,
    pub new: u64,
}

/// `GET /status`: every bot's live status.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Statuses {
    pub now: i64,
    pub counts: Counts,
    /// The inventory's bots by name, then bots known only from their runs, by name.
    pub bots: Vec<BotStatus>,
}

#[derive(Debug, Default)]
struct Seen {
    running: u64,
    since: Option<i64>,
    last: Option<i64>,
}

/// The latest events of each bot, from the aggregates' groups.
fn seen(groups: &Groups) -> BTreeMap<&str, Seen> {
    let mut seen: BTreeMap<&str, Seen> = BTreeMap::new();
    for group in &groups.running {
        if let Some(bot) = text(group, "bot") {
            let entry = seen.entry(bot).or_default();
            entry.running += group.get("n").and_then(Value::as_u64).unwrap_or(0);
            entry.since = later_or_earlier(entry.since, int(group, "since"), false);
        }
    }
    for (groups, field) in [(&groups.last_started, "last_started"), (&groups.last_ended, "last_ended")] {
        for group in groups {
            if let Some(bot) = text(group, "bot") {
                let entry = seen.entry(bot).or_default();
                entry.last = later_or_earlier(entry.last, int(group, field), true);
            }
        }
    }
    seen
}

fn status_of(seen: Option<&Seen>, now: i64, bot: &str, id: Option<&str>) -> BotStatus {
    let running = seen.map_or(0, |seen| seen.running);
    let last_event_at = seen.and_then(|seen| seen.last);
    let status = match (running, last_event_at) {
        (1.., _) => State::Running,
        (0, Some(at)) if at >= now - IDLE_WINDOW => State::Idle,
        (0, Some(_)) => State::Offline,
        (0, None) => State::New,
    };
    BotStatus {
        bot: bot.to_string(),
        id: id.map(str::to_string),
        status,
        running,
        running_since: seen.and_then(|seen| seen.since),
        last_event_at,
    }
}

/// The status of one bot (`id`, `bot`) from the aggregates run for it.
pub fn one(now: i64, bot: &str, id: &str, groups: &Groups) -> BotStatus {
    status_of(seen(groups).get(bot), now, bot, Some(id))
}

/// The status of every bot of the inventory, and of bots that ran without being in it.
pub fn fold(now: i64, inventory: &Inventory, groups: &Groups) -> Statuses {
    let seen = seen(groups);
    let mut bots: Vec<BotStatus> = inventory
        .bots
        .iter()
        .map(|bot| status_of(seen.get(bot.name.as_str()), now, &bot.name, Some(&bot.id)))
        .collect();
    bots.extend(
        seen.iter().filter(|(bot, _)| !inventory.has(bot)).map(|(bot, seen)| status_of(Some(seen), now, bot, None)),
    );
    let mut counts = Counts::default();
    for bot in &bots {
        match bot.status {
            State::Running => counts.running += 1,
            State::Idle => counts.idle += 1,
            State::Offline => counts.offline += 1,
            State::New => counts.new += 1,
        }
    }
    Statuses { now, counts, bots }
}

fn int(group: &Record, field: &str) -> Option<i64> {
    group.get(field).and_then(Value::as_i64)
}

/// The later (or earlier) of two optional times.
fn later_or_earlier(a: Option<i64>, b: Option<i64>, later: bool) -> Option<i64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if later { a.max(b) } else { a.min(b) }),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::inventory::Bot;

    const NOW: i64 = 1_773_835_200;

    fn groups(value: Value) -> Vec<Record> {
        serde_json::from_value(value).expect("groups are objects")
    }

    fn inventory(names: &[&str]) -> Inventory {
        Inventory::new(names.iter().map(|name| Bot::named(&format!("id-{name}"), name)).collect())
    }

    #[test]
    fn running_idle_offline_and_new_follow_the_latest_events() {
        let statuses = fold(
            NOW,
            &inventory(&["Alpha", "Bravo", "Charlie", "Delta", "Echo"]),
            &Groups {
                // Alpha runs two (since 2 h ago and 30 min ago).
                running: groups(json!([{ "bot": "Alpha", "n": 2, "since": NOW - 7_200 }])),
                last_started: groups(json!([
                    { "bot": "Alpha", "last_started": NOW - 1_800 },
                    // Bravo started 50 minutes ago: idle.
                    { "bot": "Bravo", "last_started": NOW - 3_000 },
                    // Charlie started 3 hours ago and ended 59 minutes ago: idle by its end.
                    { "bot": "Charlie", "last_started": NOW - 10_800 },
                    // Delta's last start was 61 minutes ago, its end unknown: offline.
                    { "bot": "Delta", "last_started": NOW - 3_660 },
                    // Foxtrot ran, but is not in the inventory.
                    { "bot": "Foxtrot", "last_started": NOW - 60 }
                ])),
                last_ended: groups(json!([
                    { "bot": "Charlie", "last_ended": NOW - 3_540 },
                    { "bot": "Delta", "last_ended": null },
                    { "bot": "Bravo", "last_ended": NOW - 3_500 }
                ])),
            },
        );
        assert_eq!(
            serde_json::to_value(&statuses).unwrap(),
            json!({
                "now": NOW,
                "counts": { "running": 1, "idle": 3, "offline": 1, "new": 1 },
                "bots": [
                    { "bot": "Alpha", "id": "id-Alpha", "status": "running", "running": 2, "running_since": NOW - 7_200, "last_event_at": NOW - 1_800 },
                    { "bot": "Bravo", "id": "id-Bravo", "status": "idle", "running": 0, "running_since": null, "last_event_at": NOW - 3_000 },
                    { "bot": "Charlie", "id": "id-Charlie", "status": "idle", "running": 0, "running_since": null, "last_event_at": NOW - 3_540 },
                    { "bot": "Delta", "id": "id-Delta", "status": "offline", "running": 0, "running_since": null, "last_event_at": NOW - 3_660 },
                    // Echo never ran.
                    { "bot": "Echo", "id": "id-Echo", "status": "new", "running": 0, "running_since": null, "last_event_at": null },
                    { "bot": "Foxtrot", "id": null, "status": "idle", "running": 0, "running_since": null, "last_event_at": NOW - 60 }
                ]
            })
        );
    }

    #[test]
    fn exactly_an_hour_ago_is_still_idle() {
        let statuses = fold(
            NOW,
            &inventory(&["A"]),
            &Groups { last_started: groups(json!([{ "bot": "A", "last_started": NOW - 3_600 }])), ..Groups::default() },
        );
        assert_eq!(statuses.bots[0].status, State::Idle);
        assert_eq!(fold(NOW, &inventory(&[]), &Groups::default()).bots, []);
    }

    #[test]
    fn the_aggregates_look_back_24_hours_and_for_one_bot_name_it() {
        let all = aggregates(NOW, None);
        let running = serde_json::to_value(&all.running).unwrap();
        assert_eq!(
            running["filters"],
            json!([
                { "field": "status", "op": "eq", "value": "running" },
                { "field": "started_at", "op": "gte", "value": NOW - 86_400 }
            ])
        );
        let last_started = serde_json::to_value(&all.last_started).unwrap();
        assert_eq!(last_started["filters"], json!([]), "the rollup answers it for all time");
        assert_eq!(last_started["metrics"], json!([{ "fn": "max", "field": "started_at", "as": "last_started" }]));
        let one = serde_json::to_value(aggregates(NOW, Some("Alpha")).last_ended).unwrap();
        assert_eq!(one["filters"][0], json!({ "field": "bot", "op": "eq", "value": "Alpha" }));
    }
}
