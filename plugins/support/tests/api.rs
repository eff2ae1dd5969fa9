//! Ticket Management's API through the real host (built plugin: `make modules`), on
//! SQLite and PostgreSQL.
//!
//! The host's clock is the wall clock plus what `harness.advance` added, so a call's
//! `now` is known only to the second it ran in: SLA values are checked against the
//! times the module stored (exact), and elapsed times against the advances (within a few
//! seconds of wall time the test itself takes).

use std::time::Duration;

use autoscope_module_test::shortcuts::{call, company, expect, id, message, renew, stored, text_file, user};
use autoscope_module_test::{Engine, Harness, Reply, Right, Session, default_role_rights, product_module};
use serde_json::{Value, json};

const CONFLICT: &str = "The record was changed by someone else; reload it and try again";
const THANK_YOU: &str = "Thank You! We will submit your Approval to Ticket!";
const MINUTE: u64 = 60;
const HOUR: u64 = 3600;
const DAY: u64 = 86_400;
/// Wall-clock seconds a test may take between two of its calls.
const SLACK: i64 = 10;

autoscope_module_test::on_both_engines!(
    tickets_are_numbered_listed_and_checked,
    a_ticket_lives_through_its_statuses,
    sla_times_match_hand_computed_values,
    the_sla_schedule_marks_breaches_once,
    sla_policies_are_changed_by_the_company_admin_only,
    approval_links_decide_once_through_the_public_routes,
    approval_links_decide_once_through_the_legacy_routes,
    asking_for_approval_is_checked,
    retention_deletes_tickets_closed_over_90_days_with_their_data,
    attachments_are_checked_by_size_type_and_content,
    another_companys_ids_are_not_found,
    a_user_without_the_support_right_is_refused,
    summary_people_and_processes,
);

async fn load(engine: Engine) -> Harness {
    let support = product_module("support").expect("the plugin is built (make modules)");
    Harness::load_on(engine, support).await.expect("Ticket Management installs")
}

fn int(record: &Value, field: &str) -> i64 {
    record[field].as_i64().unwrap_or_else(|| panic!("{field} is a number in {record}"))
}

/// `actual` is `expected` plus at most the wall-clock seconds the test took.
fn about(actual: i64, expected: i64) {
    assert!((expected..=expected + SLACK).contains(&actual), "{actual} is not {expected} (+{SLACK} s)");
}

async fn create(harness: &Harness, who: &dyn Session, body: Value) -> Value {
    expect(call(harness, who, "POST", "/tickets", Some(body)).await, 201)
}

async fn ticket(harness: &Harness, who: &dyn Session, ticket_id: &str) -> Value {
    expect(call(harness, who, "GET", &format!("/tickets/{ticket_id}"), None).await, 200)
}

/// PATCH with the ticket's current version.
async fn patch(harness: &Harness, who: &dyn Session, ticket_id: &str, changes: Value) -> Value {
    let current = ticket(harness, who, ticket_id).await;
    let mut body = changes;
    body["version"] = current["ticket"]["version"].clone();
    expect(call(harness, who, "PATCH", &format!("/tickets/{ticket_id}"), Some(body)).await, 200)
}

async fn comment(harness: &Harness, who: &dyn Session, ticket_id: &str, text: &str) -> Value {
    let path = format!("/tickets/{ticket_id}/comments");
    expect(call(harness, who, "POST", &path, Some(json!({ "text": text }))).await, 201)
}

fn titles(page: &Value) -> Vec<&str> {
    page["items"].as_array().expect("items").iter().map(|item| item["title"].as_str().unwrap_or("")).collect()
}

fn actions(detail: &Value) -> Vec<&str> {
    detail["history"].as_array().expect("history").iter().map(|entry| entry["action"].as_str().unwrap_or("")).collect()
}

async fn notices(harness: &Harness, who: &dyn Session) -> Vec<String> {
    let list = harness.notifications(who).await.expect("notifications");
    list.into_iter().map(|notification| notification.message).collect()
}

async fn subjects(harness: &Harness, email: &str) -> Vec<String> {
    harness.mails_to(email).await.expect("mails").into_iter().map(|mail| mail.subject).collect()
}

/// Tickets get per-company numbers and their SLA due times; the list searches, filters,
/// sorts and pages; bad input gets its exact message.
async fn tickets_are_numbered_listed_and_checked(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let bob = user(&acme, "bob@acme.test").await;

    let first = create(
        &harness,
        &acme,
        json!({ "title": " Printer jams ", "description": "Floor 2", "category": "Infrastructure", "assignee_id": bob.id }),
    )
    .await;
    let created_at = int(&first, "created_at");
    assert_eq!(
        (&first["number"], &first["title"], &first["priority"], &first["status"]),
        (&json!(1), &json!("Printer jams"), &json!("Medium"), &json!("open"))
    );
    assert_eq!((&first["requester_id"], &first["assignee_id"]), (&json!(acme.user_id), &json!(bob.id)));
    // Medium: 240 / 1440 minutes.
    assert_eq!(int(&first, "response_due"), created_at + 240 * 60);
    assert_eq!(int(&first, "resolution_due"), created_at + 1440 * 60);
    assert_eq!(
        (&first["paused_seconds"], &first["response_breached"], &first["approval"], &first["first_response_at"]),
        (&json!(0), &json!(false), &json!("none"), &Value::Null)
    );
    harness.advance(Duration::from_secs(1));
    let second =
        create(&harness, &bob, json!({ "title": "VPN access", "priority": "Critical", "category": "Access request" }))
            .await;
    assert_eq!((&second["number"], &second["requester_id"]), (&json!(2), &json!(bob.id)));
    assert_eq!(int(&second, "response_due"), int(&second, "created_at") + 15 * 60);
    assert_eq!(int(&second, "resolution_due"), int(&second, "created_at") + 240 * 60);
    harness.advance(Duration::from_secs(1));
    let third = create(
        &harness,
        &acme,
        json!({ "title": "Bot stopped", "priority": "High", "process_id": "p-1", "bot_id": "Invoice bot" }),
    )
    .await;
    assert_eq!(third["number"], json!(3));
    let theirs = create(&harness, &globex, json!({ "title": "Their first" })).await;
    assert_eq!(theirs["number"], json!(1), "numbers count per company");

    let list = |query: &str| {
        let (harness, acme, path) = (&harness, &acme, format!("/tickets{query}"));
        async move { expect(call(harness, acme, "GET", &path, None).await, 200) }
    };
    let page = list("").await;
    assert_eq!(titles(&page), ["Bot stopped", "VPN access", "Printer jams"]);
    assert_eq!((&page["total"], &page["next_cursor"]), (&json!(3), &Value::Null));
    assert_eq!(titles(&list("?q=PRINTER").await), ["Printer jams"]);
    assert_eq!(titles(&list("?q=%232").await), ["VPN access"]);
    assert_eq!(titles(&list("?q=3").await), ["Bot stopped"]);
    assert_eq!(titles(&list("?priority=Critical,High&sort=number").await), ["VPN access", "Bot stopped"]);
    assert_eq!(titles(&list(&format!("?assignee_id={}", bob.id)).await), ["Printer jams"]);
    assert_eq!(titles(&list(&format!("?requester_id={}", bob.id)).await), ["VPN access"]);
    assert_eq!(titles(&list("?process_id=p-1").await), ["Bot stopped"]);
    assert_eq!(titles(&list("?bot_id=Invoice%20bot").await), ["Bot stopped"]);
    assert_eq!(titles(&list("?status=open,waiting&sort=title").await), ["Bot stopped", "Printer jams", "VPN access"]);
    assert_eq!(titles(&list("?status=closed").await), Vec::<&str>::new());
    let by_due = list("?sort=resolution_due&limit=2").await;
    assert_eq!(titles(&by_due), ["VPN access", "Bot stopped"]);
    let cursor = by_due["next_cursor"].as_str().expect("more follow");
    assert_eq!(titles(&list(&format!("?sort=resolution_due&limit=2&cursor={cursor}")).await), ["Printer jams"]);

    let detail = ticket(&harness, &acme, id(&first)).await;
    assert_eq!(detail["ticket"], first);
    assert_eq!(actions(&detail), ["created"]);
    assert_eq!(
        (&detail["comments"], &detail["attachments"], &detail["approvals"]),
        (&json!([]), &json!([]), &json!([]))
    );
    assert_eq!(notices(&harness, &bob).await, ["You were assigned ticket #1: Printer jams"]);
    assert_eq!(subjects(&harness, "bob@acme.test").await, ["Ticket #1 was assigned to you"]);
    assert!(notices(&harness, &acme).await.is_empty(), "nobody is told of their own ticket");

    let cases = [
        (json!({ "title": "  " }), "Please enter a title"),
        (json!({ "description": "no title" }), "Please enter a title"),
        (json!({ "title": "x".repeat(201) }), "Title must be at most 200 characters"),
        (json!({ "title": "a", "description": "x".repeat(10_001) }), "Description must be at most 10000 characters"),
        (json!({ "title": "a", "category": "x".repeat(101) }), "Category must be at most 100 characters"),
        (json!({ "title": "a", "priority": "x".repeat(101) }), "Priority must be at most 100 characters"),
        (json!({ "title": "a", "assignee_id": globex.user_id }), "Assignee is not a user of this company"),
        (json!({ "title": "a", "assignee_id": "nobody" }), "Assignee is not a user of this company"),
    ];
    for (body, expected) in cases {
        assert_eq!(
            message(call(&harness, &acme, "POST", "/tickets", Some(body.clone())).await, 400),
            expected,
            "{body}"
        );
    }
    assert_eq!(list("").await["total"], json!(3), "nothing was stored");
    assert_eq!(
        message(call(&harness, &acme, "GET", "/tickets?sort=description", None).await, 400),
        "Unknown sort field"
    );
    assert_eq!(message(call(&harness, &acme, "GET", "/tickets?status=done", None).await, 400), "Unknown status");
    let missing = call(&harness, &acme, "GET", "/tickets/00000000-0000-7000-8000-000000000000", None).await;
    assert_eq!(message(missing, 404), "Ticket not found");
}

/// Assignment, status changes (with the first response), waiting, resolving, closing and
/// reopening; each recorded, announced to the right people, and a stale version refused.
async fn a_ticket_lives_through_its_statuses(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let carol = user(&acme, "carol@acme.test").await;
    let created = create(&harness, &acme, json!({ "title": "Printer jams" })).await;
    let ticket_id = id(&created);
    let path = format!("/tickets/{ticket_id}");

    harness.advance(Duration::from_secs(60));
    let assigned = patch(&harness, &acme, ticket_id, json!({ "assignee_id": bob.id })).await;
    assert_eq!((&assigned["assignee_id"], &assigned["version"]), (&json!(bob.id), &json!(2)));
    assert_eq!(assigned["first_response_at"], Value::Null, "an assignment is no response");
    assert_eq!(notices(&harness, &bob).await, ["You were assigned ticket #1: Printer jams"]);

    let same = call(&harness, &bob, "PATCH", &path, Some(json!({ "version": 2, "status": "open" }))).await;
    assert_eq!(message(same, 400), "The ticket is already Open");
    let unknown = call(&harness, &bob, "PATCH", &path, Some(json!({ "version": 2, "status": "done" }))).await;
    assert_eq!(message(unknown, 400), "Unknown status");

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

    let stale = call(&harness, &acme, "PATCH", &path, Some(json!({ "version": 2, "title": "Lost update" }))).await;
    assert_eq!(message(stale, 409), CONFLICT);

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
    let missing = call(&harness, &acme, "PATCH", "/tickets/nope", Some(json!({ "version": 1, "title": "x" }))).await;
    assert_eq!(message(missing, 404), "Ticket not found");
    let bad = call(&harness, &acme, "PATCH", &path, Some(json!({ "version": 9, "assignee_id": "nobody" }))).await;
    assert_eq!(message(bad, 400), "Assignee is not a user of this company");
}

/// The clock by hand: Medium targets; a wait of two hours pushes both due times; the first
/// response and the resolution count clock time only; a priority change recomputes both.
async fn sla_times_match_hand_computed_values(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let created = create(&harness, &acme, json!({ "title": "Invoices stuck", "assignee_id": bob.id })).await;
    let ticket_id = id(&created);
    let c = int(&created, "created_at");
    assert_eq!((int(&created, "response_due"), int(&created, "resolution_due")), (c + 14_400, c + 86_400));

    // The requester puts it on hold after an hour: no response, the clock stops.
    harness.advance(Duration::from_secs(HOUR));
    let waiting = patch(&harness, &acme, ticket_id, json!({ "status": "waiting" })).await;
    let w = int(&waiting, "waiting_since");
    about(w, c + 3600);
    assert_eq!(waiting["first_response_at"], Value::Null);
    assert_eq!(int(&waiting, "response_due"), c + 14_400, "pushed only when the wait ends");

    // Two hours later it runs again: both due times move by the pause.
    harness.advance(Duration::from_secs(2 * HOUR));
    let running = patch(&harness, &acme, ticket_id, json!({ "status": "open" })).await;
    let paused = int(&running, "paused_seconds");
    about(paused, 7200);
    assert_eq!(int(&running, "response_due"), c + paused + 14_400);
    assert_eq!(int(&running, "resolution_due"), c + paused + 86_400);
    assert_eq!(running["waiting_since"], Value::Null);

    // Bob answers 30 minutes later: 1 h + 30 min of clock time.
    harness.advance(Duration::from_secs(30 * MINUTE));
    comment(&harness, &bob, ticket_id, "Looking into it").await;
    let answered = ticket(&harness, &acme, ticket_id).await["ticket"].clone();
    let f = int(&answered, "first_response_at");
    assert_eq!(int(&answered, "response_seconds"), f - c - paused);
    about(int(&answered, "response_seconds"), 5400);
    assert_eq!(answered["response_breached"], json!(false), "5,400 s against 14,400 s");
    comment(&harness, &acme, ticket_id, "Thanks").await;
    assert_eq!(ticket(&harness, &acme, ticket_id).await["ticket"]["first_response_at"], json!(f), "only the first");

    // High (60 / 480 min): the met response is measured against 3,600 s and missed; the
    // resolution is due 480 min of clock time after creation.
    let high = patch(&harness, &acme, ticket_id, json!({ "priority": "High" })).await;
    assert_eq!(int(&high, "response_due"), c + paused + 3600);
    assert_eq!(high["response_breached"], json!(true));
    assert_eq!(int(&high, "resolution_due"), c + paused + 480 * 60);
    assert_eq!(high["resolution_breached"], json!(false));

    // Resolved an hour later: 2 h 30 min of clock time, within 8 h.
    harness.advance(Duration::from_secs(HOUR));
    let resolved = patch(&harness, &bob, ticket_id, json!({ "status": "resolved" })).await;
    let r = int(&resolved, "resolved_at");
    assert_eq!(int(&resolved, "resolution_seconds"), r - c - paused);
    about(int(&resolved, "resolution_seconds"), 9000);
    assert_eq!(resolved["resolution_breached"], json!(false));

    // Critical (15 / 240 min) after the fact: both were missed by the clock times.
    let critical = patch(&harness, &acme, ticket_id, json!({ "priority": "Critical" })).await;
    assert_eq!(int(&critical, "response_due"), c + paused + 900);
    assert_eq!(int(&critical, "resolution_due"), c + paused + 240 * 60);
    assert_eq!((&critical["response_breached"], &critical["resolution_breached"]), (&json!(true), &json!(false)));
    assert_eq!(critical["resolution_seconds"], resolved["resolution_seconds"], "measured times stay");

    // Closed without resolving: the resolution is measured when it closes.
    let other = create(&harness, &acme, json!({ "title": "Password reset", "priority": "Critical" })).await;
    harness.advance(Duration::from_secs(5 * HOUR));
    let closed = patch(&harness, &bob, id(&other), json!({ "status": "closed" })).await;
    let closed_at = int(&closed, "closed_at");
    assert_eq!(
        (closed["resolved_at"].clone(), closed["first_response_at"].clone()),
        (json!(closed_at), json!(closed_at))
    );
    assert_eq!(int(&closed, "resolution_seconds"), closed_at - int(&other, "created_at"));
    assert_eq!((&closed["response_breached"], &closed["resolution_breached"]), (&json!(true), &json!(true)));
    let reopened = patch(&harness, &acme, id(&other), json!({ "status": "open" })).await;
    assert_eq!((&reopened["resolved_at"], &reopened["resolution_seconds"]), (&Value::Null, &Value::Null));
    assert_eq!(reopened["resolution_breached"], json!(true), "a breach stays on record");
}

/// The `sla` schedule marks running tickets whose targets passed, tells the assignee once,
/// and leaves waiting, met and resolved ones alone.
async fn the_sla_schedule_marks_breaches_once(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let critical = |title: &str, assignee: Option<&str>| json!({ "title": title, "priority": "Critical", "assignee_id": assignee });
    let late = create(&harness, &acme, critical("Late", Some(&bob.id))).await;
    let waiting = create(&harness, &acme, critical("On hold", Some(&bob.id))).await;
    patch(&harness, &acme, id(&waiting), json!({ "status": "waiting" })).await;
    let answered = create(&harness, &acme, critical("Answered", Some(&bob.id))).await;
    comment(&harness, &bob, id(&answered), "On it").await;
    let done = create(&harness, &acme, critical("Done", Some(&bob.id))).await;
    patch(&harness, &bob, id(&done), json!({ "status": "resolved" })).await;
    let nobodys = create(&harness, &acme, critical("Unassigned", None)).await;
    let before = notices(&harness, &bob).await.len();

    harness.run_schedules().await.expect("schedules run");
    assert_eq!(ticket(&harness, &acme, id(&late)).await["ticket"]["response_breached"], json!(false), "not due yet");

    // 15 minutes and a second: the response target of Critical passed.
    harness.advance(Duration::from_secs(15 * MINUTE + 1));
    harness.run_schedules().await.expect("schedules run");
    let flags = |ticket: &Value| (ticket["response_breached"].clone(), ticket["resolution_breached"].clone());
    let get = |ticket_id: String| {
        let (harness, acme) = (&harness, &acme);
        async move { ticket(harness, acme, &ticket_id).await["ticket"].clone() }
    };
    assert_eq!(flags(&get(id(&late).into()).await), (json!(true), json!(false)));
    assert_eq!(flags(&get(id(&nobodys).into()).await), (json!(true), json!(false)));
    assert_eq!(flags(&get(id(&waiting).into()).await), (json!(false), json!(false)), "its clock stands still");
    assert_eq!(flags(&get(id(&answered).into()).await), (json!(false), json!(false)), "met in time");
    assert_eq!(flags(&get(id(&done).into()).await), (json!(false), json!(false)));
    let told = notices(&harness, &bob).await;
    assert_eq!(told.len(), before + 1, "{told:?}");
    assert_eq!(told[0], "Ticket #1 breached its response target");

    harness.advance(Duration::from_secs(2 * MINUTE));
    harness.run_schedules().await.expect("schedules run");
    assert_eq!(notices(&harness, &bob).await.len(), before + 1, "told once");

    // 4 hours: the resolution target of the running ones passed.
    harness.advance(Duration::from_secs(4 * HOUR));
    harness.run_schedules().await.expect("schedules run");
    assert_eq!(flags(&get(id(&late).into()).await), (json!(true), json!(true)));
    assert_eq!(flags(&get(id(&answered).into()).await), (json!(false), json!(true)));
    assert_eq!(flags(&get(id(&waiting).into()).await), (json!(false), json!(false)));
    assert_eq!(flags(&get(id(&done).into()).await), (json!(false), json!(false)));
    let told = notices(&harness, &bob).await;
    assert_eq!(told.len(), before + 3, "{told:?}");
    let mut latest = told[..2].to_vec();
    latest.sort();
    assert_eq!(latest, ["Ticket #1 breached its resolution target", "Ticket #3 breached its resolution target"]);

    // The wait ends: its due times moved by the pause, so it is not overdue yet.
    let resumed = patch(&harness, &acme, id(&waiting), json!({ "status": "in_progress" })).await;
    assert!(int(&resumed, "response_due") > int(&resumed, "updated_at"));
    harness.advance(Duration::from_secs(2 * MINUTE));
    harness.run_schedules().await.expect("schedules run");
    assert_eq!(flags(&get(id(&waiting).into()).await), (json!(false), json!(false)));
}

/// Only the company administrator (the company's first user) changes the SLA policies;
/// they are checked, and new tickets follow them.
async fn sla_policies_are_changed_by_the_company_admin_only(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let defaults = json!([
        { "priority": "Critical", "response_minutes": 15, "resolution_minutes": 240 },
        { "priority": "High", "response_minutes": 60, "resolution_minutes": 480 },
        { "priority": "Medium", "response_minutes": 240, "resolution_minutes": 1440 },
        { "priority": "Low", "response_minutes": 480, "resolution_minutes": 4320 }
    ]);
    assert_eq!(
        expect(call(&harness, &acme, "GET", "/sla", None).await, 200),
        json!({ "policies": defaults, "editable": true })
    );
    assert_eq!(
        expect(call(&harness, &bob, "GET", "/sla", None).await, 200),
        json!({ "policies": defaults, "editable": false })
    );

    let change = json!({ "policies": [
        { "priority": "Critical", "response_minutes": 10, "resolution_minutes": 120 },
        { "priority": "Urgent", "response_minutes": 5, "resolution_minutes": 60 }
    ] });
    let refused = call(&harness, &bob, "PUT", "/sla", Some(change.clone())).await;
    assert_eq!(message(refused, 403), "Only a company administrator may change the SLA policies");
    let cases = [
        (
            json!({ "priority": "High", "response_minutes": 0, "resolution_minutes": 60 }),
            "SLA targets must be whole minutes from 1 to 525600",
        ),
        (
            json!({ "priority": "High", "response_minutes": 60, "resolution_minutes": 525_601 }),
            "SLA targets must be whole minutes from 1 to 525600",
        ),
        (
            json!({ "priority": "High", "response_minutes": 1.5, "resolution_minutes": 60 }),
            "SLA targets must be whole minutes from 1 to 525600",
        ),
        (
            json!({ "priority": "High", "response_minutes": 60, "resolution_minutes": 59 }),
            "The resolution target cannot be shorter than the response target",
        ),
        (
            json!({ "priority": "", "response_minutes": 1, "resolution_minutes": 1 }),
            "Please name the priority of each SLA policy",
        ),
    ];
    for (policy, expected) in cases {
        let reply = call(&harness, &acme, "PUT", "/sla", Some(json!({ "policies": [policy] }))).await;
        assert_eq!(message(reply, 400), expected, "{policy}");
    }
    let saved = expect(call(&harness, &acme, "PUT", "/sla", Some(change)).await, 200);
    assert_eq!(
        saved["policies"][0],
        json!({ "priority": "Critical", "response_minutes": 10, "resolution_minutes": 120 })
    );
    assert_eq!(saved["policies"][4], json!({ "priority": "Urgent", "response_minutes": 5, "resolution_minutes": 60 }));
    assert_eq!(saved["policies"][2], defaults[2], "the others keep their defaults");
    assert_eq!(expect(call(&harness, &bob, "GET", "/sla", None).await, 200)["policies"], saved["policies"]);

    let critical = create(&harness, &bob, json!({ "title": "Down", "priority": "Critical" })).await;
    assert_eq!(int(&critical, "response_due"), int(&critical, "created_at") + 600);
    assert_eq!(int(&critical, "resolution_due"), int(&critical, "created_at") + 7200);
    let urgent = create(&harness, &bob, json!({ "title": "Now", "priority": "Urgent" })).await;
    assert_eq!(int(&urgent, "response_due"), int(&urgent, "created_at") + 300);
    let custom = create(&harness, &bob, json!({ "title": "Whenever", "priority": "Someday" })).await;
    assert_eq!(int(&custom, "response_due"), int(&custom, "created_at") + 240 * 60, "as Medium");

    // An empty list brings the defaults back.
    let reset = expect(call(&harness, &acme, "PUT", "/sla", Some(json!({ "policies": [] }))).await, 200);
    assert_eq!(reset["policies"], defaults);
}

/// How an approval link comes back: the public routes or the legacy paths of the spec.
#[derive(Debug, Clone, Copy)]
enum Via {
    Public,
    Legacy,
}

/// Posts a link's fields as the approval page does (`aprrove=true` approves).
async fn answer(harness: &Harness, via: Via, approve: bool, body: Value) -> Reply {
    let reply = match (via, approve) {
        (Via::Public, true) => harness.call_public("POST", "/approve", Some(body)).await,
        (Via::Public, false) => harness.call_public("POST", "/decline", Some(body)).await,
        (Via::Legacy, true) => harness.request("POST", "/api/support/approve_request", None, Some(body)).await,
        (Via::Legacy, false) => harness.request("POST", "/api/support/decline_request", None, Some(body)).await,
    };
    reply.expect("the host answers")
}

/// A link of an approval mail, read as the approval page reads it.
#[derive(Debug, Clone)]
struct Link {
    approve: bool,
    ticket_id: String,
    person_id: String,
    token: String,
}

impl Link {
    fn parse(url: &str) -> Self {
        let (page, query) = url.split_once('?').expect("a query");
        assert!(page.starts_with("http") && page.ends_with("/updateTicketApproveStatus"), "{url}");
        let param = |name: &str| {
            query
                .split('&')
                .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
                .unwrap_or_else(|| panic!("{name} in {url}"))
                .to_string()
        };
        Self {
            approve: param("aprrove") == "true",
            ticket_id: param("ticketid"),
            person_id: param("personid"),
            token: param("token"),
        }
    }

    fn body(&self) -> Value {
        json!({ "ticket_id": self.ticket_id, "person_id": self.person_id, "token": self.token })
    }
}

/// The approve and decline links of the newest approval mail to `email`.
async fn links(harness: &Harness, email: &str) -> (Link, Link) {
    let mails = harness.mails_to(email).await.expect("mails");
    let mail = mails.iter().find(|mail| mail.subject.starts_with("Please approve")).expect("an approval mail");
    let link = |label: &str| {
        let line = mail.text_body.lines().find_map(|line| line.strip_prefix(label)).expect("a link line");
        Link::parse(line.trim())
    };
    (link("Approve:"), link("Decline:"))
}

async fn approval_statuses(harness: &Harness, who: &dyn Session, ticket_id: &str) -> (Value, Vec<(String, String)>) {
    let detail = ticket(harness, who, ticket_id).await;
    let mut statuses: Vec<(String, String)> = detail["approvals"]
        .as_array()
        .expect("approvals")
        .iter()
        .map(|approval| {
            (approval["person_id"].as_str().unwrap_or("").into(), approval["status"].as_str().unwrap_or("").into())
        })
        .collect();
    statuses.sort();
    (detail["ticket"]["approval"].clone(), statuses)
}

async fn approval_links_decide_once_through_the_public_routes(engine: Engine) {
    approval_links_decide_once(engine, Via::Public).await;
}

async fn approval_links_decide_once_through_the_legacy_routes(engine: Engine) {
    approval_links_decide_once(engine, Via::Legacy).await;
}

/// Every case of a returned link: only the right, unused, unexpired one decides, and each
/// answer is the same.
async fn approval_links_decide_once(engine: Engine, via: Via) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let carol = user(&acme, "carol@acme.test").await;
    let dave = user(&acme, "dave@acme.test").await;
    let first = create(&harness, &acme, json!({ "title": "New laptop" })).await;
    let second = create(&harness, &acme, json!({ "title": "Admin rights" })).await;
    let asked = call(
        &harness,
        &acme,
        "POST",
        &format!("/tickets/{}/approvals", id(&first)),
        Some(json!({ "person_ids": [bob.id, carol.id] })),
    )
    .await;
    let asked = expect(asked, 201);
    assert_eq!(asked["approvals"].as_array().map(Vec::len), Some(2));
    assert!(asked.to_string().find("token").is_none(), "no hash or token is shown: {asked}");
    let (bob_yes, bob_no) = links(&harness, "bob@acme.test").await;
    let (carol_yes, carol_no) = links(&harness, "carol@acme.test").await;
    assert_eq!((bob_yes.approve, bob_no.approve), (true, false));
    assert_eq!((bob_yes.ticket_id.as_str(), bob_yes.person_id.as_str()), (id(&first), bob.id.as_str()));
    assert_eq!(bob_yes.token, bob_no.token, "one token per person; the route decides");
    assert_ne!(bob_yes.token, carol_yes.token);
    assert_eq!(bob_yes.token.len(), 64);
    let mut sorted_pending = vec![(bob.id.clone(), "pending".to_string()), (carol.id.clone(), "pending".to_string())];
    sorted_pending.sort();
    assert_eq!(approval_statuses(&harness, &acme, id(&first)).await, (json!("pending"), sorted_pending.clone()));

    let thanks = |reply: Reply| assert_eq!(expect(reply, 200), json!({ "message": THANK_YOU }));
    // Forged token, wrong person (a user of the company who was not asked, and one who
    // was asked with the other's token), wrong ticket: nothing changes.
    let forged = Link { token: "0".repeat(64), ..bob_yes.clone() };
    thanks(answer(&harness, via, true, forged.body()).await);
    let wrong_person = Link { person_id: dave.id.clone(), ..bob_yes.clone() };
    thanks(answer(&harness, via, true, wrong_person.body()).await);
    let swapped = Link { person_id: carol.id.clone(), ..bob_yes.clone() };
    thanks(answer(&harness, via, true, swapped.body()).await);
    let wrong_ticket = Link { ticket_id: id(&second).to_string(), ..bob_yes.clone() };
    thanks(answer(&harness, via, true, wrong_ticket.body()).await);
    // Malformed bodies: a 400, and nothing changes.
    let malformed = json!({ "ticket_id": bob_yes.ticket_id, "person_id": bob.id, "token": 12 });
    assert_eq!(
        message(answer(&harness, via, true, malformed).await, 400),
        "ticket_id, person_id and token are required"
    );
    let no_ticket = json!({ "person_id": bob.id, "token": bob_yes.token });
    assert_eq!(
        message(answer(&harness, via, false, no_ticket).await, 400),
        "ticket_id, person_id and token are required"
    );
    let no_person = json!({ "ticket_id": bob_yes.ticket_id, "token": bob_yes.token });
    assert_eq!(message(answer(&harness, via, true, no_person).await, 400), "person_id is required");
    assert_eq!(approval_statuses(&harness, &acme, id(&first)).await, (json!("pending"), sorted_pending.clone()));
    assert!(notices(&harness, &acme).await.is_empty());

    // Bob's approve link decides his approval; the ticket waits for Carol.
    thanks(answer(&harness, via, bob_yes.approve, bob_yes.body()).await);
    let (state, statuses) = approval_statuses(&harness, &acme, id(&first)).await;
    assert_eq!(state, json!("pending"));
    assert!(
        statuses.contains(&(bob.id.clone(), "approved".into()))
            && statuses.contains(&(carol.id.clone(), "pending".into()))
    );
    assert_eq!(notices(&harness, &acme).await, ["Ticket #1 was approved by Test User"]);
    assert_eq!(subjects(&harness, "owner@acme.test").await, ["Ticket #1 was approved"]);
    // Used: neither link of Bob's changes anything again.
    thanks(answer(&harness, via, bob_no.approve, bob_no.body()).await);
    thanks(answer(&harness, via, true, bob_yes.body()).await);
    let (_, statuses) = approval_statuses(&harness, &acme, id(&first)).await;
    assert!(statuses.contains(&(bob.id.clone(), "approved".into())));
    assert_eq!(notices(&harness, &acme).await.len(), 1);

    // Carol declines: the ticket is declined.
    thanks(answer(&harness, via, carol_no.approve, carol_no.body()).await);
    thanks(answer(&harness, via, carol_yes.approve, carol_yes.body()).await);
    let (state, statuses) = approval_statuses(&harness, &acme, id(&first)).await;
    assert_eq!(state, json!("declined"));
    assert!(statuses.contains(&(carol.id.clone(), "declined".into())));
    assert_eq!(notices(&harness, &acme).await[0], "Ticket #1 was declined by Test User");
    let detail = ticket(&harness, &acme, id(&first)).await;
    assert_eq!(actions(&detail), ["declined", "approved", "approval_requested", "created"]);
    let history = detail["history"].as_array().expect("history");
    assert_eq!((&history[0]["user_id"], &history[1]["user_id"]), (&json!(carol.id), &json!(bob.id)));
    assert_eq!(history[0]["changes"], json!([{ "field": "approval", "from": "pending", "to": "declined" }]));
    assert!(detail["approvals"][0]["decided_at"].is_i64());

    // A link is good for 7 days: after that it decides nothing, and its approval expires.
    let ask_dave = call(
        &harness,
        &acme,
        "POST",
        &format!("/tickets/{}/approvals", id(&second)),
        Some(json!({ "person_ids": [dave.id] })),
    )
    .await;
    expect(ask_dave, 201);
    let (dave_yes, _) = links(&harness, "dave@acme.test").await;
    harness.advance(Duration::from_secs(7 * DAY + 1));
    thanks(answer(&harness, via, true, dave_yes.body()).await);
    let acme = renew(&harness, &acme).await;
    let (state, statuses) = approval_statuses(&harness, &acme, id(&second)).await;
    assert_eq!((state, statuses), (json!("pending"), vec![(dave.id.clone(), "expired".to_string())]));
    assert_eq!(stored(&harness, &acme, "support.approvals", "status", "expired").await, 1, "marked in storage");
    assert_eq!(notices(&harness, &acme).await.len(), 2, "nobody was told");
}

/// `POST <path>` `{person_ids}` as `who`.
async fn ask_for_approval(harness: &Harness, who: &dyn Session, path: &str, people: Value) -> Reply {
    call(harness, who, "POST", path, Some(json!({ "person_ids": people }))).await
}

/// Who may ask, whom, and what the mail holds; asking again replaces the link.
async fn asking_for_approval_is_checked(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let bob = user(&acme, "bob@acme.test").await;
    let carol = user(&acme, "carol@acme.test").await;
    let ticket_of_bob = create(&harness, &bob, json!({ "title": "Licence", "assignee_id": carol.id })).await;
    let path = format!("/tickets/{}/approvals", id(&ticket_of_bob));
    let dave = user(&acme, "dave@acme.test").await;

    assert_eq!(
        message(ask_for_approval(&harness, &dave, &path, json!([acme.user_id])).await, 403),
        "Only the requester or the assignee may ask for approval"
    );
    assert_eq!(
        message(ask_for_approval(&harness, &bob, &path, json!([])).await, 400),
        "Please choose who should approve"
    );
    assert_eq!(
        message(ask_for_approval(&harness, &bob, &path, json!([" "])).await, 400),
        "Please choose who should approve"
    );
    assert_eq!(
        message(ask_for_approval(&harness, &bob, &path, json!([dave.id, globex.user_id])).await, 400),
        "Approver is not a user of this company"
    );
    assert_eq!(
        message(ask_for_approval(&harness, &bob, &path, json!(["nobody"])).await, 400),
        "Approver is not a user of this company"
    );
    assert!(harness.mails_to("dave@acme.test").await.expect("mails").is_empty(), "nobody was asked");
    assert_eq!(ticket(&harness, &bob, id(&ticket_of_bob)).await["ticket"]["approval"], json!("none"));

    // The requester, the assignee and the company administrator may ask.
    expect(ask_for_approval(&harness, &bob, &path, json!([dave.id, dave.id])).await, 201);
    let mails = harness.mails_to("dave@acme.test").await.expect("mails");
    assert_eq!(mails.len(), 1, "asked once");
    assert_eq!(mails[0].subject, "Please approve ticket #1: Licence");
    assert!(
        mails[0].text_body.starts_with("Hello Test User,\n\nTest User asks you to approve ticket #1: Licence."),
        "{}",
        mails[0].text_body
    );
    assert!(
        mails[0].html_body.contains("updateTicketApproveStatus?aprrove=true&amp;ticketid="),
        "{}",
        mails[0].html_body
    );
    let (first_link, _) = links(&harness, "dave@acme.test").await;
    harness.advance(Duration::from_secs(1));
    expect(ask_for_approval(&harness, &carol, &path, json!([dave.id])).await, 201);
    let (second_link, _) = links(&harness, "dave@acme.test").await;
    assert_ne!(first_link.token, second_link.token);
    let statuses = approval_statuses(&harness, &bob, id(&ticket_of_bob)).await.1;
    assert_eq!(statuses, [(dave.id.clone(), "expired".to_string()), (dave.id.clone(), "pending".to_string())]);
    // The replaced link does nothing; the new one decides.
    harness.call_public("POST", "/approve", Some(first_link.body())).await.expect("answered");
    assert_eq!(ticket(&harness, &bob, id(&ticket_of_bob)).await["ticket"]["approval"], json!("pending"));
    harness.call_public("POST", "/approve", Some(second_link.body())).await.expect("answered");
    assert_eq!(ticket(&harness, &bob, id(&ticket_of_bob)).await["ticket"]["approval"], json!("approved"));
    assert_eq!(notices(&harness, &bob).await[0], "Ticket #1 was approved by Test User");
    assert_eq!(subjects(&harness, "bob@acme.test").await[0], "Ticket #1 was approved");
    expect(ask_for_approval(&harness, &acme, &path, json!([carol.id])).await, 201);
    assert_eq!(ticket(&harness, &bob, id(&ticket_of_bob)).await["ticket"]["approval"], json!("pending"), "asked again");
    let missing =
        call(&harness, &bob, "POST", "/tickets/nope/approvals", Some(json!({ "person_ids": [dave.id] }))).await;
    assert_eq!(message(missing, 404), "Ticket not found");
}

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
    let asked =
        call(&harness, &acme, "POST", &format!("/tickets/{old_id}/approvals"), Some(json!({ "person_ids": [bob.id] })))
            .await;
    expect(asked, 201);
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

/// Attachments: checked by type, size (5 MB), count (20) and content against the type;
/// listed without content, downloaded with it, deleted.
async fn attachments_are_checked_by_size_type_and_content(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let created = create(&harness, &acme, json!({ "title": "Scanner" })).await;
    let path = format!("/tickets/{}/attachments", id(&created));
    let upload = |body: Value| call(&harness, &acme, "POST", &path, Some(body));

    let refused = json!({ "name": "tool.exe", "mime": "application/x-msdownload", "data": "TVqQAA==" });
    assert_eq!(message(upload(refused).await, 400), "This file type is not accepted");
    // An executable ("MZ...") named and typed as a PDF.
    let disguised = json!({ "name": "invoice.pdf", "mime": "application/pdf", "data": "TVqQAAMAAAAEAAAA" });
    assert_eq!(message(upload(disguised).await, 400), "The file content does not match its type");
    // A PNG signature under a JPEG type, and text with a NUL byte.
    let png_as_jpeg = json!({ "name": "a.jpg", "mime": "image/jpeg", "data": "iVBORw0KGgo=" });
    assert_eq!(message(upload(png_as_jpeg).await, 400), "The file content does not match its type");
    let binary_text = json!({ "name": "a.txt", "mime": "text/plain", "data": "YQBi" });
    assert_eq!(message(upload(binary_text).await, 400), "The file content does not match its type");
    let broken = json!({ "name": "a.txt", "mime": "text/plain", "data": "not base64!" });
    assert_eq!(message(upload(broken).await, 400), "The file's content is not valid base64");
    // 5 MiB and one byte of text (5,242,881 = 1,747,627 × "aaa"; "YWFh" is "aaa").
    let over = "YWFh".repeat(1_747_627);
    assert_eq!(
        message(upload(json!({ "name": "big.txt", "mime": "text/plain", "data": over })).await, 400),
        "An attachment may be at most 5 MB"
    );

    // Exactly 5 MiB (5,242,880 bytes: 1,747,626 × "aaa" and "aa") is accepted and comes back whole.
    let largest = format!("{}YWE=", "YWFh".repeat(1_747_626));
    let big = expect(upload(json!({ "name": "trace.log", "mime": "", "data": largest })).await, 201);
    assert_eq!(
        (&big["size"], &big["mime"], &big["uploaded_by"]),
        (&json!(5_242_880), &json!("text/plain"), &json!(acme.user_id))
    );
    let download = expect(call(&harness, &acme, "GET", &format!("/attachments/{}", id(&big)), None).await, 200);
    assert_eq!((&download["name"], &download["size"]), (&json!("trace.log"), &json!(5_242_880)));
    assert_eq!(download["data"].as_str().map(str::len), Some(largest.len()));
    assert!(download["data"].as_str() == Some(largest.as_str()));

    harness.advance(Duration::from_secs(1));
    // A real PNG header (8 bytes of signature, then the IHDR chunk's start).
    let png = expect(
        upload(json!({ "name": "screen.png", "mime": "image/png", "data": "iVBORw0KGgoAAAANSUhEUg==" })).await,
        201,
    );
    assert_eq!(
        png,
        json!({ "id": png["id"], "name": "screen.png", "mime": "image/png", "size": 16, "uploaded_by": acme.user_id, "created_at": png["created_at"] })
    );
    let download = expect(call(&harness, &acme, "GET", &format!("/attachments/{}", id(&png)), None).await, 200);
    assert_eq!(
        download,
        json!({ "id": png["id"], "name": "screen.png", "mime": "image/png", "size": 16, "data": "iVBORw0KGgoAAAANSUhEUg==" })
    );
    let pdf = json!({ "name": "form.pdf", "mime": "application/pdf", "data": "JVBERi0xLjcK" });
    expect(upload(pdf).await, 201);
    let detail = ticket(&harness, &acme, id(&created)).await;
    let names: Vec<&str> =
        detail["attachments"].as_array().expect("attachments").iter().filter_map(|a| a["name"].as_str()).collect();
    assert_eq!(names, ["form.pdf", "screen.png", "trace.log"]);
    assert!(detail["attachments"][0].get("data").is_none(), "the detail leaves the content out");

    for n in 4..=20 {
        expect(upload(text_file(&format!("note {n}.txt"))).await, 201);
    }
    assert_eq!(message(upload(text_file("one too many.txt")).await, 400), "A ticket may have at most 20 attachments");
    let deleted = expect(call(&harness, &acme, "DELETE", &format!("/attachments/{}", id(&png)), None).await, 200);
    assert_eq!(deleted, json!({ "message": "Attachment deleted" }));
    for method in ["GET", "DELETE"] {
        let gone = call(&harness, &acme, method, &format!("/attachments/{}", id(&png)), None).await;
        assert_eq!(message(gone, 404), "Attachment not found", "{method}");
    }
    expect(upload(text_file("room again.txt")).await, 201);
    let detail = ticket(&harness, &acme, id(&created)).await;
    let entries: Vec<&Value> =
        detail["history"].as_array().expect("history").iter().filter(|e| e["action"] == "attachment").collect();
    assert_eq!(entries.len(), 22, "20 added, 1 removed, 1 added");
    assert!(
        entries
            .iter()
            .any(|entry| entry["changes"] == json!([{ "field": "attachment", "from": "screen.png", "to": null }]))
    );
    let missing = call(&harness, &acme, "POST", "/tickets/nope/attachments", Some(text_file("a.txt"))).await;
    assert_eq!(message(missing, 404), "Ticket not found");
}

/// Ids of another company's tickets and attachments answer 404 on every route, and its
/// approval links change nothing.
async fn another_companys_ids_are_not_found(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let bob = user(&acme, "bob@acme.test").await;
    let created = create(&harness, &acme, json!({ "title": "Printer jams" })).await;
    let path = format!("/tickets/{}", id(&created));
    let attachment =
        expect(call(&harness, &acme, "POST", &format!("{path}/attachments"), Some(text_file("a.txt"))).await, 201);
    expect(
        call(&harness, &acme, "POST", &format!("{path}/approvals"), Some(json!({ "person_ids": [bob.id] }))).await,
        201,
    );
    let (link, _) = links(&harness, "bob@acme.test").await;

    let calls = [
        ("GET", path.clone(), None),
        ("PATCH", path.clone(), Some(json!({ "version": 1, "title": "Taken over" }))),
        ("PATCH", path.clone(), Some(json!({ "version": 1, "status": "closed" }))),
        ("POST", format!("{path}/comments"), Some(json!({ "text": "planted" }))),
        ("POST", format!("{path}/attachments"), Some(text_file("planted.txt"))),
        ("POST", format!("{path}/approvals"), Some(json!({ "person_ids": [globex.user_id] }))),
    ];
    for (method, path, body) in calls {
        let reply = call(&harness, &globex, method, &path, body).await;
        assert_eq!(message(reply, 404), "Ticket not found", "{method} {path}");
    }
    for method in ["GET", "DELETE"] {
        let reply = call(&harness, &globex, method, &format!("/attachments/{}", id(&attachment)), None).await;
        assert_eq!(message(reply, 404), "Attachment not found", "{method}");
    }
    // A link posted with a Globex person runs in Globex: Acme's ticket is not there.
    let foreign = Link { person_id: globex.user_id.clone(), ..link.clone() };
    let reply = harness.call_public("POST", "/approve", Some(foreign.body())).await.expect("answered");
    assert_eq!(expect(reply, 200), json!({ "message": THANK_YOU }));
    let page = expect(call(&harness, &globex, "GET", "/tickets", None).await, 200);
    assert_eq!(page["total"], json!(0));
    let summary = expect(call(&harness, &globex, "GET", "/summary", None).await, 200);
    assert_eq!((&summary["total"], &summary["pending_approvals"]), (&json!(0), &json!(0)));
    // Untouched for its own company.
    let mine = ticket(&harness, &acme, id(&created)).await;
    assert_eq!(
        (&mine["ticket"]["title"], &mine["ticket"]["version"], &mine["ticket"]["approval"]),
        (&json!("Printer jams"), &json!(2), &json!("pending"))
    );
    assert_eq!(actions(&mine), ["approval_requested", "attachment", "created"]);
    assert_eq!(mine["approvals"][0]["status"], json!("pending"));
}

/// The module is closed to a company whose role may not view `support`.
async fn a_user_without_the_support_right_is_refused(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let created = create(&harness, &acme, json!({ "title": "Printer jams" })).await;
    let mut rights = default_role_rights();
    rights.insert("support".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await.expect("rights set");
    let path = format!("/tickets/{}", id(&created));
    let calls = [
        ("GET", "/tickets".to_string(), None),
        ("POST", "/tickets".to_string(), Some(json!({ "title": "Sneaky" }))),
        ("GET", path.clone(), None),
        ("PATCH", path.clone(), Some(json!({ "version": 1, "status": "closed" }))),
        ("POST", format!("{path}/comments"), Some(json!({ "text": "x" }))),
        ("GET", "/sla".to_string(), None),
        ("GET", "/summary".to_string(), None),
        ("GET", "/people".to_string(), None),
    ];
    for (method, path, body) in calls {
        for who in [&acme as &dyn Session, &bob] {
            let reply = call(&harness, who, method, &path, body.clone()).await;
            assert_eq!(message(reply, 403), "Your rights do not allow this module", "{method} {path}");
        }
    }
    let legacy =
        harness.request("POST", "/api/support/approve_request", Some(&bob), Some(json!({}))).await.expect("answered");
    assert_eq!(message(legacy, 400), "person_id is required", "a public route checks no rights, only its body");
}

/// The widget's summary, the people to pick from, and the processes without the vault.
async fn summary_people_and_processes(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let empty = expect(call(&harness, &acme, "GET", "/summary", None).await, 200);
    assert_eq!(
        empty,
        json!({
            "by_status": { "open": 0, "in_progress": 0, "waiting": 0, "resolved": 0, "closed": 0 },
            "total": 0, "active": 0, "breaches": 0, "pending_approvals": 0, "assigned_to_me": 0
        })
    );
    let critical =
        create(&harness, &acme, json!({ "title": "Down", "priority": "Critical", "assignee_id": bob.id })).await;
    let waiting = create(&harness, &acme, json!({ "title": "Hold", "assignee_id": bob.id })).await;
    patch(&harness, &acme, id(&waiting), json!({ "status": "waiting" })).await;
    let done = create(&harness, &acme, json!({ "title": "Done" })).await;
    patch(&harness, &acme, id(&done), json!({ "status": "closed" })).await;
    let asked = call(
        &harness,
        &acme,
        "POST",
        &format!("/tickets/{}/approvals", id(&critical)),
        Some(json!({ "person_ids": [bob.id] })),
    )
    .await;
    expect(asked, 201);
    harness.advance(Duration::from_secs(16 * MINUTE));
    harness.run_schedules().await.expect("schedules run");
    let summary = expect(call(&harness, &bob, "GET", "/summary", None).await, 200);
    assert_eq!(
        summary,
        json!({
            "by_status": { "open": 1, "in_progress": 0, "waiting": 1, "resolved": 0, "closed": 1 },
            "total": 3, "active": 2, "breaches": 1, "pending_approvals": 1, "assigned_to_me": 2
        })
    );

    let people = expect(call(&harness, &acme, "GET", "/people", None).await, 200);
    let mut emails: Vec<&str> = people.as_array().expect("a list").iter().filter_map(|p| p["email"].as_str()).collect();
    emails.sort_unstable();
    assert_eq!(emails, ["bob@acme.test", "owner@acme.test"]);
    assert_eq!(
        expect(call(&harness, &acme, "GET", "/processes", None).await, 200),
        json!([]),
        "no vault, no processes"
    );

    // With the Process Vault: its process names, by name.
    let vault = product_module("vault").expect("the vault is built (make modules)");
    harness.install(vault).await.expect("the vault installs");
    for name in ["Payroll", "Invoices"] {
        let reply = harness.call_module("vault", &acme, "POST", "/processes", Some(json!({ "name": name }))).await;
        expect(reply.expect("the vault answers"), 201);
    }
    let processes = expect(call(&harness, &bob, "GET", "/processes", None).await, 200);
    let names: Vec<&str> = processes.as_array().expect("a list").iter().filter_map(|p| p["name"].as_str()).collect();
    assert_eq!(names, ["Invoices", "Payroll"]);
    assert!(processes[0]["id"].is_string());
}
