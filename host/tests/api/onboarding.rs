//! The getting-started checklist (`GET /api/onboarding`): the steps of the modules a person
//! may open, done by what their company has; and the sample data company admins load and
//! remove through the modules that offer some (`/api/onboarding/sample`).

use autoscope::modules::onboarding::{ADMIN_ONLY, NO_SAMPLE, SAMPLE_LOADED, SAMPLE_REMOVED};
use autoscope::storage::{memberships, roles};
use reqwest::Method;
use serde_json::{Value, json};

use crate::directory::whoami;
use crate::on_both_engines;
use crate::support::TestApp;
use crate::support::modules::{archive_with, manifest};

on_both_engines!(
    steps_are_the_openable_modules_and_turn_done_with_the_companys_own_records,
    sample_data_is_a_company_admins_and_removing_it_leaves_every_other_record,
);

/// The test module `crud` with getting-started steps and sample data: an item to add, a
/// colleague to invite (admins only), and items marked `sample`.
async fn install_crud_with_steps(app: &TestApp) {
    let text = manifest("crud")
        .replace("remote = \"crud\"\n", "remote = \"crud\"\nsample = true\n")
        .replace("[collections.items.fields]\n", "[collections.items.fields]\nsample = { type = \"boolean\" }\n")
        .replace("directory = true\n", "directory = true\nmembers = true\n")
        + r#"
[[steps]]
key = "item"
title = "Add an item"
route = "/Items"
done = { collection = "items" }

[[steps]]
key = "colleague"
title = "Invite a colleague"
route = "/Items?tab=people"
company_admin = true
done = { members = 2 }
"#;
    let admin = app.admin_token().await;
    let answer = app.install(&admin, archive_with("crud", &text, None), "declared").await;
    assert_eq!(answer.status, 200, "{answer:?}");
}

async fn checklist(app: &TestApp, token: &str) -> Value {
    let answer = app.get_as(token, "/api/onboarding").await;
    assert_eq!(answer.status, 200, "{answer:?}");
    answer.body
}

/// Each step as `key: done`.
fn steps(checklist: &Value) -> Vec<String> {
    let steps = checklist["steps"].as_array().unwrap();
    steps.iter().map(|step| format!("{}: {}", step["key"].as_str().unwrap(), step["done"])).collect()
}

async fn add_item(app: &TestApp, token: &str, title: &str) {
    let created = app.post_as(token, "/api/m/crud/items", json!({ "title": title })).await;
    assert_eq!(created.status, 201, "{created:?}");
}

/// The titles of the company's items, in order.
async fn item_titles(app: &TestApp, token: &str) -> Vec<String> {
    let listed = app.get_as(token, "/api/m/crud/items?sort=title").await;
    assert_eq!(listed.status, 200, "{listed:?}");
    listed.body["items"].as_array().unwrap().iter().map(|item| item["title"].as_str().unwrap().to_string()).collect()
}

/// Cy, a member of Ann's company with a role of their own (not an admin); answers Cy's token
/// there and the role's id.
async fn cy_in(app: &TestApp, ann: &str, rights: Value) -> (String, String) {
    let company = whoami(app, ann).await["company_id"].as_str().unwrap().to_string();
    let now = app.state.clock.now();
    let role = roles::create(app.db(), &company, "Viewer", &rights.to_string(), now).await.unwrap().unwrap();
    let cy = app.sign_up("cy@initech.com", "Initech").await;
    let cy_id = whoami(app, &cy).await["user_id"].as_str().unwrap().to_string();
    assert!(memberships::join(app.db(), &company, &cy_id, &role, now).await.unwrap());
    let switched = app.post_as(&cy, "/api/users/switchCompany", json!({ "company_id": company })).await;
    assert_eq!(switched.status, 200, "{switched:?}");
    (switched.body["token"].as_str().unwrap().to_string(), role)
}

fn rights(process: bool) -> Value {
    json!({ "process": { "view": process, "disabled": false }, "chat": { "view": true, "disabled": false } })
}

/// A new company's admin sees every step of the modules they may open, undone; a record of
/// their company (not another's) and a second person turn them done; a member sees the
/// steps that are not an admin's, of the modules their role opens.
async fn steps_are_the_openable_modules_and_turn_done_with_the_companys_own_records(app: TestApp) {
    install_crud_with_steps(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    let fresh = checklist(&app, &ann).await;
    assert_eq!(steps(&fresh), ["item: false", "colleague: false"], "{fresh}");
    let item = &fresh["steps"][0];
    assert_eq!(item["module"], "crud");
    assert_eq!(item["title"], "Add an item");
    assert_eq!(item["route"], "/Items");
    assert_eq!(fresh["steps"][1]["route"], "/Items?tab=people");
    assert_eq!(fresh["sample"], json!({ "available": true, "loaded": false }));

    // Another company's records are not Acme's.
    let bob = app.sign_up("bob@globex.com", "Globex").await;
    add_item(&app, &bob, "Globex's").await;
    assert_eq!(steps(&checklist(&app, &bob).await), ["item: true", "colleague: false"]);
    assert_eq!(steps(&checklist(&app, &ann).await), ["item: false", "colleague: false"]);

    add_item(&app, &ann, "Acme's").await;
    assert_eq!(steps(&checklist(&app, &ann).await), ["item: true", "colleague: false"]);

    // Cy's role does not open the module: no steps, no sample data for them. Cy joining
    // makes Acme two people, so Ann's colleague step is done.
    let (cy, role) = cy_in(&app, &ann, rights(false)).await;
    assert_eq!(checklist(&app, &cy).await, json!({ "steps": [], "sample": { "available": false, "loaded": false } }));
    assert_eq!(steps(&checklist(&app, &ann).await), ["item: true", "colleague: true"]);

    // Once it does, Cy sees the steps that are not an admin's.
    let company = whoami(&app, &ann).await["company_id"].as_str().unwrap().to_string();
    roles::set_rights(app.db(), &company, &role, &rights(true).to_string()).await.unwrap();
    assert_eq!(steps(&checklist(&app, &cy).await), ["item: true"]);

    assert_eq!(app.get("/api/onboarding").await.status, 401);
}

/// Only a company admin loads and removes sample data; the sample records do not make a
/// step done, loading again replaces them, and removing them leaves the records people
/// entered, in their company and others.
async fn sample_data_is_a_company_admins_and_removing_it_leaves_every_other_record(app: TestApp) {
    install_crud_with_steps(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    let bob = app.sign_up("bob@globex.com", "Globex").await;
    add_item(&app, &bob, "Globex's").await;

    let loaded = app.post_as(&ann, "/api/onboarding/sample", json!({})).await;
    assert_eq!((loaded.status, loaded.message()), (200, SAMPLE_LOADED), "{loaded:?}");
    assert_eq!(item_titles(&app, &ann).await, ["Sample one", "Sample two"]);
    let with_sample = checklist(&app, &ann).await;
    assert_eq!(steps(&with_sample), ["item: false", "colleague: false"], "samples are not the company's own");
    assert_eq!(with_sample["sample"], json!({ "available": true, "loaded": true }));
    assert_eq!(checklist(&app, &bob).await["sample"]["loaded"], false);

    add_item(&app, &ann, "Acme's").await;
    let again = app.post_as(&ann, "/api/onboarding/sample", json!({})).await;
    assert_eq!(again.status, 200, "{again:?}");
    assert_eq!(item_titles(&app, &ann).await, ["Acme's", "Sample one", "Sample two"], "replaced, not added");

    // A member who is not an admin may neither load nor remove it.
    let (cy, _) = cy_in(&app, &ann, rights(true)).await;
    for method in [Method::POST, Method::DELETE] {
        let refused = app.request(method, "/api/onboarding/sample", Some(&cy), None).await;
        assert_eq!((refused.status, refused.message()), (403, ADMIN_ONLY), "{refused:?}");
    }
    assert_eq!(item_titles(&app, &ann).await.len(), 3);

    let removed = app.request(Method::DELETE, "/api/onboarding/sample", Some(&ann), None).await;
    assert_eq!((removed.status, removed.message()), (200, SAMPLE_REMOVED), "{removed:?}");
    assert_eq!(item_titles(&app, &ann).await, ["Acme's"]);
    assert_eq!(item_titles(&app, &bob).await, ["Globex's"]);
    let after = checklist(&app, &ann).await;
    assert_eq!(steps(&after), ["item: true", "colleague: true"]);
    assert_eq!(after["sample"], json!({ "available": true, "loaded": false }));

    // Without a module with sample data the caller may open, there is none to load.
    let dan = app.sign_up("dan@hooli.com", "Hooli").await;
    let hooli = whoami(&app, &dan).await["company_id"].as_str().unwrap().to_string();
    autoscope::storage::companies::set_role_rights(app.db(), &hooli, "communityuser", &rights(false).to_string())
        .await
        .unwrap();
    let none = app.post_as(&dan, "/api/onboarding/sample", json!({})).await;
    assert_eq!((none.status, none.message()), (404, NO_SAMPLE), "{none:?}");
}
