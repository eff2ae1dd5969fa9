//! The heatmap: per bot and day, the seconds of the runs started that day over 86,400, and
//! Calendar's holidays and maintenance windows on its days.

use autoscope_module_test::{Company, Engine, Grants, Harness, product_module};
use serde_json::json;

use crate::common::{DAY, DAY0, RANGE, get, with_scenario};

autoscope_module_test::on_both_engines!(
    the_heatmap_is_busy_seconds_over_each_day,
    calendars_non_working_days_mark_the_heatmaps_days,
    without_the_calendar_grant_the_heatmap_has_no_non_working_days,
);

/// Per bot and day: the seconds of the runs started that day over 86,400 (a run past
/// midnight counts whole on its first day), and their average over the range; the formula
/// says so. The default range is the last 30 days (none of the scenario's runs are in it).
async fn the_heatmap_is_busy_seconds_over_each_day(engine: Engine) -> anyhow::Result<()> {
    let (harness, acme, alpha, bravo) = with_scenario(engine).await?;
    let heatmap = get(&harness, &acme, &format!("/heatmap?{RANGE}")).await?;
    assert_eq!(heatmap["days"], json!([DAY0, DAY0 + DAY, DAY0 + 2 * DAY]));
    assert_eq!(
        heatmap["bots"],
        json!([
            // Day 0: 1800 + 3600 = 5400 s (0.0625); day 1: 600 + 1200 (0.0208); day 2: r5's
            // 7200 s, though it ended after midnight (0.0833). 14,400 of 259,200 s: 0.0556.
            { "bot": "Alpha", "id": alpha["id"], "busy_seconds": [5_400, 1_800, 7_200], "utilisation": [0.0625, 0.0208, 0.0833], "average": 0.0556 },
            // 900 + 600 = 1500 s: 0.0174; 1500 of 259,200: 0.0058.
            { "bot": "Bravo", "id": bravo["id"], "busy_seconds": [0, 1_500, 0], "utilisation": [0.0, 0.0174, 0.0], "average": 0.0058 },
            { "bot": "Ghost", "id": null, "busy_seconds": [0, 0, 864], "utilisation": [0.0, 0.0, 0.01], "average": 0.0033 }
        ])
    );
    assert!(heatmap["formula"].as_str().is_some_and(|formula| formula.contains("86,400")));
    // Calendar is not installed: no non-working days, and no error.
    assert_eq!(heatmap["non_working"], json!([]));
    let recent = get(&harness, &acme, "/heatmap").await?;
    assert_eq!(recent["days"].as_array().map(Vec::len), Some(30));
    assert_eq!(
        recent["bots"][0]["busy_seconds"].as_array().map(|cells| cells.iter().all(|cell| cell == 0)),
        Some(true)
    );
    Ok(())
}

/// A company admin's holiday on day 1, maintenance from day 1 22:00 to day 2 02:00, and a
/// holiday on day 5 (after the range), through Calendar's API.
async fn non_working_days(harness: &Harness, acme: &Company) -> anyhow::Result<()> {
    for period in [
        json!({ "name": "Founders' Day", "kind": "holiday", "start": DAY0 + DAY, "end": DAY0 + 2 * DAY, "all_day": true }),
        json!({ "name": "SAP upgrade", "kind": "maintenance", "start": DAY0 + DAY + 79_200, "end": DAY0 + 2 * DAY + 7_200, "all_day": false }),
        json!({ "name": "Easter", "kind": "holiday", "start": DAY0 + 5 * DAY, "end": DAY0 + 6 * DAY, "all_day": true }),
    ] {
        let reply = harness.call_module("calendar", acme, "POST", "/non-working", Some(period)).await?;
        anyhow::ensure!(reply.status == 201, "{reply:?}");
    }
    Ok(())
}

/// With Calendar installed and the read granted, each day a holiday or maintenance window
/// touches is listed with its name; one outside the range is not.
async fn calendars_non_working_days_mark_the_heatmaps_days(engine: Engine) -> anyhow::Result<()> {
    let harness = Harness::load_with(engine, product_module("bots")?, [product_module("calendar")?]).await?;
    let acme = harness.company("Acme").await?;
    non_working_days(&harness, &acme).await?;
    let heatmap = get(&harness, &acme, &format!("/heatmap?{RANGE}")).await?;
    assert_eq!(
        heatmap["non_working"],
        json!([
            { "day": DAY0 + DAY, "name": "Founders' Day", "kind": "holiday" },
            { "day": DAY0 + DAY, "name": "SAP upgrade", "kind": "maintenance" },
            { "day": DAY0 + 2 * DAY, "name": "SAP upgrade", "kind": "maintenance" }
        ])
    );
    Ok(())
}

/// Installed without `read:calendar.non_working`, Bot Profile still answers its heatmap,
/// with no non-working days.
async fn without_the_calendar_grant_the_heatmap_has_no_non_working_days(engine: Engine) -> anyhow::Result<()> {
    let grants = Grants::parse("storage,directory,read:vault.processes").map_err(anyhow::Error::msg)?;
    let bots = product_module("bots")?.with_grants(grants);
    let harness = Harness::load_with(engine, bots, [product_module("calendar")?]).await?;
    let acme = harness.company("Acme").await?;
    non_working_days(&harness, &acme).await?;
    let heatmap = get(&harness, &acme, &format!("/heatmap?{RANGE}")).await?;
    assert_eq!(heatmap["days"], json!([DAY0, DAY0 + DAY, DAY0 + 2 * DAY]));
    assert_eq!(heatmap["non_working"], json!([]));
    Ok(())
}
