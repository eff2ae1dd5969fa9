//! The signed-in user's own account: `GET|PUT /users/me` and `POST /users/changePassword`.
//! The other profile settings are in `profile_settings.rs`.

use autoscope::crypto;
use serde_json::{Value, json};

use crate::on_both_engines;
use crate::support::{PASSWORD, TestApp};

on_both_engines!(
    the_user_list_key_in_userdata_opens_the_user_list,
    the_profile_details_change_and_stay_changed,
    the_time_zone_is_kept_checked_and_cleared,
    a_profile_change_without_a_name_is_refused,
    the_sign_up_fields_keep_their_rules,
    the_password_changes_and_other_sessions_end,
    a_wrong_current_password_changes_nothing,
    a_weak_new_password_is_refused,
    the_account_calls_need_a_session,
);

const NEW_PASSWORD: &str = "Gr33n-Harbour#9";

async fn put_me(app: &TestApp, token: &str, body: Value) -> crate::support::Answer {
    app.request(reqwest::Method::PUT, "/api/users/me", Some(token), Some(body)).await
}

/// The key the shell receives decrypts the list the host sends it.
async fn the_user_list_key_in_userdata_opens_the_user_list(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let me = app.get_as(&token, "/api/users/me").await.body;
    let key = me["user_list_key"].as_str().expect("userdata carries the key");
    let sealed = app.get_as(&token, "/api/users/all_users").await.body;
    let plain = crypto::decrypt_from_server(key.as_bytes(), sealed["data"].as_str().unwrap()).expect("opens");
    let list: Vec<Value> = serde_json::from_slice(&plain).unwrap();
    assert_eq!(list[0]["email"], "ann@acme.com");
}

/// Every sign-up field of the person, as the profile form sends them.
fn details(firstname: &str, lastname: &str, job_title: &str) -> Value {
    json!({ "firstname": format!(" {firstname} "), "lastname": lastname, "job_title": job_title,
            "gender": "Male", "country": "DE", "department": "Legal" })
}

/// New name, details and job title are answered at once and on the next read; the e-mail stays.
async fn the_profile_details_change_and_stay_changed(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let changed = put_me(&app, &token, details("Anna", "Berg", "CoE lead")).await;
    assert_eq!(changed.status, 200, "{changed:?}");
    assert_eq!(changed.body["firstname"], "Anna");
    assert_eq!((changed.body["gender"].as_str(), changed.body["department"].as_str()), (Some("Male"), Some("Legal")));
    let me = app.get_as(&token, "/api/users/me").await.body;
    assert_eq!((me["firstname"].as_str(), me["lastname"].as_str()), (Some("Anna"), Some("Berg")));
    assert_eq!(me["job_title"], "CoE lead");
    assert_eq!(me["country"], "DE");
    assert_eq!(me["email"], "ann@acme.com");
}

/// The time zone starts unset, takes an IANA name, stays when a change leaves it out,
/// refuses a name the database does not know (changing nothing) and clears with "".
async fn the_time_zone_is_kept_checked_and_cleared(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    assert_eq!(app.get_as(&token, "/api/users/me").await.body["time_zone"], Value::Null);
    let with_zone = |zone: &str| {
        let mut body = details("Ann", "Berg", "CoE lead");
        body["time_zone"] = json!(zone);
        body
    };
    let set = put_me(&app, &token, with_zone("Europe/Berlin")).await;
    assert_eq!(set.body["time_zone"], "Europe/Berlin", "{set:?}");
    let kept = put_me(&app, &token, details("Anna", "Berg", "CoE lead")).await;
    assert_eq!(kept.body["time_zone"], "Europe/Berlin");
    let refused = put_me(&app, &token, with_zone("Mars/Olympus")).await;
    assert_eq!((refused.status, refused.body["message"].as_str()), (400, Some("Unknown time zone")));
    assert_eq!(app.get_as(&token, "/api/users/me").await.body["firstname"], "Anna", "nothing changed");
    let cleared = put_me(&app, &token, with_zone("")).await;
    assert_eq!(cleared.body["time_zone"], Value::Null);
}

/// The sign-up's rules and messages hold for the person's fields.
async fn the_sign_up_fields_keep_their_rules(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    for (field, value, message) in [
        ("gender", "Robot", "Please select a Gender"),
        ("country", " ", "Please select a Country"),
        ("job_title", "", "Please enter your job title"),
        ("department", "", "Please select a department"),
    ] {
        let mut body = details("Anna", "Berg", "Lead");
        body[field] = json!(value);
        let refused = put_me(&app, &token, body).await;
        assert_eq!((refused.status, refused.message()), (400, message), "{field}");
    }
    assert_eq!(app.get_as(&token, "/api/users/me").await.body["gender"], "Female");
}

/// An empty first name answers the sign-up form's message and keeps the old details.
async fn a_profile_change_without_a_name_is_refused(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let before = app.get_as(&token, "/api/users/me").await.body;
    let refused = put_me(&app, &token, json!({ "firstname": "  ", "lastname": "Berg", "job_title": "Lead" })).await;
    assert_eq!((refused.status, refused.body["message"].as_str()), (400, Some("Please enter First Name")));
    let long = put_me(&app, &token, json!({ "firstname": "A".repeat(101), "lastname": "B", "job_title": "C" })).await;
    assert_eq!(long.status, 400);
    assert_eq!(app.get_as(&token, "/api/users/me").await.body["lastname"], before["lastname"]);
}

/// The new password signs in, the old one no longer does; this session stays, others end.
async fn the_password_changes_and_other_sessions_end(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let other = app.sign_in("ann@acme.com", PASSWORD).await;
    let changed = app
        .post_as(
            &token,
            "/api/users/changePassword",
            json!({ "currentPassword": PASSWORD, "newPassword": NEW_PASSWORD }),
        )
        .await;
    assert_eq!((changed.status, changed.body["message"].as_str()), (200, Some("Password changed")));
    assert_eq!(app.get_as(&token, "/api/users/me").await.status, 200);
    assert_eq!(app.get_as(&other, "/api/users/me").await.status, 401);
    let old = app.post("/api/users/signin", json!({ "email": "ann@acme.com", "password": PASSWORD })).await;
    assert_eq!(old.status, 401);
    app.sign_in("ann@acme.com", NEW_PASSWORD).await;
}

/// A wrong current password is refused and the old password still works.
async fn a_wrong_current_password_changes_nothing(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let refused = app
        .post_as(
            &token,
            "/api/users/changePassword",
            json!({ "currentPassword": "Wrong#Pass1", "newPassword": NEW_PASSWORD }),
        )
        .await;
    assert_eq!((refused.status, refused.body["message"].as_str()), (400, Some("Current password is incorrect")));
    app.sign_in("ann@acme.com", PASSWORD).await;
}

/// A new password that breaks the spec's rule gets the rule's message.
async fn a_weak_new_password_is_refused(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let refused = app
        .post_as(&token, "/api/users/changePassword", json!({ "currentPassword": PASSWORD, "newPassword": "short" }))
        .await;
    assert_eq!(refused.status, 400);
    assert_eq!(
        refused.body["message"],
        "Password should have one numeric, one special, one uppercase, one lowercase and 8 characters long"
    );
    app.sign_in("ann@acme.com", PASSWORD).await;
}

/// Without a session both calls answer 401.
async fn the_account_calls_need_a_session(app: TestApp) {
    let put = app.request(reqwest::Method::PUT, "/api/users/me", None, Some(json!({ "firstname": "X" }))).await;
    assert_eq!(put.status, 401);
    let change = app.post("/api/users/changePassword", json!({ "currentPassword": "a", "newPassword": "b" })).await;
    assert_eq!(change.status, 401);
}
