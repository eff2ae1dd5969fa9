//! Without Bot Profile installed there are no runs to read: the page says so.

use autoscope_module_test::{Engine, Harness, product_module};
use serde_json::json;

use crate::common::{RANGE, get, refused};

autoscope_module_test::on_both_engines!(without_bot_profile_nothing_is_available);

/// Without Bot Profile the overview says it is unavailable (filters or not), no names are
/// offered to filter by, and there are no runs to list; a bad range is still refused.
/// Grouped: each is one call on a host without Bot Profile.
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
