//! Sign-up by e-mailed code.

use serde_json::json;

use crate::on_both_engines;
use crate::support::{TestApp, signup_payload};

on_both_engines!(
    a_new_user_signs_up_by_code_and_signs_in,
    the_code_mail_says_the_spec_message,
    an_existing_email_cannot_ask_for_a_code,
    a_wrong_code_is_refused,
    five_wrong_codes_void_the_code,
    an_expired_code_is_refused,
    a_code_cannot_be_resent_within_a_minute,
    sign_up_needs_a_verified_code,
    a_taken_email_or_company_name_is_refused,
    sign_up_checks_each_field_with_the_spec_message,
    malformed_bodies_get_a_clear_400,
);

/// The whole wizard: code, verification, sign-up, sign-in with the community rights.
async fn a_new_user_signs_up_by_code_and_signs_in(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let me = app.get_as(&token, "/api/users/me").await;
    assert_eq!(me.status, 200);
    assert_eq!(me.body["email"], "ann@acme.com");
    assert_eq!(me.body["companyname"], "Acme");
    assert_eq!(me.body["userrole"][0]["role"], "communityuser");
    assert_eq!(me.body["userrole"][0]["rights"]["process"], json!({"view": true, "disabled": false}));
    assert_eq!(me.body["userrole"][0]["rights"]["databaseIntegration"], json!({"view": true, "disabled": true}));
}

/// Asking for a code answers the spec's message and mails a 6-digit code.
async fn the_code_mail_says_the_spec_message(app: TestApp) {
    let answer = app
        .post("/api/users/newUserSignUp", json!({"firstname": "Bo", "lastname": "Ek", "email": "Bo@Acme.com"}))
        .await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.message(), "We have sent an OTP to your given email address.");
    let code = app.signup_code_for("bo@acme.com").await;
    assert_eq!(code.len(), 6);
}

/// An e-mail that has an account gets 400 'Email already exists'.
async fn an_existing_email_cannot_ask_for_a_code(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    let answer =
        app.post("/api/users/newUserSignUp", json!({"firstname": "A", "lastname": "L", "email": "ANN@acme.com"})).await;
    assert_eq!(answer.status, 400);
    assert_eq!(answer.message(), "Email already exists");
}

async fn ask_code(app: &TestApp, email: &str) -> String {
    let answer = app.post("/api/users/newUserSignUp", json!({"firstname": "A", "lastname": "L", "email": email})).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    app.signup_code_for(email).await
}

fn other_code(code: &str) -> String {
    if code == "000000" { "000001".into() } else { "000000".into() }
}

/// A code that does not match gets 400 'Otp Code not valid'; the right one still works.
async fn a_wrong_code_is_refused(app: TestApp) {
    let code = ask_code(&app, "cy@acme.com").await;
    let wrong = app
        .post(
            "/api/users/userSignUpTokenVerification",
            json!({"email": "cy@acme.com", "verificationCode": other_code(&code)}),
        )
        .await;
    assert_eq!((wrong.status, wrong.message()), (400, "Otp Code not valid"));
    let right = app
        .post("/api/users/userSignUpTokenVerification", json!({"email": "cy@acme.com", "verificationCode": code}))
        .await;
    assert_eq!((right.status, right.message()), (200, "Token verified"));
}

/// After five wrong tries even the right code is refused.
async fn five_wrong_codes_void_the_code(app: TestApp) {
    let code = ask_code(&app, "di@acme.com").await;
    for _ in 0..5 {
        let wrong = app
            .post(
                "/api/users/userSignUpTokenVerification",
                json!({"email": "di@acme.com", "verificationCode": other_code(&code)}),
            )
            .await;
        assert_eq!(wrong.status, 400);
    }
    let right = app
        .post("/api/users/userSignUpTokenVerification", json!({"email": "di@acme.com", "verificationCode": code}))
        .await;
    assert_eq!((right.status, right.message()), (400, "Otp Code not valid"));
    // Voiding the code does not skip the minute before a new one.
    let body = json!({"firstname": "Di", "lastname": "Ng", "email": "di@acme.com"});
    let again = app.post("/api/users/newUserSignUp", body.clone()).await;
    assert_eq!((again.status, again.message()), (429, autoscope::accounts::signup::WAIT_BEFORE_RESEND));
    app.advance(std::time::Duration::from_secs(61));
    assert_eq!(app.post("/api/users/newUserSignUp", body).await.status, 200);
}

/// A code older than 10 minutes is refused.
async fn an_expired_code_is_refused(app: TestApp) {
    let code = ask_code(&app, "ed@acme.com").await;
    app.advance(std::time::Duration::from_secs(10 * 60 + 1));
    let late = app
        .post("/api/users/userSignUpTokenVerification", json!({"email": "ed@acme.com", "verificationCode": code}))
        .await;
    assert_eq!((late.status, late.message()), (400, "Otp Code has expired"));
}

/// A new code needs a minute's wait; the newest code is the one that works.
async fn a_code_cannot_be_resent_within_a_minute(app: TestApp) {
    let first = ask_code(&app, "fa@acme.com").await;
    let again =
        app.post("/api/users/newUserSignUp", json!({"firstname": "A", "lastname": "L", "email": "fa@acme.com"})).await;
    assert_eq!(again.status, 429);
    app.advance(std::time::Duration::from_secs(61));
    let second = ask_code(&app, "fa@acme.com").await;
    if first != second {
        let old = app
            .post("/api/users/userSignUpTokenVerification", json!({"email": "fa@acme.com", "verificationCode": first}))
            .await;
        assert_eq!(old.status, 400, "the older code is void");
    }
    let new = app
        .post("/api/users/userSignUpTokenVerification", json!({"email": "fa@acme.com", "verificationCode": second}))
        .await;
    assert_eq!(new.status, 200);
}

/// communitySignUp refuses an e-mail that was never verified by its code.
async fn sign_up_needs_a_verified_code(app: TestApp) {
    let unasked = app.post("/api/users/communitySignUp", signup_payload("gu@acme.com", "Gu Inc")).await;
    assert_eq!(unasked.status, 400);
    ask_code(&app, "gu@acme.com").await;
    let unverified = app.post("/api/users/communitySignUp", signup_payload("gu@acme.com", "Gu Inc")).await;
    assert_eq!(unverified.status, 400);
    assert_eq!(unverified.message(), "Please verify your email with the Otp sent to it");
}

/// A company name (any case) or e-mail that exists gets 'Email or Company name already exists'.
async fn a_taken_email_or_company_name_is_refused(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    let code = ask_code(&app, "hal@other.com").await;
    app.post("/api/users/userSignUpTokenVerification", json!({"email": "hal@other.com", "verificationCode": code}))
        .await;
    let answer = app.post("/api/users/communitySignUp", signup_payload("hal@other.com", "  ACME ")).await;
    assert_eq!((answer.status, answer.message()), (400, "Email or Company name already exists"));
    // Nothing was left half-created: the same e-mail can still sign up with a free name.
    let answer = app.post("/api/users/communitySignUp", signup_payload("hal@other.com", "Other")).await;
    assert_eq!(answer.status, 200, "{answer:?}");
}

/// Each missing or bad field gets the spec's message.
async fn sign_up_checks_each_field_with_the_spec_message(app: TestApp) {
    let cases = [
        ("firstname", json!(""), "Please enter First Name"),
        ("lastname", json!(" "), "Please enter Last Name"),
        ("email", json!("not-an-email"), "Please enter valid Email"),
        ("gender", json!("Robot"), "Please select a Gender"),
        ("country", json!(""), "Please select a Country"),
        ("companyname", json!(""), "Please enter your company name"),
        ("job_title", json!(""), "Please enter your job title"),
        ("currency_name", json!(""), "Please select a currency"),
        ("department", json!(""), "Please select a department"),
        ("password", json!(""), "Please enter a password"),
        (
            "password",
            json!("weakpass"),
            "Password should have one numeric, one special, one uppercase, one lowercase and 8 characters long",
        ),
        ("password", json!("Password1!"), "This password is too common, please choose another"),
        ("agreedToTermsAndConditions", json!(false), "Please accept the agreement to sign up"),
    ];
    for (field, value, message) in cases {
        let mut payload = signup_payload("iv@acme.com", "Iv");
        payload[field] = value;
        let answer = app.post("/api/users/communitySignUp", payload).await;
        assert_eq!((answer.status, answer.message()), (400, message), "{field}");
    }
}

/// Broken JSON, wrong types and missing bodies are 400s with a message, never 500.
async fn malformed_bodies_get_a_clear_400(app: TestApp) {
    let broken = app
        .client
        .post(format!("{}/api/users/newUserSignUp", app.base))
        .header("content-type", "application/json")
        .body("{\"email\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(broken.status(), 400);
    let body: serde_json::Value = broken.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains("JSON"), "{body}");

    let wrong_type = app.post("/api/users/signin", json!({"email": 5, "password": []})).await;
    assert_eq!(wrong_type.status, 400);
    assert!(wrong_type.message().contains("invalid type"), "{wrong_type:?}");

    let no_json = app.client.post(format!("{}/api/users/signin", app.base)).body("x").send().await.unwrap();
    assert_eq!(no_json.status(), 400);
}
