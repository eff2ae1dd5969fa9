//! Mail through a real SMTP server (maildev), and the local outbox.

use autoscope::config::Secret;
use autoscope::storage::Engine;
use serde_json::json;

use crate::on_both_engines;
use crate::support::maildev::MailDev;
use crate::support::{TestApp, six_digits};

on_both_engines!(engine: the_sign_up_code_arrives_by_smtp_and_verifies);
on_both_engines!(without_smtp_mail_is_kept_in_the_outbox);

/// With SMTP_URL set, the code mail reaches the SMTP server as text and HTML, and its
/// code verifies.
async fn the_sign_up_code_arrives_by_smtp_and_verifies(engine: Engine) {
    let maildev = MailDev::start().await;
    let url = maildev.smtp_url();
    let app = TestApp::start(engine, |config| config.smtp_url = Some(Secret::new(url.into_bytes()))).await;
    let asked = app
        .post("/api/users/newUserSignUp", json!({"firstname": "Mo", "lastname": "Ra", "email": "mo@acme.com"}))
        .await;
    assert_eq!(asked.status, 200, "{asked:?}");

    let mail = maildev.message_to("mo@acme.com").await;
    assert_eq!(mail["subject"], "Your Autoscope sign-up code");
    assert!(mail["from"][0]["address"].as_str().is_some_and(|a| a.contains('@')));
    let code = six_digits(mail["text"].as_str().unwrap()).expect("a code in the text part");
    assert!(mail["html"].as_str().unwrap().contains(&code), "the HTML part carries the code too");
    assert!(app.mails_to("mo@acme.com").await.is_empty(), "nothing goes to the outbox when SMTP is set");

    let verified = app
        .post("/api/users/userSignUpTokenVerification", json!({"email": "mo@acme.com", "verificationCode": code}))
        .await;
    assert_eq!(verified.message(), "Token verified");
}

/// Without SMTP_URL the mail is stored in the outbox with both parts.
async fn without_smtp_mail_is_kept_in_the_outbox(app: TestApp) {
    app.post("/api/users/newUserSignUp", json!({"firstname": "Mo", "lastname": "Ra", "email": "mo@acme.com"})).await;
    let mails = app.mails_to("mo@acme.com").await;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].subject, "Your Autoscope sign-up code");
    assert!(mails[0].html_body.contains("<p>"));
}

/// An unreachable SMTP server fails the call with the generic message, and the user may
/// ask again at once.
#[tokio::test]
async fn an_unreachable_smtp_server_fails_the_request_cleanly() {
    let port = crate::support::maildev::free_port();
    let app = TestApp::start(Engine::Sqlite, |config| {
        config.smtp_url = Some(Secret::new(format!("smtp://127.0.0.1:{port}").into_bytes()))
    })
    .await;
    let asked = app
        .post("/api/users/newUserSignUp", json!({"firstname": "Mo", "lastname": "Ra", "email": "mo@acme.com"}))
        .await;
    assert_eq!((asked.status, asked.message()), (500, "Something went wrong"));
    let again = app
        .post("/api/users/newUserSignUp", json!({"firstname": "Mo", "lastname": "Ra", "email": "mo@acme.com"}))
        .await;
    assert_eq!(again.status, 500, "a failed send does not make the user wait a minute: {again:?}");
}
