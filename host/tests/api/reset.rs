//! Forgot and reset password by e-mailed link.

use std::time::Duration;

use autoscope::storage::companies::{self, NewCompany};
use autoscope::storage::system_logs;
use autoscope::storage::users::{self, NewUser};
use base64::Engine;
use serde_json::json;

use crate::on_both_engines;
use crate::support::{Answer, PASSWORD, TestApp};

on_both_engines!(
    forgot_mails_a_single_link_with_a_128_bit_code,
    forgot_for_an_unknown_email_is_not_found,
    forgot_for_a_social_account_is_refused,
    a_fresh_link_is_valid,
    a_reset_changes_the_password,
    a_reset_ends_earlier_sessions_and_is_logged,
    a_used_link_is_invalid,
    a_link_expires_after_30_minutes,
    a_newer_link_voids_the_older_one,
    another_users_code_is_invalid_for_this_email,
    unknown_codes_are_invalid,
    a_disabled_users_link_is_not_available,
    the_new_password_follows_the_rules,
    the_code_is_stored_only_hashed,
    looking_at_links_is_rate_limited,
);

const NEW_PASSWORD: &str = "Qu1et-Harbour#8";

/// A reset link the host mailed: the e-mail and code of its query.
struct Link {
    email: String,
    code: String,
}

/// Asks for a link for `email` and reads it from the newest mail to that address.
async fn ask_link(app: &TestApp, email: &str) -> Link {
    let asked = app.post("/api/users/forgot_password", json!({"email": email})).await;
    assert_eq!(asked.status, 200, "{asked:?}");
    newest_link(app, email).await
}

async fn newest_link(app: &TestApp, email: &str) -> Link {
    let mails = app.mails_to(email).await;
    let text = &mails.first().expect("a reset mail was sent").text_body;
    let prefix = format!("{}/resetPassword?", app.base);
    let start = text.find(&prefix).expect("the mail has a reset link");
    let link = text[start..].split_whitespace().next().unwrap();
    let url = url::Url::parse(link).unwrap();
    let param = |name: &str| url.query_pairs().find(|(k, _)| k == name).map(|(_, v)| v.into_owned()).unwrap();
    Link { email: param("email"), code: param("code") }
}

/// Links cannot be tried by the thousand: after 20 looks for one e-mail in 15 minutes (the
/// code checks' limit) the next is refused, a reset too; they had no limit before.
async fn looking_at_links_is_rate_limited(app: TestApp) {
    for n in 0..20 {
        let answer = verify(&app, "ann@acme.com", &format!("guess{n}")).await;
        assert_eq!(answer.status, 400, "{n}: {answer:?}");
    }
    let refused = verify(&app, "ann@acme.com", "guess20").await;
    assert_eq!((refused.status, refused.message()), (429, "Too many attempts, please try again later"));
    let reset = reset(&app, "ann@acme.com", "guess21", NEW_PASSWORD).await;
    assert_eq!(reset.status, 429);
}

async fn verify(app: &TestApp, email: &str, code: &str) -> Answer {
    app.post("/api/users/resetPasswordCodeVerification", json!({"email": email, "code": code})).await
}

async fn reset(app: &TestApp, email: &str, code: &str, password: &str) -> Answer {
    app.post("/api/users/reset_password", json!({"email": email, "code": code, "password": password})).await
}

/// Forgot answers the spec's message and mails one link whose code carries at least
/// 128 bits and whose e-mail is the account's.
async fn forgot_mails_a_single_link_with_a_128_bit_code(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    let asked = app.post("/api/users/forgot_password", json!({"email": "Ann@Acme.com"})).await;
    assert_eq!(
        (asked.status, asked.message()),
        (200, "A link to reset the password has been sent on your registered email address.")
    );
    let mails = app.mails_to("ann@acme.com").await;
    assert_eq!(mails.iter().filter(|m| m.text_body.contains("/resetPassword?")).count(), 1);
    let link = newest_link(&app, "ann@acme.com").await;
    assert_eq!(link.email, "ann@acme.com");
    let raw = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(&link.code).expect("base64url code");
    assert!(raw.len() >= 16, "{} bytes", raw.len());
}

/// An unknown e-mail: 404 'User not found.' and no mail.
async fn forgot_for_an_unknown_email_is_not_found(app: TestApp) {
    let answer = app.post("/api/users/forgot_password", json!({"email": "nobody@acme.com"})).await;
    assert_eq!(answer.status, 404);
    assert_eq!(answer.body, json!({"message": "User not found."}));
    assert!(app.mails_to("nobody@acme.com").await.is_empty());
}

/// An account made by social sign-in has no password to reset: 400 and no mail.
async fn forgot_for_a_social_account_is_refused(app: TestApp) {
    let owner = NewUser {
        email: "sam@acme.com",
        firstname: "Sam",
        lastname: "Roe",
        password_hash: None,
        gender: "Male",
        country: "IN",
        department: "Information Technology",
        job_title: "RPA Lead",
        social_provider: Some("google"),
        social_subject: Some("google-sub-1"),
        is_admin: false,
    };
    let company = NewCompany { name: "Acme", country: "IN", currency_name: "INR", currency_symbol: "₹" };
    companies::create_with_owner(app.db(), &company, "communityuser", "{}", &owner, 0).await.unwrap().unwrap();
    let answer = app.post("/api/users/forgot_password", json!({"email": "sam@acme.com"})).await;
    assert_eq!((answer.status, answer.message()), (400, "This user already login with social account."));
    assert!(app.mails_to("sam@acme.com").await.is_empty());
}

/// The mailed link verifies as 'Link is valid', and verifying does not use it up.
async fn a_fresh_link_is_valid(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    let link = ask_link(&app, "ann@acme.com").await;
    for _ in 0..2 {
        let answer = verify(&app, &link.email, &link.code).await;
        assert_eq!(answer.status, 200);
        assert_eq!(answer.body, json!({"message": "Link is valid"}));
    }
}

/// After a reset the new password signs in and the old one gets 401.
async fn a_reset_changes_the_password(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    let link = ask_link(&app, "ann@acme.com").await;
    let answer = reset(&app, &link.email, &link.code, NEW_PASSWORD).await;
    assert_eq!((answer.status, answer.message()), (200, "Password Updated succesfully"));
    app.sign_in("ann@acme.com", NEW_PASSWORD).await;
    let old = app.post("/api/users/signin", json!({"email": "ann@acme.com", "password": PASSWORD})).await;
    assert_eq!((old.status, old.message()), (401, "Invalid Credentials!"));
}

/// Tokens issued before the reset get 401; the reset is in the company's system log.
async fn a_reset_ends_earlier_sessions_and_is_logged(app: TestApp) {
    let first = app.sign_up("ann@acme.com", "Acme").await;
    let second = app.sign_in("ann@acme.com", PASSWORD).await;
    let link = ask_link(&app, "ann@acme.com").await;
    assert_eq!(reset(&app, &link.email, &link.code, NEW_PASSWORD).await.status, 200);
    for token in [&first, &second] {
        let me = app.get_as(token, "/api/users/me").await;
        assert_eq!((me.status, me.message()), (401, "Please login to continue"));
    }
    let fresh = app.sign_in("ann@acme.com", NEW_PASSWORD).await;
    assert_eq!(app.get_as(&fresh, "/api/users/me").await.status, 200);
    let user = users::find_by_email(app.db(), "ann@acme.com").await.unwrap().unwrap();
    let log = system_logs::list_for_user(app.db(), &user.id, 50).await.unwrap();
    assert!(log.iter().any(|e| e.event == "password.reset" && e.user_id.as_deref() == Some(user.id.as_str())));
}

/// A link works once: afterwards verification and reset say 'Link is invalid.'.
async fn a_used_link_is_invalid(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    let link = ask_link(&app, "ann@acme.com").await;
    assert_eq!(reset(&app, &link.email, &link.code, NEW_PASSWORD).await.status, 200);
    let again = reset(&app, &link.email, &link.code, "An0ther-Secret#5").await;
    assert_eq!((again.status, again.message()), (400, "Link is invalid."));
    let checked = verify(&app, &link.email, &link.code).await;
    assert_eq!((checked.status, checked.message()), (400, "Link is invalid."));
    app.sign_in("ann@acme.com", NEW_PASSWORD).await;
}

/// Valid at 29 minutes, 'Link is expired.' at 30, for verification and reset alike.
async fn a_link_expires_after_30_minutes(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    let link = ask_link(&app, "ann@acme.com").await;
    app.advance(Duration::from_secs(29 * 60));
    assert_eq!(verify(&app, &link.email, &link.code).await.status, 200);
    app.advance(Duration::from_secs(60));
    let checked = verify(&app, &link.email, &link.code).await;
    assert_eq!((checked.status, checked.message()), (400, "Link is expired."));
    let reset = reset(&app, &link.email, &link.code, NEW_PASSWORD).await;
    assert_eq!((reset.status, reset.message()), (400, "Link is expired."));
    app.sign_in("ann@acme.com", PASSWORD).await;
}

/// Asking again voids the earlier link; the newer one works.
async fn a_newer_link_voids_the_older_one(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    let older = ask_link(&app, "ann@acme.com").await;
    let newer = ask_link(&app, "ann@acme.com").await;
    assert_ne!(older.code, newer.code);
    let checked = verify(&app, &older.email, &older.code).await;
    assert_eq!((checked.status, checked.message()), (400, "Link is invalid."));
    let refused = reset(&app, &older.email, &older.code, NEW_PASSWORD).await;
    assert_eq!((refused.status, refused.message()), (400, "Link is invalid."));
    assert_eq!(reset(&app, &newer.email, &newer.code, NEW_PASSWORD).await.status, 200);
}

/// Bob's code with Ann's e-mail is invalid and changes nobody's password.
async fn another_users_code_is_invalid_for_this_email(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    app.sign_up("bob@beta.com", "Beta").await;
    let bobs = ask_link(&app, "bob@beta.com").await;
    let checked = verify(&app, "ann@acme.com", &bobs.code).await;
    assert_eq!((checked.status, checked.message()), (400, "Link is invalid."));
    let refused = reset(&app, "ann@acme.com", &bobs.code, NEW_PASSWORD).await;
    assert_eq!((refused.status, refused.message()), (400, "Link is invalid."));
    app.sign_in("ann@acme.com", PASSWORD).await;
    app.sign_in("bob@beta.com", PASSWORD).await;
}

/// A made-up, blank or truncated code is 'Link is invalid.'.
async fn unknown_codes_are_invalid(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    let link = ask_link(&app, "ann@acme.com").await;
    let truncated = &link.code[..link.code.len() - 1];
    for code in ["AAAAAAAAAAAAAAAAAAAAAA", "", truncated] {
        let checked = verify(&app, "ann@acme.com", code).await;
        assert_eq!((checked.status, checked.message()), (400, "Link is invalid."), "{code:?}");
    }
    let missing = app.post("/api/users/resetPasswordCodeVerification", json!({"email": "ann@acme.com"})).await;
    assert_eq!((missing.status, missing.message()), (400, "Link is invalid."));
}

/// A link of a user disabled after it was sent: 'User is not available.'.
async fn a_disabled_users_link_is_not_available(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    let link = ask_link(&app, "ann@acme.com").await;
    let user = users::find_by_email(app.db(), "ann@acme.com").await.unwrap().unwrap();
    assert!(users::set_disabled(app.db(), &user.id, true).await.unwrap());
    let checked = verify(&app, &link.email, &link.code).await;
    assert_eq!((checked.status, checked.message()), (400, "User is not available."));
    let refused = reset(&app, &link.email, &link.code, NEW_PASSWORD).await;
    assert_eq!((refused.status, refused.message()), (400, "User is not available."));
}

/// Each refused password gets the spec's message and leaves the link usable.
async fn the_new_password_follows_the_rules(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    let link = ask_link(&app, "ann@acme.com").await;
    let too_long = "Xy7!".repeat(300);
    let cases = [
        ("", "Please enter a password to reset"),
        ("short1!", "Please enter a password which follows conditions mentioned below"),
        ("alllowercase1!", "Please enter a password which follows conditions mentioned below"),
        ("P@ssw0rd2024", "This password is too common, please choose another"),
        (too_long.as_str(), "Password is too long"),
    ];
    for (password, message) in cases {
        let answer = reset(&app, &link.email, &link.code, password).await;
        assert_eq!((answer.status, answer.message()), (400, message), "{password:?}");
    }
    assert_eq!(verify(&app, &link.email, &link.code).await.status, 200);
    assert_eq!(reset(&app, &link.email, &link.code, NEW_PASSWORD).await.status, 200);
}

/// The database keeps a keyed hash of the code, never the code itself.
async fn the_code_is_stored_only_hashed(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    let link = ask_link(&app, "ann@acme.com").await;
    let db = app.db();
    assert!(autoscope::storage::reset_codes::find(db, &link.code).await.unwrap().is_none());
    let hash = autoscope::crypto::code_hash(app.state.config.secret.expose(), "reset", &link.code);
    let stored = autoscope::storage::reset_codes::find(db, &hash).await.unwrap().expect("stored under its hash");
    assert!(stored.used_at.is_none());
}
