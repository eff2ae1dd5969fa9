//! Ranges of days on every route that takes one: days written YYYY-MM-DD, in order, at
//! most 400 of them.

use autoscope_module_test::Engine;
use serde_json::json;

use crate::common::{create_bot, get, id, load, refused};

autoscope_module_test::on_both_engines!(bad_ranges_are_refused_with_the_message);

/// Reversed days, over 400 days, and days that are not YYYY-MM-DD (nor real, nor seconds)
/// are refused with the message on every route; 400 days are answered day by day. Grouped:
/// each is one call.
async fn bad_ranges_are_refused_with_the_message(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bot = create_bot(&harness, &acme, json!({ "name": "Alpha" })).await?;
    let (date, reversed) =
        ("Dates must be days written YYYY-MM-DD", "The start date must be on or before the end date");
    for (query, expected) in [
        ("from=2026-03-05&to=2026-03-04", reversed),
        ("from=2025-01-01&to=2026-03-04", "Choose at most 400 days"),
        ("from=2026-02-30", date),
        ("to=yesterday", date),
        ("from=1772409600", date),
        ("from=-1", date),
    ] {
        for route in [
            "/heatmap".to_string(),
            "/calculation".to_string(),
            format!("/bots/{}/overview", id(&bot)?),
            format!("/bots/{}/runs", id(&bot)?),
        ] {
            let message = refused(&harness, &acme, "GET", &format!("{route}?{query}"), None, 400).await?;
            assert_eq!(message, expected, "{route}?{query}");
        }
    }
    let longest = get(&harness, &acme, "/heatmap?from=2025-02-02&to=2026-03-08").await?;
    assert_eq!(longest["days"].as_array().map(Vec::len), Some(400));
    Ok(())
}
