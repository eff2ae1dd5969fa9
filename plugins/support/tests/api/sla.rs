//! SLA: the times measured against the targets (by hand), the schedule that marks
//! breaches, and the company's policies.

use std::time::Duration;

use autoscope_module_test::shortcuts::{call, company, expect, id, message, user};
use autoscope_module_test::{Company, Engine, Harness, User};
use serde_json::{Value, json};

use crate::common::{HOUR, MINUTE, about, comment, create, int, load, notices, patch, ticket};

autoscope_module_test::on_both_engines!(
    sla_times_match_hand_computed_values,
    a_ticket_closed_unresolved_is_measured_at_the_closing,
    the_sla_schedule_marks_breaches_once,
    bad_policy_changes_are_refused,
    the_policies_apply_to_new_tickets_until_emptied,
);

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
}

/// A ticket closed without a response or resolution takes both at the closing, its
/// resolution measured from creation to closing and both targets missed; reopened, it
/// loses the resolution and its measure but keeps the breaches on record.
async fn a_ticket_closed_unresolved_is_measured_at_the_closing(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
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
/// and leaves waiting, met and resolved ones alone (one timeline: 15 minutes, then 4 hours,
/// then the end of a wait).
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

/// The policies of a company that changed none.
fn defaults() -> Value {
    json!([
        { "priority": "Critical", "response_minutes": 15, "resolution_minutes": 240 },
        { "priority": "High", "response_minutes": 60, "resolution_minutes": 480 },
        { "priority": "Medium", "response_minutes": 240, "resolution_minutes": 1440 },
        { "priority": "Low", "response_minutes": 480, "resolution_minutes": 4320 }
    ])
}

/// Critical made shorter, and a new priority Urgent.
fn change() -> Value {
    json!({ "policies": [
        { "priority": "Critical", "response_minutes": 10, "resolution_minutes": 120 },
        { "priority": "Urgent", "response_minutes": 5, "resolution_minutes": 60 }
    ] })
}

/// Acme (its owner is the company administrator) and Bob, a user of it.
async fn admin_and_user(engine: Engine) -> (Harness, Company, User) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    (harness, acme, bob)
}

/// A change of the policies is refused with the exact message: by a user who is not the
/// company administrator (403); with targets not whole minutes from 1 to 525,600, a
/// resolution shorter than the response, or a policy without a priority (400). Grouped:
/// each is one call, not worth a fresh host.
async fn bad_policy_changes_are_refused(engine: Engine) {
    let (harness, acme, bob) = admin_and_user(engine).await;
    let refused = call(&harness, &bob, "PUT", "/sla", Some(change())).await;
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
}

/// A company's policies: the defaults at first, shown as editable to the company
/// administrator (its first user) only; saved ones replace the defaults of their
/// priorities and add new ones after them, the others keeping their defaults, for every
/// user; new tickets are due by them (a priority without one as Medium); an empty list
/// brings the defaults back.
async fn the_policies_apply_to_new_tickets_until_emptied(engine: Engine) {
    let (harness, acme, bob) = admin_and_user(engine).await;
    assert_eq!(
        expect(call(&harness, &acme, "GET", "/sla", None).await, 200),
        json!({ "policies": defaults(), "editable": true })
    );
    assert_eq!(
        expect(call(&harness, &bob, "GET", "/sla", None).await, 200),
        json!({ "policies": defaults(), "editable": false })
    );

    let saved = expect(call(&harness, &acme, "PUT", "/sla", Some(change())).await, 200);
    assert_eq!(
        saved["policies"][0],
        json!({ "priority": "Critical", "response_minutes": 10, "resolution_minutes": 120 })
    );
    assert_eq!(saved["policies"][4], json!({ "priority": "Urgent", "response_minutes": 5, "resolution_minutes": 60 }));
    assert_eq!(saved["policies"][2], defaults()[2], "the others keep their defaults");
    assert_eq!(expect(call(&harness, &bob, "GET", "/sla", None).await, 200)["policies"], saved["policies"]);

    let critical = create(&harness, &bob, json!({ "title": "Down", "priority": "Critical" })).await;
    assert_eq!(int(&critical, "response_due"), int(&critical, "created_at") + 600);
    assert_eq!(int(&critical, "resolution_due"), int(&critical, "created_at") + 7200);
    let urgent = create(&harness, &bob, json!({ "title": "Now", "priority": "Urgent" })).await;
    assert_eq!(int(&urgent, "response_due"), int(&urgent, "created_at") + 300);
    let custom = create(&harness, &bob, json!({ "title": "Whenever", "priority": "Someday" })).await;
    assert_eq!(int(&custom, "response_due"), int(&custom, "created_at") + 240 * 60, "as Medium");

    let reset = expect(call(&harness, &acme, "PUT", "/sla", Some(json!({ "policies": [] }))).await, 200);
    assert_eq!(reset["policies"], defaults());
}
