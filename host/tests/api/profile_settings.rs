//! Profile settings beyond name and password: the company's currency (a company admin's),
//! changing the e-mail address by a mailed code, a first password for a social account, and
//! a request to delete one's data, carried out by the host's job after the grace period.

use std::time::Duration;

use autoscope::storage::{Engine, companies, invitations, memberships, system_logs, users};
use serde_json::{Value, json};

use crate::on_both_engines;
use crate::support::{Answer, PASSWORD, TempDir, TestApp, open_stream, read_event, six_digits};

on_both_engines!(
    a_company_admin_changes_the_currency,
    a_member_who_is_no_admin_cannot_change_the_currency,
    the_email_changes_once_the_mailed_code_is_confirmed,
    a_wrong_code_changes_nothing_and_five_void_it,
    an_expired_code_is_refused,
    a_taken_or_own_address_is_refused_and_codes_wait_a_minute,
    a_social_account_sets_a_first_password,
    a_deletion_request_needs_the_password_and_can_be_cancelled,
    the_deletion_job_waits_for_the_grace_period_then_removes_the_personal_data,
    the_last_admin_of_a_team_cannot_ask_for_deletion,
    only_platform_admins_list_deletion_requests,
);
on_both_engines!(engine: the_command_line_carries_out_due_requests_at_once);

const NEW_PASSWORD: &str = "Gr33n-Harbour#9";

async fn whoami(app: &TestApp, token: &str) -> Value {
    app.get_as(token, "/api/users/me").await.body
}

/// A second person in the company of `admin_token`, with its sign-up role and no admin
/// rights; answers their token.
async fn colleague(app: &TestApp, admin_token: &str, email: &str) -> String {
    let hash = autoscope::auth::password::hash(PASSWORD.into()).await.unwrap();
    join(app, admin_token, email, Some(&hash)).await
}

/// A colleague without a password, as social sign-in makes them, signed in.
async fn social_colleague(app: &TestApp, admin_token: &str, email: &str) -> String {
    join(app, admin_token, email, None).await
}

async fn join(app: &TestApp, admin_token: &str, email: &str, password_hash: Option<&str>) -> String {
    let company_id = whoami(app, admin_token).await["company_id"].as_str().unwrap().to_string();
    let (role_id, _) = companies::find_role(app.db(), &company_id, "communityuser").await.unwrap().unwrap();
    let person = users::NewUser { password_hash, ..users::NewUser::named(email, "Bob", "Stone") };
    let user_id =
        users::create(app.db(), &company_id, &role_id, &person, app.state.clock.now()).await.unwrap().unwrap();
    autoscope::auth::session::open(&app.state, &user_id, &company_id).await.unwrap()
}

async fn events_of(app: &TestApp, email_or_id: &str) -> Vec<String> {
    let id = match users::find_by_email(app.db(), email_or_id).await.unwrap() {
        Some(user) => user.id,
        None => email_or_id.to_string(),
    };
    system_logs::list_for_user(app.db(), &id, 50).await.unwrap().into_iter().map(|entry| entry.event).collect()
}

async fn currency(app: &TestApp, token: &str, body: Value) -> Answer {
    app.request(reqwest::Method::PUT, "/api/users/companyCurrency", Some(token), Some(body)).await
}

/// The admin's new currency is in their answer, in the next userdata of every member (whose
/// open pages are told at once), and in the company log.
async fn a_company_admin_changes_the_currency(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    assert_eq!(whoami(&app, &token).await["company_admin"], true);
    let bob = colleague(&app, &token, "bob@acme.com").await;
    let mut bob_stream = open_stream(&app, &bob).await;
    let missing = currency(&app, &token, json!({ "currency_name": " ", "currency_symbol": "€" })).await;
    assert_eq!((missing.status, missing.message()), (400, "Please select a currency"));
    let changed = currency(&app, &token, json!({ "currency_name": "EUR", "currency_symbol": "€" })).await;
    assert_eq!(changed.status, 200, "{changed:?}");
    let told = read_event(&mut bob_stream).await.expect("Bob's open page hears of it");
    assert!(told.contains("event: session"), "{told}");
    assert_eq!(
        (changed.body["currency_name"].as_str(), changed.body["currency_symbol"].as_str()),
        (Some("EUR"), Some("€"))
    );
    let seen_by_bob = whoami(&app, &bob).await;
    assert_eq!(
        (seen_by_bob["currency_name"].as_str(), seen_by_bob["currency_symbol"].as_str()),
        (Some("EUR"), Some("€"))
    );
    assert!(events_of(&app, "ann@acme.com").await.contains(&"company.currency".to_string()));
}

async fn a_member_who_is_no_admin_cannot_change_the_currency(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let bob = colleague(&app, &token, "bob@acme.com").await;
    assert_eq!(whoami(&app, &bob).await["company_admin"], false);
    let refused = currency(&app, &bob, json!({ "currency_name": "EUR", "currency_symbol": "€" })).await;
    assert_eq!((refused.status, refused.message()), (403, "Only a company admin can change the company's currency"));
    assert_eq!(whoami(&app, &token).await["currency_name"], "INR");
}

async fn ask_code(app: &TestApp, token: &str, email: &str) -> Answer {
    app.post_as(token, "/api/users/changeEmail", json!({ "email": email })).await
}

async fn confirm(app: &TestApp, token: &str, code: &str) -> Answer {
    app.post_as(token, "/api/users/confirmEmailChange", json!({ "code": code })).await
}

async fn code_mailed_to(app: &TestApp, email: &str) -> String {
    let mails = app.mails_to(email).await;
    six_digits(&mails.first().expect("a code was mailed").text_body).expect("the mail has a code")
}

/// The code goes to the new address; once confirmed the account signs in with it (not the
/// old one), other sessions end, this one stays, and the old address is told.
async fn the_email_changes_once_the_mailed_code_is_confirmed(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let other = app.sign_in("ann@acme.com", PASSWORD).await;
    let asked = ask_code(&app, &token, " Ann.Berg@Example.com ").await;
    assert_eq!((asked.status, asked.message()), (200, "We have sent a code to your new email address."));
    assert_eq!(whoami(&app, &token).await["email"], "ann@acme.com", "nothing changes before the code");
    let code = code_mailed_to(&app, "ann.berg@example.com").await;
    let confirmed = confirm(&app, &token, &code).await;
    assert_eq!(confirmed.status, 200, "{confirmed:?}");
    assert_eq!(confirmed.body["email"], "ann.berg@example.com");
    assert_eq!(app.get_as(&token, "/api/users/me").await.status, 200);
    assert_eq!(app.get_as(&other, "/api/users/me").await.status, 401);
    let notice = app.mails_to("ann@acme.com").await;
    assert!(notice[0].text_body.contains("ann.berg@example.com"), "{:?}", notice[0].subject);
    let old = app.post("/api/users/signin", json!({ "email": "ann@acme.com", "password": PASSWORD })).await;
    assert_eq!(old.status, 401);
    app.sign_in("ann.berg@example.com", PASSWORD).await;
    assert!(events_of(&app, "ann.berg@example.com").await.contains(&"user.email_changed".to_string()));
    let again = confirm(&app, &token, &code).await;
    assert_eq!((again.status, again.message()), (400, "Otp Code not valid"), "a code works once");
}

async fn a_wrong_code_changes_nothing_and_five_void_it(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    ask_code(&app, &token, "new@example.com").await;
    let code = code_mailed_to(&app, "new@example.com").await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..5 {
        let refused = confirm(&app, &token, wrong).await;
        assert_eq!((refused.status, refused.message()), (400, "Otp Code not valid"));
    }
    let voided = confirm(&app, &token, &code).await;
    assert_eq!((voided.status, voided.message()), (400, "Otp Code not valid"));
    assert_eq!(whoami(&app, &token).await["email"], "ann@acme.com");
    let empty = confirm(&app, &token, " ").await;
    assert_eq!((empty.status, empty.message()), (400, "Please enter the code sent to your new email address"));
    // Voiding the code does not skip the minute before a new one.
    let again = ask_code(&app, &token, "new@example.com").await;
    assert_eq!((again.status, again.message()), (429, autoscope::accounts::signup::WAIT_BEFORE_RESEND));
    app.advance(std::time::Duration::from_secs(61));
    assert_eq!(ask_code(&app, &token, "new@example.com").await.status, 200);
}

async fn an_expired_code_is_refused(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    ask_code(&app, &token, "new@example.com").await;
    let code = code_mailed_to(&app, "new@example.com").await;
    app.advance(Duration::from_secs(11 * 60));
    let expired = confirm(&app, &token, &code).await;
    assert_eq!((expired.status, expired.message()), (400, "Otp Code has expired"));
    assert_eq!(whoami(&app, &token).await["email"], "ann@acme.com");
}

async fn a_taken_or_own_address_is_refused_and_codes_wait_a_minute(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    app.sign_up("bob@globex.com", "Globex").await;
    let taken = ask_code(&app, &token, "BOB@globex.com").await;
    assert_eq!((taken.status, taken.message()), (400, "This email address is already used by another account"));
    assert!(app.mails_to("bob@globex.com").await.iter().all(|mail| !mail.subject.contains("new Autoscope e-mail")));
    let own = ask_code(&app, &token, "ann@acme.com").await;
    assert_eq!((own.status, own.message()), (400, "This is already your email address"));
    let bad = ask_code(&app, &token, "not-an-address").await;
    assert_eq!((bad.status, bad.message()), (400, "Please enter valid Email"));
    assert_eq!(ask_code(&app, &token, "new@example.com").await.status, 200);
    let soon = ask_code(&app, &token, "new@example.com").await;
    assert_eq!((soon.status, soon.message()), (429, "Please wait a minute before asking for a new code"));
    app.advance(Duration::from_secs(61));
    assert_eq!(ask_code(&app, &token, "other@example.com").await.status, 200);
    // Only the newest code, for the newest address, is valid.
    let code = code_mailed_to(&app, "other@example.com").await;
    assert_eq!(confirm(&app, &token, &code).await.body["email"], "other@example.com");
}

/// An account without a password (as social sign-in makes them) sets one, then signs in
/// with it; a second `setPassword` is refused.
async fn a_social_account_sets_a_first_password(app: TestApp) {
    let admin = app.sign_up("zoe@acme.com", "Acme").await;
    let token = social_colleague(&app, &admin, "ann@acme.com").await;
    assert_eq!(whoami(&app, &token).await["has_password"], false);
    let weak = app.post_as(&token, "/api/users/setPassword", json!({ "newPassword": "short" })).await;
    assert_eq!(weak.status, 400);
    let set = app.post_as(&token, "/api/users/setPassword", json!({ "newPassword": NEW_PASSWORD })).await;
    assert_eq!((set.status, set.message()), (200, "Password set"));
    assert_eq!(whoami(&app, &token).await["has_password"], true);
    app.sign_in("ann@acme.com", NEW_PASSWORD).await;
    let again = app.post_as(&token, "/api/users/setPassword", json!({ "newPassword": PASSWORD })).await;
    assert_eq!(
        (again.status, again.message()),
        (409, "Your account already has a password; change it with the current one")
    );
    app.sign_in("ann@acme.com", NEW_PASSWORD).await;
}

async fn request_deletion(app: &TestApp, token: &str, body: Value) -> Answer {
    app.post_as(token, "/api/users/requestDataDeletion", body).await
}

/// A wrong password is refused; the request is pending with its due time; cancelling ends it.
async fn a_deletion_request_needs_the_password_and_can_be_cancelled(app: TestApp) {
    let admin = app.sign_up("ann@acme.com", "Acme").await;
    let bob = colleague(&app, &admin, "bob@acme.com").await;
    let none = app.get_as(&bob, "/api/users/dataDeletion").await;
    assert_eq!(none.body["pending"], false);
    let wrong = request_deletion(&app, &bob, json!({ "password": "Wrong#Pass1" })).await;
    assert_eq!((wrong.status, wrong.message()), (400, "Current password is incorrect"));
    let asked = request_deletion(&app, &bob, json!({ "password": PASSWORD })).await;
    assert_eq!(asked.status, 200, "{asked:?}");
    assert_eq!(asked.body["pending"], true);
    let status = app.get_as(&bob, "/api/users/dataDeletion").await.body;
    assert_eq!(status["due_at"], asked.body["due_at"]);
    let cancelled = app.post_as(&bob, "/api/users/cancelDataDeletion", json!({})).await;
    assert_eq!((cancelled.status, cancelled.body["pending"].as_bool()), (200, Some(false)));
    let nothing = app.post_as(&bob, "/api/users/cancelDataDeletion", json!({})).await;
    assert_eq!((nothing.status, nothing.message()), (404, "There is no pending deletion request"));
    let events = events_of(&app, "bob@acme.com").await;
    assert!(
        events.contains(&"user.deletion_requested".to_string())
            && events.contains(&"user.deletion_cancelled".to_string())
    );
    // An account without a password types DELETE instead.
    let bob = social_colleague(&app, &admin, "bob.social@acme.com").await;
    let untyped = request_deletion(&app, &bob, json!({ "confirmation": "delete me" })).await;
    assert_eq!((untyped.status, untyped.message()), (400, "Please type DELETE to confirm"));
    assert_eq!(request_deletion(&app, &bob, json!({ "confirmation": "DELETE" })).await.body["pending"], true);
}

/// Before the grace period ends the job leaves the request; after it, the person's personal
/// data is gone, they cannot sign in, and the company's records keep the id as "Deleted user",
/// a former member.
async fn the_deletion_job_waits_for_the_grace_period_then_removes_the_personal_data(app: TestApp) {
    let admin = app.sign_up("ann@acme.com", "Acme").await;
    let company_id = whoami(&app, &admin).await["company_id"].as_str().unwrap().to_string();
    let bob = colleague(&app, &admin, "bob@acme.com").await;
    let bob_id = whoami(&app, &bob).await["user_id"].as_str().unwrap().to_string();
    request_deletion(&app, &bob, json!({ "password": PASSWORD })).await;
    let (role_id, _) = companies::find_role(app.db(), &company_id, "communityuser").await.unwrap().unwrap();
    let now = app.state.clock.now();
    let invitation = invitations::NewInvitation {
        company_id: &company_id,
        email: "bob@acme.com",
        role_id: &role_id,
        token_hash: "digest",
        invited_by: &bob_id,
        company_admin: false,
        now,
        expires_at: now + 3600,
    };
    let invitation_id = invitations::insert(app.db(), &invitation).await.unwrap();
    let enterprise = json!({
        "communityUserEmail": "bob@acme.com", "communityUserCompany": "Acme", "username": "Bob Ray",
        "email": "bob.ray@home.example", "country": "IN", "contactNumber": "+91 98765-43210"
    });
    let asked = app.post_as(&bob, "/api/users/enterpriseEditionSubscribers", enterprise).await;
    assert_eq!(asked.status, 200, "{asked:?}");
    let reset = app.post("/api/users/forgot_password", json!({ "email": "bob@acme.com" })).await;
    assert_eq!(reset.status, 200, "{reset:?}");
    assert!(!app.mails_to("bob@acme.com").await.is_empty());
    app.advance(Duration::from_secs(23 * 3600));
    assert_eq!(autoscope::accounts::deletion::run_due(&app.state).await.unwrap(), 0);
    assert!(users::find_by_email(app.db(), "bob@acme.com").await.unwrap().is_some(), "still within the grace period");
    // Sessions last 12 hours: a new one shows the sessions' end below.
    let bob = app.sign_in("bob@acme.com", PASSWORD).await;
    app.advance(Duration::from_secs(3600));
    assert_eq!(autoscope::accounts::deletion::run_due(&app.state).await.unwrap(), 1);
    assert_eq!(autoscope::accounts::deletion::run_due(&app.state).await.unwrap(), 0, "done once");

    assert_eq!(app.get_as(&bob, "/api/users/me").await.status, 401, "sessions ended");
    let refused = app.post("/api/users/signin", json!({ "email": "bob@acme.com", "password": PASSWORD })).await;
    assert_eq!(refused.status, 401);
    assert!(users::find_by_email(app.db(), "bob@acme.com").await.unwrap().is_none());
    let gone = users::get(app.db(), &bob_id).await.unwrap().expect("the id stays");
    assert_eq!((gone.firstname.as_str(), gone.lastname.as_str()), ("Deleted", "user"));
    assert!(gone.email.ends_with("@deleted.invalid") && gone.email.contains(&bob_id.to_lowercase()));
    assert!(gone.password_hash.is_none() && gone.social_provider.is_none());
    assert_eq!((gone.job_title.as_str(), gone.department.as_str()), ("", ""));
    let member = memberships::member(app.db(), &company_id, &bob_id).await.unwrap().expect("kept as a former member");
    assert_eq!((member.status.as_str(), member.firstname.as_str()), ("removed", "Deleted"));
    assert!(events_of(&app, &bob_id).await.contains(&"user.deleted".to_string()));
    assert!(app.mails_to("bob@acme.com").await.is_empty(), "the outbox keeps no mail to the address");
    let invited = invitations::get(app.db(), &company_id, &invitation_id).await.unwrap().unwrap();
    assert_eq!(invited.email, gone.email, "the invitation names the placeholder");
    let asked = &autoscope::storage::enterprise::list_for_company(app.db(), &company_id).await.unwrap()[0];
    assert_eq!(
        (asked.username.as_str(), asked.email.as_str(), asked.contact_number.as_str()),
        ("Deleted user", gone.email.as_str(), "")
    );
    let logged = system_logs::list_for_user(app.db(), &bob_id, 100).await.unwrap();
    assert!(logged.iter().any(|entry| entry.message.contains(&gone.email)), "the entries stay, with the placeholder");
    assert!(logged.iter().all(|entry| !entry.message.contains("bob@acme.com") && entry.client_addr.is_none()));

    let listed = app.get_as(&app.admin_token().await, "/api/admin/deletionRequests").await;
    let row = &listed.body.as_array().unwrap()[0];
    assert_eq!((row["user_id"].as_str(), row["name"].as_str()), (Some(bob_id.as_str()), Some("Deleted user")));
    assert!(row["completed_at"].is_string());
}

/// The only active admin of a company with other active members is refused, with the same
/// words as leaving; alone in a company they may ask.
async fn the_last_admin_of_a_team_cannot_ask_for_deletion(app: TestApp) {
    let admin = app.sign_up("ann@acme.com", "Acme").await;
    let alone = app.sign_up("cy@solo.com", "Solo").await;
    colleague(&app, &admin, "bob@acme.com").await;
    let refused = request_deletion(&app, &admin, json!({ "password": PASSWORD })).await;
    assert_eq!((refused.status, refused.message()), (409, "The company needs at least one active admin"));
    assert_eq!(app.get_as(&admin, "/api/users/dataDeletion").await.body["pending"], false);
    assert_eq!(request_deletion(&app, &alone, json!({ "password": PASSWORD })).await.body["pending"], true);
}

async fn only_platform_admins_list_deletion_requests(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    request_deletion(&app, &token, json!({ "password": PASSWORD })).await;
    assert_eq!(app.get_as(&token, "/api/admin/deletionRequests").await.status, 403);
    let listed = app.get_as(&app.admin_token().await, "/api/admin/deletionRequests").await;
    assert_eq!(listed.status, 200);
    let row = &listed.body.as_array().unwrap()[0];
    assert_eq!((row["name"].as_str(), row["email"].as_str()), (Some("Ann Lee"), Some("ann@acme.com")));
    assert!(row["completed_at"].is_null());
}

/// With no grace period configured a request is due at once, and `autoscope user
/// run-deletions` (another process on the same database) carries it out.
async fn the_command_line_carries_out_due_requests_at_once(engine: Engine) {
    let app = TestApp::start(engine, |config| config.deletion_grace = Duration::ZERO).await;
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let asked = request_deletion(&app, &token, json!({ "password": PASSWORD })).await;
    assert_eq!(asked.body["requested_at"], asked.body["due_at"]);
    let data_dir = TempDir::new();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_autoscope"))
        .args(["user", "run-deletions"])
        .env("DATABASE_URL", &app.state.config.database_url)
        .env("AUTOSCOPE_DATA_DIR", &data_dir.0)
        .env("AUTOSCOPE_SECRET", "test-secret-test-secret-test-secret-0123")
        .env("AUTOSCOPE_LOG", "warn")
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(stdout.trim(), "1 data deletion request(s) carried out");
    assert!(users::find_by_email(app.db(), "ann@acme.com").await.unwrap().is_none());
}
