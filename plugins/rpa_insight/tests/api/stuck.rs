//! The list of stuck items: new or in progress for too long, longest waiting first.

use anyhow::Context;
use autoscope_module_test::Engine;
use serde_json::{Value, json};

use crate::common::{external_ids, get, with_items};

autoscope_module_test::on_both_engines!(stuck_items_are_listed_longest_waiting_first_filtered_and_paged);

/// Stuck new items (q9, then q2) and in-progress ones (q3), longest waiting first, each with
/// its queue, reference and status; the queue and process filters keep the stuck items of
/// theirs; `limit` a page, the next by the cursor of the one before, the last with none.
/// Grouped: reads of the same items, one call each.
async fn stuck_items_are_listed_longest_waiting_first_filtered_and_paged(engine: Engine) -> anyhow::Result<()> {
    let (harness, acme, _) = with_items(engine).await?;
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
    Ok(())
}
