//! Ranges of days: written YYYY-MM-DD, in order, at most 400 of them; the longest range
//! answers every day and week within the default limits.

use anyhow::Context;
use autoscope_module_test::Engine;
use serde_json::{Value, json};

use crate::common::{DAY, HOUR, day_text, get, ingest, load, refused, run};

autoscope_module_test::on_both_engines!(bad_ranges_are_refused_with_the_message, the_longest_range_fits_the_limits,);

/// Dates that are not days written YYYY-MM-DD (nor real, nor seconds, nor another format),
/// on the overview and the runs, a start after the end, and 401 days are refused with the
/// message; 400 days are answered. Grouped: each is one call.
async fn bad_ranges_are_refused_with_the_message(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let date = "Dates must be days written YYYY-MM-DD";
    let reversed = "The start date must be on or before the end date";
    for (path, message) in [
        ("/overview?from=2026-02-30", date),
        ("/overview?from=1772409600", date),
        ("/overview?to=03/09/2026", date),
        ("/overview?from=2026-03-10&to=2026-03-09", reversed),
        ("/overview?from=2025-02-11&to=2026-03-18", "Choose at most 400 days"),
        ("/runs?from=2026-13-01", date),
    ] {
        assert_eq!(refused(&harness, &acme, path).await?, (400, message.to_string()), "{path}");
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
