//! The encrypted company directory, `GET /users/all_users`.

use autoscope::config::Secret;
use autoscope::crypto;
use autoscope::storage::users::{self, NewUser};
use autoscope::storage::{Engine, companies, pictures};
use serde_json::Value;

use crate::on_both_engines;
use crate::support::TestApp;

on_both_engines!(
    the_list_holds_the_company_users_with_their_pictures,
    another_company_users_never_appear,
    a_disabled_user_is_not_listed,
    the_list_needs_a_session,
);
on_both_engines!(engine: the_list_is_encrypted_with_the_configured_key);

/// Adds a user to the company (with its sign-up role) straight through storage.
pub async fn add_colleague(app: &TestApp, company_id: &str, email: &str, firstname: &str) -> String {
    let (role_id, _) = companies::find_role(app.db(), company_id, "communityuser").await.unwrap().unwrap();
    let user = NewUser {
        email,
        firstname,
        lastname: "Colleague",
        password_hash: None,
        gender: "Male",
        country: "IN",
        department: "Legal",
        job_title: "Analyst",
        social_provider: None,
        social_subject: None,
        is_admin: false,
    };
    users::create(app.db(), company_id, &role_id, &user, app.state.clock.now()).await.unwrap().unwrap()
}

/// The signed-in user's `userdata` (user_id, company_id...).
pub async fn whoami(app: &TestApp, token: &str) -> Value {
    let me = app.get_as(token, "/api/users/me").await;
    assert_eq!(me.status, 200, "{me:?}");
    me.body
}

/// Fetches and decrypts the user list with the host's configured key.
pub async fn user_list(app: &TestApp, token: &str) -> Vec<Value> {
    let answer = app.get_as(token, "/api/users/all_users").await;
    assert_eq!(answer.status, 200, "{answer:?}");
    let sealed = answer.body["data"].as_str().expect("data is the encrypted text");
    let plain = crypto::decrypt_from_server(app.state.config.user_list_key.expose(), sealed).expect("decrypts");
    serde_json::from_slice(&plain).unwrap()
}

/// Both users of the company, with the spec's fields; the picture path only for the one with a picture.
async fn the_list_holds_the_company_users_with_their_pictures(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let me = whoami(&app, &token).await;
    let company_id = me["company_id"].as_str().unwrap();
    let bob = add_colleague(&app, company_id, "bob@acme.com", "Bob").await;
    pictures::put(app.db(), &bob, "image/png", b"\x89PNG\r\n\x1a\n", app.state.clock.now()).await.unwrap();

    let list = user_list(&app, &token).await;
    assert_eq!(list.len(), 2, "{list:?}");
    let ann = list.iter().find(|u| u["email"] == "ann@acme.com").unwrap();
    assert_eq!(ann["id"], me["user_id"]);
    assert_eq!(ann["user_id"], me["user_id"]);
    assert_eq!((ann["firstname"].as_str(), ann["lastname"].as_str()), (Some("Ann"), Some("Lee")));
    assert_eq!(ann["profile_image"], "");
    let bob_item = list.iter().find(|u| u["email"] == "bob@acme.com").unwrap();
    assert_eq!(bob_item["user_id"], bob.as_str());
    assert_eq!(bob_item["profile_image"], format!("/api/users/getUploadedProfilePic/{bob}"));
}

/// Company B's list has B's users only, never A's.
async fn another_company_users_never_appear(app: TestApp) {
    app.sign_up("ann@acme.com", "Acme").await;
    let beta = app.sign_up("bea@beta.com", "Beta").await;
    let list = user_list(&app, &beta).await;
    let emails: Vec<&str> = list.iter().filter_map(|u| u["email"].as_str()).collect();
    assert_eq!(emails, ["bea@beta.com"]);
}

/// A disabled account leaves the directory.
async fn a_disabled_user_is_not_listed(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let company_id = whoami(&app, &token).await["company_id"].as_str().unwrap().to_string();
    let bob = add_colleague(&app, &company_id, "bob@acme.com", "Bob").await;
    assert_eq!(user_list(&app, &token).await.len(), 2);
    users::set_disabled(app.db(), &bob, true).await.unwrap();
    let list = user_list(&app, &token).await;
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["email"], "ann@acme.com");
}

/// Without a token: 401.
async fn the_list_needs_a_session(app: TestApp) {
    let answer = app.get("/api/users/all_users").await;
    assert_eq!((answer.status, answer.message()), (401, "Please login to continue"));
}

/// The key comes from configuration: only that key opens the list.
async fn the_list_is_encrypted_with_the_configured_key(engine: Engine) {
    let app = TestApp::start(engine, |config| config.user_list_key = Secret::new(b"the-configured-key".to_vec())).await;
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let answer = app.get_as(&token, "/api/users/all_users").await;
    let sealed = answer.body["data"].as_str().unwrap();
    assert!(!sealed.contains("ann@acme.com"));
    assert!(crypto::decrypt_from_server(b"another-key", sealed).is_none());
    let plain = crypto::decrypt_from_server(b"the-configured-key", sealed).expect("the configured key opens it");
    let list: Vec<Value> = serde_json::from_slice(&plain).unwrap();
    assert_eq!(list[0]["email"], "ann@acme.com");
}
