//! Sample data (`POST` and `DELETE /sample`, which the host calls from the getting-started
//! checklist): a company administrator's; six processes marked `sample`, scored, three live,
//! each with its history entry; loading again replaces them, and removing them leaves the
//! company's own processes.

use autoscope_module_test::shortcuts::{call, company, expect, id, message, user};
use autoscope_module_test::{Engine, Filter, FilterOp};
use serde_json::json;

use crate::common::{create, history, load, names};

autoscope_module_test::on_both_engines!(sample_processes_are_an_admins_and_leave_the_companys_own);

async fn sample_processes_are_an_admins_and_leave_the_companys_own(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    create(&harness, &acme, json!({ "name": "Our own process" })).await;
    for method in ["POST", "DELETE"] {
        let refused = call(&harness, &bob, method, "/sample", None).await;
        assert_eq!(message(refused, 403), "Only a company administrator can load or remove sample data");
    }

    assert_eq!(expect(call(&harness, &acme, "POST", "/sample", None).await, 200), json!({ "created": 6 }));
    let page = expect(call(&harness, &acme, "GET", "/processes?sort=name&limit=50", None).await, 200);
    assert_eq!(names(&page).len(), 7);
    let samples: Vec<&serde_json::Value> =
        page["items"].as_array().unwrap().iter().filter(|process| process["sample"] == true).collect();
    assert_eq!(samples.len(), 6);
    let live: Vec<&str> = samples.iter().filter(|p| p["stage"] == "live").filter_map(|p| p["name"].as_str()).collect();
    assert_eq!(live, ["Customer Address Updates", "Employee Onboarding", "Invoice Processing"]);
    assert!(samples.iter().all(|p| p["benefit_money"].as_f64() >= Some(0.0)));
    let entries = history(&harness, &acme, id(samples[0])).await;
    assert_eq!(entries[0]["note"], "Sample data");

    // Loading again replaces the sample; removing it deletes the sample and its history only.
    expect(call(&harness, &acme, "POST", "/sample", None).await, 200);
    let sample = vec![Filter { field: "sample".into(), op: FilterOp::Eq, value: true.into() }];
    assert_eq!(harness.count(&acme, "vault.processes", sample).await.unwrap(), 6);
    assert_eq!(expect(call(&harness, &acme, "DELETE", "/sample", None).await, 200), json!({ "deleted": 6 }));
    let page = expect(call(&harness, &acme, "GET", "/processes", None).await, 200);
    assert_eq!(names(&page), ["Our own process"]);
    assert_eq!(harness.count(&acme, "vault.history", Vec::new()).await.unwrap(), 1, "the own process's entry");
}
