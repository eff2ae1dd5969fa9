//! Importing processes from CSV rows.

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect, id, message};
use serde_json::{Value, json};

use crate::common::{actions, history, load, names};

autoscope_module_test::on_both_engines!(
    an_import_stores_valid_rows_and_reports_the_others,
    an_import_takes_at_most_1000_rows,
);

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
}

/// An import of more than 1000 rows is refused; 1000 rows, the most, are stored at once.
async fn an_import_takes_at_most_1000_rows(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
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
    assert_eq!(page["total"], json!(1000));
}
