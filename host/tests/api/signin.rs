//! Sign-in, sessions and logout.

use serde_json::json;

use crate::on_both_engines;
use crate::support::{PASSWORD, TestApp};

on_both_engines!(
    sign_in_answers_token_and_userdata,
    a_wrong_password_gets_no_token,
    an_unknown_email_gets_no_token,
    an_oversized_body_is_413,
    a_token_stops_working_after_logout,
    calls_without_a_valid_token_are_refused,
    a_session_expires,
);

/// A body over an account call's limit (2 MB) answers 413, as the docs say, not 400.
async fn an_oversized_body_is_413(app: TestApp) {
    let padding = "x".repeat(3 << 20);
    let answer = app.post("/api/users/signin", json!({ "email": "ann@acme.com", "password": padding })).await;
    assert_eq!(answer.status, 413, "{answer:?}");
    assert!(answer.message().contains("length limit"), "{answer:?}");
}

/// The answer has a token and the spec's userdata with the rights map.
async fn sign_in_answers_token_and_userdata(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    let answer = app.post("/api/users/signin", json!({"email": "Ann@Acme.com", "password": PASSWORD})).await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.message(), "Login Successfully!");
    assert!(answer.body["token"].as_str().is_some_and(|t| t.len() > 20));
    let user = &answer.body["userdata"];
    for field in ["user_id", "firstname", "lastname", "email", "companyname", "job_title"] {
        assert!(user[field].is_string(), "{field}");
    }
    assert_eq!(user["job_title"], "RPA Lead");
    let rights = user["userrole"][0]["rights"].as_object().unwrap();
    assert_eq!(rights.len(), 12);
    assert!(rights.values().all(|r| r["view"].is_boolean() && r["disabled"].is_boolean()));
}

/// A wrong password: 401 'Invalid Credentials!' and no token.
async fn a_wrong_password_gets_no_token(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    let answer = app.post("/api/users/signin", json!({"email": "ann@acme.com", "password": "Tr4vel-Kite#3"})).await;
    assert_eq!((answer.status, answer.message()), (401, "Invalid Credentials!"));
    assert!(answer.body.get("token").is_none());
}

/// An unknown e-mail answers exactly like a wrong password.
async fn an_unknown_email_gets_no_token(app: TestApp) {
    let answer = app.post("/api/users/signin", json!({"email": "nobody@acme.com", "password": PASSWORD})).await;
    assert_eq!((answer.status, answer.message()), (401, "Invalid Credentials!"));
}

/// Logout ends the session at once; another session of the same user goes on.
async fn a_token_stops_working_after_logout(app: TestApp) {
    let first = app.sign_up("ann@acme.com", "Acme").await;
    let second = app.sign_in("ann@acme.com", PASSWORD).await;
    assert_eq!(app.post_as(&first, "/api/users/logout", json!({})).await.status, 200);
    let after = app.get_as(&first, "/api/users/me").await;
    assert_eq!((after.status, after.message()), (401, "Please login to continue"));
    assert_eq!(app.get_as(&second, "/api/users/me").await.status, 200);
}

/// No token, a forged token, or garbage: 401.
async fn calls_without_a_valid_token_are_refused(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    assert_eq!(app.get("/api/users/me").await.status, 401);
    assert_eq!(app.get_as("garbage", "/api/users/me").await.status, 401);
    // Same claims, other signature.
    let (head_and_claims, _) = token.rsplit_once('.').unwrap();
    let forged = format!("{head_and_claims}.c2lnbmF0dXJl");
    assert_eq!(app.get_as(&forged, "/api/users/me").await.status, 401);
}

/// A token is refused once its session has expired (12 hours by default).
async fn a_session_expires(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    app.advance(std::time::Duration::from_secs(12 * 3600 + 1));
    assert_eq!(app.get_as(&token, "/api/users/me").await.status, 401);
}
