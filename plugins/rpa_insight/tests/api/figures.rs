//! The run figures of the overview: counts and rates, items, durations and their
//! percentiles, per day and per week, and the reasons of failures, all worked out by hand.

use autoscope_module_test::Engine;
use serde_json::{Value, json};

use crate::common::{DAY, DAY0, HOUR, RANGE, WEEK2, get, ingest, load, run, with_runs};

autoscope_module_test::on_both_engines!(
    every_run_figure_matches_the_runs_worked_by_hand,
    a_resent_run_updates_the_figures
);

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
    Ok(())
}

/// Re-sending a run (same external id) updates it: r6, sent again as ended after 50 s,
/// successfully, moves every figure it is in.
async fn a_resent_run_updates_the_figures(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = with_runs(&harness).await?;
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
