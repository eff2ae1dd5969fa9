//! The inventory's writes and reads through the storage host function (the host scopes
//! every one to the calling company). A bot's name is its key: runs name their bot by it.

use autoscope_sdk::prelude::*;
use autoscope_sdk::range::DayRange;
use autoscope_sdk::storage::text;
use autoscope_sdk::wire::storage::MAX_GROUPS;
use serde_json::Value;

use crate::validate::{self, BOT_NOT_FOUND, NAME_TAKEN, RENAME_WITH_RUNS};

pub fn bots() -> Collection {
    collection("bots")
}

pub fn runs() -> Collection {
    collection("runs")
}

/// Every group of the runs aggregate `build` makes for `days`. When the storage's cap of
/// groups is reached (many bots over many days), the days are split in halves, each on UTC
/// midnights so the rollup still answers; the callers add the parts' sums up.
pub fn runs_aggregate(days: &DayRange, build: &impl Fn(&DayRange) -> Aggregate) -> Result<Vec<Record>> {
    let groups = runs().aggregate(&build(days))?;
    match days.halves() {
        Some((first, second)) if groups.len() >= MAX_GROUPS as usize => {
            let mut groups = runs_aggregate(&first, build)?;
            groups.extend(runs_aggregate(&second, build)?);
            Ok(groups)
        }
        _ => Ok(groups),
    }
}

/// The bot with `id`; 404 when the company has none.
pub fn bot(id: &str) -> Result<Record> {
    bots().get(id)?.ok_or_else(|| Error::not_found(BOT_NOT_FOUND))
}

/// 409 when another bot than `except` has `name`.
fn check_name_free(name: &str, except: Option<&str>) -> Result<()> {
    let query = Query::default().eq("name", name).limit(2).fields(["name"]);
    let taken = bots().list(&query)?.items.iter().any(|bot| text(bot, "id") != except);
    match taken {
        true => Err(Error::conflict(NAME_TAKEN)),
        false => Ok(()),
    }
}

/// Whether any run names the bot `name` (counted by the `daily` rollup).
fn has_runs(name: &str) -> Result<bool> {
    let count = Aggregate::default().eq("bot", name).count("n");
    let groups = runs().aggregate(&count)?;
    Ok(groups.first().and_then(|group| group.get("n")).and_then(Value::as_u64).unwrap_or(0) > 0)
}

/// Stores a new bot (checked fields).
pub fn create(fields: Record) -> Result<Record> {
    input::member_field(&fields, "owner_id", None, validate::OWNER)?;
    if let Some(name) = text(&fields, "name") {
        check_name_free(name, None)?;
    }
    bots().insert(fields)
}

/// Applies checked `changes` to the bot `id` at `version` (409 when it changed meanwhile).
/// A new name must be free, and a bot whose runs name it keeps its name.
pub fn update(id: &str, version: i64, changes: Record) -> Result<Record> {
    let old = bot(id)?;
    input::member_field(&changes, "owner_id", text(&old, "owner_id"), validate::OWNER)?;
    let old_name = text(&old, "name").unwrap_or_default();
    if let Some(name) = text(&changes, "name").filter(|name| *name != old_name) {
        check_name_free(name, Some(id))?;
        if has_runs(old_name)? {
            return Err(Error::bad_request(RENAME_WITH_RUNS));
        }
    }
    bots().update(id, version, changes)
}

/// Deletes the bot at `version` (any version when `None`). Its runs stay: they are the
/// orchestrator's record, and show as a bot outside the inventory.
pub fn delete(id: &str, version: Option<i64>) -> Result<()> {
    bot(id)?;
    match bots().delete(id, version)? {
        true => Ok(()),
        false => Err(Error::not_found(BOT_NOT_FOUND)),
    }
}
