//! The master lists: a company's list (`POST /master/list`), the public options every
//! form offers (`GET /masters/options`), the forms' checks against them, and the platform
//! admins' editing (`/admin/masters`), logged.

use autoscope::masters::admin as messages;
use autoscope::storage::masters;
use reqwest::Method;
use serde_json::{Value, json};

use crate::admin::{admin_token, assert_admin_only};
use crate::directory::whoami;
use crate::on_both_engines;
use crate::support::{Answer, TestApp, signup_payload};

on_both_engines!(
    every_company_gets_the_default_lists,
    a_type_picks_one_list_in_sort_order,
    the_company_own_entries_are_added,
    an_unknown_type_gives_an_empty_list,
    no_body_an_empty_object_and_a_bad_body,
    the_list_needs_a_session,
    the_options_are_public_and_in_sort_order,
    forms_accept_only_active_entries,
    editing_needs_a_platform_admin,
    an_admin_adds_entries_with_their_codes,
    an_admin_renames_moves_and_deactivates,
    admin_changes_are_logged,
);

async fn masters_of(app: &TestApp, token: &str, body: Option<Value>) -> Vec<Value> {
    let answer = app.request(reqwest::Method::POST, "/api/master/list", Some(token), body).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    answer.body["data"].as_array().unwrap().clone()
}

fn names<'a>(items: &'a [Value], kind: &str) -> Vec<&'a str> {
    items.iter().filter(|m| m["type"] == kind).filter_map(|m| m["name"].as_str()).collect()
}

/// Genders, countries, currencies, the spec's departments, ticket categories and
/// priorities, ordered by type.
async fn every_company_gets_the_default_lists(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let items = masters_of(&app, &token, None).await;
    let kinds: Vec<&str> = items.iter().filter_map(|m| m["type"].as_str()).collect();
    let mut sorted = kinds.clone();
    sorted.sort();
    assert_eq!(kinds, sorted, "ordered by type");
    sorted.dedup();
    assert_eq!(sorted, ["country", "currency", "department", "gender", "ticket_category", "ticket_priority"]);
    assert_eq!(names(&items, "gender"), ["Male", "Female", "Others"]);
    assert_eq!(names(&items, "ticket_priority"), ["Critical", "High", "Medium", "Low"]);
    assert!(items.iter().all(|m| m["id"].is_string()));
}

/// The spec's departments in their order.
const DEPARTMENTS: [&str; 8] = [
    "Finance & Accounting",
    "Human Resources",
    "Information Technology",
    "Sales and Marketing",
    "Legal",
    "Production",
    "Research and Development",
    "Others",
];

/// `{ "type": "department" }`: the spec's departments in their order.
async fn a_type_picks_one_list_in_sort_order(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let items = masters_of(&app, &token, Some(json!({"type": "department"}))).await;
    assert_eq!(names(&items, "department"), DEPARTMENTS);
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
    let everything = masters_of(&app, &token, None).await.len();
    assert!(everything > 400, "{everything}");
    assert_eq!(masters_of(&app, &token, Some(json!({}))).await.len(), everything);
    let bad = app.post_as(&token, "/api/master/list", json!({"type": 3})).await;
    assert_eq!(bad.status, 400);
    assert!(!bad.message().is_empty());
}

/// Without a token: 401.
async fn the_list_needs_a_session(app: TestApp) {
    let answer = app.post("/api/master/list", json!({})).await;
    assert_eq!((answer.status, answer.message()), (401, "Please login to continue"));
}

async fn options(app: &TestApp) -> Value {
    let answer = app.get("/api/masters/options").await;
    assert_eq!(answer.status, 200, "{answer:?}");
    answer.body
}

fn strings(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().filter_map(Value::as_str).collect()
}

fn codes(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().filter_map(|item| item["code"].as_str()).collect()
}

/// One default list as platform admins see it.
async fn admin_list(app: &TestApp, token: &str, kind: &str) -> Vec<Value> {
    let answer = app.get_as(token, &format!("/api/admin/masters?kind={kind}")).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    answer.body["data"].as_array().unwrap().clone()
}

/// The id of the default entry of `kind` named `name`.
async fn id_of(app: &TestApp, token: &str, kind: &str, name: &str) -> String {
    let list = admin_list(app, token, kind).await;
    let entry = list.iter().find(|e| e["name"] == name).unwrap_or_else(|| panic!("{name} in {list:?}"));
    entry["id"].as_str().unwrap().to_string()
}

async fn act(app: &TestApp, token: &str, id: &str, action: &str, body: Option<Value>) -> Answer {
    app.request(Method::POST, &format!("/api/admin/masters/{id}/{action}"), Some(token), body).await
}

async fn rename(app: &TestApp, token: &str, id: &str, body: Value) -> Answer {
    app.request(Method::PUT, &format!("/api/admin/masters/{id}"), Some(token), Some(body)).await
}

/// Without a session: the active defaults, each list in its order; countries by name with
/// their alpha-2 code, currencies by code with name and symbol.
async fn the_options_are_public_and_in_sort_order(app: TestApp) {
    let options = options(&app).await;
    assert_eq!(strings(&options["genders"]), ["Male", "Female", "Others"]);
    assert_eq!(strings(&options["departments"]), DEPARTMENTS);
    let countries = options["countries"].as_array().unwrap();
    assert_eq!(countries.len(), 250);
    assert!(countries.contains(&json!({"code": "IN", "name": "India"})));
    assert!(countries.iter().all(|c| c["code"].as_str().is_some_and(|code| code.len() == 2)));
    let currencies = options["currencies"].as_array().unwrap();
    assert!(currencies.contains(&json!({"code": "USD", "name": "United States dollar", "symbol": "$"})));
    assert!(currencies.contains(&json!({"code": "INR", "name": "Indian rupee", "symbol": "₹"})));
    let mut sorted = codes(&options["currencies"]);
    sorted.sort();
    assert_eq!(codes(&options["currencies"]), sorted, "by code");
}

/// Sign-up takes a gender, country, currency and department only from the active lists,
/// with the spec's messages; a deactivated entry is refused until it is reactivated.
async fn forms_accept_only_active_entries(app: TestApp) {
    let admin = admin_token(&app).await;
    let cases = [
        ("gender", "Robot", "Please select a Gender"),
        ("country", "ZZ", "Please select a Country"),
        ("currency_name", "XXX", "Please select a currency"),
        ("department", "Astrology", "Please select a department"),
    ];
    for (field, value, message) in cases {
        let mut payload = signup_payload("iv@acme.com", "Iv");
        payload[field] = json!(value);
        let answer = app.post("/api/users/communitySignUp", payload).await;
        assert_eq!((answer.status, answer.message()), (400, message), "{field}");
    }

    let legal = id_of(&app, &admin, "department", "Legal").await;
    let answer = act(&app, &admin, &legal, "deactivate", None).await;
    assert_eq!((answer.status, &answer.body["active"]), (200, &json!(false)), "{answer:?}");
    assert!(!strings(&options(&app).await["departments"]).contains(&"Legal"));
    let mut payload = signup_payload("iv@acme.com", "Iv");
    payload["department"] = json!("Legal");
    let answer = app.post("/api/users/communitySignUp", payload.clone()).await;
    assert_eq!((answer.status, answer.message()), (400, "Please select a department"));
    // Still listed for the admins, with its label: it is never deleted.
    assert!(admin_list(&app, &admin, "department").await.iter().any(|e| e["name"] == "Legal" && e["active"] == false));

    assert_eq!(act(&app, &admin, &legal, "reactivate", None).await.body["active"], true);
    assert_eq!(strings(&options(&app).await["departments"]), DEPARTMENTS, "back at its place");
    app.sign_up("iv@acme.com", "Iv").await;
}

/// Users get 403, anonymous callers 401, on every editing route.
async fn editing_needs_a_platform_admin(app: TestApp) {
    let user = app.sign_up("ann@acme.com", "Acme").await;
    let admin = admin_token(&app).await;
    let legal = id_of(&app, &admin, "department", "Legal").await;
    let entry = format!("/api/admin/masters/{legal}");
    let [deactivate, reactivate, moving] =
        ["deactivate", "reactivate", "move"].map(|action| format!("{entry}/{action}"));
    let routes = [
        (Method::GET, "/api/admin/masters?kind=department", None),
        (Method::POST, "/api/admin/masters", Some(json!({"kind": "department", "name": "X"}))),
        (Method::PUT, entry.as_str(), Some(json!({"name": "Law"}))),
        (Method::POST, deactivate.as_str(), None),
        (Method::POST, reactivate.as_str(), None),
        (Method::POST, moving.as_str(), Some(json!({"direction": "up"}))),
    ];
    assert_admin_only(&app, &user, routes).await;
    assert_eq!(strings(&options(&app).await["departments"]), DEPARTMENTS, "nothing changed");
}

/// A new entry goes last and active; countries and currencies need their ISO code (upper-
/// cased), only currencies take a symbol, and names and codes are unique in their list.
async fn an_admin_adds_entries_with_their_codes(app: TestApp) {
    let admin = admin_token(&app).await;
    let add = |body: Value| {
        let (app, admin) = (&app, &admin);
        async move { app.post_as(admin, "/api/admin/masters", body).await }
    };
    let created = add(json!({"kind": "department", "name": "  Customer Success "})).await;
    assert_eq!(created.status, 200, "{created:?}");
    assert_eq!(
        (&created.body["name"], &created.body["active"], &created.body["code"]),
        (&json!("Customer Success"), &json!(true), &Value::Null)
    );
    assert_eq!(strings(&options(&app).await["departments"]).last(), Some(&"Customer Success"));

    let refused = [
        (json!({"kind": "department", "name": " "}), messages::NAME_REQUIRED),
        (json!({"kind": "department", "name": "customer success"}), messages::NAME_TAKEN),
        (json!({"kind": "department", "name": "Ops", "code": "OP"}), messages::NO_CODE),
        (json!({"kind": "country", "name": "Atlantis"}), messages::COUNTRY_CODE),
        (json!({"kind": "country", "name": "Atlantis", "code": "ATL"}), messages::COUNTRY_CODE),
        (json!({"kind": "country", "name": "Atlantis", "code": "in"}), messages::CODE_TAKEN),
        (json!({"kind": "country", "name": "Atlantis", "code": "XA", "symbol": "A"}), messages::NO_SYMBOL),
        (json!({"kind": "currency", "name": "Shell", "code": "SH"}), messages::CURRENCY_CODE),
    ];
    for (body, message) in refused {
        let answer = add(body.clone()).await;
        assert_eq!((answer.status, answer.message()), (400, message), "{body}");
    }
    let bad_kind = add(json!({"kind": "planet", "name": "Mars"})).await;
    assert_eq!(bad_kind.status, 400);

    assert_eq!(add(json!({"kind": "country", "name": "Atlantis", "code": "xa"})).await.body["code"], "XA");
    let shell = add(json!({"kind": "currency", "name": "Shell money", "code": "shl", "symbol": " 🐚 "})).await;
    assert_eq!((&shell.body["code"], &shell.body["symbol"]), (&json!("SHL"), &json!("🐚")));
    let options = options(&app).await;
    assert!(options["countries"].as_array().unwrap().contains(&json!({"code": "XA", "name": "Atlantis"})));
    assert_eq!(
        options["currencies"].as_array().unwrap().last(),
        Some(&json!({"code": "SHL", "name": "Shell money", "symbol": "🐚"}))
    );
    // A new person may choose them.
    let mut payload = signup_payload("iv@acme.com", "Iv");
    payload["country"] = json!("XA");
    payload["currency_name"] = json!("SHL");
    payload["department"] = json!("Customer Success");
    let answer = app.post("/api/users/communitySignUp", payload).await;
    assert_ne!(answer.message(), "Please select a Country");
    assert_ne!(answer.message(), "Please select a currency");
    assert_ne!(answer.message(), "Please select a department");
}

/// Renaming keeps the code; moving swaps with the neighbour (the first stays first);
/// unknown entries are 404 and an unknown kind a 400.
async fn an_admin_renames_moves_and_deactivates(app: TestApp) {
    let admin = admin_token(&app).await;
    let india = id_of(&app, &admin, "country", "India").await;
    let renamed = rename(&app, &admin, &india, json!({"name": "Bharat"})).await;
    assert_eq!((renamed.status, &renamed.body["name"], &renamed.body["code"]), (200, &json!("Bharat"), &json!("IN")));
    assert!(options(&app).await["countries"].as_array().unwrap().contains(&json!({"code": "IN", "name": "Bharat"})));
    let taken = rename(&app, &admin, &india, json!({"name": "germany"})).await;
    assert_eq!((taken.status, taken.message()), (400, messages::NAME_TAKEN));
    assert_eq!(rename(&app, &admin, &india, json!({"name": "Bharat"})).await.status, 200, "its own name is no clash");

    let usd = id_of(&app, &admin, "currency", "United States dollar").await;
    let dollar = rename(&app, &admin, &usd, json!({"name": "US dollar", "symbol": "US$"})).await;
    assert_eq!((&dollar.body["name"], &dollar.body["symbol"]), (&json!("US dollar"), &json!("US$")));
    let symbol = rename(&app, &admin, &india, json!({"name": "Bharat", "symbol": "₹"})).await;
    assert_eq!((symbol.status, symbol.message()), (400, messages::NO_SYMBOL));

    let legal = id_of(&app, &admin, "department", "Legal").await;
    let moved = act(&app, &admin, &legal, "move", Some(json!({"direction": "up"}))).await;
    assert_eq!(moved.status, 200, "{moved:?}");
    let order: Vec<&str> = moved.body["data"].as_array().unwrap().iter().filter_map(|e| e["name"].as_str()).collect();
    assert_eq!(order[3..5], ["Legal", "Sales and Marketing"]);
    assert_eq!(strings(&options(&app).await["departments"])[3], "Legal");
    let first = id_of(&app, &admin, "department", "Finance & Accounting").await;
    let stays = act(&app, &admin, &first, "move", Some(json!({"direction": "up"}))).await;
    assert_eq!(stays.body["data"][0]["name"], "Finance & Accounting");
    let bad = act(&app, &admin, &first, "move", Some(json!({"direction": "sideways"}))).await;
    assert_eq!(bad.status, 400);

    for action in ["deactivate", "reactivate"] {
        let answer = act(&app, &admin, "no-such-id", action, None).await;
        assert_eq!((answer.status, answer.message()), (404, messages::NOT_FOUND));
    }
    assert_eq!(rename(&app, &admin, "no-such-id", json!({"name": "X"})).await.status, 404);
    assert_eq!(app.get_as(&admin, "/api/admin/masters?kind=planet").await.status, 400);
    assert_eq!(app.get_as(&admin, "/api/admin/masters").await.status, 400);
    assert_eq!(admin_list(&app, &admin, "ticket_priority").await.len(), 4);
}

/// Every change is in the admin's system log, with who did what.
async fn admin_changes_are_logged(app: TestApp) {
    let admin = admin_token(&app).await;
    let created = app.post_as(&admin, "/api/admin/masters", json!({"kind": "department", "name": "Ops"})).await;
    let ops = created.body["id"].as_str().unwrap().to_string();
    rename(&app, &admin, &ops, json!({"name": "Operations"})).await;
    act(&app, &admin, &ops, "move", Some(json!({"direction": "up"}))).await;
    act(&app, &admin, &ops, "deactivate", None).await;
    act(&app, &admin, &ops, "reactivate", None).await;
    let logs = app.get_as(&admin, "/api/logs/all_logs").await;
    let entries: Vec<(String, String)> = logs.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"].as_str().is_some_and(|event| event.starts_with("master.")))
        .map(|e| (e["event"].as_str().unwrap().to_string(), e["message"].as_str().unwrap().to_string()))
        .collect();
    let expected = [
        ("master.reactivated", "root@autoscope.local reactivated the department Operations"),
        ("master.deactivated", "root@autoscope.local deactivated the department Operations"),
        ("master.moved", "root@autoscope.local moved the department Operations up"),
        ("master.updated", "root@autoscope.local renamed the department Ops to Operations"),
        ("master.created", "root@autoscope.local added the department Ops"),
    ];
    let expected: Vec<(String, String)> = expected.iter().map(|(e, m)| (e.to_string(), m.to_string())).collect();
    assert_eq!(entries, expected);
}
