//! Queue figures of the overview: the volume of the items added in the range, SLA met and
//! late among them; backlog, at risk, overdue and stuck as they stand now, whenever added.

use std::time::Duration;

use autoscope_module_test::Engine;
use serde_json::{Value, json};

use crate::common::{DAY, HOUR, day_text, get, ingest, item, with_items};

autoscope_module_test::on_both_engines!(
    queue_volume_backlog_sla_and_stuck_items_match_by_hand,
    the_queue_and_process_filters_narrow_every_queue_figure,
    as_time_passes_items_fall_overdue_and_stuck,
);

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
/// late among them; backlog, at risk, overdue and stuck as they stand now, whenever added,
/// so a range of last week only (nothing added, nothing met) has the same. Grouped: the last
/// week is compared with the default range's answer.
async fn queue_volume_backlog_sla_and_stuck_items_match_by_hand(engine: Engine) -> anyhow::Result<()> {
    let (harness, acme, now) = with_items(engine).await?;
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

    let last_week = format!("from={}&to={}", day_text(today - 8 * DAY), day_text(today - 2 * DAY));
    let before = get(&harness, &acme, &format!("/overview?{last_week}")).await?;
    assert_eq!(volume(&before), []);
    assert_eq!(
        before["queues"]["sla"],
        json!({ "met": 0, "at_risk": 1, "breached": 2, "late": 0, "overdue": 2, "met_rate": 0.0 })
    );
    assert_eq!(before["queues"]["backlog"], answer["queues"]["backlog"]);
    assert_eq!(before["queues"]["stuck"], answer["queues"]["stuck"]);
    Ok(())
}

/// The queue filter keeps the queue's items in every queue figure; the process filter does
/// the same for the process's (HR in is all of Payroll).
async fn the_queue_and_process_filters_narrow_every_queue_figure(engine: Engine) -> anyhow::Result<()> {
    let (harness, acme, now) = with_items(engine).await?;
    let today = now - 12 * HOUR;
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
    Ok(())
}

/// Four hours later q1 is overdue and q4 stuck; q3, sent again as finished, met its
/// deadline and leaves the backlog.
async fn as_time_passes_items_fall_overdue_and_stuck(engine: Engine) -> anyhow::Result<()> {
    let (harness, acme, now) = with_items(engine).await?;
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
