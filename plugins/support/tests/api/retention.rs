//! Retention: tickets closed more than 90 days ago are deleted with all their records.

use std::time::Duration;

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect, id, message, renew, stored, text_file, user};
use serde_json::json;

use crate::common::{DAY, ask_for_approval, comment, create, load, patch, ticket, titles};

autoscope_module_test::on_both_engines!(retention_deletes_tickets_closed_over_90_days_with_their_data);

/// Tickets closed more than 90 days ago go with all their records; one closed 89 days ago
/// and open ones stay.
async fn retention_deletes_tickets_closed_over_90_days_with_their_data(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let old = create(&harness, &acme, json!({ "title": "Old", "assignee_id": bob.id })).await;
    let old_id = id(&old).to_string();
    comment(&harness, &bob, &old_id, "Done").await;
    let attached =
        call(&harness, &acme, "POST", &format!("/tickets/{old_id}/attachments"), Some(text_file("log.txt"))).await;
    let attachment = expect(attached, 201);
    expect(ask_for_approval(&harness, &acme, &old_id, json!([bob.id])).await, 201);
    patch(&harness, &acme, &old_id, json!({ "status": "closed" })).await;
    let open = create(&harness, &acme, json!({ "title": "Still open" })).await;

    harness.advance(Duration::from_secs(DAY));
    let acme = renew(&harness, &acme).await;
    let recent = create(&harness, &acme, json!({ "title": "Recent" })).await;
    comment(&harness, &acme, id(&recent), "Note").await;
    patch(&harness, &acme, id(&recent), json!({ "status": "closed" })).await;

    let counts = |ticket_id: String| {
        let (harness, acme) = (&harness, &acme);
        async move {
            let mut counts = Vec::new();
            for collection in
                ["support.tickets", "support.comments", "support.history", "support.attachments", "support.approvals"]
            {
                let field = if collection == "support.tickets" { "id" } else { "ticket_id" };
                counts.push(stored(harness, acme, collection, field, &ticket_id).await);
            }
            counts
        }
    };
    assert_eq!(counts(old_id.clone()).await, [1, 1, 5, 1, 1]);
    assert_eq!(stored(&harness, &acme, "support.attachment_data", "attachment_id", id(&attachment)).await, 1);

    // 89 days after the first closing: kept.
    harness.advance(Duration::from_secs(88 * DAY));
    harness.run_schedules().await.expect("schedules run");
    let acme = renew(&harness, &acme).await;
    assert_eq!(ticket(&harness, &acme, &old_id).await["ticket"]["title"], json!("Old"));
    assert_eq!(counts(old_id.clone()).await, [1, 1, 5, 1, 1]);

    // A day and a second later: over 90 days, gone with everything; the one closed a day
    // later (89 days) and the open one stay.
    harness.advance(Duration::from_secs(DAY + 1));
    harness.run_schedules().await.expect("schedules run");
    let acme = renew(&harness, &acme).await;
    assert_eq!(counts(old_id.clone()).await, [0, 0, 0, 0, 0]);
    assert_eq!(stored(&harness, &acme, "support.attachment_data", "attachment_id", id(&attachment)).await, 0);
    assert_eq!(
        message(call(&harness, &acme, "GET", &format!("/tickets/{old_id}"), None).await, 404),
        "Ticket not found"
    );
    assert_eq!(counts(id(&recent).to_string()).await, [1, 1, 3, 0, 0]);
    let page = expect(call(&harness, &acme, "GET", "/tickets?sort=title", None).await, 200);
    assert_eq!(titles(&page), ["Recent", "Still open"]);
    assert_eq!(ticket(&harness, &acme, id(&open)).await["ticket"]["status"], json!("open"));
}
