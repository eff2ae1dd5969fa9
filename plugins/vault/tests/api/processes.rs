//! Processes: created with their scores, listed (search, filters, sorts, pages), read,
//! updated (scores recomputed, changes recorded, stale versions refused), checked and
//! deleted with what is theirs.

use std::time::Duration;

use autoscope_module_test::shortcuts::{call, company, expect, id, message, stored, text_file};
use autoscope_module_test::{Company, Engine, Harness, User};
use serde_json::{Value, json};

use crate::common::{CONFLICT, actions, create, history, load, names};

autoscope_module_test::on_both_engines!(
    a_new_process_gets_its_defaults_and_scores_and_reads_back_as_created,
    the_list_searches_filters_sorts_and_pages,
    bad_new_processes_are_refused_and_nothing_is_stored,
    bad_changes_are_refused_and_change_nothing,
    an_update_recomputes_the_scores_and_records_what_changed,
    a_deleted_process_takes_its_history_and_documents_along,
);

/// Acme's five processes, created a second apart (so "newest first" is unambiguous),
/// the second owned by Bob.
struct Five {
    harness: Harness,
    acme: Company,
    bob: User,
    /// Invoice posting, Payroll check, Vendor invoices, Access requests, Expense claims.
    created: Vec<Value>,
}

async fn five(engine: Engine) -> Five {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = acme.add_user("bob@acme.test").await.expect("a second user");
    let rows = [
        json!({ "name": "Invoice posting", "department": "Finance", "stage": "live", "monthly_volume": 1000, "handling_minutes": 6, "hourly_cost": 50 }),
        json!({ "name": "Payroll check", "department": "Human Resources", "health": "at_risk", "owner_id": bob.id }),
        json!({ "name": "Vendor invoices", "department": "Finance", "stage": "analysis", "monthly_volume": 10, "handling_minutes": 6, "hourly_cost": 50 }),
        json!({ "name": "Access requests", "department": "Information Technology", "health": "delayed" }),
        json!({ "name": "Expense claims", "department": "Finance", "complexity": "low" }),
    ];
    let mut created = Vec::new();
    for row in rows {
        created.push(create(&harness, &acme, row).await);
        // A second apart, so "newest first" is unambiguous.
        harness.advance(Duration::from_secs(1));
    }
    Five { harness, acme, bob, created }
}

impl Five {
    /// `GET /processes<query>` as Acme's owner.
    async fn list(&self, query: &str) -> Value {
        expect(call(&self.harness, &self.acme, "GET", &format!("/processes{query}"), None).await, 200)
    }
}

/// A new process is on track, of medium complexity and at version 1 unless told; its
/// benefit and ease are computed (by hand: 1000 × 12 × 6 / 60 = 1200 h, × 50 = 60,000,
/// / 1800 = 0.67 FTE; ease 100 − 15 − 8 − 8 = 69, low complexity 84), with no potential
/// before an assessment. It reads back as created, with one `created` entry by its
/// creator; an unknown id is a 404. Grouped: all read what creating made.
async fn a_new_process_gets_its_defaults_and_scores_and_reads_back_as_created(engine: Engine) {
    let Five { harness, acme, created, .. } = five(engine).await;
    let invoice = &created[0];
    assert_eq!(
        (&invoice["stage"], &invoice["health"], &invoice["complexity"], &invoice["version"]),
        (&json!("live"), &json!("on_track"), &json!("medium"), &json!(1))
    );
    // 1000 × 12 × 6 / 60 = 1200 h, × 50 = 60,000, / 1800 = 0.67 FTE; ease 100 − 15 − 8 − 8 = 69.
    assert_eq!(
        (&invoice["benefit_hours"], &invoice["benefit_money"], &invoice["benefit_fte"]),
        (&json!(1200.0), &json!(60000.0), &json!(0.67))
    );
    assert_eq!((&invoice["ease"], &invoice["potential"]), (&json!(69.0), &Value::Null));
    assert_eq!(created[4]["ease"], json!(84.0), "low complexity: 100 − 0 − 8 − 8");

    let one = expect(call(&harness, &acme, "GET", &format!("/processes/{}", id(invoice)), None).await, 200);
    assert_eq!(&one, invoice);
    let entries = history(&harness, &acme, id(invoice)).await;
    assert_eq!(actions(&entries), ["created"]);
    assert_eq!(entries[0]["user_id"], json!(acme.user_id));
    let missing = call(&harness, &acme, "GET", "/processes/00000000-0000-7000-8000-000000000000", None).await;
    assert_eq!(message(missing, 404), "Process not found");
}

/// The list is newest first with its total; it searches names (any case), filters by
/// department, stage, health and owner, sorts by several fields and pages with a cursor.
/// Grouped: read-only queries of one set of processes.
async fn the_list_searches_filters_sorts_and_pages(engine: Engine) {
    let five = five(engine).await;
    let page = five.list("").await;
    assert_eq!(
        names(&page),
        ["Expense claims", "Access requests", "Vendor invoices", "Payroll check", "Invoice posting"]
    );
    assert_eq!((&page["total"], &page["next_cursor"]), (&json!(5), &Value::Null));

    let search = five.list("?q=INVOICE&sort=name").await;
    assert_eq!((names(&search), &search["total"]), (vec!["Invoice posting", "Vendor invoices"], &json!(2)));
    assert_eq!(names(&five.list("?department=Finance&stage=analysis").await), ["Vendor invoices"]);
    assert_eq!(names(&five.list("?health=at_risk").await), ["Payroll check"]);
    assert_eq!(names(&five.list(&format!("?owner_id={}", five.bob.id)).await), ["Payroll check"]);
    let by_benefit = five.list("?sort=-benefit_money,name&limit=2").await;
    assert_eq!(names(&by_benefit), ["Invoice posting", "Vendor invoices"]);
    assert_eq!(by_benefit["total"], json!(5));
    let cursor = by_benefit["next_cursor"].as_str().expect("more follow");
    let second = five.list(&format!("?sort=-benefit_money,name&limit=2&cursor={cursor}")).await;
    assert_eq!(names(&second), ["Access requests", "Expense claims"]);
}

/// Every check of a new process answers 400 with its exact message and stores nothing;
/// a list with an unknown sort field or stage is a 400 too. Grouped: each is one call.
async fn bad_new_processes_are_refused_and_nothing_is_stored(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let cases = [
        (json!({ "name": "  " }), "Please enter the process name"),
        (json!({ "description": "no name" }), "Please enter the process name"),
        (json!({ "name": "x".repeat(201) }), "Name must be at most 200 characters"),
        (json!({ "name": "a", "stage": "done" }), "Unknown stage"),
        (json!({ "name": "a", "health": "fine" }), "Unknown health"),
        (json!({ "name": "a", "complexity": "huge" }), "Unknown complexity"),
        (json!({ "name": "a", "monthly_volume": 1.5 }), "Monthly volume must be a whole number of 0 or more"),
        (json!({ "name": "a", "monthly_volume": -1 }), "Monthly volume must be a whole number of 0 or more"),
        (json!({ "name": "a", "handling_minutes": -1 }), "Handling time must be 0 or more minutes"),
        (json!({ "name": "a", "hourly_cost": -0.01 }), "Hourly cost must be 0 or more"),
        (json!({ "name": "a", "exception_rate": 101 }), "Exception rate must be between 0 and 100"),
        (json!({ "name": "a", "automation_pct": -5 }), "Automation must be between 0 and 100"),
        (json!({ "name": "a", "owner_id": globex.user_id }), "Owner is not a user of this company"),
        (json!({ "name": "a", "owner_id": "nobody" }), "Owner is not a user of this company"),
    ];
    for (body, expected) in cases {
        let reply = call(&harness, &acme, "POST", "/processes", Some(body.clone())).await;
        assert_eq!(message(reply, 400), expected, "{body}");
    }
    let page = expect(call(&harness, &acme, "GET", "/processes", None).await, 200);
    assert_eq!(page["total"], json!(0));
    assert_eq!(
        message(call(&harness, &acme, "GET", "/processes?sort=description", None).await, 400),
        "Unknown sort field"
    );
    assert_eq!(message(call(&harness, &acme, "GET", "/processes?stage=someday", None).await, 400), "Unknown stage");
}

/// An assessment answer not a whole number from 1 to 5, or an update emptying the name,
/// is a 400 with its exact message and changes nothing; an update at a version that is
/// no longer the process's is a 409 with the storage's message; an update of an unknown
/// process is a 404. Grouped: each is one call on one process.
async fn bad_changes_are_refused_and_change_nothing(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let process = create(&harness, &acme, json!({ "name": "Invoice posting" })).await;
    let path = format!("/processes/{}/assessment", id(&process));
    for bad in [json!(0), json!(6), json!(2.5), json!("many"), Value::Null] {
        let body = json!({ "version": 1, "rule_based": bad, "input_type": 3, "input_structure": 3, "stability": 3, "documentation": 3 });
        let reply = call(&harness, &acme, "PUT", &path, Some(body)).await;
        assert_eq!(message(reply, 400), "Each assessment answer must be between 1 and 5", "rule_based = {bad}");
    }
    let patch = call(
        &harness,
        &acme,
        "PATCH",
        &format!("/processes/{}", id(&process)),
        Some(json!({ "version": 1, "name": "" })),
    )
    .await;
    assert_eq!(message(patch, 400), "Please enter the process name");
    let unchanged = expect(call(&harness, &acme, "GET", &format!("/processes/{}", id(&process)), None).await, 200);
    assert_eq!((&unchanged["version"], &unchanged["rule_based"]), (&json!(1), &Value::Null));

    let path = format!("/processes/{}", id(&process));
    expect(call(&harness, &acme, "PATCH", &path, Some(json!({ "version": 1, "stage": "analysis" }))).await, 200);
    let stale = call(&harness, &acme, "PATCH", &path, Some(json!({ "version": 1, "name": "Lost update" }))).await;
    assert_eq!(message(stale, 409), CONFLICT);
    let missing = call(&harness, &acme, "PATCH", "/processes/nope", Some(json!({ "version": 1, "name": "x" }))).await;
    assert_eq!(message(missing, 404), "Process not found");
}

/// An update answers the process at its next version with the scores recomputed (by
/// hand: 2000 × 12 × 6 / 60 × 0.9 = 2160 h, × 50 = 108,000, / 1800 = 1.2 FTE; the FTEs
/// freed capped at the process's own). Each update is a history entry of the fields that
/// changed (a field given unchanged is not one); a stage change is a `stage` entry of its
/// own, by whoever made it. Grouped: both read what the same three updates made.
async fn an_update_recomputes_the_scores_and_records_what_changed(engine: Engine) {
    // "Invoice posting" (benefit 54,000 with 10 % exceptions), then three updates a second
    // apart: renamed with a department and double the volume (version 2), moved to
    // Analysis by Bob (3), given Bob as owner and 0.5 FTEs (4).
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = acme.add_user("bob@acme.test").await.expect("a second user");
    let body = json!({ "name": "Invoice posting", "monthly_volume": 1000, "handling_minutes": 6, "hourly_cost": 50, "exception_rate": 10 });
    let process = create(&harness, &acme, body).await;
    let path = format!("/processes/{}", id(&process));
    harness.advance(Duration::from_secs(1));
    let changes = json!({ "version": 1, "name": "Invoice posting EU", "department": "Finance", "monthly_volume": "2000", "hourly_cost": 50 });
    let updated = expect(call(&harness, &acme, "PATCH", &path, Some(changes)).await, 200);
    harness.advance(Duration::from_secs(1));
    let staged =
        expect(call(&harness, &bob, "PATCH", &path, Some(json!({ "version": 2, "stage": "analysis" }))).await, 200);
    harness.advance(Duration::from_secs(1));
    let owned = expect(
        call(&harness, &acme, "PATCH", &path, Some(json!({ "version": 3, "owner_id": bob.id, "ftes": 0.5 }))).await,
        200,
    );

    assert_eq!(process["benefit_money"], json!(54000.0));
    // 2000 × 12 × 6 / 60 × 0.9 = 2160 h, × 50 = 108,000, / 1800 = 1.2 FTE.
    assert_eq!(
        (&updated["version"], &updated["name"], &updated["department"]),
        (&json!(2), &json!("Invoice posting EU"), &json!("Finance"))
    );
    assert_eq!(
        (&updated["benefit_hours"], &updated["benefit_money"], &updated["benefit_fte"]),
        (&json!(2160.0), &json!(108000.0), &json!(1.2))
    );
    assert_eq!(
        (&owned["owner_id"], &owned["benefit_fte"]),
        (&json!(bob.id), &json!(0.5)),
        "FTEs freed are capped at the process's"
    );

    assert_eq!((&staged["stage"], &staged["version"]), (&json!("analysis"), &json!(3)));
    let entries = history(&harness, &acme, id(&process)).await;
    assert_eq!(actions(&entries), ["updated", "stage", "updated", "created"]);
    assert_eq!(
        entries[2]["changes"],
        json!([
            { "field": "name", "from": "Invoice posting", "to": "Invoice posting EU" },
            { "field": "department", "from": null, "to": "Finance" },
            { "field": "monthly_volume", "from": 1000, "to": 2000 }
        ]),
        "hourly_cost was given unchanged"
    );
    assert_eq!(entries[1]["changes"], json!([{ "field": "stage", "from": "idea", "to": "analysis" }]));
    assert_eq!(entries[1]["user_id"], json!(bob.id));
}

/// Deleting needs the current version and removes the history, documents and content;
/// another process keeps what is its own.
async fn a_deleted_process_takes_its_history_and_documents_along(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let process = create(&harness, &acme, json!({ "name": "Invoice posting" })).await;
    let kept = create(&harness, &acme, json!({ "name": "Payroll check" })).await;
    let documents = format!("/processes/{}/documents", id(&process));
    let document = expect(call(&harness, &acme, "POST", &documents, Some(text_file("notes.txt"))).await, 201);
    expect(
        call(&harness, &acme, "POST", &format!("/processes/{}/documents", id(&kept)), Some(text_file("kept.txt")))
            .await,
        201,
    );
    assert_eq!(stored(&harness, &acme, "vault.document_data", "document_id", id(&document)).await, 1);

    let path = format!("/processes/{}", id(&process));
    assert_eq!(message(call(&harness, &acme, "DELETE", &format!("{path}?version=2"), None).await, 409), CONFLICT);
    let deleted = expect(call(&harness, &acme, "DELETE", &format!("{path}?version=1"), None).await, 200);
    assert_eq!(deleted, json!({ "message": "Process deleted" }));

    assert_eq!(message(call(&harness, &acme, "GET", &path, None).await, 404), "Process not found");
    assert_eq!(message(call(&harness, &acme, "GET", &format!("{path}/history"), None).await, 404), "Process not found");
    let download = call(&harness, &acme, "GET", &format!("/documents/{}", id(&document)), None).await;
    assert_eq!(message(download, 404), "Document not found");
    assert_eq!(
        message(call(&harness, &acme, "DELETE", &format!("{path}?version=1"), None).await, 404),
        "Process not found"
    );
    assert_eq!(stored(&harness, &acme, "vault.history", "process_id", id(&process)).await, 0);
    assert_eq!(stored(&harness, &acme, "vault.documents", "process_id", id(&process)).await, 0);
    assert_eq!(stored(&harness, &acme, "vault.document_data", "document_id", id(&document)).await, 0);
    // The other process keeps what is its own.
    assert_eq!(stored(&harness, &acme, "vault.history", "process_id", id(&kept)).await, 2);
    assert_eq!(stored(&harness, &acme, "vault.documents", "process_id", id(&kept)).await, 1);
    let page = expect(call(&harness, &acme, "GET", "/processes", None).await, 200);
    assert_eq!(names(&page), ["Payroll check"]);
}
