//! Social sign-in and sign-up against a real OpenID Connect provider (oauth2-mock-server):
//! their payloads, answers and messages.

use std::time::{SystemTime, UNIX_EPOCH};

use autoscope::storage::{Engine, users};
use serde_json::{Value, json};

use crate::on_both_engines;
use crate::support::oidc::{OidcProvider, client_id, client_secret};
use crate::support::{Answer, TestApp};

on_both_engines!(engine:
    a_new_user_signs_up_and_is_signed_in,
    a_known_user_gets_login_user,
    the_email_of_a_password_account_is_taken,
    a_forged_signature_is_refused,
    a_token_for_another_client_is_refused,
    an_expired_token_is_refused,
    a_nonce_not_issued_or_not_in_the_token_is_refused,
    a_nonce_of_another_provider_is_refused,
    a_used_nonce_is_refused,
    the_token_email_wins_over_the_payload,
    the_access_token_path_reads_userinfo,
    linkedin_exchanges_the_code,
    an_unconfigured_provider_is_refused,
    a_provider_that_is_down_gives_connection_error,
    a_disabled_user_is_refused,
    social_sign_up_checks_the_form_and_taken_names,
);

const INVALID: &str = "Invalid social sign-in";

fn unix_now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64
}

/// A host with the provider configured under each of `names`.
async fn start(engine: Engine, names: &[&str]) -> (TestApp, OidcProvider) {
    let idp = OidcProvider::start().await;
    let configs: Vec<_> = names.iter().map(|name| idp.config(name)).collect();
    let app = TestApp::start(engine, |config| config.social = configs).await;
    (app, idp)
}

async fn nonce(app: &TestApp, provider: &str) -> String {
    let answer = app.post("/api/users/socialNonce", json!({"providerName": provider})).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    answer.body["nonce"].as_str().unwrap().to_string()
}

/// Claims of a good Google ID token for `sub` and `email`, with `nonce`.
fn claims(sub: &str, email: &str, nonce: &str) -> Value {
    json!({"sub": sub, "email": email, "email_verified": true, "name": "Ann Lee", "nonce": nonce, "aud": client_id("google")})
}

/// The spec's social sign-in payload with an ID token.
fn sign_in_payload(token_id: &str, nonce: &str) -> Value {
    json!({
        "providerName": "google", "name": "Ann Lee", "email": "ann@acme.com", "userId": "g-1",
        "tokenId": token_id, "accessToken": "", "expiresIn": 3599, "imageURL": "", "nonce": nonce
    })
}

/// The spec's social sign-up payload for `company`, carrying the provider's tokens.
fn sign_up_payload(provider: &str, token_id: &str, access_token: &str, nonce: &str, company: &str) -> Value {
    json!({
        "providerName": provider, "firstname": "Ann", "lastname": "Lee", "accessToken": access_token,
        "expiresIn": 3599, "tokenId": token_id, "userId": "g-1", "email": "ann@acme.com", "imageUrl": "",
        "companyname": company, "country": "IN", "department": "Information Technology", "gender": "Female",
        "job_title": "RPA Lead", "currency_name": "INR", "currency_symbol": "₹",
        "agreedToTermsAndConditions": true, "userrole": "communityuser", "nonce": nonce
    })
}

async fn sign_in_with(app: &TestApp, idp: &OidcProvider, sub: &str, email: &str) -> Answer {
    let nonce = nonce(app, "google").await;
    let token = idp.id_token(claims(sub, email, &nonce)).await;
    app.post("/api/users/socialSignIn", sign_in_payload(&token, &nonce)).await
}

/// Runs the whole social sign-up for `sub` and returns the session token.
async fn social_sign_up(app: &TestApp, idp: &OidcProvider, sub: &str, email: &str, company: &str) -> String {
    let nonce = nonce(app, "google").await;
    let token = idp.id_token(claims(sub, email, &nonce)).await;
    let detected = app.post("/api/users/socialSignIn", sign_in_payload(&token, &nonce)).await;
    assert_eq!(detected.message(), "New user detected", "{detected:?}");
    let registered = app.post("/api/users/socialSignUp", sign_up_payload("google", &token, "", &nonce, company)).await;
    assert_eq!((registered.status, registered.message()), (200, "User registered successfully"), "{registered:?}");
    registered.body["data"]["token"].as_str().unwrap().to_string()
}

fn assert_invalid(answer: &Answer) {
    assert_eq!((answer.status, answer.message()), (401, INVALID), "{answer:?}");
    assert!(answer.body.get("data").is_none());
}

/// 'New user detected' with the provider's values, then sign-up opens a working session.
async fn a_new_user_signs_up_and_is_signed_in(engine: Engine) {
    let (app, idp) = start(engine, &["google"]).await;
    let nonce = nonce(&app, "google").await;
    let token = idp.id_token(claims("g-1", "Ann@Acme.com", &nonce)).await;
    let detected = app.post("/api/users/socialSignIn", sign_in_payload(&token, &nonce)).await;
    assert_eq!((detected.status, detected.message()), (200, "New user detected"));
    assert_eq!(
        detected.body["data"],
        json!({"firstname": "Ann", "lastname": "Lee", "email": "ann@acme.com", "providerName": "google"})
    );
    let registered = app.post("/api/users/socialSignUp", sign_up_payload("google", &token, "", &nonce, "Acme")).await;
    assert_eq!((registered.status, registered.message()), (200, "User registered successfully"));
    assert_eq!(registered.body["data"]["userdata"]["companyname"], "Acme");
    let session = registered.body["data"]["token"].as_str().unwrap();
    let me = app.get_as(session, "/api/users/me").await;
    assert_eq!(me.status, 200, "{me:?}");
    assert_eq!((me.body["email"].as_str(), me.body["firstname"].as_str()), (Some("ann@acme.com"), Some("Ann")));
    let user = users::find_by_email(app.db(), "ann@acme.com").await.unwrap().unwrap();
    assert_eq!((user.social_provider.as_deref(), user.password_hash), (Some("google"), None));
}

/// The second sign-in of the same identity answers 'Login User' with a session.
async fn a_known_user_gets_login_user(engine: Engine) {
    let (app, idp) = start(engine, &["google"]).await;
    social_sign_up(&app, &idp, "g-1", "ann@acme.com", "Acme").await;
    // The provider's e-mail may have changed since: the identity is the subject.
    let again = sign_in_with(&app, &idp, "g-1", "ann.lee@acme.com").await;
    assert_eq!((again.status, again.message()), (200, "Login User"), "{again:?}");
    assert_eq!(again.body["data"]["userdata"]["email"], "ann@acme.com");
    let session = again.body["data"]["token"].as_str().unwrap();
    assert_eq!(app.get_as(session, "/api/users/me").await.status, 200);
}

/// An e-mail that belongs to a password account: 'Email already exists', and no sign-up.
async fn the_email_of_a_password_account_is_taken(engine: Engine) {
    let (app, idp) = start(engine, &["google"]).await;
    app.sign_up("ann@acme.com", "Acme").await;
    let nonce = nonce(&app, "google").await;
    let token = idp.id_token(claims("g-1", "ann@acme.com", &nonce)).await;
    let answer = app.post("/api/users/socialSignIn", sign_in_payload(&token, &nonce)).await;
    assert_eq!((answer.status, answer.message()), (400, "Email already exists"));
    let sign_up = app.post("/api/users/socialSignUp", sign_up_payload("google", &token, "", &nonce, "Other Co")).await;
    assert_eq!((sign_up.status, sign_up.message()), (400, "Email or Company name already exists"));
}

/// A token signed by a key the provider never published (same key id): 401.
async fn a_forged_signature_is_refused(engine: Engine) {
    let (app, idp) = start(engine, &["google"]).await;
    let nonce = nonce(&app, "google").await;
    let forged = idp.forged_id_token(claims("g-1", "ann@acme.com", &nonce)).await;
    assert_invalid(&app.post("/api/users/socialSignIn", sign_in_payload(&forged, &nonce)).await);
    // The same claims, properly signed, pass: the signature made the difference.
    let genuine = idp.id_token(claims("g-1", "ann@acme.com", &nonce)).await;
    assert_eq!(app.post("/api/users/socialSignIn", sign_in_payload(&genuine, &nonce)).await.status, 200);
}

/// A token the provider issued to another client (audience): 401.
async fn a_token_for_another_client_is_refused(engine: Engine) {
    let (app, idp) = start(engine, &["google"]).await;
    let nonce = nonce(&app, "google").await;
    let mut other = claims("g-1", "ann@acme.com", &nonce);
    other["aud"] = json!("someone-else");
    let token = idp.id_token(other).await;
    assert_invalid(&app.post("/api/users/socialSignIn", sign_in_payload(&token, &nonce)).await);
    let sign_up = app.post("/api/users/socialSignUp", sign_up_payload("google", &token, "", &nonce, "Acme")).await;
    assert_invalid(&sign_up);
}

/// A token past its expiry: 401.
async fn an_expired_token_is_refused(engine: Engine) {
    let (app, idp) = start(engine, &["google"]).await;
    let nonce = nonce(&app, "google").await;
    let mut old = claims("g-1", "ann@acme.com", &nonce);
    old["iat"] = json!(unix_now() - 7200);
    old["nbf"] = json!(unix_now() - 7200);
    old["exp"] = json!(unix_now() - 3600);
    let token = idp.id_token(old).await;
    assert_invalid(&app.post("/api/users/socialSignIn", sign_in_payload(&token, &nonce)).await);
}

/// A nonce the host never issued, or one that differs from the token's: 401.
async fn a_nonce_not_issued_or_not_in_the_token_is_refused(engine: Engine) {
    let (app, idp) = start(engine, &["google"]).await;
    let made_up = idp.id_token(claims("g-1", "ann@acme.com", "made-up-nonce")).await;
    assert_invalid(&app.post("/api/users/socialSignIn", sign_in_payload(&made_up, "made-up-nonce")).await);
    let (first, second) = (nonce(&app, "google").await, nonce(&app, "google").await);
    let token = idp.id_token(claims("g-1", "ann@acme.com", &first)).await;
    assert_invalid(&app.post("/api/users/socialSignIn", sign_in_payload(&token, &second)).await);
    assert_invalid(&app.post("/api/users/socialSignIn", sign_in_payload(&token, "")).await);
    let mut without = claims("g-1", "ann@acme.com", &first);
    without.as_object_mut().unwrap().remove("nonce");
    let token = idp.id_token(without).await;
    assert_invalid(&app.post("/api/users/socialSignIn", sign_in_payload(&token, &first)).await);
}

/// A nonce issued for another provider does not count for this one.
async fn a_nonce_of_another_provider_is_refused(engine: Engine) {
    let (app, idp) = start(engine, &["google", "facebook"]).await;
    let nonce = nonce(&app, "facebook").await;
    let token = idp.id_token(claims("g-1", "ann@acme.com", &nonce)).await;
    assert_invalid(&app.post("/api/users/socialSignIn", sign_in_payload(&token, &nonce)).await);
}

/// A nonce is single use once it signed someone in, and lives 10 minutes.
async fn a_used_nonce_is_refused(engine: Engine) {
    let (app, idp) = start(engine, &["google"]).await;
    social_sign_up(&app, &idp, "g-1", "ann@acme.com", "Acme").await;
    let nonce = nonce(&app, "google").await;
    let token = idp.id_token(claims("g-1", "ann@acme.com", &nonce)).await;
    let first = app.post("/api/users/socialSignIn", sign_in_payload(&token, &nonce)).await;
    assert_eq!(first.message(), "Login User");
    assert_invalid(&app.post("/api/users/socialSignIn", sign_in_payload(&token, &nonce)).await);
    let late = self::nonce(&app, "google").await;
    let token = idp.id_token(claims("g-1", "ann@acme.com", &late)).await;
    // The token itself is still within its hour; only the nonce runs out.
    app.advance(std::time::Duration::from_secs(11 * 60));
    let answer = app.post("/api/users/socialSignIn", sign_in_payload(&token, &late)).await;
    assert_invalid(&answer);
}

/// The e-mail and name the browser sends are ignored: the token's are used.
async fn the_token_email_wins_over_the_payload(engine: Engine) {
    let (app, idp) = start(engine, &["google"]).await;
    let nonce = nonce(&app, "google").await;
    let token = idp.id_token(claims("g-1", "ann@acme.com", &nonce)).await;
    let mut payload = sign_in_payload(&token, &nonce);
    payload["email"] = json!("eve@evil.com");
    payload["name"] = json!("Eve Roe");
    payload["userId"] = json!("someone-else");
    let detected = app.post("/api/users/socialSignIn", payload).await;
    assert_eq!(detected.body["data"]["email"], "ann@acme.com");
    assert_eq!(detected.body["data"]["firstname"], "Ann");
    let mut sign_up = sign_up_payload("google", &token, "", &nonce, "Acme");
    sign_up["email"] = json!("eve@evil.com");
    let registered = app.post("/api/users/socialSignUp", sign_up).await;
    assert_eq!(registered.body["data"]["userdata"]["email"], "ann@acme.com", "{registered:?}");
    assert!(users::find_by_email(app.db(), "eve@evil.com").await.unwrap().is_none());
}

/// Without an ID token the access token is checked with the provider's userinfo.
async fn the_access_token_path_reads_userinfo(engine: Engine) {
    let (app, idp) = start(engine, &["google"]).await;
    let access_token = idp
        .access_token(json!({"sub": "g-7", "email": "bo@acme.com", "given_name": "Bo", "family_name": "Chan"}))
        .await;
    let nonce = nonce(&app, "google").await;
    let payload = |access_token: &str| {
        json!({"providerName": "google", "name": "X", "email": "x@evil.com", "userId": "x", "tokenId": "",
            "accessToken": access_token, "expiresIn": 3599, "imageURL": "", "nonce": nonce})
    };
    assert_invalid(&app.post("/api/users/socialSignIn", payload("not-a-token-the-provider-issued")).await);
    let detected = app.post("/api/users/socialSignIn", payload(&access_token)).await;
    assert_eq!((detected.status, detected.message()), (200, "New user detected"), "{detected:?}");
    assert_eq!(
        detected.body["data"],
        json!({"firstname": "Bo", "lastname": "Chan", "email": "bo@acme.com", "providerName": "google"})
    );
    let registered =
        app.post("/api/users/socialSignUp", sign_up_payload("google", "", &access_token, &nonce, "Bo Co")).await;
    assert_eq!(registered.message(), "User registered successfully", "{registered:?}");
    assert_eq!(registered.body["data"]["userdata"]["firstname"], "Bo");
    let again = nonce_and_sign_in_by_access_token(&app, &access_token).await;
    assert_eq!(again.message(), "Login User", "{again:?}");
}

async fn nonce_and_sign_in_by_access_token(app: &TestApp, access_token: &str) -> Answer {
    let nonce = nonce(app, "google").await;
    app.post("/api/users/socialSignIn", json!({"providerName": "google", "accessToken": access_token, "nonce": nonce}))
        .await
}

/// linkedinSignIn exchanges the code with the client's credentials and reads the profile.
async fn linkedin_exchanges_the_code(engine: Engine) {
    let (app, idp) = start(engine, &["linkedin"]).await;
    let profile = json!({"sub": "li-1", "given_name": "Cy", "family_name": "Dunn", "email": "cy@acme.com",
        "email_verified": true, "picture": "https://media.example/cy.jpg"});
    let code = idp.code(profile).await;
    let answer = app.post("/api/users/linkedinSignIn", json!({"code": code})).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    assert_eq!(
        answer.body["nameData"],
        json!({"localizedFirstName": "Cy", "localizedLastName": "Dunn", "id": "li-1",
            "profilePicture": {"displayImage": "https://media.example/cy.jpg"}})
    );
    assert_eq!(answer.body["emailData"], json!({"email": "cy@acme.com"}));
    assert_eq!(answer.body["expiresIn"], 3600);
    let exchange = idp.token_requests().await.pop().unwrap();
    assert_eq!(exchange["grant_type"], "authorization_code");
    assert_eq!(exchange["code"], code.as_str());
    assert_eq!(exchange["redirect_uri"], format!("{}/linkedin", app.base));
    assert_eq!(exchange["client_id"], client_id("linkedin"));
    assert_eq!(exchange["client_secret"], client_secret("linkedin"));
    // The access token then signs in through userinfo like any other.
    let nonce = nonce(&app, "linkedin").await;
    let token = answer.body["token"].as_str().unwrap();
    let detected = app
        .post("/api/users/socialSignIn", json!({"providerName": "linkedin", "accessToken": token, "nonce": nonce}))
        .await;
    assert_eq!(
        (detected.message(), detected.body["data"]["email"].as_str()),
        ("New user detected", Some("cy@acme.com"))
    );
    // A code works once; the provider refuses it after.
    assert_invalid(&app.post("/api/users/linkedinSignIn", json!({"code": code})).await);
}

/// Providers that are not configured: 400, and socialProviders lists only the others.
async fn an_unconfigured_provider_is_refused(engine: Engine) {
    let (app, idp) = start(engine, &["google"]).await;
    let unknown = "This sign-in provider is not available";
    for provider in ["facebook", "linkedin", "myspace", ""] {
        let nonce = app.post("/api/users/socialNonce", json!({"providerName": provider})).await;
        assert_eq!((nonce.status, nonce.message()), (400, unknown), "{provider}");
        let mut payload = sign_in_payload("x.y.z", "n");
        payload["providerName"] = json!(provider);
        let answer = app.post("/api/users/socialSignIn", payload).await;
        assert_eq!((answer.status, answer.message()), (400, unknown), "{provider}");
    }
    let linkedin = app.post("/api/users/linkedinSignIn", json!({"code": "abc"})).await;
    assert_eq!((linkedin.status, linkedin.message()), (400, unknown));
    let listed = app.get("/api/users/socialProviders").await;
    assert_eq!(
        listed.body,
        json!({"providers": [{"name": "google", "issuer": idp.issuer, "clientId": client_id("google"),
            "authorizationEndpoint": format!("{}/authorize", idp.issuer)}]})
    );
}

/// A provider that cannot be reached: 502 'Connection Error', and no endpoint listed.
async fn a_provider_that_is_down_gives_connection_error(engine: Engine) {
    let (app, mut idp) = start(engine, &["google", "linkedin"]).await;
    let nonce = nonce(&app, "google").await;
    let token = idp.id_token(claims("g-1", "ann@acme.com", &nonce)).await;
    idp.stop().await;
    let answer = app.post("/api/users/socialSignIn", sign_in_payload(&token, &nonce)).await;
    assert_eq!((answer.status, answer.message()), (502, "Connection Error"), "{answer:?}");
    let linkedin = app.post("/api/users/linkedinSignIn", json!({"code": "abc"})).await;
    assert_eq!((linkedin.status, linkedin.message()), (502, "Connection Error"));
    let listed = app.get("/api/users/socialProviders").await;
    assert_eq!(listed.status, 200);
    assert_eq!(listed.body["providers"][0]["authorizationEndpoint"], Value::Null);
    assert_eq!(listed.body["providers"][1]["name"], "linkedin");
}

/// A disabled account cannot sign in through its provider.
async fn a_disabled_user_is_refused(engine: Engine) {
    let (app, idp) = start(engine, &["google"]).await;
    social_sign_up(&app, &idp, "g-1", "ann@acme.com", "Acme").await;
    let user = users::find_by_email(app.db(), "ann@acme.com").await.unwrap().unwrap();
    users::set_disabled(app.db(), &user.id, true).await.unwrap();
    assert_invalid(&sign_in_with(&app, &idp, "g-1", "ann@acme.com").await);
}

/// The social sign-up form: the spec's field messages, the agreement, taken names.
async fn social_sign_up_checks_the_form_and_taken_names(engine: Engine) {
    let (app, idp) = start(engine, &["google"]).await;
    app.sign_up("owner@acme.com", "Acme").await;
    let nonce = nonce(&app, "google").await;
    let token = idp.id_token(claims("g-1", "ann@bolt.com", &nonce)).await;
    let mut no_gender = sign_up_payload("google", &token, "", &nonce, "Bolt");
    no_gender["gender"] = json!("");
    let answer = app.post("/api/users/socialSignUp", no_gender).await;
    assert_eq!((answer.status, answer.message()), (400, "Please select a Gender"));
    let mut no_agreement = sign_up_payload("google", &token, "", &nonce, "Bolt");
    no_agreement["agreedToTermsAndConditions"] = json!(false);
    let answer = app.post("/api/users/socialSignUp", no_agreement).await;
    assert_eq!((answer.status, answer.message()), (400, "Please accept the agreement to sign up"));
    let taken = app.post("/api/users/socialSignUp", sign_up_payload("google", &token, "", &nonce, "ACME")).await;
    assert_eq!((taken.status, taken.message()), (400, "Email or Company name already exists"));
    // The nonce survives the refusals, so the corrected form goes through.
    let registered = app.post("/api/users/socialSignUp", sign_up_payload("google", &token, "", &nonce, "Bolt")).await;
    assert_eq!(registered.message(), "User registered successfully", "{registered:?}");
    // The same identity cannot make a second account.
    let nonce = self::nonce(&app, "google").await;
    let token = idp.id_token(claims("g-1", "ann@bolt.com", &nonce)).await;
    let again = app.post("/api/users/socialSignUp", sign_up_payload("google", &token, "", &nonce, "Bolt 2")).await;
    assert_eq!((again.status, again.message()), (400, "Email or Company name already exists"));
}
