//! The demo's run history: 90 days of runs and queue items up to `now`, from the catalogue
//! and a seeded generator, so the same `now` always gives the same records.
//!
//! Patterns a dashboard should show: office hours busier than nights, weekends quieter,
//! finance and payroll peaking around the turn of the month, 3-8 % failed runs split into
//! business and system exceptions (plus two incidents: a bot whose password expired, an
//! application outage), durations with a tail, a few runs still running, and queue items
//! with SLA deadlines: most met, some breached, some stuck in progress or new for too long.
//! A bot runs one thing at a time: its runs never overlap.

use std::collections::HashMap;

use chrono::{DateTime, Datelike, NaiveDate, Timelike, Weekday};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde::Serialize;

use super::catalogue::{BOTS, Bot, HourProfile, PROCESSES, Process, Queue, Work, bots_of};

const DAY: i64 = 86_400;
const HOUR: i64 = 3_600;
/// Days of history, today included.
pub const DAYS: i64 = 90;
const SEED: u64 = 0x00A7_05C0_9E2D_E302;
/// Attended bots work while their owners do: weekdays, 08:00 to 18:00.
const ATTENDED_HOURS: std::ops::Range<u32> = 8..18;
/// A run that would wait longer than this for its bot is not started that day.
const MAX_WAIT: i64 = 3 * HOUR;
/// Runs stopped by hand, among all.
const STOPPED_RATE: f64 = 0.004;
const STOPPED_REASON: &str = "Stopped by user";
/// At least this many runs are still running at `now` (when bots are free to run them).
const MIN_RUNNING: usize = 3;

/// A run as the ingestion API takes it (`bots.runs`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Run {
    pub external_id: String,
    pub bot: &'static str,
    pub process: &'static str,
    pub started_at: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<i64>,
    pub status: &'static str,
    pub items: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exception_type: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
}

/// A queue item as the ingestion API takes it (`bots.queue_items`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QueueItem {
    pub external_id: String,
    pub queue: &'static str,
    pub reference: String,
    pub status: &'static str,
    pub added_at: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub started_at: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<i64>,
    pub sla_deadline: i64,
    pub retries: i64,
    pub bot: &'static str,
    pub process: &'static str,
}

/// A spell when every run of a bot failed for the same reason: on the weekday `days_ago`
/// days before today, or the last one before it.
struct Incident {
    days_ago: i64,
    bot: &'static str,
    hours: std::ops::Range<u32>,
    reason: &'static str,
}

/// The password of FIN-UB-02's SAP account expired overnight; ServiceNow was down for the
/// IT bot one afternoon. The tickets of the catalogue tell the same stories.
const INCIDENTS: [Incident; 2] = [
    Incident { days_ago: 17, bot: "FIN-UB-02", hours: 6..11, reason: "Login failed" },
    Incident { days_ago: 41, bot: "IT-UB-01", hours: 13..16, reason: "Application not responding" },
];

/// Midnight of the weekday `days_ago` days before `today`, or of the last one before it.
fn weekday_before(today: i64, days_ago: i64) -> i64 {
    let mut day = today - days_ago * DAY;
    while is_weekend(date_of(day)) {
        day -= DAY;
    }
    day
}

/// Midnight (UTC) of the day of `at`.
fn midnight(at: i64) -> i64 {
    at.div_euclid(DAY) * DAY
}

fn date_of(at: i64) -> NaiveDate {
    DateTime::from_timestamp(at, 0).unwrap_or_default().date_naive()
}

fn hour_of(at: i64) -> u32 {
    DateTime::from_timestamp(at, 0).unwrap_or_default().hour()
}

fn is_weekend(date: NaiveDate) -> bool {
    matches!(date.weekday(), Weekday::Sat | Weekday::Sun)
}

/// How busy a day is against an ordinary weekday: a weekend day does `weekend_share` of
/// the work (Sunday a little less than Saturday); with `month_end_peak`, the last three
/// days of a month nearly double it and the first two add 40 %.
fn day_factor(date: NaiveDate, weekend_share: f64, month_end_peak: bool) -> f64 {
    let week = match date.weekday() {
        Weekday::Sat => weekend_share,
        Weekday::Sun => weekend_share * 0.6,
        _ => 1.0,
    };
    let month = match (month_end_peak, days_to_month_end(date), date.day()) {
        (false, _, _) => 1.0,
        (true, 0..=2, _) => 1.9,
        (true, _, 1..=2) => 1.4,
        _ => 1.0,
    };
    week * month
}

/// Days from `date` to the last day of its month (0 on the last day).
fn days_to_month_end(date: NaiveDate) -> u32 {
    let (year, month) = if date.month() == 12 { (date.year() + 1, 1) } else { (date.year(), date.month() + 1) };
    let last = NaiveDate::from_ymd_opt(year, month, 1).and_then(|first| first.pred_opt()).map_or(31, |d| d.day());
    last.saturating_sub(date.day())
}

/// The mean items of a run: what a month's runs need so that they handle about the
/// automated share of the process's monthly volume (a month has 21.7 weekdays and 8.7
/// weekend days; the month-end peak adds about 16 % to the runs).
fn items_per_run(process: &Process, work: &Work) -> f64 {
    let weekend_days = 8.7 * work.weekend_share * 0.8;
    let peak = if work.month_end_peak { 1.16 } else { 1.0 };
    let runs = work.runs_per_weekday * (21.7 + weekend_days) * peak;
    process.monthly_volume as f64 * process.automation_pct / 100.0 / runs
}

/// A standard normal draw (Box-Muller).
fn normal(rng: &mut StdRng) -> f64 {
    let u1 = rng.random::<f64>().max(f64::MIN_POSITIVE);
    let u2 = rng.random::<f64>();
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// A log-normal factor with median 1: most draws near 1, a tail upwards.
fn spread(rng: &mut StdRng, sigma: f64) -> f64 {
    (sigma * normal(rng)).exp()
}

/// A Poisson draw (Knuth's method; the means here are small).
fn poisson(rng: &mut StdRng, mean: f64) -> i64 {
    let limit = (-mean).exp();
    let (mut count, mut product) = (0, rng.random::<f64>());
    while product > limit {
        count += 1;
        product *= rng.random::<f64>();
    }
    count
}

/// An index drawn with the given weights.
fn weighted(rng: &mut StdRng, weights: &[f64]) -> usize {
    let mut left = rng.random::<f64>() * weights.iter().sum::<f64>();
    for (i, weight) in weights.iter().enumerate() {
        if left < *weight {
            return i;
        }
        left -= weight;
    }
    weights.len().saturating_sub(1)
}

/// A failure reason: the first of the list the most frequent (weights 1, 1/2, 1/3...).
fn reason(rng: &mut StdRng, reasons: &[&'static str]) -> Option<&'static str> {
    let weights: Vec<f64> = (1..=reasons.len()).map(|rank| 1.0 / rank as f64).collect();
    reasons.get(weighted(rng, &weights)).copied()
}

/// A moment of the day starting at `day`, with the hour drawn from `hours`.
fn moment(rng: &mut StdRng, day: i64, hours: &HourProfile) -> i64 {
    day + weighted(rng, hours) as i64 * HOUR + rng.random_range(0..HOUR)
}

/// How many of something a day gets: the mean of an ordinary weekday scaled by
/// [`day_factor`], give or take 12 %.
fn daily_count(rng: &mut StdRng, per_weekday: f64, date: NaiveDate, work: &Work) -> usize {
    let mean = per_weekday * day_factor(date, work.weekend_share, work.month_end_peak);
    (mean * (1.0 + 0.12 * normal(rng))).round().max(0.0) as usize
}

/// Whether the owners of attended bots are at work at `at`.
fn office_hours(at: i64) -> bool {
    !is_weekend(date_of(at)) && ATTENDED_HOURS.contains(&hour_of(at))
}

/// The bot that takes a run of `process` wanted at `at`: one free then (at random), else
/// the one free soonest. Attended bots only in their owners' working hours.
fn pick_bot(rng: &mut StdRng, process: &str, at: i64, free: &HashMap<&str, i64>) -> Option<&'static Bot> {
    let office = office_hours(at);
    let free_at = |bot: &Bot| free.get(bot.name).copied().unwrap_or(i64::MIN);
    let able: Vec<&'static Bot> = bots_of(process).into_iter().filter(|bot| office || !bot.attended()).collect();
    let idle: Vec<&'static Bot> = able.iter().copied().filter(|bot| free_at(bot) <= at).collect();
    // A person's machine takes a smaller share than a bot of its own.
    let weights: Vec<f64> = idle.iter().map(|bot| if bot.attended() { 0.3 } else { 1.0 }).collect();
    if idle.is_empty() { able.into_iter().min_by_key(|bot| free_at(bot)) } else { Some(idle[weighted(rng, &weights)]) }
}

/// 90 days of runs up to `now`, oldest first, numbered `demo-run-1`, `demo-run-2`...
pub fn runs(now: i64) -> Vec<Run> {
    let mut rng = StdRng::seed_from_u64(SEED);
    let today = midnight(now);
    // When each bot is free again.
    let mut free: HashMap<&str, i64> = HashMap::new();
    let mut runs = Vec::new();
    for days_ago in (0..DAYS).rev() {
        let day = today - days_ago * DAY;
        let date = date_of(day);
        let mut wanted = Vec::new();
        for process in &PROCESSES {
            let Some(work) = &process.work else { continue };
            for _ in 0..daily_count(&mut rng, work.runs_per_weekday, date, work) {
                wanted.push((moment(&mut rng, day, work.hours), process, work));
            }
        }
        wanted.sort_by_key(|(at, process, _)| (*at, process.name));
        for (at, process, work) in wanted {
            let Some(bot) = pick_bot(&mut rng, process.name, at, &free) else { continue };
            let start = at.max(free.get(bot.name).copied().unwrap_or(at));
            if start >= now || start - at > MAX_WAIT || (bot.attended() && !office_hours(start)) {
                continue;
            }
            let incident = INCIDENTS
                .iter()
                .find(|incident| {
                    incident.bot == bot.name
                        && weekday_before(today, incident.days_ago) == day
                        && incident.hours.contains(&hour_of(start))
                })
                .map(|incident| incident.reason);
            let (run, end) = one_run(&mut rng, process, work, bot, start, now, incident);
            free.insert(bot.name, end + rng.random_range(5..60));
            runs.push(run);
        }
    }
    keep_some_running(&mut rng, &mut runs, &free, now);
    runs.sort_by_key(|run| run.started_at);
    for (n, run) in runs.iter_mut().enumerate() {
        run.external_id = format!("demo-run-{}", n + 1);
    }
    runs
}

/// Seconds a run of `items` takes: the setup and a time per item, give or take, and now
/// and then a slow one (a busy application).
fn planned_duration(rng: &mut StdRng, work: &Work, items: f64) -> i64 {
    let slow = if rng.random_bool(0.02) { rng.random_range(2.0..4.0) } else { 1.0 };
    ((work.setup_s + items * work.seconds_per_item) * spread(rng, 0.25) * slow).round().max(5.0) as i64
}

/// One run started at `start`, and when it ends (or will): successful, failed (business
/// or system), stopped, or still running at `now`. During an `incident` it fails at once
/// with that reason.
fn one_run(
    rng: &mut StdRng,
    process: &'static Process,
    work: &Work,
    bot: &'static Bot,
    start: i64,
    now: i64,
    incident: Option<&'static str>,
) -> (Run, i64) {
    // At least one item: a run that finds nothing to do is not reported.
    let planned_items = 1 + poisson(rng, (items_per_run(process, work) - 1.0).max(0.0));
    let mut run = Run {
        external_id: String::new(),
        bot: bot.name,
        process: process.name,
        started_at: start,
        ended_at: None,
        status: "successful",
        items: planned_items,
        exception_type: None,
        reason: None,
    };
    if let Some(reason) = incident {
        let duration = (work.setup_s * spread(rng, 0.2)).round() as i64;
        run.status = "failed";
        run.items = 0;
        run.exception_type = Some("system");
        run.reason = Some(reason);
        run.ended_at = Some(start + duration.max(5));
        return (run, start + duration.max(5));
    }
    let duration = planned_duration(rng, work, planned_items as f64);
    if start + duration > now {
        run.status = "running";
        run.items = 0;
        return (run, start + duration);
    }
    let draw = rng.random::<f64>();
    let cut = rng.random_range(0.1..0.9);
    if draw < work.failure_rate {
        let business = rng.random_bool(work.business_share);
        run.status = "failed";
        run.exception_type = Some(if business { "business" } else { "system" });
        run.reason = reason(rng, if business { work.business_reasons } else { work.system_reasons });
    } else if draw < work.failure_rate + STOPPED_RATE {
        run.status = "stopped";
        run.reason = Some(STOPPED_REASON);
    }
    let done = if run.status == "successful" { 1.0 } else { cut };
    run.items = (planned_items as f64 * done).floor() as i64;
    let end = start + ((duration as f64 * done).round() as i64).max(5);
    run.ended_at = Some(end);
    (run, end)
}

/// Starts a run on idle unattended bots until [`MIN_RUNNING`] are running at `now`, so
/// the live status always shows some.
fn keep_some_running(rng: &mut StdRng, runs: &mut Vec<Run>, free: &HashMap<&str, i64>, now: i64) {
    let mut running = runs.iter().filter(|run| run.status == "running").count();
    for bot in BOTS.iter().filter(|bot| !bot.attended()) {
        if running >= MIN_RUNNING {
            break;
        }
        let Some(process) = bot.processes.first().and_then(|name| PROCESSES.iter().find(|p| p.name == *name)) else {
            continue;
        };
        let start = (now - rng.random_range(2 * 60..20 * 60)).max(free.get(bot.name).copied().unwrap_or(0) + 30);
        if start >= now {
            continue;
        }
        runs.push(Run {
            external_id: String::new(),
            bot: bot.name,
            process: process.name,
            started_at: start,
            ended_at: None,
            status: "running",
            items: 0,
            exception_type: None,
            reason: None,
        });
        running += 1;
    }
}

/// 90 days of queue items up to `now`, oldest first, numbered `demo-item-1`...: the
/// ordinary flow, then a few items stuck in progress, new for too long, or close to their
/// deadline.
pub fn queue_items(now: i64) -> Vec<QueueItem> {
    let mut rng = StdRng::seed_from_u64(SEED + 1);
    let today = midnight(now);
    let queued: Vec<(&'static Process, &Work, &Queue)> = PROCESSES
        .iter()
        .filter_map(|process| process.work.as_ref().map(|work| (process, work)))
        .filter_map(|(process, work)| work.queue.as_ref().map(|queue| (process, work, queue)))
        .collect();
    let mut items = Vec::new();
    for days_ago in (0..DAYS).rev() {
        let day = today - days_ago * DAY;
        for (process, work, queue) in &queued {
            // A month-end pile-up makes every item wait longer: some breach their SLA.
            let backlog = day_factor(date_of(day), 1.0, work.month_end_peak).powf(2.5);
            for _ in 0..daily_count(&mut rng, queue.items_per_weekday, date_of(day), work) {
                let added = moment(&mut rng, day, &super::catalogue::OFFICE);
                if added < now {
                    items.push(one_item(&mut rng, process, queue, added, now, backlog));
                }
            }
        }
    }
    items.extend(troubled_items(&mut rng, &queued, now));
    items.sort_by_key(|item| item.added_at);
    for (n, item) in items.iter_mut().enumerate() {
        item.external_id = format!("demo-item-{}", n + 1);
        item.reference = format!("{}{}", item.reference, 100_000 + n);
    }
    items
}

/// A bot of the process for its queue: an unattended one when it has any.
fn queue_bot(rng: &mut StdRng, process: &Process) -> &'static str {
    let bots = bots_of(process.name);
    let unattended: Vec<&Bot> = bots.iter().copied().filter(|bot| !bot.attended()).collect();
    let pool = if unattended.is_empty() { bots } else { unattended };
    pool.get(rng.random_range(0..pool.len().max(1))).map_or("", |bot| bot.name)
}

/// An item added at `added`: it waits (`backlog` times longer than usual), a bot works on
/// it (sometimes far too late: those breach their SLA), and it ends successful, failed
/// after retries, or abandoned; or it is still new or in progress at `now`. The reference
/// is its prefix until numbered.
fn one_item(
    rng: &mut StdRng,
    process: &'static Process,
    queue: &Queue,
    added: i64,
    now: i64,
    backlog: f64,
) -> QueueItem {
    let delayed = if rng.random_bool(0.03) { rng.random_range(6.0..15.0) } else { 1.0 };
    let wait = (queue.wait_minutes * 60.0 * spread(rng, 0.9) * delayed * backlog).round() as i64;
    let work = (queue.work_minutes * 60.0 * spread(rng, 0.4)).round().max(5.0) as i64;
    let (started, ended) = (added + wait, added + wait + work);
    let draw = rng.random::<f64>();
    let (status, retries) = match draw {
        d if d < 0.03 => ("failed", 2),
        d if d < 0.038 => ("abandoned", rng.random_range(0..2)),
        d if d < 0.118 => ("successful", 1),
        _ => ("successful", 0),
    };
    let mut item = QueueItem {
        external_id: String::new(),
        queue: queue.name,
        reference: queue.reference.to_string(),
        status,
        added_at: added,
        started_at: Some(started),
        ended_at: Some(ended),
        sla_deadline: added + queue.sla_hours * HOUR,
        retries,
        bot: queue_bot(rng, process),
        process: process.name,
    };
    if started >= now {
        (item.status, item.started_at, item.ended_at, item.retries) = ("new", None, None, 0);
    } else if ended >= now {
        (item.status, item.ended_at) = ("in_progress", None);
    }
    item
}

/// Hours ago that the stuck items started, and that the forgotten new ones were added.
const STUCK_HOURS: [i64; 4] = [5, 9, 14, 27];
const FORGOTTEN_HOURS: [i64; 6] = [26, 30, 38, 49, 55, 70];
/// Minutes before their deadline of the open items at risk.
const AT_RISK_MINUTES: [i64; 3] = [20, 35, 50];

/// What the "items stuck" and "SLA at risk" figures are for: items in progress for
/// hours, new for more than a day, and new ones with a deadline within the hour.
fn troubled_items(rng: &mut StdRng, queued: &[(&'static Process, &Work, &Queue)], now: i64) -> Vec<QueueItem> {
    let Some(tightest) = queued.iter().min_by_key(|(_, _, queue)| queue.sla_hours) else { return Vec::new() };
    let nth = |n: usize| queued[n % queued.len()];
    let mut items = Vec::new();
    for (n, hours) in STUCK_HOURS.iter().enumerate() {
        let (process, _, queue) = nth(n);
        let started = now - hours * HOUR - rng.random_range(0..HOUR);
        let added = started - rng.random_range(5 * 60..45 * 60);
        items.push(open_item(rng, process, queue, added, Some(started)));
    }
    for (n, hours) in FORGOTTEN_HOURS.iter().enumerate() {
        let (process, _, queue) = nth(n + 1);
        let added = now - hours * HOUR - rng.random_range(0..HOUR);
        items.push(open_item(rng, process, queue, added, None));
    }
    let (process, _, queue) = *tightest;
    for minutes in AT_RISK_MINUTES {
        items.push(open_item(rng, process, queue, now - queue.sla_hours * HOUR + minutes * 60, None));
    }
    items
}

/// An item still open: in progress since `started`, or new when that is `None`.
fn open_item(
    rng: &mut StdRng,
    process: &'static Process,
    queue: &Queue,
    added: i64,
    started: Option<i64>,
) -> QueueItem {
    QueueItem {
        external_id: String::new(),
        queue: queue.name,
        reference: queue.reference.to_string(),
        status: if started.is_some() { "in_progress" } else { "new" },
        added_at: added,
        started_at: started,
        ended_at: None,
        sla_deadline: added + queue.sla_hours * HOUR,
        retries: 0,
        bot: queue_bot(rng, process),
        process: process.name,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde_json::Value;

    use super::*;
    use autoscope::modules::manifest::{Collection, FieldType, Manifest};

    /// Wednesday 2026-03-18 14:25:00 UTC: late in a month, in office hours.
    const NOW: i64 = 1_773_843_900;

    fn bots_manifest() -> BTreeMap<String, Collection> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../plugins/bots/module.toml");
        let text = std::fs::read_to_string(path).expect("plugins/bots/module.toml declares the run collections");
        Manifest::parse(&text).expect("the bots manifest parses").collections
    }

    /// Why `record` would not be stored in `collection` as it is, if it would not.
    fn invalid(record: &Value, collection: &Collection) -> Option<String> {
        let fields = record.as_object()?;
        for (name, value) in fields {
            let Some(field) = collection.fields.get(name) else { return Some(format!("{name} is not declared")) };
            if field.difference.is_some() {
                return Some(format!("{name} is derived"));
            }
            let fits = match field.kind {
                FieldType::Text => value.as_str().is_some_and(|text| {
                    field.max_length.is_none_or(|max| text.chars().count() <= max as usize)
                        && field.values.as_ref().is_none_or(|values| values.iter().any(|v| v == text))
                }),
                FieldType::Integer | FieldType::Timestamp => value.is_i64(),
                FieldType::Number => value.is_number(),
                FieldType::Boolean => value.is_boolean(),
                FieldType::Json => true,
            };
            if !fits {
                return Some(format!("{name} = {value} does not fit its declaration"));
            }
        }
        let missing = collection.fields.iter().find(|(name, field)| field.required && !fields.contains_key(*name));
        missing.map(|(name, _)| format!("{name} is required"))
    }

    fn weekday(at: i64) -> bool {
        !is_weekend(date_of(at))
    }

    #[test]
    fn the_same_now_gives_the_same_records() {
        assert_eq!(runs(NOW), runs(NOW));
        assert_eq!(queue_items(NOW), queue_items(NOW));
        assert_ne!(runs(NOW), runs(NOW + DAY), "the history follows today");
    }

    #[test]
    fn every_record_fits_the_declared_collections() {
        let collections = bots_manifest();
        for (name, records) in [
            ("runs", runs(NOW).iter().map(|run| serde_json::to_value(run).unwrap()).collect::<Vec<_>>()),
            ("queue_items", queue_items(NOW).iter().map(|item| serde_json::to_value(item).unwrap()).collect()),
        ] {
            let collection = &collections[name];
            for record in &records {
                assert_eq!(invalid(record, collection), None, "{record}");
            }
            let mut ids: Vec<&str> = records.iter().filter_map(|r| r["external_id"].as_str()).collect();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), records.len(), "external ids are unique");
        }
        for bot in &BOTS {
            let record = crate::bodies::bot_body(bot, "user-id");
            assert_eq!(invalid(&record, &collections["bots"]), None, "{record}");
        }
    }

    #[test]
    fn ninety_days_of_runs_in_the_intended_volume() {
        let runs = runs(NOW);
        assert!((30_000..=80_000).contains(&runs.len()), "{} runs", runs.len());
        let first = midnight(NOW) - (DAYS - 1) * DAY;
        assert!(runs.iter().all(|run| run.started_at >= first && run.started_at < NOW));
        assert!(runs.windows(2).all(|pair| pair[0].started_at <= pair[1].started_at), "oldest first");
        assert!(runs.iter().all(|run| run.ended_at.is_none_or(|end| end > run.started_at && end <= NOW)));
        for process in PROCESSES.iter().filter(|process| process.stage == "live") {
            assert!(runs.iter().any(|run| run.process == process.name), "{} runs", process.name);
        }
        assert!(runs.iter().all(|run| PROCESSES.iter().any(|p| p.name == run.process && p.stage == "live")));
    }

    #[test]
    fn each_run_is_on_a_bot_of_its_process_and_a_bot_runs_one_at_a_time() {
        let runs = runs(NOW);
        for run in &runs {
            let bot = BOTS.iter().find(|bot| bot.name == run.bot).expect("a known bot");
            assert!(bot.processes.contains(&run.process), "{} does not run {}", run.bot, run.process);
            if bot.attended() {
                assert!(office_hours(run.started_at), "{run:?}");
            }
        }
        for bot in &BOTS {
            let mine: Vec<&Run> = runs.iter().filter(|run| run.bot == bot.name).collect();
            for pair in mine.windows(2) {
                let end = pair[0].ended_at.expect("only a bot's last run may be running");
                assert!(end <= pair[1].started_at, "{:?} overlaps {:?}", pair[0], pair[1]);
            }
        }
        assert!(runs.iter().all(|run| run.bot != "DR-UB-01"), "the standby bot runs nothing");
    }

    #[test]
    fn weekdays_are_busier_than_weekends_and_office_hours_than_nights() {
        let runs = runs(NOW);
        let first = midnight(NOW) - (DAYS - 1) * DAY;
        let days: Vec<i64> = (0..DAYS - 1).map(|n| first + n * DAY).collect();
        let per_day = |day: i64| runs.iter().filter(|run| midnight(run.started_at) == day).count() as f64;
        let mean = |days: Vec<&i64>| days.iter().map(|day| per_day(**day)).sum::<f64>() / days.len() as f64;
        let weekdays = mean(days.iter().filter(|day| weekday(**day)).collect());
        let weekends = mean(days.iter().filter(|day| !weekday(**day)).collect());
        assert!(weekdays > 3.0 * weekends, "{weekdays} a weekday, {weekends} a weekend day");
        let at =
            |hours: std::ops::Range<u32>| runs.iter().filter(|run| hours.contains(&hour_of(run.started_at))).count();
        assert!(at(9..12) > 3 * at(0..3), "09-12 {} against 00-03 {}", at(9..12), at(0..3));
    }

    #[test]
    fn finance_peaks_at_the_turn_of_the_month() {
        let runs = runs(NOW);
        let invoices: Vec<&Run> = runs.iter().filter(|run| run.process == "Invoice Processing").collect();
        let mean = |keep: &dyn Fn(NaiveDate) -> bool| {
            let mut days: HashMap<i64, usize> = HashMap::new();
            let complete = |run: &&&Run| midnight(run.started_at) < midnight(NOW);
            for run in
                invoices.iter().filter(complete).filter(|run| weekday(run.started_at) && keep(date_of(run.started_at)))
            {
                *days.entry(midnight(run.started_at)).or_default() += 1;
            }
            days.values().sum::<usize>() as f64 / days.len() as f64
        };
        let peak = mean(&|date| days_to_month_end(date) <= 2);
        let middle = mean(&|date| (10..=20).contains(&date.day()));
        assert!(peak > 1.5 * middle, "{peak} a month-end weekday, {middle} mid-month");
    }

    #[test]
    fn three_to_eight_percent_fail_split_into_business_and_system() {
        let runs = runs(NOW);
        let ended = runs.iter().filter(|run| run.status != "running").count() as f64;
        let failed: Vec<&Run> = runs.iter().filter(|run| run.status == "failed").collect();
        let ratio = failed.len() as f64 / ended;
        assert!((0.03..=0.08).contains(&ratio), "failure ratio {ratio}");
        let business = failed.iter().filter(|run| run.exception_type == Some("business")).count();
        let system = failed.iter().filter(|run| run.exception_type == Some("system")).count();
        assert_eq!(business + system, failed.len(), "every failure has its type");
        assert!(business > failed.len() / 3 && system > failed.len() / 4, "{business} business, {system} system");
        assert!(failed.iter().all(|run| run.reason.is_some()));
        let mut reasons: Vec<&str> = failed.iter().filter_map(|run| run.reason).collect();
        reasons.sort_unstable();
        reasons.dedup();
        assert!(reasons.len() >= 10, "{reasons:?}");
        assert!(reasons.contains(&"Invoice amount mismatch") && reasons.contains(&"Login failed"));
        let successful = runs.iter().filter(|run| run.status == "successful");
        assert!(successful.clone().all(|run| run.exception_type.is_none() && run.reason.is_none() && run.items > 0));
    }

    #[test]
    fn the_incident_fails_every_run_of_its_bot_in_its_hours() {
        let runs = runs(NOW);
        // 17 days before Wednesday 18 March is a Sunday: the incident was on Friday 27 February.
        let day = weekday_before(midnight(NOW), 17);
        assert_eq!(date_of(day), NaiveDate::from_ymd_opt(2026, 2, 27).unwrap());
        let spell: Vec<&Run> = runs
            .iter()
            .filter(|run| run.bot == "FIN-UB-02" && midnight(run.started_at) == day)
            .filter(|run| (6..11).contains(&hour_of(run.started_at)))
            .collect();
        assert!(!spell.is_empty());
        assert!(spell.iter().all(|run| run.status == "failed" && run.reason == Some("Login failed")));
    }

    #[test]
    fn some_runs_are_running_now() {
        for now in [NOW, midnight(NOW) + 3 * HOUR, midnight(NOW) + 40] {
            let runs = runs(now);
            let running: Vec<&Run> = runs.iter().filter(|run| run.status == "running").collect();
            assert!(running.len() >= MIN_RUNNING, "{} running at {now}", running.len());
            assert!(running.iter().all(|run| run.ended_at.is_none() && run.started_at > now - 4 * HOUR));
        }
    }

    #[test]
    fn a_month_of_runs_handles_about_the_automated_volume() {
        let runs = runs(NOW);
        let since = midnight(NOW) - 60 * DAY;
        for process in PROCESSES.iter().filter(|process| process.work.is_some()) {
            let items: i64 = runs
                .iter()
                .filter(|run| run.process == process.name && run.status == "successful" && run.started_at >= since)
                .map(|run| run.items)
                .sum();
            let monthly = items as f64 * 30.4 / 60.0;
            let automated = process.monthly_volume as f64 * process.automation_pct / 100.0;
            assert!(
                (0.7 * automated..=1.5 * automated).contains(&monthly),
                "{}: {monthly} items a month, {automated} automated",
                process.name
            );
        }
    }

    #[test]
    fn queue_items_meet_breach_and_get_stuck() {
        let items = queue_items(NOW);
        assert!((5_000..=30_000).contains(&items.len()), "{} items", items.len());
        let breached = |item: &&QueueItem| item.ended_at.is_some_and(|end| end > item.sla_deadline);
        let met = items.iter().filter(|item| item.ended_at.is_some_and(|end| end <= item.sla_deadline)).count();
        let breached = items.iter().filter(breached).count();
        assert!(breached > 50 && breached * 20 < met, "{breached} breached, {met} met");
        let stuck = items.iter().filter(|item| {
            item.status == "in_progress" && item.started_at.is_some_and(|started| started < NOW - 4 * HOUR)
        });
        assert!(stuck.count() >= STUCK_HOURS.len());
        let forgotten = items.iter().filter(|item| item.status == "new" && item.added_at < NOW - DAY);
        assert!(forgotten.count() >= FORGOTTEN_HOURS.len());
        let at_risk = items.iter().filter(|item| {
            matches!(item.status, "new" | "in_progress") && (NOW..NOW + HOUR).contains(&item.sla_deadline)
        });
        assert!(at_risk.count() >= AT_RISK_MINUTES.len());
        for item in &items {
            let open = matches!(item.status, "new" | "in_progress");
            assert_eq!(item.ended_at.is_none(), open, "{item:?}");
            assert_eq!(item.started_at.is_none(), item.status == "new", "{item:?}");
            assert!(item.added_at < NOW && item.started_at.is_none_or(|at| at >= item.added_at));
            let bot = BOTS.iter().find(|bot| bot.name == item.bot).expect("a known bot");
            assert!(bot.processes.contains(&item.process));
        }
        for status in ["successful", "failed", "abandoned", "new", "in_progress"] {
            assert!(items.iter().any(|item| item.status == status), "no {status} item");
        }
    }

    #[test]
    fn day_factors() {
        let date = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        // 2026-03-18 is a Wednesday, 2026-03-21 a Saturday, 2026-03-22 a Sunday.
        assert_eq!(day_factor(date(2026, 3, 18), 0.5, true), 1.0);
        assert_eq!(day_factor(date(2026, 3, 21), 0.5, false), 0.5);
        assert!((day_factor(date(2026, 3, 22), 0.5, false) - 0.3).abs() < 1e-12);
        assert_eq!(day_factor(date(2026, 3, 30), 0.5, true), 1.9, "Monday, one day before the end");
        assert_eq!(day_factor(date(2026, 3, 30), 0.5, false), 1.0);
        assert_eq!(day_factor(date(2026, 4, 1), 0.5, true), 1.4);
        assert_eq!(day_factor(date(2026, 2, 26), 0.5, true), 1.9, "February has 28 days");
        assert_eq!(day_factor(date(2026, 12, 29), 0.5, true), 1.9, "December rolls over the year");
        assert_eq!(days_to_month_end(date(2026, 12, 31)), 0);
        assert_eq!(days_to_month_end(date(2024, 2, 1)), 28);
    }

    #[test]
    fn items_per_run_spreads_the_automated_volume_over_a_months_runs() {
        let invoices = &PROCESSES[0];
        let work = invoices.work.as_ref().unwrap();
        // 6,000 × 85 % = 5,100 items over 160 × (21.7 + 8.7 × 0.1 × 0.8) × 1.16 = 4,156.6976 runs.
        assert!((items_per_run(invoices, work) - 5100.0 / 4156.6976).abs() < 1e-9);
    }
}
