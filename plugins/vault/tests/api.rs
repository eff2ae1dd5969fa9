//! The Process Vault's API through the real host (built plugin: `make modules`), on
//! SQLite and PostgreSQL.

use std::time::Duration;

use autoscope_module_test::shortcuts::{call, company, expect, id, message, stored, text_file};
use autoscope_module_test::{Engine, Harness, Right, Session, default_role_rights, product_module};
use autoscope_sdk::wire::{Envelope, host::Publish};
use serde_json::{Value, json};

const CONFLICT: &str = "The record was changed by someone else; reload it and try again";

autoscope_module_test::on_both_engines!(
    processes_are_created_listed_filtered_sorted_and_paged,
    bad_input_gets_the_exact_messages,
    an_update_records_what_changed_and_a_stale_version_conflicts,
    an_idea_is_assessed_with_hand_computed_scores,
    a_deleted_process_takes_its_history_and_documents_along,
    an_import_stores_valid_rows_and_reports_the_others,
    documents_are_capped_by_type_size_and_count,
    tickets_are_unavailable_without_ticket_management,
    tickets_linked_to_a_process_are_listed,
    a_board_stage_change_is_recorded_once,
    another_companys_ids_are_not_found,
    a_user_without_the_process_right_is_refused,
    summary_people_and_formulas,
);

async fn load(engine: Engine) -> Harness {
    let vault = product_module("vault").expect("the plugin is built (make modules)");
    Harness::load_on(engine, vault).await.expect("the vault installs")
}

async fn create(harness: &Harness, who: &dyn Session, body: Value) -> Value {
    expect(call(harness, who, "POST", "/processes", Some(body)).await, 201)
}

fn names(page: &Value) -> Vec<&str> {
    page["items"].as_array().expect("items").iter().map(|item| item["name"].as_str().unwrap_or("")).collect()
}

async fn history(harness: &Harness, who: &dyn Session, process_id: &str) -> Vec<Value> {
    let reply = call(harness, who, "GET", &format!("/processes/{process_id}/history"), None).await;
    expect(reply, 200)["items"].as_array().expect("items").clone()
}

fn actions(entries: &[Value]) -> Vec<&str> {
    entries.iter().map(|entry| entry["action"].as_str().unwrap_or("")).collect()
}

/// The main flows of the list: search, filters, sorts, pages with a total, and one record.
async fn processes_are_created_listed_filtered_sorted_and_paged(engine: Engine) {
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

    let page = expect(call(&harness, &acme, "GET", "/processes", None).await, 200);
    assert_eq!(
        names(&page),
        ["Expense claims", "Access requests", "Vendor invoices", "Payroll check", "Invoice posting"]
    );
    assert_eq!((&page["total"], &page["next_cursor"]), (&json!(5), &Value::Null));

    let search = expect(call(&harness, &acme, "GET", "/processes?q=INVOICE&sort=name", None).await, 200);
    assert_eq!((names(&search), &search["total"]), (vec!["Invoice posting", "Vendor invoices"], &json!(2)));
    let filtered =
        expect(call(&harness, &acme, "GET", "/processes?department=Finance&stage=analysis", None).await, 200);
    assert_eq!(names(&filtered), ["Vendor invoices"]);
    let at_risk = expect(call(&harness, &acme, "GET", "/processes?health=at_risk", None).await, 200);
    assert_eq!(names(&at_risk), ["Payroll check"]);
    let owned = expect(call(&harness, &acme, "GET", &format!("/processes?owner_id={}", bob.id), None).await, 200);
    assert_eq!(names(&owned), ["Payroll check"]);
    let by_benefit =
        expect(call(&harness, &acme, "GET", "/processes?sort=-benefit_money,name&limit=2", None).await, 200);
    assert_eq!(names(&by_benefit), ["Invoice posting", "Vendor invoices"]);
    assert_eq!(by_benefit["total"], json!(5));
    let cursor = by_benefit["next_cursor"].as_str().expect("more follow");
    let next = format!("/processes?sort=-benefit_money,name&limit=2&cursor={cursor}");
    let second = expect(call(&harness, &acme, "GET", &next, None).await, 200);
    assert_eq!(names(&second), ["Access requests", "Expense claims"]);

    let one = expect(call(&harness, &acme, "GET", &format!("/processes/{}", id(invoice)), None).await, 200);
    assert_eq!(&one, invoice);
    let entries = history(&harness, &acme, id(invoice)).await;
    assert_eq!(actions(&entries), ["created"]);
    assert_eq!(entries[0]["user_id"], json!(acme.user_id));
    let missing = call(&harness, &acme, "GET", "/processes/00000000-0000-7000-8000-000000000000", None).await;
    assert_eq!(message(missing, 404), "Process not found");
}

/// Every check answers 400 with its exact message, and stores nothing.
async fn bad_input_gets_the_exact_messages(engine: Engine) {
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
}

/// An update recomputes the scores and records its changes; only a stage change is a
/// `stage` entry; a stale version is a 409 with the storage's message.
async fn an_update_records_what_changed_and_a_stale_version_conflicts(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = acme.add_user("bob@acme.test").await.expect("a second user");
    let body = json!({ "name": "Invoice posting", "monthly_volume": 1000, "handling_minutes": 6, "hourly_cost": 50, "exception_rate": 10 });
    let process = create(&harness, &acme, body).await;
    let path = format!("/processes/{}", id(&process));
    assert_eq!(process["benefit_money"], json!(54000.0));

    harness.advance(Duration::from_secs(1));
    let changes = json!({ "version": 1, "name": "Invoice posting EU", "department": "Finance", "monthly_volume": "2000", "hourly_cost": 50 });
    let updated = expect(call(&harness, &acme, "PATCH", &path, Some(changes)).await, 200);
    // 2000 × 12 × 6 / 60 × 0.9 = 2160 h, × 50 = 108,000, / 1800 = 1.2 FTE.
    assert_eq!(
        (&updated["version"], &updated["name"], &updated["department"]),
        (&json!(2), &json!("Invoice posting EU"), &json!("Finance"))
    );
    assert_eq!(
        (&updated["benefit_hours"], &updated["benefit_money"], &updated["benefit_fte"]),
        (&json!(2160.0), &json!(108000.0), &json!(1.2))
    );

    harness.advance(Duration::from_secs(1));
    let staged =
        expect(call(&harness, &bob, "PATCH", &path, Some(json!({ "version": 2, "stage": "analysis" }))).await, 200);
    assert_eq!((&staged["stage"], &staged["version"]), (&json!("analysis"), &json!(3)));
    let stale = call(&harness, &acme, "PATCH", &path, Some(json!({ "version": 2, "name": "Lost update" }))).await;
    assert_eq!(message(stale, 409), CONFLICT);
    harness.advance(Duration::from_secs(1));
    let owned = expect(
        call(&harness, &acme, "PATCH", &path, Some(json!({ "version": 3, "owner_id": bob.id, "ftes": 0.5 }))).await,
        200,
    );
    assert_eq!(
        (&owned["owner_id"], &owned["benefit_fte"]),
        (&json!(bob.id), &json!(0.5)),
        "FTEs freed are capped at the process's"
    );

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
    let missing = call(&harness, &acme, "PATCH", "/processes/nope", Some(json!({ "version": 1, "name": "x" }))).await;
    assert_eq!(message(missing, 404), "Process not found");
}

/// Anyone submits an idea; its assessment scores it (values computed by hand) and moves it
/// to Assessment.
async fn an_idea_is_assessed_with_hand_computed_scores(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = acme.add_user("bob@acme.test").await.expect("a second user");
    let idea = json!({ "name": " Supplier onboarding ", "description": "Collect documents", "department": "Legal", "stage": "live" });
    let idea = expect(call(&harness, &bob, "POST", "/ideas", Some(idea)).await, 201);
    assert_eq!(
        (&idea["name"], &idea["stage"], &idea["submitted_by"]),
        (&json!("Supplier onboarding"), &json!("idea"), &json!(bob.id))
    );
    assert_eq!(
        message(call(&harness, &bob, "POST", "/ideas", Some(json!({ "description": "x" }))).await, 400),
        "Please enter the process name"
    );

    harness.advance(Duration::from_secs(1));
    let assessment = json!({
        "version": 1, "rule_based": 5, "input_type": 4, "input_structure": 4, "stability": 3, "documentation": 2,
        "monthly_volume": 2000, "handling_minutes": 9, "ftes": 1.2, "applications": ["SAP", "Excel", "Outlook"],
        "hourly_cost": 40, "exception_rate": 20, "complexity": "high"
    });
    let path = format!("/processes/{}/assessment", id(&idea));
    let assessed = expect(call(&harness, &acme, "PUT", &path, Some(assessment)).await, 200);
    // Potential (5 + 4 + 4 + 3 + 2) / 25 × 100 = 72. Hours 2000 × 12 × 9 / 60 × 0.8 = 2880,
    // money 2880 × 40 = 115,200, FTE 2880 / 1800 = 1.6 capped at 1.2.
    // Ease 100 − 10 × 2 − 30 − 4 × 2 − 4 × 3 = 30.
    assert_eq!((&assessed["potential"], &assessed["ease"]), (&json!(72.0), &json!(30.0)));
    assert_eq!(
        (&assessed["benefit_hours"], &assessed["benefit_money"], &assessed["benefit_fte"]),
        (&json!(2880.0), &json!(115200.0), &json!(1.2))
    );
    assert_eq!(
        (&assessed["stage"], &assessed["version"], &assessed["rule_based"]),
        (&json!("assessment"), &json!(2), &json!(5))
    );

    let entries = history(&harness, &acme, id(&idea)).await;
    assert_eq!(actions(&entries), ["assessed", "created"]);
    let fields: Vec<&str> =
        entries[0]["changes"].as_array().expect("changes").iter().map(|c| c["field"].as_str().unwrap_or("")).collect();
    assert_eq!(
        fields,
        [
            "applications",
            "stage",
            "monthly_volume",
            "handling_minutes",
            "hourly_cost",
            "exception_rate",
            "complexity",
            "ftes",
            "rule_based",
            "input_type",
            "input_structure",
            "stability",
            "documentation"
        ]
    );
    assert_eq!(entries[0]["user_id"], json!(acme.user_id));

    // A process past the idea keeps its stage; lower answers lower the scores.
    harness.advance(Duration::from_secs(1));
    let moved = json!({ "version": 2, "stage": "analysis" });
    expect(call(&harness, &acme, "PATCH", &format!("/processes/{}", id(&idea)), Some(moved)).await, 200);
    let answers = |version: i64| json!({ "version": version, "rule_based": 1, "input_type": 1, "input_structure": 1, "stability": 1, "documentation": 1 });
    assert_eq!(message(call(&harness, &acme, "PUT", &path, Some(answers(2))).await, 409), CONFLICT);
    harness.advance(Duration::from_secs(1));
    let reassessed = expect(call(&harness, &acme, "PUT", &path, Some(answers(3))).await, 200);
    // Potential 5 / 25 × 100 = 20; ease 100 − 20 − 30 − 16 − 16 = 18.
    assert_eq!(
        (&reassessed["stage"], &reassessed["potential"], &reassessed["ease"]),
        (&json!("analysis"), &json!(20.0), &json!(18.0))
    );
    assert_eq!(actions(&history(&harness, &acme, id(&idea)).await), ["assessed", "stage", "assessed", "created"]);
}

/// Deleting needs the current version and removes the history, documents and content.
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

/// Valid rows (values as the CSV gave them) are stored, invalid ones reported by row.
async fn an_import_stores_valid_rows_and_reports_the_others(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let rows = json!([
        {
            "name": "Invoice posting", "description": "Posts supplier invoices", "department": "Finance",
            "owner_email": "OWNER@acme.test", "stage": "Live", "health": "At risk", "monthly_volume": "1000",
            "handling_minutes": "6", "hourly_cost": "50", "exception_rate": "10", "automation_pct": "40",
            "complexity": "low", "applications": "SAP; Excel"
        },
        { "name": "", "department": "Finance" },
        { "name": "Payroll", "monthly_volume": "lots" },
        { "name": "Stranger's", "owner_email": "eve@elsewhere.test" },
        { "name": "Access requests", "stage": "", "monthly_volume": "", "applications": "" },
        { "name": "Bad rate", "exception_rate": "120" }
    ]);
    let reply = call(&harness, &acme, "POST", "/processes/import", Some(json!({ "rows": rows }))).await;
    assert_eq!(
        expect(reply, 200),
        json!({
            "created": 2,
            "errors": [
                { "row": 2, "message": "Please enter the process name" },
                { "row": 3, "message": "Monthly volume must be a whole number of 0 or more" },
                { "row": 4, "message": "Owner is not a user of this company" },
                { "row": 6, "message": "Exception rate must be between 0 and 100" }
            ]
        })
    );
    let page = expect(call(&harness, &acme, "GET", "/processes?sort=name", None).await, 200);
    assert_eq!(names(&page), ["Access requests", "Invoice posting"]);
    let invoice = &page["items"][1];
    assert_eq!(
        (&invoice["owner_id"], &invoice["stage"], &invoice["health"]),
        (&json!(acme.user_id), &json!("live"), &json!("at_risk"))
    );
    assert_eq!((&invoice["applications"], &invoice["automation_pct"]), (&json!(["SAP", "Excel"]), &json!(40.0)));
    // 1080 h, 54,000; ease 100 − 10 − 0 − 8 − 8 = 74.
    assert_eq!(
        (&invoice["benefit_hours"], &invoice["benefit_money"], &invoice["ease"]),
        (&json!(1080.0), &json!(54000.0), &json!(74.0))
    );
    let access = &page["items"][0];
    assert_eq!(
        (&access["stage"], &access["monthly_volume"], &access["applications"]),
        (&json!("idea"), &json!(0), &json!([]))
    );
    let entries = history(&harness, &acme, id(invoice)).await;
    assert_eq!((actions(&entries), &entries[0]["note"]), (vec!["created"], &json!("Imported from CSV")));

    let too_many: Vec<Value> = (0..1001).map(|n| json!({ "name": format!("P{n}") })).collect();
    let reply = call(&harness, &acme, "POST", "/processes/import", Some(json!({ "rows": too_many }))).await;
    assert_eq!(message(reply, 400), "An import may have at most 1000 rows");
    // The most an import takes, at once.
    let most: Vec<Value> = (0..1000)
        .map(|n| json!({ "name": format!("Process {n:04}"), "department": "Finance", "monthly_volume": n.to_string(), "handling_minutes": "3", "applications": "SAP; Excel" }))
        .collect();
    let reply = call(&harness, &acme, "POST", "/processes/import", Some(json!({ "rows": most }))).await;
    assert_eq!(expect(reply, 200), json!({ "created": 1000, "errors": [] }));
    let page = expect(call(&harness, &acme, "GET", "/processes?limit=1", None).await, 200);
    assert_eq!(page["total"], json!(1002));
}

/// Documents: listed without their content, downloaded with it; refused by type, size
/// (2 MB) and count (20 a process); deleted.
async fn documents_are_capped_by_type_size_and_count(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let process = create(&harness, &acme, json!({ "name": "Invoice posting" })).await;
    let documents = format!("/processes/{}/documents", id(&process));

    let upload = |body: Value| call(&harness, &acme, "POST", &documents, Some(body));
    let refused = json!({ "name": "tool.exe", "mime": "application/x-msdownload", "data": "aGVsbG8=" });
    assert_eq!(message(upload(refused).await, 400), "This file type is not accepted");
    let too_big = json!({ "name": "big.txt", "mime": "text/plain", "data": "A".repeat(2_796_204) });
    assert_eq!(message(upload(too_big).await, 400), "A document may be at most 2 MB");
    let broken = json!({ "name": "broken.txt", "mime": "text/plain", "data": "not base64!" });
    assert_eq!(message(upload(broken).await, 400), "The document's content is not valid base64");

    // Exactly 2 MB (2,097,152 bytes) is accepted, and comes back whole.
    let largest = format!("{}=", "A".repeat(2_796_203));
    let big = expect(upload(json!({ "name": "flow.bpmn", "mime": "", "data": largest })).await, 201);
    assert_eq!(
        (&big["size"], &big["mime"], &big["uploaded_by"]),
        (&json!(2_097_152), &json!("application/bpmn+xml"), &json!(acme.user_id))
    );
    let download = expect(call(&harness, &acme, "GET", &format!("/documents/{}", id(&big)), None).await, 200);
    assert_eq!((&download["name"], &download["size"]), (&json!("flow.bpmn"), &json!(2_097_152)));
    assert_eq!(download["data"].as_str().map(str::len), Some(2_796_204));

    harness.advance(Duration::from_secs(1));
    let notes = expect(upload(text_file("notes.txt")).await, 201);
    assert_eq!(
        notes,
        json!({ "id": notes["id"], "name": "notes.txt", "mime": "text/plain", "size": 5, "uploaded_by": acme.user_id, "created_at": notes["created_at"] })
    );
    let download = expect(call(&harness, &acme, "GET", &format!("/documents/{}", id(&notes)), None).await, 200);
    assert_eq!(
        download,
        json!({ "id": notes["id"], "name": "notes.txt", "mime": "text/plain", "size": 5, "data": "aGVsbG8=" })
    );
    let listed = expect(call(&harness, &acme, "GET", &documents, None).await, 200);
    assert_eq!(names(&listed), ["notes.txt", "flow.bpmn"]);
    assert!(listed["items"][0].get("data").is_none(), "lists leave the content out");

    for n in 3..=20 {
        expect(upload(text_file(&format!("page {n}.txt"))).await, 201);
    }
    assert_eq!(message(upload(text_file("one too many.txt")).await, 400), "A process may have at most 20 documents");
    let deleted = expect(call(&harness, &acme, "DELETE", &format!("/documents/{}", id(&notes)), None).await, 200);
    assert_eq!(deleted, json!({ "message": "Document deleted" }));
    assert_eq!(
        message(call(&harness, &acme, "GET", &format!("/documents/{}", id(&notes)), None).await, 404),
        "Document not found"
    );
    assert_eq!(
        message(call(&harness, &acme, "DELETE", &format!("/documents/{}", id(&notes)), None).await, 404),
        "Document not found"
    );
    expect(upload(text_file("room again.txt")).await, 201);

    let entries = history(&harness, &acme, id(&process)).await;
    assert_eq!(
        entries.iter().filter(|entry| entry["action"] == "document").count(),
        22,
        "20 added, 1 removed, 1 added"
    );
    let removed = entries.iter().find(|entry| entry["changes"][0]["to"].is_null() && entry["action"] == "document");
    assert_eq!(
        removed.expect("a removal")["changes"],
        json!([{ "field": "document", "from": "notes.txt", "to": null }])
    );
    let missing = call(&harness, &acme, "POST", "/processes/nope/documents", Some(text_file("a.txt"))).await;
    assert_eq!(message(missing, 404), "Process not found");
}

/// Without the Ticket Management module, a process has no tickets to show.
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
/// those), through the granted read of `support.tickets`.
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
}

/// `board.stage_changed` becomes one `stage` entry, even when delivered twice.
async fn a_board_stage_change_is_recorded_once(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let process = create(&harness, &acme, json!({ "name": "Invoice posting" })).await;
    let payload = json!({ "process_id": id(&process), "from": "idea", "to": "analysis", "user_id": acme.user_id });
    harness.advance(Duration::from_secs(1));
    // What the board's publish does: the vault is the one subscriber.
    let event = Publish { name: "board.stage_changed".into(), payload: payload.clone() };
    let subscribers = harness.publish("board", &acme.id, &event).await.expect("published");
    assert_eq!(subscribers, 1);
    assert_eq!(harness.deliver_events().await.expect("delivered"), 1);

    let entries = history(&harness, &acme, id(&process)).await;
    assert_eq!(actions(&entries), ["stage", "created"]);
    assert_eq!(entries[0]["changes"], json!([{ "field": "stage", "from": "idea", "to": "analysis" }]));
    assert_eq!(entries[0]["user_id"], json!(acme.user_id));
    let event_id = entries[0]["event_id"].as_str().expect("the entry keeps the event id");

    // At least once: the same event again (as after a timeout) changes nothing.
    let envelope: Envelope = serde_json::from_value(json!({
        "v": 1,
        "context": { "module": "vault", "company_id": acme.id, "user": null, "request_id": null, "now": 0 },
        "call": { "kind": "event", "id": event_id, "name": "board.stage_changed", "source": "board", "payload": payload, "published_at": 0, "attempt": 2 }
    }))
    .expect("an envelope");
    let reply = harness.call_envelope("vault", &envelope).await.expect("the call runs");
    assert_eq!(reply.status, 200, "{}", reply.body.get());
    assert_eq!(actions(&history(&harness, &acme, id(&process)).await), ["stage", "created"]);

    // An event for a process deleted meanwhile is dropped, not retried.
    let gone = json!({ "process_id": "gone", "from": "idea", "to": "live", "user_id": null });
    harness
        .publish("board", &acme.id, &Publish { name: "board.stage_changed".into(), payload: gone })
        .await
        .expect("published");
    assert_eq!(harness.deliver_events().await.expect("delivered"), 1);
}

/// Ids of another company's processes and documents answer 404 everywhere.
async fn another_companys_ids_are_not_found(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let process = create(&harness, &acme, json!({ "name": "Invoice posting" })).await;
    harness.advance(Duration::from_secs(1));
    let document = format!("/processes/{}/documents", id(&process));
    let document = expect(call(&harness, &acme, "POST", &document, Some(text_file("notes.txt"))).await, 201);
    let path = format!("/processes/{}", id(&process));
    let answers = json!({ "version": 1, "rule_based": 3, "input_type": 3, "input_structure": 3, "stability": 3, "documentation": 3 });
    let calls = [
        ("GET", path.clone(), None),
        ("PATCH", path.clone(), Some(json!({ "version": 1, "name": "Taken over" }))),
        ("PUT", format!("{path}/assessment"), Some(answers)),
        ("GET", format!("{path}/history"), None),
        ("GET", format!("{path}/tickets"), None),
        ("GET", format!("{path}/documents"), None),
        ("POST", format!("{path}/documents"), Some(text_file("planted.txt"))),
        ("DELETE", format!("{path}?version=1"), None),
    ];
    for (method, path, body) in calls {
        let reply = call(&harness, &globex, method, &path, body).await;
        assert_eq!(message(reply, 404), "Process not found", "{method} {path}");
    }
    for method in ["GET", "DELETE"] {
        let reply = call(&harness, &globex, method, &format!("/documents/{}", id(&document)), None).await;
        assert_eq!(message(reply, 404), "Document not found", "{method}");
    }
    let page = expect(call(&harness, &globex, "GET", "/processes", None).await, 200);
    assert_eq!(page["total"], json!(0));
    let summary = expect(call(&harness, &globex, "GET", "/summary", None).await, 200);
    assert_eq!(summary["total"], json!(0));
    // Untouched for its own company.
    let mine = expect(call(&harness, &acme, "GET", &path, None).await, 200);
    assert_eq!((&mine["name"], &mine["version"]), (&json!("Invoice posting"), &json!(1)));
    assert_eq!(actions(&history(&harness, &acme, id(&process)).await), ["document", "created"]);
}

/// The module is closed to a company whose role may not view `process`.
async fn a_user_without_the_process_right_is_refused(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let process = create(&harness, &acme, json!({ "name": "Invoice posting" })).await;
    let mut rights = default_role_rights();
    rights.insert("process".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await.expect("rights set");
    let calls = [
        ("GET", "/processes".to_string(), None),
        ("GET", format!("/processes/{}", id(&process)), None),
        ("POST", "/ideas".to_string(), Some(json!({ "name": "Sneaky" }))),
        ("GET", "/summary".to_string(), None),
    ];
    for (method, path, body) in calls {
        let reply = call(&harness, &acme, method, &path, body).await;
        assert_eq!(message(reply, 403), "Your rights do not allow this module", "{method} {path}");
    }
}

/// The widget's summary, the people to pick owners from, and the formulas' texts.
async fn summary_people_and_formulas(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = acme.add_user("bob@acme.test").await.expect("a second user");
    let empty = expect(call(&harness, &acme, "GET", "/summary", None).await, 200);
    assert_eq!(
        (&empty["total"], &empty["by_stage"]["idea"], &empty["benefit_money"]),
        (&json!(0), &json!(0), &json!(0.0))
    );
    let rows = [
        json!({ "name": "A", "stage": "live", "monthly_volume": 1000, "handling_minutes": 6, "hourly_cost": 50, "exception_rate": 10 }),
        json!({ "name": "B", "stage": "live", "health": "at_risk", "monthly_volume": 100, "handling_minutes": 3, "hourly_cost": 20.5 }),
        json!({ "name": "C" }),
    ];
    for row in rows {
        create(&harness, &acme, row).await;
    }
    let summary = expect(call(&harness, &acme, "GET", "/summary", None).await, 200);
    // A: 1080 h, 54,000. B: 100 × 12 × 3 / 60 = 60 h, × 20.5 = 1,230.
    assert_eq!(
        summary,
        json!({
            "total": 3,
            "by_stage": { "idea": 1, "assessment": 0, "analysis": 0, "development": 0, "testing": 0, "live": 2, "retired": 0, "rejected": 0 },
            "by_health": { "on_track": 2, "at_risk": 1, "delayed": 0, "on_hold": 0 },
            "benefit_money": 55230.0,
            "benefit_hours": 1140.0
        })
    );

    let people = expect(call(&harness, &acme, "GET", "/people", None).await, 200);
    let mut emails: Vec<&str> = people.as_array().expect("a list").iter().filter_map(|p| p["email"].as_str()).collect();
    emails.sort_unstable();
    assert_eq!(emails, ["bob@acme.test", "owner@acme.test"]);
    assert!(
        people.as_array().expect("a list").iter().any(|p| p["user_id"] == json!(bob.id) && p["firstname"].is_string())
    );

    let formulas = expect(call(&harness, &acme, "GET", "/formulas", None).await, 200);
    for key in ["potential", "benefit", "ease"] {
        assert!(formulas[key].as_str().is_some_and(|text| text.contains('=')), "{key}: {formulas}");
    }
    assert!(formulas["benefit"].as_str().is_some_and(|text| text.contains("1,800")));
}
