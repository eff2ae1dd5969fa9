//! Enterprise edition interest, `POST /users/enterpriseEditionSubscribers`.

use autoscope::storage::enterprise;
use serde_json::{Value, json};

use crate::directory::whoami;
use crate::on_both_engines;
use crate::support::TestApp;

on_both_engines!(
    a_subscription_is_stored_for_the_callers_company,
    each_field_message_in_form_order,
    a_subscription_needs_a_session,
);

pub fn payload() -> Value {
    json!({
        "communityUserEmail": "ann@acme.com", "communityUserCompany": "Acme", "username": "Ann Lee",
        "email": "ann.lee@acme.com", "country": "IN", "contactNumber": "+91 98765-43210"
    })
}

/// 'User subscribed'; the record carries the session's company and user, and a system log event.
async fn a_subscription_is_stored_for_the_callers_company(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let me = whoami(&app, &token).await;
    let answer = app.post_as(&token, "/api/users/enterpriseEditionSubscribers", payload()).await;
    assert_eq!((answer.status, answer.message()), (200, "User subscribed"));

    let company_id = me["company_id"].as_str().unwrap();
    let stored = enterprise::list_for_company(app.db(), company_id).await.unwrap();
    assert_eq!(stored.len(), 1);
    let record = &stored[0];
    assert_eq!(record.user_id, me["user_id"].as_str().unwrap());
    assert_eq!(
        (record.community_user_email.as_str(), record.community_user_company.as_str()),
        ("ann@acme.com", "Acme")
    );
    assert_eq!((record.username.as_str(), record.email.as_str()), ("Ann Lee", "ann.lee@acme.com"));
    assert_eq!((record.country.as_str(), record.contact_number.as_str()), ("IN", "+91 98765-43210"));

    let logs = app.get_as(&token, "/api/logs/all_logs").await;
    assert_eq!(logs.body["data"][0]["event"], "enterprise.subscribed", "{logs:?}");
}

/// Each missing or bad field gets the spec's message, in the form's order; nothing is stored.
async fn each_field_message_in_form_order(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let cases = [
        ("username", json!(""), "Please enter your name"),
        ("email", json!(" "), "Please enter your email"),
        ("email", json!("ann at acme"), "Please enter valid email"),
        ("country", json!(""), "Please select your country"),
        ("contactNumber", json!(""), "Please enter your Mobile Number"),
        ("contactNumber", json!("12-34"), "Please enter a valid Mobile Number"),
        ("contactNumber", json!("call me"), "Please enter a valid Mobile Number"),
    ];
    for (field, value, message) in cases {
        let mut body = payload();
        body[field] = value;
        let answer = app.post_as(&token, "/api/users/enterpriseEditionSubscribers", body).await;
        assert_eq!((answer.status, answer.message()), (400, message), "{field}");
    }
    let empty = app.post_as(&token, "/api/users/enterpriseEditionSubscribers", json!({})).await;
    assert_eq!((empty.status, empty.message()), (400, "Please enter your name"));
    let company_id = whoami(&app, &token).await["company_id"].as_str().unwrap().to_string();
    assert!(enterprise::list_for_company(app.db(), &company_id).await.unwrap().is_empty());
}

/// Without a token: 401, even with a valid form.
async fn a_subscription_needs_a_session(app: TestApp) {
    let answer = app.post("/api/users/enterpriseEditionSubscribers", payload()).await;
    assert_eq!((answer.status, answer.message()), (401, "Please login to continue"));
}
