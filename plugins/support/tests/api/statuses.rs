//! Changing a ticket: its life through the statuses (each change recorded and announced)
//! and the changes refused.

use std::time::Duration;

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, id, message, user};
use serde_json::{Value, json};

use crate::common::{about, actions, create, int, load, notices, patch, subjects, ticket};

const CONFLICT: &str = "The record was changed by someone else; reload it and try again";

autoscope_module_test::on_both_engines!(a_ticket_lives_through_its_statuses, bad_changes_are_refused,);

/// Assignment, status changes (with the first response), waiting, resolving, closing and
/// reopening: each recorded and announced to the right people.
async fn a_ticket_lives_through_its_statuses(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let carol = user(&acme, "carol@acme.test").await;
    let created = create(&harness, &acme, json!({ "title": "Printer jams" })).await;
    let ticket_id = id(&created);

    harness.advance(Duration::from_secs(60));
    let assigned = patch(&harness, &acme, ticket_id, json!({ "assignee_id": bob.id })).await;
    // One change on the version `create` answered (1, or 2 when the host's second moved on
    // while it was created).
    assert_eq!(
        (&assigned["assignee_id"], &assigned["version"]),
        (&json!(bob.id), &json!(int(&created, "version") + 1))
    );
    assert_eq!(assigned["first_response_at"], Value::Null, "an assignment is no response");
    assert_eq!(notices(&harness, &bob).await, ["You were assigned ticket #1: Printer jams"]);

    harness.advance(Duration::from_secs(60));
    let working = patch(&harness, &bob, ticket_id, json!({ "status": "in_progress" })).await;
    let responded = int(&working, "first_response_at");
    about(responded, int(&created, "created_at") + 120);
    assert_eq!(int(&working, "response_seconds"), responded - int(&created, "created_at"));
    assert_eq!(working["response_breached"], json!(false));
    assert_eq!(notices(&harness, &acme).await, ["Ticket #1 is now In progress"]);
    assert_eq!(subjects(&harness, "owner@acme.test").await, ["Ticket #1 is now In progress"]);
    let mail = &harness.mails_to("owner@acme.test").await.expect("mails")[0];
    assert!(mail.text_body.contains(&format!("/Support?ticket={ticket_id}")), "{}", mail.text_body);

    harness.advance(Duration::from_secs(60));
    let waiting =
        patch(&harness, &acme, ticket_id, json!({ "status": "waiting", "priority": "Low", "category": "Question" }))
            .await;
    about(int(&waiting, "waiting_since"), responded + 60);
    assert_eq!(notices(&harness, &bob).await[0], "Ticket #1 is now Waiting");
    assert_eq!(notices(&harness, &acme).await.len(), 1, "the requester changed it: not told");

    harness.advance(Duration::from_secs(60));
    let resolved = patch(&harness, &bob, ticket_id, json!({ "status": "resolved", "assignee_id": carol.id })).await;
    let resolved_at = int(&resolved, "resolved_at");
    assert_eq!(resolved["waiting_since"], Value::Null);
    assert_eq!(int(&resolved, "paused_seconds"), resolved_at - int(&waiting, "waiting_since"));
    assert_eq!(
        int(&resolved, "resolution_seconds"),
        resolved_at - int(&created, "created_at") - int(&resolved, "paused_seconds")
    );
    assert_eq!((&resolved["resolution_breached"], &resolved["closed_at"]), (&json!(false), &Value::Null));
    let mut told = notices(&harness, &carol).await;
    told.sort();
    assert_eq!(told, ["Ticket #1 is now Resolved", "You were assigned ticket #1: Printer jams"]);
    assert_eq!(notices(&harness, &acme).await[0], "Ticket #1 is now Resolved");

    harness.advance(Duration::from_secs(60));
    let closed = patch(&harness, &acme, ticket_id, json!({ "status": "closed" })).await;
    assert_eq!(closed["resolved_at"], json!(resolved_at), "closing keeps the resolution");
    about(int(&closed, "closed_at"), resolved_at + 60);

    harness.advance(Duration::from_secs(60));
    let reopened = patch(&harness, &acme, ticket_id, json!({ "status": "in_progress" })).await;
    assert_eq!(
        (&reopened["resolved_at"], &reopened["closed_at"], &reopened["resolution_seconds"]),
        (&Value::Null, &Value::Null, &Value::Null)
    );
    assert_eq!(reopened["first_response_at"], json!(responded), "the first response stays");

    let detail = ticket(&harness, &acme, ticket_id).await;
    // Newest first; the entries of one change in the order written.
    assert_eq!(
        actions(&detail),
        ["status", "status", "status", "assigned", "status", "updated", "status", "assigned", "created"]
    );
    let history = detail["history"].as_array().expect("history");
    assert_eq!(history[0]["changes"], json!([{ "field": "status", "from": "closed", "to": "in_progress" }]));
    assert_eq!(
        history[5]["changes"],
        json!([
            { "field": "category", "from": null, "to": "Question" },
            { "field": "priority", "from": "Medium", "to": "Low" }
        ])
    );
    assert_eq!(history[3]["changes"], json!([{ "field": "assignee_id", "from": bob.id, "to": carol.id }]));
    assert_eq!((&history[6]["user_id"], &history[8]["user_id"]), (&json!(bob.id), &json!(acme.user_id)));
}

/// A change is refused with the exact message: to the status the ticket has or an
/// unknown one (400), with an assignee who is no user of the company whatever the version
/// (400), with a stale version (409), to an unknown ticket (404). Grouped: each is one
/// call on one ticket, not worth a fresh host.
async fn bad_changes_are_refused(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let created = create(&harness, &acme, json!({ "title": "Printer jams" })).await;
    let ticket_id = id(&created);
    let path = format!("/tickets/{ticket_id}");
    // 1, or 2 when the host's second moved on while it was created (`tickets::create`).
    let version = created["version"].clone();

    let same = call(&harness, &acme, "PATCH", &path, Some(json!({ "version": version, "status": "open" }))).await;
    assert_eq!(message(same, 400), "The ticket is already Open");
    let unknown = call(&harness, &acme, "PATCH", &path, Some(json!({ "version": version, "status": "done" }))).await;
    assert_eq!(message(unknown, 400), "Unknown status");
    let bad = call(&harness, &acme, "PATCH", &path, Some(json!({ "version": 9, "assignee_id": "nobody" }))).await;
    assert_eq!(message(bad, 400), "Assignee is not a user of this company");

    patch(&harness, &acme, ticket_id, json!({ "status": "in_progress" })).await;
    let stale =
        call(&harness, &acme, "PATCH", &path, Some(json!({ "version": version, "title": "Lost update" }))).await;
    assert_eq!(message(stale, 409), CONFLICT);

    let missing = call(&harness, &acme, "PATCH", "/tickets/nope", Some(json!({ "version": 1, "title": "x" }))).await;
    assert_eq!(message(missing, 404), "Ticket not found");
}
