//! Rate limits per account and per address on sign-in (failures only, and a lock that
//! slows an account down instead of shutting it), sign-up codes, code verification and
//! forgot-password: 429 with `{ "message": ... }`, and service again after the window.

use std::time::{Duration, Instant};

use autoscope::config::Limit;
use autoscope::storage::Engine;
use serde_json::json;

use crate::on_both_engines;
use crate::support::{Answer, PASSWORD, TestApp};

on_both_engines!(engine:
    a_locked_account_takes_the_right_password_after_a_wait,
    a_locked_account_takes_one_attempt_at_a_time,
    successful_sign_ins_do_not_count,
    sign_in_is_limited_per_address,
    an_address_refused_does_not_count_against_the_accounts_it_names,
    code_requests_are_limited_per_account,
    code_requests_are_limited_per_address,
    code_verification_is_limited_per_account,
    code_verification_is_limited_per_address,
    forgot_password_is_limited_per_account,
    forgot_password_is_limited_per_address,
    behind_a_proxy_the_address_is_the_one_the_proxy_saw,
);

const TOO_MANY: &str = "Too many attempts, please try again later";
/// Every limit below uses this window; moving the clock by it starts a fresh one.
const WINDOW_MINUTES: u64 = 15;
const WINDOW: Duration = Duration::from_secs(WINDOW_MINUTES * 60);

/// Starts the host and moves its clock to the start of a window, so the steps of a test
/// (and its own clock moves) all fall in one window until it moves by `WINDOW`.
async fn start(engine: Engine, adjust: impl FnOnce(&mut autoscope::Config)) -> TestApp {
    let app = TestApp::start(engine, adjust).await;
    let window = WINDOW.as_secs() as i64;
    let into_window = app.state.clock.now().rem_euclid(window);
    app.advance(Duration::from_secs((window - into_window) as u64));
    app
}

fn assert_too_many(answer: &Answer) {
    assert_eq!(answer.status, 429, "{answer:?}");
    assert_eq!(answer.body, json!({ "message": TOO_MANY }));
}

async fn sign_in(app: &TestApp, email: &str, password: &str) -> Answer {
    app.post("/api/users/signin", json!({"email": email, "password": password})).await
}

async fn ask_code(app: &TestApp, email: &str) -> Answer {
    app.post("/api/users/newUserSignUp", json!({"firstname": "Ann", "lastname": "Lee", "email": email})).await
}

async fn verify_code(app: &TestApp, email: &str, code: &str) -> Answer {
    app.post("/api/users/userSignUpTokenVerification", json!({"email": email, "verificationCode": code})).await
}

async fn forgot(app: &TestApp, email: &str) -> Answer {
    app.post("/api/users/forgot_password", json!({"email": email})).await
}

/// A 6-digit code other than `code`.
fn other_code(code: &str) -> String {
    if code == "000000" { "111111".into() } else { "000000".into() }
}

/// Past 3 failures on one account it is locked, not shut: the owner's right password still
/// signs in, after the lock's spacing; a wrong one waits as long and is refused; the lock
/// holds other accounts back not at all, and ends with the window.
async fn a_locked_account_takes_the_right_password_after_a_wait(engine: Engine) {
    let spacing = Duration::from_millis(400);
    let app = start(engine, |c| {
        c.rate_limits.signin.per_account = Limit::per_minutes(3, WINDOW_MINUTES);
        c.rate_limits.signin_lock.first_spacing = spacing;
    })
    .await;
    app.sign_up("ann@acme.com", "Acme").await;
    for _ in 0..3 {
        assert_eq!(sign_in(&app, "ann@acme.com", "Wr0ng-Password!").await.status, 401);
    }
    let started = Instant::now();
    assert_eq!(sign_in(&app, "ANN@acme.com", PASSWORD).await.status, 200, "the owner gets in");
    assert!(started.elapsed() >= spacing, "after the lock's spacing: {:?}", started.elapsed());
    let started = Instant::now();
    assert_eq!(sign_in(&app, "ann@acme.com", "Wr0ng-Password!").await.status, 401);
    assert!(started.elapsed() >= spacing, "a guess waits as long: {:?}", started.elapsed());
    assert_eq!(sign_in(&app, "bob@acme.com", PASSWORD).await.status, 401, "other accounts are not held back");
    app.advance(WINDOW);
    assert_eq!(sign_in(&app, "ann@acme.com", PASSWORD).await.status, 200);
}

/// A locked account checks one attempt at a time: while one waits for its turn, another
/// whose turn would come past the longest wait is refused at once, taking no turn.
async fn a_locked_account_takes_one_attempt_at_a_time(engine: Engine) {
    let app = start(engine, |c| {
        c.rate_limits.signin.per_account = Limit::per_minutes(1, WINDOW_MINUTES);
        c.rate_limits.signin_lock.first_spacing = Duration::from_secs(2);
        c.rate_limits.signin_lock.max_wait = Duration::from_secs(3);
    })
    .await;
    app.sign_up("ann@acme.com", "Acme").await;
    assert_eq!(sign_in(&app, "ann@acme.com", "Wr0ng-Password!").await.status, 401);
    let (waited, crowded) = tokio::join!(sign_in(&app, "ann@acme.com", PASSWORD), async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        sign_in(&app, "ann@acme.com", PASSWORD).await
    });
    assert_eq!(waited.status, 200, "{waited:?}");
    assert_too_many(&crowded);
}

/// Successful sign-ins do not count, per account or per address: many people behind one
/// address, or one person on many devices, never use them up.
async fn successful_sign_ins_do_not_count(engine: Engine) {
    let app = start(engine, |c| {
        c.rate_limits.signin.per_account = Limit::per_minutes(2, WINDOW_MINUTES);
        c.rate_limits.signin.per_address = Limit::per_minutes(2, WINDOW_MINUTES);
    })
    .await;
    app.sign_up("ann@acme.com", "Acme").await;
    app.sign_up("bob@beta.com", "Beta").await;
    for _ in 0..3 {
        assert_eq!(sign_in(&app, "ann@acme.com", PASSWORD).await.status, 200);
        assert_eq!(sign_in(&app, "bob@beta.com", PASSWORD).await.status, 200);
    }
}

/// Past 4 failed sign-ins from one address, whatever the accounts, that address is refused
/// (429, a right password too) until the window ends.
async fn sign_in_is_limited_per_address(engine: Engine) {
    let app = start(engine, |c| c.rate_limits.signin.per_address = Limit::per_minutes(4, WINDOW_MINUTES)).await;
    app.sign_up("ann@acme.com", "Acme").await;
    for email in ["bob@beta.com", "cat@gamma.com", "dan@delta.com", "ann@acme.com"] {
        assert_eq!(sign_in(&app, email, "Wr0ng-Password!").await.status, 401);
    }
    assert_too_many(&sign_in(&app, "ann@acme.com", PASSWORD).await);
    assert_too_many(&sign_in(&app, "eve@epsilon.com", PASSWORD).await);
    app.advance(WINDOW);
    assert_eq!(sign_in(&app, "ann@acme.com", PASSWORD).await.status, 200);
}

/// An address past its limit is refused without its attempts counting against the accounts
/// they name: guesses from a refused address cannot lock someone else out.
async fn an_address_refused_does_not_count_against_the_accounts_it_names(engine: Engine) {
    let spacing = Duration::from_secs(10);
    let app = start(engine, |c| {
        c.rate_limits.signin.per_address = Limit::per_minutes(2, WINDOW_MINUTES);
        c.rate_limits.signin.per_account = Limit::per_minutes(2, WINDOW_MINUTES);
        c.rate_limits.signin_lock.first_spacing = spacing;
        c.trusted_proxies = 1;
    })
    .await;
    app.sign_up("ann@acme.com", "Acme").await;
    let attempt = |from: &'static str, email: &'static str, password: &'static str| {
        let body = json!({ "email": email, "password": password });
        let request = app.client.post(format!("{}/api/users/signin", app.base)).json(&body);
        request.header("x-forwarded-for", from).send()
    };
    for email in ["bob@beta.com", "cat@gamma.com"] {
        assert_eq!(attempt("203.0.113.7", email, "Wr0ng-Password!").await.unwrap().status(), 401);
    }
    for _ in 0..3 {
        assert_eq!(attempt("203.0.113.7", "ann@acme.com", "Wr0ng-Password!").await.unwrap().status(), 429);
    }
    let started = Instant::now();
    let owner = attempt("198.51.100.2", "ann@acme.com", PASSWORD).await.unwrap();
    assert_eq!(owner.status(), 200, "the owner, from elsewhere");
    assert!(started.elapsed() < spacing, "without a lock's wait: {:?}", started.elapsed());
}

/// Behind one trusted proxy, the address is the rightmost `X-Forwarded-For` entry (the one
/// the proxy appended): a client writing a new address of its own first on every try is
/// still limited, and another client behind the same proxy is not.
async fn behind_a_proxy_the_address_is_the_one_the_proxy_saw(engine: Engine) {
    let app = start(engine, |c| {
        c.rate_limits.signin.per_address = Limit::per_minutes(2, WINDOW_MINUTES);
        c.trusted_proxies = 1;
    })
    .await;
    let attempt = |forged: u8, seen: &'static str| {
        let body = json!({ "email": "nobody@acme.com", "password": "Wr0ng-Password!" });
        let request = app.client.post(format!("{}/api/users/signin", app.base)).json(&body);
        request.header("x-forwarded-for", format!("10.9.9.{forged}, {seen}")).send()
    };
    for forged in 1..=2 {
        assert_eq!(attempt(forged, "203.0.113.7").await.unwrap().status(), 401);
    }
    assert_eq!(
        attempt(3, "203.0.113.7").await.unwrap().status(),
        429,
        "a forged first entry does not escape the limit"
    );
    assert_eq!(attempt(4, "198.51.100.2").await.unwrap().status(), 401, "another client behind the proxy");
}

/// Past 2 code requests for one e-mail (a minute apart), 429 until the window ends.
async fn code_requests_are_limited_per_account(engine: Engine) {
    let app = start(engine, |c| c.rate_limits.code.per_account = Limit::per_minutes(2, WINDOW_MINUTES)).await;
    for _ in 0..2 {
        assert_eq!(ask_code(&app, "ann@acme.com").await.status, 200);
        // Past the one-minute resend wait, so only the rate limit can refuse.
        app.advance(Duration::from_secs(61));
    }
    assert_too_many(&ask_code(&app, "ann@acme.com").await);
    assert_eq!(app.mails_to("ann@acme.com").await.len(), 2);
    assert_eq!(ask_code(&app, "bob@acme.com").await.status, 200, "other e-mails are not held back");
    app.advance(WINDOW);
    assert_eq!(ask_code(&app, "ann@acme.com").await.status, 200);
}

/// Past 2 code requests from one address, whatever the e-mail, 429 until the window ends.
async fn code_requests_are_limited_per_address(engine: Engine) {
    let app = start(engine, |c| c.rate_limits.code.per_address = Limit::per_minutes(2, WINDOW_MINUTES)).await;
    assert_eq!(ask_code(&app, "ann@acme.com").await.status, 200);
    assert_eq!(ask_code(&app, "bob@acme.com").await.status, 200);
    assert_too_many(&ask_code(&app, "cat@acme.com").await);
    assert!(app.mails_to("cat@acme.com").await.is_empty());
    app.advance(WINDOW);
    assert_eq!(ask_code(&app, "cat@acme.com").await.status, 200);
}

/// Past 3 checks of one e-mail's code, even the right code gets 429 until the window ends.
async fn code_verification_is_limited_per_account(engine: Engine) {
    let app = start(engine, |c| c.rate_limits.verify.per_account = Limit::per_minutes(3, WINDOW_MINUTES)).await;
    assert_eq!(ask_code(&app, "ann@acme.com").await.status, 200);
    let code = app.signup_code_for("ann@acme.com").await;
    for _ in 0..3 {
        let wrong = verify_code(&app, "ann@acme.com", &other_code(&code)).await;
        assert_eq!((wrong.status, wrong.message()), (400, "Otp Code not valid"));
    }
    assert_too_many(&verify_code(&app, "ann@acme.com", &code).await);
    app.advance(WINDOW);
    // The 10-minute code has expired by now: a new one, checked in the fresh window.
    assert_eq!(ask_code(&app, "ann@acme.com").await.status, 200);
    let code = app.signup_code_for("ann@acme.com").await;
    assert_eq!(verify_code(&app, "ann@acme.com", &code).await.message(), "Token verified");
}

/// Past 3 code checks from one address, whatever the e-mail, 429 until the window ends.
async fn code_verification_is_limited_per_address(engine: Engine) {
    let app = start(engine, |c| c.rate_limits.verify.per_address = Limit::per_minutes(3, WINDOW_MINUTES)).await;
    for email in ["ann@acme.com", "bob@acme.com", "cat@acme.com"] {
        assert_eq!(verify_code(&app, email, "123456").await.status, 400);
    }
    assert_too_many(&verify_code(&app, "dan@acme.com", "123456").await);
    app.advance(WINDOW);
    assert_eq!(ask_code(&app, "dan@acme.com").await.status, 200);
    let code = app.signup_code_for("dan@acme.com").await;
    assert_eq!(verify_code(&app, "dan@acme.com", &code).await.message(), "Token verified");
}

/// Past 2 forgot-password requests for one account, 429 and no mail until the window ends.
async fn forgot_password_is_limited_per_account(engine: Engine) {
    let app = start(engine, |c| c.rate_limits.forgot.per_account = Limit::per_minutes(2, WINDOW_MINUTES)).await;
    app.sign_up("ann@acme.com", "Acme").await;
    let before = app.mails_to("ann@acme.com").await.len();
    for _ in 0..2 {
        assert_eq!(forgot(&app, "ann@acme.com").await.status, 200);
    }
    assert_too_many(&forgot(&app, "Ann@Acme.com").await);
    assert_eq!(app.mails_to("ann@acme.com").await.len(), before + 2);
    app.advance(WINDOW);
    assert_eq!(forgot(&app, "ann@acme.com").await.status, 200);
}

/// Past 2 forgot-password requests from one address (unknown e-mails count too), 429
/// until the window ends.
async fn forgot_password_is_limited_per_address(engine: Engine) {
    let app = start(engine, |c| c.rate_limits.forgot.per_address = Limit::per_minutes(2, WINDOW_MINUTES)).await;
    app.sign_up("ann@acme.com", "Acme").await;
    assert_eq!(forgot(&app, "nobody@acme.com").await.status, 404);
    assert_eq!(forgot(&app, "someone@acme.com").await.status, 404);
    assert_too_many(&forgot(&app, "ann@acme.com").await);
    app.advance(WINDOW);
    assert_eq!(forgot(&app, "ann@acme.com").await.status, 200);
}
