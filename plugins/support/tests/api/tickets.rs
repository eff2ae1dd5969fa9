//! Creating tickets (numbers, defaults, SLA due times, the assignee told), the list
//! (search, filters, sorts, pages), one ticket's detail, and the checks of bad input.

use std::time::Duration;

use autoscope_module_test::shortcuts::{call, company, expect, id, message, user};
use autoscope_module_test::{Company, Engine, Harness, User};
use serde_json::{Value, json};

use crate::common::{actions, create, int, load, notices, subjects, ticket, titles};

autoscope_module_test::on_both_engines!(
    a_new_ticket_is_numbered_open_and_due_by_the_targets_of_its_priority,
    the_list_searches_filters_sorts_and_pages,
    a_new_ticket_is_recorded_and_its_assignee_told,
    bad_input_gets_its_exact_message_and_stores_nothing,
);

/// Acme's three tickets, a second apart, and Globex's first.
struct Numbered {
    harness: Harness,
    acme: Company,
    globex: Company,
    bob: User,
    /// #1 "Printer jams": Medium, Infrastructure, by the owner for Bob.
    first: Value,
    /// #2 "VPN access": Critical, Access request, by Bob.
    second: Value,
    /// #3 "Bot stopped": High, of process `p-1` and its bot.
    third: Value,
    /// Globex's "Their first".
    theirs: Value,
}

async fn numbered(engine: Engine) -> Numbered {
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
    harness.advance(Duration::from_secs(1));
    let second =
        create(&harness, &bob, json!({ "title": "VPN access", "priority": "Critical", "category": "Access request" }))
            .await;
    harness.advance(Duration::from_secs(1));
    let third = create(
        &harness,
        &acme,
        json!({ "title": "Bot stopped", "priority": "High", "process_id": "p-1", "bot_id": "Invoice bot" }),
    )
    .await;
    let theirs = create(&harness, &globex, json!({ "title": "Their first" })).await;
    Numbered { harness, acme, globex, bob, first, second, third, theirs }
}

impl Numbered {
    /// `GET /tickets<query>` as Acme's owner.
    async fn list(&self, query: &str) -> Value {
        expect(call(&self.harness, &self.acme, "GET", &format!("/tickets{query}"), None).await, 200)
    }
}

/// A new ticket gets the next number of its company (from 1); it is open with its title
/// trimmed, Medium unless told, its requester the caller and its assignee as given,
/// nothing measured yet, and due at its creation plus the targets of its priority (Medium
/// 240 / 1440 minutes, Critical 15 / 240). Grouped: all read from the answers of creating.
async fn a_new_ticket_is_numbered_open_and_due_by_the_targets_of_its_priority(engine: Engine) {
    let Numbered { acme, bob, first, second, third, theirs, .. } = numbered(engine).await;
    assert_eq!(first["number"], json!(1));
    assert_eq!(second["number"], json!(2));
    assert_eq!(third["number"], json!(3));
    assert_eq!(theirs["number"], json!(1), "numbers count per company");

    assert_eq!(
        (&first["number"], &first["title"], &first["priority"], &first["status"]),
        (&json!(1), &json!("Printer jams"), &json!("Medium"), &json!("open"))
    );
    assert_eq!((&first["requester_id"], &first["assignee_id"]), (&json!(acme.user_id), &json!(bob.id)));
    assert_eq!(
        (&first["paused_seconds"], &first["response_breached"], &first["approval"], &first["first_response_at"]),
        (&json!(0), &json!(false), &json!("none"), &Value::Null)
    );
    assert_eq!((&second["number"], &second["requester_id"]), (&json!(2), &json!(bob.id)));

    let created_at = int(&first, "created_at");
    assert_eq!(int(&first, "response_due"), created_at + 240 * 60);
    assert_eq!(int(&first, "resolution_due"), created_at + 1440 * 60);
    assert_eq!(int(&second, "response_due"), int(&second, "created_at") + 15 * 60);
    assert_eq!(int(&second, "resolution_due"), int(&second, "created_at") + 240 * 60);
}

/// The list searches titles (any case) and numbers (with or without `#`); filters by
/// priorities, assignee, requester, process, bot and statuses (a list of values matches
/// any); sorts newest first unless told, with the total; and pages with a cursor. Grouped:
/// read-only queries of one set of tickets.
async fn the_list_searches_filters_sorts_and_pages(engine: Engine) {
    let tickets = numbered(engine).await;
    let bob = &tickets.bob.id;
    assert_eq!(titles(&tickets.list("?q=PRINTER").await), ["Printer jams"]);
    assert_eq!(titles(&tickets.list("?q=%232").await), ["VPN access"]);
    assert_eq!(titles(&tickets.list("?q=3").await), ["Bot stopped"]);

    assert_eq!(titles(&tickets.list("?priority=Critical,High&sort=number").await), ["VPN access", "Bot stopped"]);
    assert_eq!(titles(&tickets.list(&format!("?assignee_id={bob}")).await), ["Printer jams"]);
    assert_eq!(titles(&tickets.list(&format!("?requester_id={bob}")).await), ["VPN access"]);
    assert_eq!(titles(&tickets.list("?process_id=p-1").await), ["Bot stopped"]);
    assert_eq!(titles(&tickets.list("?bot_id=Invoice%20bot").await), ["Bot stopped"]);
    assert_eq!(
        titles(&tickets.list("?status=open,waiting&sort=title").await),
        ["Bot stopped", "Printer jams", "VPN access"]
    );
    assert_eq!(titles(&tickets.list("?status=closed").await), Vec::<&str>::new());

    let page = tickets.list("").await;
    assert_eq!(titles(&page), ["Bot stopped", "VPN access", "Printer jams"]);
    assert_eq!((&page["total"], &page["next_cursor"]), (&json!(3), &Value::Null));
    let by_due = tickets.list("?sort=resolution_due&limit=2").await;
    assert_eq!(titles(&by_due), ["VPN access", "Bot stopped"]);
    let cursor = by_due["next_cursor"].as_str().expect("more follow");
    assert_eq!(titles(&tickets.list(&format!("?sort=resolution_due&limit=2&cursor={cursor}")).await), ["Printer jams"]);
}

/// A new ticket's detail is the ticket as created, one `created` entry in its history and
/// no comments, attachments or approvals; its assignee gets a notice and a mail, and
/// nobody is told of their own ticket. Grouped: both read what creating left behind.
async fn a_new_ticket_is_recorded_and_its_assignee_told(engine: Engine) {
    let Numbered { harness, acme, bob, first, .. } = numbered(engine).await;
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
}

/// Bad input gets a 400 with the exact message and stores nothing: a ticket without a
/// title, with a field too long or an assignee of no user of the company; a list with an
/// unknown sort field or status. An unknown ticket id is a 404. Grouped: each is one call.
async fn bad_input_gets_its_exact_message_and_stores_nothing(engine: Engine) {
    let tickets = numbered(engine).await;
    let (harness, acme, globex) = (&tickets.harness, &tickets.acme, &tickets.globex);
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
        assert_eq!(message(call(harness, acme, "POST", "/tickets", Some(body.clone())).await, 400), expected, "{body}");
    }
    assert_eq!(tickets.list("").await["total"], json!(3), "nothing was stored");
    assert_eq!(message(call(harness, acme, "GET", "/tickets?sort=description", None).await, 400), "Unknown sort field");
    assert_eq!(message(call(harness, acme, "GET", "/tickets?status=done", None).await, 400), "Unknown status");
    let missing = call(harness, acme, "GET", "/tickets/00000000-0000-7000-8000-000000000000", None).await;
    assert_eq!(message(missing, 404), "Ticket not found");
}
