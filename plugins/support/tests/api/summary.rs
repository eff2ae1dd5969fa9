//! The widget's summary and the lists to pick from: the company's people, and the
//! processes of the Process Vault and the bots of Bot Profile when they are installed.

use std::time::Duration;

use autoscope_module_test::shortcuts::{call, company, expect, id, user};
use autoscope_module_test::{Engine, product_module};
use serde_json::json;

use crate::common::{MINUTE, ask_for_approval, create, load, patch};

autoscope_module_test::on_both_engines!(
    the_summary_counts_tickets_by_status_breach_approval_and_assignee,
    the_people_and_the_vaults_processes_are_listed_to_pick_from,
    the_bots_of_bot_profile_are_listed_to_pick_from,
);

/// The summary counts the company's tickets by status, the active ones, the breached, the
/// pending approvals and the caller's assigned ones; all zero before any ticket.
async fn the_summary_counts_tickets_by_status_breach_approval_and_assignee(engine: Engine) {
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
    expect(ask_for_approval(&harness, &acme, id(&critical), json!([bob.id])).await, 201);
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
}

/// The people to pick from are the company's users; the processes are none without the
/// Process Vault, and the vault's process names (by name) once it is installed. Grouped:
/// two read-only lists of one company.
async fn the_people_and_the_vaults_processes_are_listed_to_pick_from(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
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

/// The bots to pick from are none without Bot Profile, and its bots (by name) once it is
/// installed; a ticket keeps the name chosen.
async fn the_bots_of_bot_profile_are_listed_to_pick_from(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    assert_eq!(expect(call(&harness, &acme, "GET", "/bots", None).await, 200), json!([]), "no Bot Profile, no bots");

    let bots = product_module("bots").expect("Bot Profile is built (make modules)");
    harness.install(bots).await.expect("Bot Profile installs");
    for name in ["Invoice bot", "Claims bot"] {
        let reply = harness.call_module("bots", &acme, "POST", "/bots", Some(json!({ "name": name }))).await;
        expect(reply.expect("Bot Profile answers"), 201);
    }
    let listed = expect(call(&harness, &bob, "GET", "/bots", None).await, 200);
    let names: Vec<&str> = listed.as_array().expect("a list").iter().filter_map(|bot| bot["name"].as_str()).collect();
    assert_eq!(names, ["Claims bot", "Invoice bot"]);
    assert!(listed[0]["id"].is_string());

    let ticket = create(&harness, &bob, json!({ "title": "Claims stuck", "bot_id": "Claims bot" })).await;
    assert_eq!(ticket["bot_id"], "Claims bot");
}
