//! The masters list, `POST /master/list`.

use autoscope::storage::masters;
use serde_json::{Value, json};

use crate::directory::whoami;
use crate::on_both_engines;
use crate::support::TestApp;

on_both_engines!(
    every_company_gets_the_default_lists,
    a_type_picks_one_list_in_sort_order,
    the_company_own_entries_are_added,
    an_unknown_type_gives_an_empty_list,
    no_body_an_empty_object_and_a_bad_body,
    the_list_needs_a_session,
);

async fn masters_of(app: &TestApp, token: &str, body: Option<Value>) -> Vec<Value> {
    let answer = app.request(reqwest::Method::POST, "/api/master/list", Some(token), body).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    answer.body["data"].as_array().unwrap().clone()
}

fn names<'a>(items: &'a [Value], kind: &str) -> Vec<&'a str> {
    items.iter().filter(|m| m["type"] == kind).filter_map(|m| m["name"].as_str()).collect()
}

/// Departments of the spec, ticket categories and priorities, ordered by type.
async fn every_company_gets_the_default_lists(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let items = masters_of(&app, &token, None).await;
    assert_eq!(items.len(), 17);
    let kinds: Vec<&str> = items.iter().filter_map(|m| m["type"].as_str()).collect();
    let mut sorted = kinds.clone();
    sorted.sort();
    assert_eq!(kinds, sorted, "ordered by type");
    assert_eq!(names(&items, "ticket_priority"), ["Critical", "High", "Medium", "Low"]);
    assert!(items.iter().all(|m| m["id"].is_string()));
}

/// `{ "type": "department" }`: the spec's departments in their order.
async fn a_type_picks_one_list_in_sort_order(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let items = masters_of(&app, &token, Some(json!({"type": "department"}))).await;
    assert_eq!(
        names(&items, "department"),
        [
            "Finance & Accounting",
            "Human Resources",
            "Information Technology",
            "Sales and Marketing",
            "Legal",
            "Production",
            "Research and Development",
            "Others",
        ]
    );
    assert_eq!(items.len(), 8);
}

/// A company's own entry joins the defaults at its sort place.
async fn the_company_own_entries_are_added(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let company_id = whoami(&app, &token).await["company_id"].as_str().unwrap().to_string();
    masters::insert(app.db(), &company_id, "ticket_priority", "Blocker", 0).await.unwrap();
    let items = masters_of(&app, &token, Some(json!({"type": "ticket_priority"}))).await;
    assert_eq!(names(&items, "ticket_priority"), ["Blocker", "Critical", "High", "Medium", "Low"]);
}

/// An unknown type is an empty list, not an error.
async fn an_unknown_type_gives_an_empty_list(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    assert!(masters_of(&app, &token, Some(json!({"type": "planets"}))).await.is_empty());
}

/// No body and `{}` list everything; a body that is not the filter is a 400.
async fn no_body_an_empty_object_and_a_bad_body(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    assert_eq!(masters_of(&app, &token, None).await.len(), 17);
    assert_eq!(masters_of(&app, &token, Some(json!({}))).await.len(), 17);
    let bad = app.post_as(&token, "/api/master/list", json!({"type": 3})).await;
    assert_eq!(bad.status, 400);
    assert!(!bad.message().is_empty());
}

/// Without a token: 401.
async fn the_list_needs_a_session(app: TestApp) {
    let answer = app.post("/api/master/list", json!({})).await;
    assert_eq!((answer.status, answer.message()), (401, "Please login to continue"));
}
