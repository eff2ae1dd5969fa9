//! The heatmap: per bot and day, the seconds of the runs started that day over 86,400.

use autoscope_module_test::Engine;
use serde_json::json;

use crate::common::{DAY, DAY0, RANGE, get, with_scenario};

autoscope_module_test::on_both_engines!(the_heatmap_is_busy_seconds_over_each_day);

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
    let recent = get(&harness, &acme, "/heatmap").await?;
    assert_eq!(recent["days"].as_array().map(Vec::len), Some(30));
    assert_eq!(
        recent["bots"][0]["busy_seconds"].as_array().map(|cells| cells.iter().all(|cell| cell == 0)),
        Some(true)
    );
    Ok(())
}
