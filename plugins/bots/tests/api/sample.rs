//! Sample data (`POST` and `DELETE /sample`, which the host calls from the getting-started
//! checklist): a company administrator's; bots, a month of runs and queue items, each marked
//! `sample`, that the pages show; loading again replaces them, and removing them leaves the
//! company's own bots and runs.

use autoscope_module_test::{Engine, Filter, FilterOp};
use serde_json::json;

use crate::common::{api, create_bot, get, ingest, load, names, refused, run};

autoscope_module_test::on_both_engines!(sample_data_is_an_admins_and_leaves_the_companys_own_records);

const ADMIN_ONLY: &str = "Only a company administrator can load or remove sample data";

/// The records marked `sample`, or (`false`) the others, whose mark is null.
fn sample(marked: bool) -> Vec<Filter> {
    let op = if marked { FilterOp::Eq } else { FilterOp::Ne };
    vec![Filter { field: "sample".into(), op, value: true.into() }]
}

async fn sample_data_is_an_admins_and_leaves_the_companys_own_records(engine: Engine) -> anyhow::Result<()> {
    let harness = load(engine).await?;
    let acme = harness.company("Acme").await?;
    let bob = acme.add_user("bob@acme.test").await?;
    let globex = harness.company("Globex").await?;
    create_bot(&harness, &acme, json!({ "name": "Alpha" })).await?;
    let now = harness.now();
    let own = json!([run("own-1", "Alpha", "Invoice posting", now - 3_600, Some(now - 3_000), "successful", 3)]);
    ingest(&harness, &harness.api_key(&acme).await?, own).await?;

    for method in ["POST", "DELETE"] {
        assert_eq!(refused(&harness, &bob, method, "/sample", None, 403).await?, ADMIN_ONLY);
    }

    let loaded = api(&harness, &acme, "POST", "/sample", None, 200).await?;
    let (runs, items) = (loaded["runs"].as_u64().unwrap_or(0), loaded["queue_items"].as_u64().unwrap_or(0));
    assert_eq!(loaded["bots"], 3, "{loaded}");
    assert!(runs > 150 && items > 100, "{loaded}");
    assert_eq!(harness.count(&acme, "bots.runs", sample(true)).await?, runs);
    assert_eq!(harness.count(&acme, "bots.queue_items", sample(true)).await?, items);
    let inventory = get(&harness, &acme, "/bots?limit=50").await?;
    assert_eq!(names(&inventory), ["Alpha", "Sample Finance Bot", "Sample HR Bot", "Sample Service Bot"]);
    // The live status knows the sample bots by their runs.
    let status = get(&harness, &acme, "/status").await?;
    assert!(status.to_string().contains("Sample Finance Bot"), "{status}");
    // Another company has none of it.
    assert_eq!(harness.count(&globex, "bots.runs", Vec::new()).await?, 0);

    let again = api(&harness, &acme, "POST", "/sample", None, 200).await?;
    assert_eq!(again, loaded, "loading again replaces the sample");
    assert_eq!(harness.count(&acme, "bots.runs", Vec::new()).await?, runs + 1);

    let removed = api(&harness, &acme, "DELETE", "/sample", None, 200).await?;
    assert_eq!(removed["deleted"], json!(3 + runs + items));
    assert_eq!(names(&get(&harness, &acme, "/bots?limit=50").await?), ["Alpha"]);
    assert_eq!(harness.count(&acme, "bots.runs", sample(false)).await?, 1, "the company's own run stays");
    assert_eq!(harness.count(&acme, "bots.runs", Vec::new()).await?, 1);
    assert_eq!(harness.count(&acme, "bots.queue_items", Vec::new()).await?, 0);
    Ok(())
}
