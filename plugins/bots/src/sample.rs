//! Sample bots with their last 30 days of runs and queue items, which a company
//! administrator loads from the getting-started checklist (the host calls `POST /sample`
//! and `DELETE /sample`). Every record is marked `sample`, so removing the sample deletes
//! exactly these. The runs name the Process Vault's sample processes, so Business Insight
//! has estimated and realised benefits to compare, and Operational Insight runs, failures
//! and a queue.

use autoscope_sdk::days::{DAY, day_start};
use autoscope_sdk::prelude::*;
use serde_json::{Value, json};

use crate::store;

/// The field that marks a sample record (the manifest's `sample = true`).
pub const SAMPLE: &str = "sample";
pub const ADMIN_ONLY: &str = "Only a company administrator can load or remove sample data";

/// How many days of history the sample has, today included.
const DAYS: i64 = 30;

/// A sample bot and the work it does: about the automated share of its process's monthly
/// volume in the Process Vault's sample, so the realised figures come near the estimates.
struct Bot {
    name: &'static str,
    kind: &'static str,
    machine: &'static str,
    vendor: &'static str,
    licence_cost: f64,
    /// A Process Vault sample process (by name).
    process: &'static str,
    schedule: &'static str,
    /// Runs on a weekday (none at weekends), every two hours from 07:00 UTC.
    runs_per_weekday: i64,
    /// Items a run handles: at least this, up to twice as many.
    items: i64,
    seconds_per_item: i64,
    /// Out of 100 runs.
    failures: u64,
}

const BOTS: [Bot; 3] = [
    Bot {
        name: "Sample Finance Bot",
        kind: "unattended",
        machine: "VM-FIN-01",
        vendor: "UiPath",
        licence_cost: 8_000.0,
        process: "Invoice Processing",
        schedule: "Mon-Fri 07:00-19:00",
        runs_per_weekday: 6,
        items: 10,
        seconds_per_item: 60,
        failures: 6,
    },
    Bot {
        name: "Sample HR Bot",
        kind: "unattended",
        machine: "VM-HR-01",
        vendor: "Blue Prism",
        licence_cost: 6_000.0,
        process: "Employee Onboarding",
        schedule: "Mon-Fri 07:00-11:00",
        runs_per_weekday: 2,
        items: 1,
        seconds_per_item: 1_200,
        failures: 10,
    },
    Bot {
        name: "Sample Service Bot",
        kind: "attended",
        machine: "LT-SERVICE-07",
        vendor: "Power Automate",
        licence_cost: 1_800.0,
        process: "Customer Address Updates",
        schedule: "Mon-Fri 07:00-17:00",
        runs_per_weekday: 4,
        items: 10,
        seconds_per_item: 45,
        failures: 4,
    },
];

const BUSINESS_REASONS: [&str; 3] = ["Invoice amount mismatch", "Vendor not found in ERP", "Missing mandatory field"];
const SYSTEM_REASONS: [&str; 2] = ["Application not responding", "Element not found"];

/// The Finance bot's work queue: items arrive every hour of the office day.
const QUEUE: &str = "Sample AP Invoices";
const QUEUE_ITEMS_PER_WEEKDAY: i64 = 8;
const QUEUE_SLA: i64 = 8 * 3600;

/// `POST /sample`: replaces the company's sample bots, runs and queue items; answers how
/// many of each were stored.
pub fn load(req: &Request) -> Result<Reply> {
    // Sample data is the company's.
    req.company_admin(ADMIN_ONLY)?;
    remove_all()?;
    let now = req.context().now;
    let bots = store::bots().insert_many(BOTS.iter().map(bot).collect::<Result<_>>()?)?.len();
    let runs = store::runs().insert_many(runs(now)?)?.len();
    let items = collection("queue_items").insert_many(queue_items(now)?)?.len();
    ok(&json!({ "bots": bots, "runs": runs, "queue_items": items }))
}

/// `DELETE /sample`: deletes the sample bots, runs and queue items; answers how many records.
pub fn remove(req: &Request) -> Result<Reply> {
    // Sample data is the company's.
    req.company_admin(ADMIN_ONLY)?;
    ok(&json!({ "deleted": remove_all()? }))
}

fn remove_all() -> Result<u64> {
    let mut deleted = 0;
    for name in ["runs", "queue_items", "bots"] {
        deleted += collection(name).delete_matching(vec![storage::filter(SAMPLE, FilterOp::Eq, true)])?;
    }
    Ok(deleted)
}

fn bot(bot: &Bot) -> Result<Record> {
    storage::to_record(&json!({
        "name": bot.name,
        "type": bot.kind,
        "machine": bot.machine,
        "vendor": bot.vendor,
        "licence_cost": bot.licence_cost,
        "processes": [bot.process],
        "schedule": bot.schedule,
        "notes": "Sample data: remove it from the getting-started checklist.",
        SAMPLE: true,
    }))
}

/// A number from 0 up, the same for the same input (SplitMix64), so the sample is the
/// same whenever it is loaded at the same time.
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The UTC midnights of the sample's weekdays, oldest first, up to today.
fn weekdays(now: i64) -> impl Iterator<Item = i64> {
    let today = day_start(now);
    // 1970-01-01 was a Thursday: day 0 is weekday 3 counting from Monday = 0.
    (0..DAYS).rev().map(move |ago| today - ago * DAY).filter(|day| (day / DAY + 3) % 7 < 5)
}

/// Each bot's runs of the sample's weekdays that ended before `now`.
fn runs(now: i64) -> Result<Vec<Record>> {
    let mut runs = Vec::new();
    for (index, bot) in BOTS.iter().enumerate() {
        for day in weekdays(now) {
            for slot in 0..bot.runs_per_weekday {
                let seed = mix((day / DAY) as u64 * 1_000 + index as u64 * 100 + slot as u64);
                let started_at = day + (7 + 2 * slot) * 3600 + (seed % 900) as i64;
                let items = bot.items + (seed % (bot.items as u64 + 1)) as i64;
                let ended_at = started_at + 60 + items * bot.seconds_per_item;
                if ended_at > now {
                    continue;
                }
                let failed = seed % 100 < bot.failures;
                // A failed run stops half way through its items.
                let handled = if failed { items / 2 } else { items };
                let (status, exception_type, reason) = match failed {
                    false => ("successful", Value::Null, Value::Null),
                    true if seed.is_multiple_of(3) => {
                        ("failed", json!("system"), json!(SYSTEM_REASONS[(seed / 3) as usize % 2]))
                    }
                    true => ("failed", json!("business"), json!(BUSINESS_REASONS[(seed / 3) as usize % 3])),
                };
                runs.push(storage::to_record(&json!({
                    "external_id": format!("sample-{index}-{}-{slot}", day / DAY),
                    "bot": bot.name,
                    "process": bot.process,
                    "started_at": started_at,
                    "ended_at": ended_at,
                    "status": status,
                    "items": handled,
                    "exception_type": exception_type,
                    "reason": reason,
                    SAMPLE: true,
                }))?);
            }
        }
    }
    Ok(runs)
}

/// The Finance bot's queue items of the sample's weekdays added before `now`: handled
/// within half an hour, except the last hour's, still waiting.
fn queue_items(now: i64) -> Result<Vec<Record>> {
    let finance = &BOTS[0];
    let mut items = Vec::new();
    for day in weekdays(now) {
        for slot in 0..QUEUE_ITEMS_PER_WEEKDAY {
            let seed = mix((day / DAY) as u64 * 1_000 + 900 + slot as u64);
            let added_at = day + (8 + slot) * 3600 + (seed % 1800) as i64;
            if added_at > now {
                continue;
            }
            let handled = added_at + 1800 <= now;
            let started_at = added_at + 600 + (seed % 900) as i64;
            let ended_at = started_at + 120;
            let failed = handled && seed.is_multiple_of(25);
            let (status, started_at, ended_at) = match (handled, failed) {
                (false, _) => ("new", Value::Null, Value::Null),
                (true, true) => ("failed", json!(started_at), json!(ended_at)),
                (true, false) => ("successful", json!(started_at), json!(ended_at)),
            };
            let reason = if failed { json!(BUSINESS_REASONS[0]) } else { Value::Null };
            items.push(storage::to_record(&json!({
                "external_id": format!("sample-queue-{}-{slot}", day / DAY),
                "queue": QUEUE,
                "reference": format!("INV-{}", 100_000 + (day / DAY % 1_000) * 10 + slot),
                "status": status,
                "added_at": added_at,
                "started_at": started_at,
                "ended_at": ended_at,
                "sla_deadline": added_at + QUEUE_SLA,
                "retries": i64::from(failed),
                "bot": finance.name,
                "process": finance.process,
                "reason": reason,
                SAMPLE: true,
            }))?);
        }
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wednesday 2026-03-18 14:25:00 UTC.
    const NOW: i64 = 1_773_843_900;

    #[test]
    fn a_month_of_weekday_runs_each_ended_before_now_some_failed() {
        let sample = runs(NOW).unwrap();
        let days: Vec<i64> = weekdays(NOW).collect();
        assert_eq!(days.len(), 22, "30 days hold 22 weekdays here");
        assert!(days.iter().all(|day| day % DAY == 0 && *day > NOW - DAYS * DAY));
        // Today's runs that would end after now are left out.
        assert!(sample.len() < 22 * 12 && sample.len() > 21 * 12, "{}", sample.len());
        assert!(sample.iter().all(|run| run["ended_at"].as_i64() <= Some(NOW) && run[SAMPLE] == json!(true)));
        let failed: Vec<&Record> = sample.iter().filter(|run| run["status"] == "failed").collect();
        assert!(!failed.is_empty() && failed.len() < sample.len() / 5, "{} failed", failed.len());
        assert!(failed.iter().all(|run| run["reason"].is_string() && run["exception_type"].is_string()));
        let mut ids: Vec<&str> = sample.iter().filter_map(|run| run["external_id"].as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), sample.len(), "each run has its own external id");
        assert_eq!(runs(NOW).unwrap(), sample, "the same time gives the same runs");
    }

    #[test]
    fn queue_items_are_handled_within_their_sla_except_the_newest() {
        let items = queue_items(NOW).unwrap();
        assert!(items.len() > 21 * 5, "{}", items.len());
        assert!(items.iter().all(|item| item["added_at"].as_i64() <= Some(NOW)));
        let handled = items.iter().filter(|item| item["ended_at"].is_i64());
        assert!(handled.clone().all(|item| item["ended_at"].as_i64() < item["sla_deadline"].as_i64()));
        assert!(handled.clone().any(|item| item["status"] == "failed"), "some items failed");

        // A minute after the newest item arrived, it waits, as every item of the last half hour.
        let newest = items.iter().filter_map(|item| item["added_at"].as_i64()).max().unwrap();
        let soon = queue_items(newest + 60).unwrap();
        let waiting: Vec<&Record> = soon.iter().filter(|item| item["status"] == "new").collect();
        assert!(waiting.iter().any(|item| item["added_at"].as_i64() == Some(newest)), "{waiting:?}");
        assert!(waiting.iter().all(|item| item["added_at"].as_i64() > Some(newest + 60 - 1800)));
        assert!(waiting.iter().all(|item| item["started_at"].is_null() && item["ended_at"].is_null()));
    }
}
