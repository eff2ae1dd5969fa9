//! The widget's summary, the people to pick owners from, and the formulas' texts.

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect};
use serde_json::json;

use crate::common::{create, load};

autoscope_module_test::on_both_engines!(
    the_summary_counts_processes_by_stage_and_health_and_adds_their_benefits,
    the_people_and_the_formulas_are_listed_for_the_forms,
);

/// The summary counts the company's processes by stage and health and adds up their
/// benefits (by hand); all zero before any process.
async fn the_summary_counts_processes_by_stage_and_health_and_adds_their_benefits(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
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
}

/// The people to pick owners from are the company's users, with their ids and names;
/// the formulas of potential, benefit and ease are given as texts (the benefit's with the
/// 1,800 hours of an FTE). Grouped: two read-only lists behind the forms.
async fn the_people_and_the_formulas_are_listed_for_the_forms(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = acme.add_user("bob@acme.test").await.expect("a second user");
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
