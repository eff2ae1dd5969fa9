//! Isolation and rights: another company's ids are not found, and a company whose role
//! may not view `process` is refused.

use std::time::Duration;

use autoscope_module_test::shortcuts::{call, company, expect, id, message, text_file, user};
use autoscope_module_test::{Engine, Right, default_role_rights};
use serde_json::json;

use crate::common::{actions, create, history, load, names};

autoscope_module_test::on_both_engines!(
    another_companys_ids_are_not_found,
    a_member_of_two_companies_sees_only_the_active_companys_processes,
    a_user_without_the_process_right_is_refused
);

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

/// Ann belongs to Acme and Globex: with her Acme session the list and the summary hold
/// Acme's process only, and Globex's (hers among them) answer 404; with her Globex session
/// they hold Globex's two only.
async fn a_member_of_two_companies_sees_only_the_active_companys_processes(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let ann_in_acme = user(&acme, "ann@acme.test").await;
    let ann_in_globex = globex.add_member(&ann_in_acme).await.expect("Ann joins Globex");
    create(&harness, &acme, json!({ "name": "Invoice posting" })).await;
    create(&harness, &globex, json!({ "name": "Payroll check" })).await;
    let hers = create(&harness, &ann_in_globex, json!({ "name": "Vendor onboarding" })).await;

    let page = expect(call(&harness, &ann_in_acme, "GET", "/processes", None).await, 200);
    assert_eq!((names(&page), &page["total"]), (vec!["Invoice posting"], &json!(1)));
    let summary = expect(call(&harness, &ann_in_acme, "GET", "/summary", None).await, 200);
    assert_eq!(summary["total"], json!(1));
    let path = format!("/processes/{}", id(&hers));
    assert_eq!(message(call(&harness, &ann_in_acme, "GET", &path, None).await, 404), "Process not found");

    let page = expect(call(&harness, &ann_in_globex, "GET", "/processes", None).await, 200);
    let mut listed = names(&page);
    listed.sort_unstable();
    assert_eq!((listed, &page["total"]), (vec!["Payroll check", "Vendor onboarding"], &json!(2)));
    let summary = expect(call(&harness, &ann_in_globex, "GET", "/summary", None).await, 200);
    assert_eq!(summary["total"], json!(2));
    assert_eq!(expect(call(&harness, &ann_in_globex, "GET", &path, None).await, 200)["name"], "Vendor onboarding");
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
