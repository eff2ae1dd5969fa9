//! Ideas: anyone submits one, and its assessment scores it (values computed by hand).

use std::time::Duration;

use autoscope_module_test::shortcuts::{call, company, expect, id, message};
use autoscope_module_test::{Company, Engine, Harness, User};
use serde_json::{Value, json};

use crate::common::{CONFLICT, actions, history, load};

autoscope_module_test::on_both_engines!(
    an_idea_is_submitted_and_assessed_with_hand_computed_scores,
    a_reassessment_keeps_a_later_stage_and_rescores,
);

/// Bob's idea "Supplier onboarding" (submitted with a stage it does not get).
struct Submitted {
    harness: Harness,
    acme: Company,
    bob: User,
    idea: Value,
}

async fn submitted(engine: Engine) -> Submitted {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = acme.add_user("bob@acme.test").await.expect("a second user");
    let idea = json!({ "name": " Supplier onboarding ", "description": "Collect documents", "department": "Legal", "stage": "live" });
    let idea = expect(call(&harness, &bob, "POST", "/ideas", Some(idea)).await, 201);
    Submitted { harness, acme, bob, idea }
}

/// [`submitted`], then assessed by Acme's owner a second later: with the assessment's
/// answer and path.
async fn assessed(engine: Engine) -> (Submitted, Value, String) {
    let submitted = submitted(engine).await;
    let (harness, acme, idea) = (&submitted.harness, &submitted.acme, &submitted.idea);
    harness.advance(Duration::from_secs(1));
    let assessment = json!({
        "version": 1, "rule_based": 5, "input_type": 4, "input_structure": 4, "stability": 3, "documentation": 2,
        "monthly_volume": 2000, "handling_minutes": 9, "ftes": 1.2, "applications": ["SAP", "Excel", "Outlook"],
        "hourly_cost": 40, "exception_rate": 20, "complexity": "high"
    });
    let path = format!("/processes/{}/assessment", id(idea));
    let assessed = expect(call(harness, acme, "PUT", &path, Some(assessment)).await, 200);
    (submitted, assessed, path)
}

/// Anyone may submit an idea: its name trimmed, at the Idea stage whatever it asks, with
/// its submitter (one without a name is a 400). Its assessment stores the answers and
/// figures, scores it (potential, benefit and ease computed by hand), moves it to
/// Assessment, and is one `assessed` entry listing the fields it set.
async fn an_idea_is_submitted_and_assessed_with_hand_computed_scores(engine: Engine) {
    let (Submitted { harness, acme, bob, idea }, assessed, _path) = assessed(engine).await;
    assert_eq!(
        (&idea["name"], &idea["stage"], &idea["submitted_by"]),
        (&json!("Supplier onboarding"), &json!("idea"), &json!(bob.id))
    );
    assert_eq!(
        message(call(&harness, &bob, "POST", "/ideas", Some(json!({ "description": "x" }))).await, 400),
        "Please enter the process name"
    );

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
}

/// A process past the idea keeps its stage when assessed again; a stale version is a
/// 409; lower answers lower the scores.
async fn a_reassessment_keeps_a_later_stage_and_rescores(engine: Engine) {
    let (Submitted { harness, acme, idea, .. }, _assessed, path) = assessed(engine).await;
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
