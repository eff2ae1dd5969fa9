//! Operational Insight through the real host, on SQLite and PostgreSQL, with Bot Profile
//! (`bots`) installed: runs and queue items arrive through the host's ingestion API with a
//! company API key, as an orchestrator sends them, and every figure is compared with the
//! value worked out by hand. Build both plugins first: `make modules`.

use std::time::Duration;

use anyhow::Context;
use autoscope_module_test::{Company, Engine, Harness, Right, Session, default_role_rights, product_module};
use serde_json::{Value, json};

autoscope_module_test::on_both_engines!(
    every_run_figure_matches_the_runs_worked_by_hand,
    filters_narrow_runs_and_queue_items_apart,
    queue_volume_backlog_sla_and_stuck_items_match_by_hand,
    stuck_items_are_listed_longest_waiting_first,
    the_runs_table_pages_newest_first_and_drills_down,
    the_filters_offer_every_process_bot_and_queue,
    another_companys_runs_and_items_never_count,
    the_bot_insight_right_gates_the_module,
    without_bot_profile_nothing_is_available,
    bad_input_is_refused_with_the_message,
    the_longest_range_fits_the_limits,
);

const DAY: i64 = 86_400;
const HOUR: i64 = 3_600;
/// Day 0 of the runs scenario: Monday 2026-03-02 00:00 UTC.
const DAY0: i64 = 1_772_409_600;
/// Monday 2026-03-09, the second week of the scenario.
const WEEK2: i64 = DAY0 + 7 * DAY;
/// Days 0 to 7: both Mondays.
const RANGE: &str = "from=2026-03-02&to=2026-03-09";

/// A host with Operational Insight and Bot Profile.
async fn load(engine: Engine) -> anyhow::Result<Harness> {
    Harness::load_with(engine, product_module("rpa_insight")?, vec![product_module("bots")?]).await
}

/// `GET path` on Operational Insight as `who`, expecting 200.
async fn get(harness: &Harness, who: &dyn Session, path: &str) -> anyhow::Result<Value> {
    let reply = harness.call(who, "GET", path, None).await?;
    anyhow::ensure!(reply.status == 200, "GET {path}: {reply:?}");
    Ok(reply.body)
}

/// The status and message of a refused `GET path`.
async fn refused(harness: &Harness, who: &dyn Session, path: &str) -> anyhow::Result<(u16, String)> {
    let reply = harness.call(who, "GET", path, None).await?;
    Ok((reply.status, reply.body["message"].as_str().unwrap_or_default().to_string()))
}

/// Sends `records` to Bot Profile's `stream` (runs, queue_items) with `key`; every one must be stored.
async fn ingest(harness: &Harness, key: &str, stream: &str, records: Value) -> anyhow::Result<()> {
    let count = records.as_array().context("a batch is an array")?.len();
    let reply = harness.ingest(key, "bots", stream, records).await?;
    anyhow::ensure!((200..300).contains(&reply.status), "ingest {stream}: {reply:?}");
    anyhow::ensure!(reply.body["stored"] == json!(count) && reply.body["errors"] == json!([]), "ingest: {reply:?}");
    Ok(())
}

/// A run that took `seconds` (`None`: still running).
fn run(id: &str, bot: &str, process: &str, started_at: i64, seconds: Option<i64>, status: &str, items: i64) -> Value {
    json!({
        "external_id": id, "bot": bot, "process": process, "started_at": started_at,
        "ended_at": seconds.map(|seconds| started_at + seconds), "status": status, "items": items,
    })
}

/// A failed run that took `seconds`, with its exception; it processed `items` before it failed.
fn failed(
    id: &str,
    bot: &str,
    process: &str,
    (started_at, seconds): (i64, i64),
    items: i64,
    kind: &str,
    reason: &str,
) -> Value {
    let mut run = run(id, bot, process, started_at, Some(seconds), "failed", items);
    run["exception_type"] = kind.into();
    run["reason"] = reason.into();
    run
}

/// The runs of the scenario (durations in seconds):
///
/// | run | bot | process | day | duration | status | items | exception |
/// |---|---|---|---|---|---|---|---|
/// | r0 | Alpha | Invoices | day −1 | 30 | successful | 99 | (before the range) |
/// | r1 | Alpha | Invoices | 0 | 5 | successful | 10 | |
/// | r2 | Alpha | Invoices | 0 | 20 | successful | 20 | |
/// | r3 | Alpha | Payroll | 0 | 40 | failed | 0 | business, Invoice missing |
/// | r4 | Bravo | Invoices | 1 | 100 | failed | 2 | system, SAP timeout |
/// | r5 | Bravo | Payroll | 1 | 400 | stopped | 3 | |
/// | r6 | Bravo | Invoices | 2 | running | running | 0 | |
/// | r7 | Alpha | Invoices | 7 | 45 | successful | 5 | |
/// | r8 | Alpha | Payroll | 7 | 1000 | failed | 0 | system, SAP timeout |
/// | r9 | Alpha | Invoices | 8 | 60 | successful | 7 | (after the range) |
fn scenario_runs() -> Value {
    json!([
        run("r0", "Alpha", "Invoices", DAY0 - HOUR, Some(30), "successful", 99),
        run("r1", "Alpha", "Invoices", DAY0 + HOUR, Some(5), "successful", 10),
        run("r2", "Alpha", "Invoices", DAY0 + 2 * HOUR, Some(20), "successful", 20),
        failed("r3", "Alpha", "Payroll", (DAY0 + 3 * HOUR, 40), 0, "business", "Invoice missing"),
        failed("r4", "Bravo", "Invoices", (DAY0 + DAY + HOUR, 100), 2, "system", "SAP timeout"),
        run("r5", "Bravo", "Payroll", DAY0 + DAY + 2 * HOUR, Some(400), "stopped", 3),
        run("r6", "Bravo", "Invoices", DAY0 + 2 * DAY + HOUR, None, "running", 0),
        run("r7", "Alpha", "Invoices", WEEK2 + HOUR, Some(45), "successful", 5),
        failed("r8", "Alpha", "Payroll", (WEEK2 + 2 * HOUR, 1_000), 0, "system", "SAP timeout"),
        run("r9", "Alpha", "Invoices", WEEK2 + DAY + HOUR, Some(60), "successful", 7),
    ])
}

/// Acme with the scenario's runs.
async fn with_runs(harness: &Harness) -> anyhow::Result<Company> {
    let acme = harness.company("Acme").await?;
    let key = harness.api_key(&acme).await?;
    ingest(harness, &key, "runs", scenario_runs()).await?;
    Ok(acme)
}

/// `(day, runs, successful, failed, items)` of each day of the series.
fn days(series: &Value) -> Vec<(i64, u64, u64, u64, i64)> {
    let days = series.as_array().cloned().unwrap_or_default();
    days.iter()
        .map(|day| {
            let n = |key: &str| day[key].as_u64().unwrap_or(u64::MAX);
            (
                day["day"].as_i64().unwrap_or(-1),
                n("runs"),
                n("successful"),
                n("failed"),
                day["items"].as_i64().unwrap_or(-1),
            )
        })
        .collect()
}

/// Days 0 to 7 of the range, every figure as the table gives it.
async fn every_run_figure_matches_the_runs_worked_by_hand(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = with_runs(&harness).await?;
    let answer = get(&harness, &acme, &format!("/overview?{RANGE}")).await?;
    assert_eq!(answer["available"], true);
    assert_eq!(
        answer["range"],
        json!({ "from": "2026-03-02", "to": "2026-03-09", "start": DAY0, "end": DAY0 + 8 * DAY, "days": 8 })
    );
    assert_eq!(answer["filters"], json!({ "process": null, "bot": null, "queue": null }));
    assert_eq!(
        answer["kpis"],
        json!({
            "runs": 8, "running": 1, "successful": 3, "failed": 3, "stopped": 1, "finished": 7,
            // 3 of the 7 finished runs each.
            "success_rate": 42.9, "failure_rate": 42.9,
            "items": 40,
            // (5 + 20 + 40 + 100 + 400 + 45 + 1000) / 7 = 230.
            "avg_duration_s": 230,
            // Bins: 0 (5), 1 (20), 2 (40, 45), 3 (100), 5 (400), 7 (1000); from 5 to 1000 s.
            // p50: rank 3.5 is 0.75 into bin 2 (30 to 60): 52.5. p90: rank 6.3 is 0.3 into bin 7
            // (900 to 1000, the longest): 930. p95: rank 6.65: 965.
            "p50_duration_s": 53, "p90_duration_s": 930, "p95_duration_s": 965
        })
    );
    assert_eq!(
        days(&answer["per_day"]),
        [
            (DAY0, 3, 2, 1, 30),
            (DAY0 + DAY, 2, 0, 1, 5),
            (DAY0 + 2 * DAY, 1, 0, 0, 0),
            (DAY0 + 3 * DAY, 0, 0, 0, 0),
            (DAY0 + 4 * DAY, 0, 0, 0, 0),
            (DAY0 + 5 * DAY, 0, 0, 0, 0),
            (DAY0 + 6 * DAY, 0, 0, 0, 0),
            (WEEK2, 2, 1, 1, 5),
        ]
    );
    assert_eq!(answer["per_day"][1]["stopped"], 1);
    assert_eq!(answer["per_day"][2]["running"], 1);
    assert_eq!(
        answer["duration_weeks"],
        json!([
            // 5, 20, 40, 100, 400: p50 rank 2.5 is half of bin 2 (30 to 60) = 45; p90 rank 4.5 is
            // half of bin 5 (300 to 400, the week's longest) = 350; p95 = 375; mean 565 / 5 = 113.
            { "week": DAY0, "runs": 5, "avg_s": 113, "p50_s": 45, "p90_s": 350, "p95_s": 375, "max_s": 400 },
            // 45, 1000: p50 is all of bin 2 (45 to 60) = 60; p90 0.8 of bin 7 (900 to 1000) = 980;
            // p95 = 990; mean 522.5.
            { "week": WEEK2, "runs": 2, "avg_s": 523, "p50_s": 60, "p90_s": 980, "p95_s": 990, "max_s": 1000 }
        ])
    );
    assert_eq!(
        answer["reasons"],
        json!({
            "top": [
                { "reason": "SAP timeout", "n": 2, "share": 66.7, "business": 0, "system": 2, "unspecified": 0 },
                { "reason": "Invoice missing", "n": 1, "share": 33.3, "business": 1, "system": 0, "unspecified": 0 }
            ],
            "other": 0,
            "distinct": 2
        })
    );
    assert_eq!(answer["exceptions"], json!({ "business": 1, "system": 2, "unspecified": 0 }));

    // Re-sending a run updates it: r6 ended after 50 s, successfully.
    let key = harness.api_key(&acme).await?;
    ingest(
        &harness,
        &key,
        "runs",
        json!([run("r6", "Bravo", "Invoices", DAY0 + 2 * DAY + HOUR, Some(50), "successful", 4)]),
    )
    .await?;
    let after = get(&harness, &acme, &format!("/overview?{RANGE}")).await?;
    assert_eq!(
        (&after["kpis"]["runs"], &after["kpis"]["running"], &after["kpis"]["successful"]),
        (&json!(8), &json!(0), &json!(4))
    );
    // 4 of 8 finished; items 44; (1610 + 50) / 8 = 207.5.
    assert_eq!((&after["kpis"]["success_rate"], &after["kpis"]["items"]), (&json!(50.0), &json!(44)));
    assert_eq!(after["kpis"]["avg_duration_s"], 208);
    assert_eq!(after["duration_weeks"][0]["runs"], 6);
    Ok(())
}

/// The bot filter narrows runs, the queue filter queue items, the process filter both.
async fn filters_narrow_runs_and_queue_items_apart(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = with_runs(&harness).await?;
    let key = harness.api_key(&acme).await?;
    ingest(
        &harness,
        &key,
        "queue_items",
        json!([
            { "external_id": "q1", "queue": "Invoices in", "process": "Invoices", "status": "successful",
              "added_at": DAY0 + HOUR, "ended_at": DAY0 + 2 * HOUR },
            { "external_id": "q2", "queue": "HR in", "process": "Payroll", "status": "failed",
              "added_at": DAY0 + HOUR, "ended_at": DAY0 + 2 * HOUR, "bot": "Alpha" }
        ]),
    )
    .await?;

    let alpha = get(&harness, &acme, &format!("/overview?{RANGE}&bot=Alpha")).await?;
    assert_eq!(alpha["filters"], json!({ "process": null, "bot": "Alpha", "queue": null }));
    // r1, r2, r3, r7, r8: 3 successful of 5; items 35; (5 + 20 + 40 + 45 + 1000) / 5 = 222.
    let kpis = &alpha["kpis"];
    assert_eq!(
        (&kpis["runs"], &kpis["successful"], &kpis["failed"], &kpis["items"]),
        (&json!(5), &json!(3), &json!(2), &json!(35))
    );
    assert_eq!((&kpis["success_rate"], &kpis["avg_duration_s"]), (&json!(60.0), &json!(222)));
    assert_eq!(alpha["exceptions"], json!({ "business": 1, "system": 1, "unspecified": 0 }));
    let added: Vec<u64> = alpha["queues"]["per_day"]
        .as_array()
        .context("per day")?
        .iter()
        .filter_map(|day| day["added"].as_u64())
        .collect();
    assert_eq!(added.iter().sum::<u64>(), 2, "the bot filter leaves queue items alone");

    let payroll = get(&harness, &acme, &format!("/overview?{RANGE}&process=Payroll")).await?;
    // r3, r5, r8.
    assert_eq!((&payroll["kpis"]["runs"], &payroll["kpis"]["stopped"]), (&json!(3), &json!(1)));
    assert_eq!(payroll["queues"]["per_day"][0]["added"], 1, "q2 only");
    assert_eq!(payroll["queues"]["per_day"][0]["failed"], 1);

    let queue = get(&harness, &acme, &format!("/overview?{RANGE}&queue=Invoices%20in")).await?;
    assert_eq!(queue["kpis"]["runs"], 8, "the queue filter leaves runs alone");
    assert_eq!(
        (&queue["queues"]["per_day"][0]["added"], &queue["queues"]["per_day"][0]["successful"]),
        (&json!(1), &json!(1))
    );

    let both = get(&harness, &acme, &format!("/overview?{RANGE}&bot=Bravo&process=Invoices")).await?;
    // r4 (failed, 100 s) and r6 (running).
    assert_eq!((&both["kpis"]["runs"], &both["kpis"]["failure_rate"]), (&json!(2), &json!(100.0)));
    assert_eq!(both["kpis"]["p50_duration_s"], 100, "one finished run is its own percentiles");
    assert_eq!(both["reasons"]["top"][0]["reason"], "SAP timeout");

    let nobody = get(&harness, &acme, &format!("/overview?{RANGE}&bot=Nobody")).await?;
    assert_eq!((&nobody["kpis"]["runs"], &nobody["kpis"]["success_rate"]), (&json!(0), &Value::Null));
    assert_eq!(nobody["kpis"]["p50_duration_s"], Value::Null);
    assert_eq!(nobody["reasons"], json!({ "top": [], "other": 0, "distinct": 0 }));
    Ok(())
}

/// Moves the host's clock to the next 12:00 UTC (at most a day and a half ahead), so that
/// hours before it fall on known days; answers that moment.
fn to_noon(harness: &Harness) -> i64 {
    let now = harness.now();
    let mut noon = now - now.rem_euclid(DAY) + 12 * HOUR;
    if noon < now {
        noon += DAY;
    }
    harness.advance(Duration::from_secs((noon - now).unsigned_abs()));
    noon
}

/// A queue item; `times` are `(added, started, ended, deadline)` as seconds before or after `now`.
fn item(id: &str, queue: &str, process: &str, status: &str, now: i64, times: [Option<i64>; 4]) -> Value {
    let at = |offset: Option<i64>| offset.map(|offset| now + offset);
    json!({
        "external_id": id, "queue": queue, "process": process, "status": status, "reference": format!("ref-{id}"),
        "added_at": at(times[0]), "started_at": at(times[1]), "ended_at": at(times[2]), "sla_deadline": at(times[3]),
    })
}

/// The queue items of the scenario, at 12:00 UTC ("now"); hours before it:
///
/// | item | queue | status | added | started | ended | deadline | counts as |
/// |---|---|---|---|---|---|---|---|
/// | q1 | Invoices in | new | 2 h | | | in 30 min | at risk |
/// | q2 | Invoices in | new | 30 h | | | 6 h ago | overdue; stuck new |
/// | q3 | Invoices in | in_progress | 6 h | 5 h | | in 3 h | stuck in progress |
/// | q4 | Invoices in | in_progress | 3 h | 1 h | | | |
/// | q5 | HR in | successful | 10 h | 9 h | 8 h | 7 h ago | met |
/// | q6 | HR in | failed | 10 h | 9 h | 2 h | 4 h ago | late |
/// | q7 | HR in | successful | 26 h | 25 h | 25 h | 20 h ago | met |
/// | q8 | Invoices in | successful | 40 d | 40 d | 40 d | 39 d ago | (before the range) |
/// | q9 | HR in | new | 40 d | | | 39 d ago | overdue; stuck new |
fn scenario_items(now: i64) -> Value {
    let (h, d) = (HOUR, DAY);
    json!([
        item("q1", "Invoices in", "Invoices", "new", now, [Some(-2 * h), None, None, Some(h / 2)]),
        item("q2", "Invoices in", "Invoices", "new", now, [Some(-30 * h), None, None, Some(-6 * h)]),
        item("q3", "Invoices in", "Invoices", "in_progress", now, [Some(-6 * h), Some(-5 * h), None, Some(3 * h)]),
        item("q4", "Invoices in", "Invoices", "in_progress", now, [Some(-3 * h), Some(-h), None, None]),
        item("q5", "HR in", "Payroll", "successful", now, [Some(-10 * h), Some(-9 * h), Some(-8 * h), Some(-7 * h)]),
        item("q6", "HR in", "Payroll", "failed", now, [Some(-10 * h), Some(-9 * h), Some(-2 * h), Some(-4 * h)]),
        item("q7", "HR in", "Payroll", "successful", now, [Some(-26 * h), Some(-25 * h), Some(-25 * h), Some(-20 * h)]),
        item(
            "q8",
            "Invoices in",
            "Invoices",
            "successful",
            now,
            [Some(-40 * d), Some(-40 * d), Some(-40 * d), Some(-39 * d)]
        ),
        item("q9", "HR in", "Payroll", "new", now, [Some(-40 * d), None, None, Some(-39 * d)]),
    ])
}

/// Acme with the scenario's queue items, at 12:00 UTC; answers that moment.
async fn with_items(harness: &Harness) -> anyhow::Result<(Company, i64)> {
    let now = to_noon(harness);
    let acme = harness.company("Acme").await?;
    let key = harness.api_key(&acme).await?;
    ingest(harness, &key, "queue_items", scenario_items(now)).await?;
    Ok((acme, now))
}

/// `(day, added, new, in_progress, successful, failed)` of the days with items.
fn volume(answer: &Value) -> Vec<(i64, u64, u64, u64, u64, u64)> {
    let days = answer["queues"]["per_day"].as_array().cloned().unwrap_or_default();
    days.iter()
        .filter(|day| day["added"].as_u64() != Some(0))
        .map(|day| {
            let n = |key: &str| day[key].as_u64().unwrap_or(u64::MAX);
            (day["day"].as_i64().unwrap_or(-1), n("added"), n("new"), n("in_progress"), n("successful"), n("failed"))
        })
        .collect()
}

/// The default range (the last 30 days): volume of the items added in it, SLA met and
/// late among them; backlog, at risk, overdue and stuck as they stand now, whenever added.
async fn queue_volume_backlog_sla_and_stuck_items_match_by_hand(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, now) = with_items(&harness).await?;
    let today = now - 12 * HOUR;
    let answer = get(&harness, &acme, "/overview").await?;
    assert_eq!(answer["range"]["days"], 30);
    assert_eq!(answer["range"]["end"], today + DAY);
    assert_eq!(answer["queues"]["per_day"].as_array().map(Vec::len), Some(30));
    // Today: q1, q3, q4, q5, q6; yesterday: q2 (06:00) and q7 (10:00).
    assert_eq!(volume(&answer), [(today - DAY, 2, 1, 0, 1, 0), (today, 5, 1, 2, 1, 1)]);
    assert_eq!(
        answer["queues"]["backlog"],
        json!([
            { "queue": "Invoices in", "new": 2, "in_progress": 2, "total": 4 },
            { "queue": "HR in", "new": 1, "in_progress": 0, "total": 1 }
        ])
    );
    // Met q5, q7; late q6; overdue q2, q9; at risk q1. 2 met of 5 decided.
    assert_eq!(
        answer["queues"]["sla"],
        json!({ "met": 2, "at_risk": 1, "breached": 3, "late": 1, "overdue": 2, "met_rate": 40.0 })
    );
    assert_eq!(
        answer["queues"]["stuck"],
        json!({ "in_progress": 1, "new": 2, "in_progress_after_s": 14_400, "new_after_s": 86_400 })
    );
    assert!(answer["now"].as_i64().is_some_and(|at| at >= now && at < now + 600), "{}", answer["now"]);

    let hr = get(&harness, &acme, "/overview?queue=HR%20in").await?;
    assert_eq!(volume(&hr), [(today - DAY, 1, 0, 0, 1, 0), (today, 2, 0, 0, 1, 1)]);
    assert_eq!(hr["queues"]["backlog"], json!([{ "queue": "HR in", "new": 1, "in_progress": 0, "total": 1 }]));
    assert_eq!(
        hr["queues"]["sla"],
        json!({ "met": 2, "at_risk": 0, "breached": 2, "late": 1, "overdue": 1, "met_rate": 50.0 })
    );
    assert_eq!((&hr["queues"]["stuck"]["in_progress"], &hr["queues"]["stuck"]["new"]), (&json!(0), &json!(1)));
    assert_eq!(
        get(&harness, &acme, "/overview?process=Payroll").await?["queues"],
        hr["queues"],
        "HR in is all of Payroll"
    );

    // A range of last week only: nothing added, nothing met; now is still now.
    let last_week = format!("from={}&to={}", day_text(today - 8 * DAY), day_text(today - 2 * DAY));
    let before = get(&harness, &acme, &format!("/overview?{last_week}")).await?;
    assert_eq!(volume(&before), []);
    assert_eq!(
        before["queues"]["sla"],
        json!({ "met": 0, "at_risk": 1, "breached": 2, "late": 0, "overdue": 2, "met_rate": 0.0 })
    );
    assert_eq!(before["queues"]["backlog"], answer["queues"]["backlog"]);
    assert_eq!(before["queues"]["stuck"], answer["queues"]["stuck"]);

    // Four hours later q1 is overdue, q4 stuck; q3 finished and met its deadline.
    harness.advance(Duration::from_secs(4 * HOUR as u64));
    let key = harness.api_key(&acme).await?;
    let later = now + 4 * HOUR;
    let done = item(
        "q3",
        "Invoices in",
        "Invoices",
        "successful",
        now,
        [Some(-6 * HOUR), Some(-5 * HOUR), Some(2 * HOUR), Some(3 * HOUR)],
    );
    ingest(&harness, &key, "queue_items", json!([done])).await?;
    let answer = get(&harness, &acme, "/overview").await?;
    assert!(answer["now"].as_i64().is_some_and(|at| at >= later));
    assert_eq!(
        answer["queues"]["sla"],
        json!({ "met": 3, "at_risk": 0, "breached": 4, "late": 1, "overdue": 3, "met_rate": 42.9 })
    );
    assert_eq!(answer["queues"]["stuck"]["in_progress"], 1, "q4 started 5 hours ago");
    assert_eq!(
        answer["queues"]["backlog"][0],
        json!({ "queue": "Invoices in", "new": 2, "in_progress": 1, "total": 3 })
    );
    Ok(())
}

/// `YYYY-MM-DD` of the UTC day holding `at`.
fn day_text(at: i64) -> String {
    autoscope_sdk::days::format_day(at.div_euclid(DAY))
}

fn external_ids(page: &Value) -> Vec<&str> {
    let items = page["items"].as_array().map(Vec::as_slice).unwrap_or_default();
    items.iter().filter_map(|item| item["external_id"].as_str()).collect()
}

/// Stuck items, longest waiting first, with the queue and process filters.
async fn stuck_items_are_listed_longest_waiting_first(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let (acme, _) = with_items(&harness).await?;
    let new = get(&harness, &acme, "/stuck?kind=new").await?;
    assert_eq!(external_ids(&new), ["q9", "q2"]);
    assert_eq!(new["next_cursor"], Value::Null);
    let first = &new["items"][0];
    assert_eq!(
        (&first["queue"], &first["reference"], &first["status"]),
        (&json!("HR in"), &json!("ref-q9"), &json!("new"))
    );
    assert_eq!(external_ids(&get(&harness, &acme, "/stuck?kind=in_progress").await?), ["q3"]);
    assert_eq!(external_ids(&get(&harness, &acme, "/stuck?kind=new&queue=Invoices%20in").await?), ["q2"]);
    assert_eq!(external_ids(&get(&harness, &acme, "/stuck?kind=new&process=Payroll").await?), ["q9"]);

    let page = get(&harness, &acme, "/stuck?kind=new&limit=1").await?;
    assert_eq!(external_ids(&page), ["q9"]);
    let cursor = page["next_cursor"].as_str().context("a second page")?;
    let next = get(&harness, &acme, &format!("/stuck?kind=new&limit=1&cursor={cursor}")).await?;
    assert_eq!((external_ids(&next), &next["next_cursor"]), (vec!["q2"], &Value::Null));

    assert_eq!(refused(&harness, &acme, "/stuck").await?, (400, "The kind must be in_progress or new".into()));
    assert_eq!(
        refused(&harness, &acme, "/stuck?kind=failed").await?,
        (400, "The kind must be in_progress or new".into())
    );
    Ok(())
}

/// The runs of the range, newest first by cursor, filtered; one run with its bot and the
/// bot's latest runs of the process.
async fn the_runs_table_pages_newest_first_and_drills_down(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = with_runs(&harness).await?;
    let mut seen = Vec::new();
    let mut path = format!("/runs?{RANGE}&limit=3");
    loop {
        let page = get(&harness, &acme, &path).await?;
        assert_eq!(page["total"], Value::Null, "runs are counted by aggregates, never by the list");
        seen.extend(external_ids(&page).into_iter().map(str::to_string));
        match page["next_cursor"].as_str() {
            Some(cursor) => path = format!("/runs?{RANGE}&limit=3&cursor={cursor}"),
            None => break,
        }
    }
    assert_eq!(seen, ["r8", "r7", "r6", "r5", "r4", "r3", "r2", "r1"]);
    assert_eq!(external_ids(&get(&harness, &acme, &format!("/runs?{RANGE}&status=failed")).await?), ["r8", "r4", "r3"]);
    assert_eq!(external_ids(&get(&harness, &acme, &format!("/runs?{RANGE}&bot=Bravo")).await?), ["r6", "r5", "r4"]);
    assert_eq!(
        external_ids(&get(&harness, &acme, &format!("/runs?{RANGE}&process=Payroll&bot=Alpha")).await?),
        ["r8", "r3"]
    );
    assert_eq!(external_ids(&get(&harness, &acme, "/runs?from=2026-03-01&to=2026-03-01").await?), ["r0"]);

    let failed = get(&harness, &acme, &format!("/runs?{RANGE}&status=failed&bot=Bravo")).await?;
    let r4 = &failed["items"][0];
    assert_eq!(
        (
            &r4["bot"],
            &r4["process"],
            &r4["status"],
            &r4["duration_s"],
            &r4["exception_type"],
            &r4["reason"],
            &r4["items"]
        ),
        (
            &json!("Bravo"),
            &json!("Invoices"),
            &json!("failed"),
            &json!(100),
            &json!("system"),
            &json!("SAP timeout"),
            &json!(2)
        )
    );
    assert_eq!((&r4["started_at"], &r4["ended_at"]), (&json!(DAY0 + DAY + HOUR), &json!(DAY0 + DAY + HOUR + 100)));
    let id = r4["id"].as_str().context("a run has an id")?;

    // Without Bravo in Bot Profile's inventory the run has no bot to show.
    let detail = get(&harness, &acme, &format!("/runs/{id}")).await?;
    assert_eq!(detail["run"]["external_id"], "r4");
    assert_eq!(detail["bot"], Value::Null);
    assert_eq!(external_ids(&json!({ "items": detail["recent"] })), ["r6", "r4"]);

    let bravo = json!({ "name": "Bravo", "type": "attended", "vendor": "UiPath", "machine": "VM-7" });
    let created = harness.call_module("bots", &acme, "POST", "/bots", Some(bravo)).await?;
    anyhow::ensure!(created.status == 201, "{created:?}");
    let detail = get(&harness, &acme, &format!("/runs/{id}")).await?;
    let bot = &detail["bot"];
    assert_eq!(
        (&bot["name"], &bot["type"], &bot["vendor"], &bot["machine"]),
        (&json!("Bravo"), &json!("attended"), &json!("UiPath"), &json!("VM-7"))
    );

    assert_eq!(refused(&harness, &acme, "/runs/no-such-run").await?, (404, "Run not found".into()));
    Ok(())
}

/// The names to filter by: processes of runs and queue items, bots of runs and of the
/// inventory, queues.
async fn the_filters_offer_every_process_bot_and_queue(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = with_runs(&harness).await?;
    let key = harness.api_key(&acme).await?;
    let now = harness.now();
    ingest(
        &harness,
        &key,
        "queue_items",
        json!([item("q1", "Onboarding in", "Onboarding", "new", now, [Some(0), None, None, None])]),
    )
    .await?;
    let created = harness.call_module("bots", &acme, "POST", "/bots", Some(json!({ "name": "Charlie" }))).await?;
    anyhow::ensure!(created.status == 201, "{created:?}");
    assert_eq!(
        get(&harness, &acme, "/filters").await?,
        json!({
            "processes": ["Invoices", "Onboarding", "Payroll"],
            "bots": ["Alpha", "Bravo", "Charlie"],
            "queues": ["Onboarding in"]
        })
    );
    let globex = harness.company("Globex").await?;
    assert_eq!(get(&harness, &globex, "/filters").await?, json!({ "processes": [], "bots": [], "queues": [] }));
    Ok(())
}

/// Another company's runs and items, even under the same external ids, never count, list
/// or open.
async fn another_companys_runs_and_items_never_count(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = with_runs(&harness).await?;
    let globex = harness.company("Globex").await?;
    let key = harness.api_key(&globex).await?;
    ingest(
        &harness,
        &key,
        "runs",
        json!([
            run("r1", "Globex bot", "Invoices", DAY0 + HOUR, Some(7), "failed", 1),
            run("g2", "Alpha", "Invoices", DAY0 + 2 * HOUR, Some(9), "successful", 100)
        ]),
    )
    .await?;
    let now = harness.now();
    ingest(
        &harness,
        &key,
        "queue_items",
        json!([item("g1", "Invoices in", "Invoices", "new", now, [Some(-40 * DAY), None, None, Some(-DAY)])]),
    )
    .await?;

    let ours = get(&harness, &acme, &format!("/overview?{RANGE}")).await?;
    assert_eq!((&ours["kpis"]["runs"], &ours["kpis"]["items"]), (&json!(8), &json!(40)));
    assert_eq!(ours["per_day"][0]["runs"], 3);
    assert_eq!(ours["queues"]["backlog"], json!([]));
    assert_eq!((&ours["queues"]["sla"]["overdue"], &ours["queues"]["stuck"]["new"]), (&json!(0), &json!(0)));
    let alpha = get(&harness, &acme, &format!("/runs?{RANGE}&bot=Alpha")).await?;
    assert_eq!(external_ids(&alpha), ["r8", "r7", "r3", "r2", "r1"]);

    let theirs = get(&harness, &globex, &format!("/overview?{RANGE}")).await?;
    assert_eq!(
        (&theirs["kpis"]["runs"], &theirs["kpis"]["failed"], &theirs["kpis"]["items"]),
        (&json!(2), &json!(1), &json!(101))
    );
    assert_eq!(theirs["queues"]["stuck"]["new"], 1);
    let their_runs = get(&harness, &globex, &format!("/runs?{RANGE}")).await?;
    assert_eq!(external_ids(&their_runs), ["g2", "r1"]);
    let their_r1 = their_runs["items"]
        .as_array()
        .context("items")?
        .iter()
        .find(|run| run["external_id"] == "r1")
        .context("their r1")?;
    let id = their_r1["id"].as_str().context("an id")?;
    assert_eq!(refused(&harness, &acme, &format!("/runs/{id}")).await?, (404, "Run not found".into()));
    assert_eq!(get(&harness, &globex, &format!("/runs/{id}")).await?["run"]["bot"], "Globex bot");
    Ok(())
}

/// Operational Insight needs its own right (view, not disabled), not Bot Profile's.
async fn the_bot_insight_right_gates_the_module(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = with_runs(&harness).await?;
    let bob = acme.add_user("bob@acme.test").await?;
    let mut rights = default_role_rights();
    rights.insert("bot_insight".into(), Right { view: true, disabled: false });
    rights.insert("bot_profile".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await?;
    let answer = get(&harness, &bob, &format!("/overview?{RANGE}")).await?;
    assert_eq!(answer["kpis"]["runs"], 8, "the insight reads runs without the Bot Profile right");

    let paths = [
        format!("/overview?{RANGE}"),
        format!("/runs?{RANGE}"),
        "/runs/x".into(),
        "/stuck?kind=new".into(),
        "/filters".into(),
    ];
    rights.insert("bot_insight".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await?;
    for path in &paths {
        assert_eq!(
            refused(&harness, &bob, path).await?,
            (403, "Your rights do not allow this module".into()),
            "{path}"
        );
    }
    rights.insert("bot_insight".into(), Right { view: true, disabled: true });
    acme.set_rights(&rights).await?;
    for path in &paths {
        assert_eq!(
            refused(&harness, &bob, path).await?,
            (403, "Upgrade to Premium to use this module".into()),
            "{path}"
        );
    }
    Ok(())
}

/// Without Bot Profile the page says so; the range is still checked.
async fn without_bot_profile_nothing_is_available(engine: Engine) -> anyhow::Result<()> {
    let harness = Harness::load_on(engine, product_module("rpa_insight")?).await?;
    let acme = harness.company("Acme").await?;
    assert_eq!(get(&harness, &acme, "/overview").await?, json!({ "available": false }));
    assert_eq!(get(&harness, &acme, &format!("/overview?{RANGE}&bot=Alpha")).await?, json!({ "available": false }));
    assert_eq!(get(&harness, &acme, "/filters").await?, json!({ "processes": [], "bots": [], "queues": [] }));
    assert_eq!(refused(&harness, &acme, "/overview?from=2026-03-10&to=2026-03-09").await?.0, 400);
    assert_eq!(refused(&harness, &acme, "/runs").await?.0, 404, "no runs to list");
    Ok(())
}

/// Dates that are not days, reversed or over 400 days, unknown statuses, kinds and limits,
/// and over-long filters are refused with the message.
async fn bad_input_is_refused_with_the_message(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let date = "Dates must be days written YYYY-MM-DD";
    let reversed = "The start date must be on or before the end date";
    let long = "Choose at most 400 days";
    let long_filter = format!("bot={}", "b".repeat(201));
    for (path, message) in [
        ("/overview?from=2026-02-30".to_string(), date),
        ("/overview?from=1772409600".to_string(), date),
        ("/overview?to=03/09/2026".to_string(), date),
        ("/overview?from=2026-03-10&to=2026-03-09".to_string(), reversed),
        ("/overview?from=2025-02-11&to=2026-03-18".to_string(), long),
        (format!("/overview?{long_filter}"), "A filter is at most 200 characters"),
        ("/runs?from=2026-13-01".to_string(), date),
        ("/runs?status=done".to_string(), "The status must be running, successful, failed or stopped"),
        ("/runs?limit=0".to_string(), "The limit must be a whole number from 1 to 500"),
        ("/stuck?kind=new&limit=501".to_string(), "The limit must be a whole number from 1 to 500"),
    ] {
        assert_eq!(refused(&harness, &acme, &path).await?, (400, message.to_string()), "{path}");
    }
    let longest = get(&harness, &acme, "/overview?from=2025-02-12&to=2026-03-18").await?;
    assert_eq!(longest["range"]["days"], 400);
    Ok(())
}

/// A run on each of 400 days: the longest range answers every day and week within the
/// default limits.
async fn the_longest_range_fits_the_limits(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let key = harness.api_key(&acme).await?;
    // 2025-02-12 (a Wednesday) to 2026-03-18: 400 days in 58 weeks.
    let first = 1_739_318_400;
    let runs: Vec<Value> = (0..400)
        .map(|day| {
            let status = if day % 4 == 0 { "failed" } else { "successful" };
            let mut run = run(
                &format!("d{day}"),
                &format!("Bot {}", day % 20),
                "Invoices",
                first + day * DAY + HOUR,
                Some(60 + day),
                status,
                2,
            );
            if status == "failed" {
                run["exception_type"] = "system".into();
                run["reason"] = format!("Reason {}", (day / 4) % 12).into();
            }
            run
        })
        .collect();
    ingest(&harness, &key, "runs", Value::Array(runs)).await?;
    let range = format!("from={}&to={}", day_text(first), day_text(first + 399 * DAY));
    let answer = get(&harness, &acme, &format!("/overview?{range}")).await?;
    assert_eq!(answer["range"]["days"], 400);
    assert_eq!(answer["per_day"].as_array().map(Vec::len), Some(400));
    assert!(answer["per_day"].as_array().context("days")?.iter().all(|day| day["runs"] == 1));
    let weeks = answer["duration_weeks"].as_array().context("weeks")?;
    assert_eq!(weeks.len(), 58);
    assert_eq!(weeks.iter().filter_map(|week| week["runs"].as_u64()).sum::<u64>(), 400);
    assert_eq!(
        (&answer["kpis"]["runs"], &answer["kpis"]["failed"], &answer["kpis"]["items"]),
        (&json!(400), &json!(100), &json!(800))
    );
    // Durations 60 to 459 s: mean 259.5.
    assert_eq!(answer["kpis"]["avg_duration_s"], 260);
    assert_eq!(
        (answer["reasons"]["top"].as_array().map(Vec::len), &answer["reasons"]["distinct"]),
        (Some(10), &json!(12))
    );
    Ok(())
}
