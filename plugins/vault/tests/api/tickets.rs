//! The tickets of a process, read from Ticket Management when it is installed.

use autoscope_module_test::shortcuts::{call, company, expect, id, message};
use autoscope_module_test::{Engine, Harness, Right, default_role_rights, product_module};
use serde_json::json;

use crate::common::{create, load};

autoscope_module_test::on_both_engines!(
    tickets_are_unavailable_without_ticket_management,
    tickets_linked_to_a_process_are_listed,
);

/// Without the Ticket Management module, a process has no tickets to show; an unknown
/// process is a 404.
async fn tickets_are_unavailable_without_ticket_management(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let process = create(&harness, &acme, json!({ "name": "Invoice posting" })).await;
    let tickets =
        expect(call(&harness, &acme, "GET", &format!("/processes/{}/tickets", id(&process)), None).await, 200);
    assert_eq!(tickets, json!({ "available": false, "items": [] }));
    let missing = call(&harness, &acme, "GET", "/processes/nope/tickets", None).await;
    assert_eq!(message(missing, 404), "Process not found");
}

/// With Ticket Management installed, a process lists the tickets linked to it (and only
/// those), through the granted read of `support.tickets`, to people whose rights open it.
async fn tickets_linked_to_a_process_are_listed(engine: Engine) {
    let support = product_module("support").expect("the support plugin is built");
    let vault = product_module("vault").expect("the vault plugin is built");
    let harness = Harness::load_with(engine, vault, [support]).await.expect("both install");
    let acme = company(&harness, "Acme").await;
    let process = create(&harness, &acme, json!({ "name": "Invoice posting" })).await;
    let other = create(&harness, &acme, json!({ "name": "Payroll" })).await;
    for (title, linked) in [("Bot stopped", &process), ("Login fails", &other)] {
        let ticket = json!({ "title": title, "priority": "High", "process_id": id(linked) });
        let reply = harness.call_module("support", &acme, "POST", "/tickets", Some(ticket)).await.expect("a reply");
        assert_eq!(reply.status, 201, "{reply:?}");
    }
    let path = format!("/processes/{}/tickets", id(&process));
    let tickets = expect(call(&harness, &acme, "GET", &path, None).await, 200);
    assert_eq!(tickets["available"], true);
    let items = tickets["items"].as_array().expect("items");
    assert_eq!(items.len(), 1, "{items:?}");
    assert_eq!(
        (&items[0]["title"], &items[0]["status"], &items[0]["number"]),
        (&json!("Bot stopped"), &json!("open"), &json!(1))
    );

    // The tickets are Ticket Management's: a person whose rights do not open it is told so
    // (they used to see every linked ticket's title).
    let mut rights = default_role_rights();
    rights.insert("support".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await.expect("rights");
    let refused = call(&harness, &acme, "GET", &path, None).await;
    assert_eq!(message(refused, 403), "Your rights do not allow Ticket Management, whose data this needs");
}
