//! Each kind of rule on data sent through Bot Profile, its figure and sentence worked out
//! by hand.

use std::time::Duration;

use autoscope_module_test::{Engine, on_both_engines};
use serde_json::{Value, json};

use crate::common::{DAY, HOUR, MINUTE, create, ingest, load, rule, run};

on_both_engines!(
    sla_and_stuck_rules_count_open_queue_items,
    a_bot_is_silent_when_its_schedule_says_it_runs_and_it_did_not,
    slow_runs_are_compared_with_the_last_30_days,
    an_outcome_fires_below_the_expected_count,
);

fn item(id: &str, queue: &str, status: &str, added: i64, started: Option<i64>, sla: Option<i64>) -> Value {
    json!({
        "external_id": id, "queue": queue, "process": "Invoices", "status": status, "added_at": added,
        "started_at": started, "sla_deadline": sla,
    })
}

async fn sla_and_stuck_rules_count_open_queue_items(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let now = harness.now();
    let items = json!([
        // New for 3 hours and past its deadline.
        item("q1", "AP", "new", now - 3 * HOUR, None, Some(now - 10 * MINUTE)),
        // In progress for 2 hours, due in 20 minutes.
        item("q2", "AP", "in_progress", now - 3 * HOUR, Some(now - 2 * HOUR), Some(now + 20 * MINUTE)),
        // In progress for 10 minutes, due in 2 hours.
        item("q3", "AP", "in_progress", now - HOUR, Some(now - 10 * MINUTE), Some(now + 2 * HOUR)),
        // Done: its deadline no longer matters.
        item("q4", "AP", "successful", now - 5 * HOUR, Some(now - 4 * HOUR), Some(now - 3 * HOUR)),
        item("q5", "AP", "new", now - 5 * MINUTE, None, None),
    ]);
    ingest(&harness, &acme, "queue_items", items).await?;

    let sla = create(&harness, &acme, rule("AP late", "sla", 30.0)).await?;
    assert_eq!(sla["evaluation"]["summary"], "1 open item past the SLA deadline, 1 more due within 30 minutes");
    assert_eq!(sla["evaluation"]["value"], 2.0);
    let mut past_only = rule("AP past", "sla", 0.0);
    past_only["queue"] = "AP".into();
    let past = create(&harness, &acme, past_only).await?;
    assert_eq!(past["evaluation"]["summary"], "1 open item past the SLA deadline");

    let stuck = create(&harness, &acme, rule("AP stuck", "stuck_items", 60.0)).await?;
    assert_eq!(stuck["evaluation"]["summary"], "1 item in progress and 1 new and untouched for more than 1 hour");
    assert_eq!(stuck["evaluation"]["firing"], true);

    let mut other_queue = rule("AR stuck", "stuck_items", 60.0);
    other_queue["queue"] = "AR".into();
    let quiet = create(&harness, &acme, other_queue).await?;
    assert_eq!(quiet["evaluation"]["firing"], false, "the rule's scope is another queue");
    assert_eq!(quiet["incident"], Value::Null);
    Ok(())
}

async fn a_bot_is_silent_when_its_schedule_says_it_runs_and_it_did_not(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    for (name, schedule) in [("Alpha", "24/7"), ("Bravo", "24/7"), ("Charlie", "24/7"), ("Delta", "")] {
        let reply = harness
            .call_module("bots", &acme, "POST", "/bots", Some(json!({ "name": name, "schedule": schedule })))
            .await?;
        anyhow::ensure!(reply.status == 201, "{reply:?}");
    }
    let now = harness.now();
    // Alpha ran 10 minutes ago; Charlie has been running for 3 hours; Bravo did nothing,
    // and Delta has no schedule to hold it to.
    let runs = json!([
        run("a1", "Alpha", now - 10 * MINUTE, Some(60), "successful", None),
        run("c1", "Charlie", now - 3 * HOUR, None, "running", None),
    ]);
    ingest(&harness, &acme, "runs", runs).await?;
    let mut silent = rule("Bots silent", "silent_bot", 0.0);
    silent["process"] = Value::Null;
    let checked = create(&harness, &acme, silent).await?;
    assert_eq!(checked["evaluation"]["summary"], "Bravo has not run in the last hour though its schedule says 24/7");
    assert_eq!(checked["evaluation"]["value"], 1.0);

    let mut alpha_only = rule("Alpha silent", "silent_bot", 0.0);
    alpha_only["process"] = Value::Null;
    alpha_only["bot"] = "Alpha".into();
    alpha_only["time_zone"] = "Europe/Berlin".into();
    let alpha = create(&harness, &acme, alpha_only).await?;
    assert_eq!(alpha["evaluation"]["firing"], false);
    assert_eq!(alpha["evaluation"]["summary"], "Every scheduled bot ran in the last hour");
    Ok(())
}

async fn slow_runs_are_compared_with_the_last_30_days(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    // The baseline is the whole days before today: the last hour's runs must lie today,
    // so in the first hour of a UTC day the clock moves past it.
    let into_day = harness.now().rem_euclid(DAY);
    if into_day < HOUR {
        harness.advance(Duration::from_secs((HOUR + MINUTE - into_day).unsigned_abs()));
    }
    let now = harness.now();
    let today = now - now.rem_euclid(DAY);
    // Five days of one-minute runs before today: the p95 is one minute.
    let mut runs: Vec<Value> = (1..=5)
        .map(|day| run(&format!("d{day}"), "Alpha", today - day * DAY + HOUR, Some(60), "successful", None))
        .collect();
    let none = create(&harness, &acme, rule("Slow", "slow_runs", 95.0)).await?;
    assert_eq!(none["evaluation"]["summary"], "No finished runs in the last 30 days to compare with");
    assert_eq!(none["evaluation"]["firing"], false);

    // In the last hour: one run of ten minutes, one of 30 seconds, and one running for 20 minutes.
    runs.push(run("late", "Alpha", now - 30 * MINUTE, Some(600), "successful", None));
    runs.push(run("quick", "Alpha", now - 20 * MINUTE, Some(30), "successful", None));
    runs.push(run("long", "Alpha", now - 20 * MINUTE, None, "running", None));
    ingest(&harness, &acme, "runs", Value::Array(runs)).await?;
    let checked = create(&harness, &acme, rule("Slow Invoices", "slow_runs", 95.0)).await?;
    assert_eq!(
        checked["evaluation"]["summary"],
        "1 run in the last hour and 1 still running took longer than 60 seconds, the p95 of the last 30 days"
    );
    assert_eq!(checked["evaluation"]["value"], 2.0);
    Ok(())
}

async fn an_outcome_fires_below_the_expected_count(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let now = harness.now();
    let runs = json!([
        run("s1", "Alpha", now - 50 * MINUTE, Some(60), "successful", None),
        run("s2", "Alpha", now - 40 * MINUTE, Some(60), "successful", None),
        run("f1", "Alpha", now - 30 * MINUTE, Some(60), "failed", Some("Login failed")),
        // Before the window.
        run("s0", "Alpha", now - 2 * HOUR, Some(60), "successful", None),
    ]);
    ingest(&harness, &acme, "runs", runs).await?;
    let items = json!([item("i1", "AP", "successful", now - 30 * MINUTE, Some(now - 20 * MINUTE), None)]);
    ingest(&harness, &acme, "queue_items", items).await?;

    let outcome = |name: &str, measure: &str, expected: f64| {
        let mut draft = rule(name, "outcome", expected);
        draft["measure"] = measure.into();
        draft
    };
    let successful = create(&harness, &acme, outcome("Few successes", "successful_runs", 3.0)).await?;
    assert_eq!(successful["evaluation"]["firing"], true);
    assert_eq!(
        successful["evaluation"]["summary"],
        "2 successful runs of Invoices in the last hour; at least 3 expected"
    );
    let all = create(&harness, &acme, outcome("Few runs", "runs", 3.0)).await?;
    assert_eq!(all["evaluation"]["firing"], false, "3 runs started in the hour");
    let items = create(&harness, &acme, outcome("Few items", "successful_items", 2.0)).await?;
    assert_eq!(items["evaluation"]["summary"], "1 successful item of Invoices in the last hour; at least 2 expected");
    Ok(())
}
