//! The admin API and `autoscope user create-admin` (issue: rights and editions).

use autoscope::admin::create_admin;
use serde_json::{Value, json};

use crate::directory::whoami;
use crate::on_both_engines;
use crate::support::{PASSWORD, TestApp};

on_both_engines!(
    create_admin_makes_an_account_with_a_generated_password,
    create_admin_uses_a_given_password_and_refuses_a_weak_one,
    create_admin_is_idempotent_and_reuses_the_administration_company,
    create_admin_promotes_an_existing_user,
    admin_routes_refuse_users_and_anonymous_callers,
    companies_are_listed_with_their_user_counts,
    a_company_accounts_are_listed_with_their_state,
    an_upgrade_enables_premium_modules_at_once,
    edition_changes_check_company_and_edition,
    disabling_a_user_ends_sessions_and_sign_in,
    unknown_users_and_disabling_oneself_are_refused,
);

pub const ADMIN_PASSWORD: &str = "Qu1et-Harbour#88";

/// Creates an administrator through create-admin and returns their token.
pub async fn admin_token(app: &TestApp) -> String {
    create_admin(&app.state, "root@autoscope.local", Some(ADMIN_PASSWORD.into())).await.unwrap();
    app.sign_in("root@autoscope.local", ADMIN_PASSWORD).await
}

fn right(me: &Value, key: &str) -> Value {
    me["userrole"][0]["rights"][key].clone()
}

/// A new account in "Autoscope Administration"; the printed password signs in as an admin.
async fn create_admin_makes_an_account_with_a_generated_password(app: TestApp) {
    let outcome = create_admin(&app.state, "Root@Autoscope.local", None).await.unwrap();
    let (_, password) = outcome.split_once("Password (shown only now): ").expect(&outcome);
    let token = app.sign_in("root@autoscope.local", password.trim()).await;
    let me = whoami(&app, &token).await;
    assert_eq!(me["is_admin"], true);
    assert_eq!(me["companyname"], "Autoscope Administration");
    assert_eq!(app.get_as(&token, "/api/admin/companies").await.status, 200);
}

/// A given password is used as is; one that fails the policy creates nothing.
async fn create_admin_uses_a_given_password_and_refuses_a_weak_one(app: TestApp) {
    let err = create_admin(&app.state, "weak@autoscope.local", Some("password".into())).await.unwrap_err();
    assert!(err.to_string().contains("Password should have one numeric"), "{err}");
    let refused = app.post("/api/users/signin", json!({"email": "weak@autoscope.local", "password": "password"})).await;
    assert_eq!(refused.status, 401);
    let outcome = create_admin(&app.state, "root@autoscope.local", Some(ADMIN_PASSWORD.into())).await.unwrap();
    assert!(!outcome.contains(ADMIN_PASSWORD), "a given password is not printed: {outcome}");
    app.sign_in("root@autoscope.local", ADMIN_PASSWORD).await;
}

/// Running it twice changes nothing; a second admin joins the same company.
async fn create_admin_is_idempotent_and_reuses_the_administration_company(app: TestApp) {
    let token = admin_token(&app).await;
    let again = create_admin(&app.state, "root@autoscope.local", None).await.unwrap();
    assert_eq!(again, "root@autoscope.local is already an administrator");
    app.sign_in("root@autoscope.local", ADMIN_PASSWORD).await;
    create_admin(&app.state, "second@autoscope.local", Some(ADMIN_PASSWORD.into())).await.unwrap();
    let companies = app.get_as(&token, "/api/admin/companies").await;
    let admin_companies: Vec<&Value> =
        companies.body["data"].as_array().unwrap().iter().filter(|c| c["name"] == "Autoscope Administration").collect();
    assert_eq!(admin_companies.len(), 1);
    assert_eq!(admin_companies[0]["users"], 2);
}

/// An existing user becomes admin, keeps their password, and their live token gains admin access.
async fn create_admin_promotes_an_existing_user(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    assert_eq!(app.get_as(&token, "/api/admin/companies").await.status, 403);
    let outcome = create_admin(&app.state, "ann@acme.com", None).await.unwrap();
    assert_eq!(outcome, "ann@acme.com is now an administrator (password unchanged)");
    assert_eq!(app.get_as(&token, "/api/admin/companies").await.status, 200);
    app.sign_in("ann@acme.com", PASSWORD).await;
}

/// Every admin route: 403 for a signed-in user, 401 without a session.
async fn admin_routes_refuse_users_and_anonymous_callers(app: TestApp) {
    let user = app.sign_up("ann@acme.com", "Acme").await;
    let routes = [
        (reqwest::Method::GET, "/api/admin/companies", None),
        (reqwest::Method::GET, "/api/admin/companies/x/users", None),
        (reqwest::Method::POST, "/api/admin/companies/x/edition", Some(json!({"edition": "enterprise"}))),
        (reqwest::Method::POST, "/api/admin/users/x/disable", None),
        (reqwest::Method::POST, "/api/admin/users/x/enable", None),
    ];
    assert_admin_only(&app, &user, routes).await;
}

/// Each route answers 403 "This needs an administrator" to `user`, who is not one, and
/// 401 to a caller without a session.
pub async fn assert_admin_only<'a>(
    app: &TestApp,
    user: &str,
    routes: impl IntoIterator<Item = (reqwest::Method, &'a str, Option<Value>)>,
) {
    for (method, path, body) in routes {
        let forbidden = app.request(method.clone(), path, Some(user), body.clone()).await;
        assert_eq!((forbidden.status, forbidden.message()), (403, "This needs an administrator"), "{path}");
        let anonymous = app.request(method, path, None, body).await;
        assert_eq!(anonymous.status, 401, "{path}");
    }
}

/// id, name, edition, createdAt and the user count of each company.
async fn companies_are_listed_with_their_user_counts(app: TestApp) {
    let admin = admin_token(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    let acme_id = whoami(&app, &ann).await["company_id"].as_str().unwrap().to_string();
    let answer = app.get_as(&admin, "/api/admin/companies").await;
    assert_eq!(answer.status, 200);
    let data = answer.body["data"].as_array().unwrap();
    assert_eq!(data.len(), 2);
    let acme = data.iter().find(|c| c["id"] == acme_id.as_str()).unwrap();
    assert_eq!((acme["name"].as_str(), acme["edition"].as_str()), (Some("Acme"), Some("community")));
    assert_eq!(acme["users"], 1);
    assert!(acme["createdAt"].as_str().is_some_and(|t| t.ends_with('Z')));
}

/// Every account of the company, a disabled one included; an unknown company is a 404.
async fn a_company_accounts_are_listed_with_their_state(app: TestApp) {
    let admin = admin_token(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    let me = whoami(&app, &ann).await;
    let (company_id, ann_id) = (me["company_id"].as_str().unwrap(), me["user_id"].as_str().unwrap());
    crate::directory::add_colleague(&app, company_id, "bob@acme.com", "Bob").await;
    app.post_as(&admin, &format!("/api/admin/users/{ann_id}/disable"), json!({})).await;
    let answer = app.get_as(&admin, &format!("/api/admin/companies/{company_id}/users")).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    let accounts: Vec<(String, bool)> = answer.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["email"].as_str().unwrap().to_string(), a["disabled"].as_bool().unwrap()))
        .collect();
    assert_eq!(accounts, [("ann@acme.com".to_string(), true), ("bob@acme.com".to_string(), false)]);
    let missing = app.get_as(&admin, "/api/admin/companies/no-such-company/users").await;
    assert_eq!((missing.status, missing.message()), (404, "Company not found"));
}

/// The same token sees databaseIntegration disabled before the upgrade and enabled after.
async fn an_upgrade_enables_premium_modules_at_once(app: TestApp) {
    let admin = admin_token(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    let before = whoami(&app, &ann).await;
    assert_eq!(right(&before, "databaseIntegration"), json!({"view": true, "disabled": true}));
    let company_id = before["company_id"].as_str().unwrap();
    let path = format!("/api/admin/companies/{company_id}/edition");
    let answer = app.post_as(&admin, &path, json!({"edition": "enterprise"})).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    let after = whoami(&app, &ann).await;
    assert_eq!(right(&after, "databaseIntegration"), json!({"view": true, "disabled": false}));
    assert_eq!(right(&after, "createCompany"), json!({"view": true, "disabled": false}));
    assert_eq!(app.post_as(&admin, &path, json!({"edition": "community"})).await.status, 200);
    assert_eq!(right(&whoami(&app, &ann).await, "databaseIntegration"), json!({"view": true, "disabled": true}));
}

/// An unknown company is a 404; an unknown edition a 400.
async fn edition_changes_check_company_and_edition(app: TestApp) {
    let admin = admin_token(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    let company_id = whoami(&app, &ann).await["company_id"].as_str().unwrap().to_string();
    let missing =
        app.post_as(&admin, "/api/admin/companies/no-such-company/edition", json!({"edition": "enterprise"})).await;
    assert_eq!((missing.status, missing.message()), (404, "Company not found"));
    let path = format!("/api/admin/companies/{company_id}/edition");
    let bad = app.post_as(&admin, &path, json!({"edition": "platinum"})).await;
    assert_eq!((bad.status, bad.message()), (400, "Edition must be community or enterprise"));
    assert_eq!(app.post_as(&admin, &path, json!({})).await.status, 400);
}

/// Disable: the user's tokens get 401 at once and sign-in says 'Invalid Credentials!'; enable lets them back in.
async fn disabling_a_user_ends_sessions_and_sign_in(app: TestApp) {
    let admin = admin_token(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    let other_session = app.sign_in("ann@acme.com", PASSWORD).await;
    let ann_id = whoami(&app, &ann).await["user_id"].as_str().unwrap().to_string();

    let answer = app.post_as(&admin, &format!("/api/admin/users/{ann_id}/disable"), json!({})).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    for token in [&ann, &other_session] {
        let refused = app.get_as(token, "/api/users/me").await;
        assert_eq!((refused.status, refused.message()), (401, "Please login to continue"));
    }
    let signin = app.post("/api/users/signin", json!({"email": "ann@acme.com", "password": PASSWORD})).await;
    assert_eq!((signin.status, signin.message()), (401, "Invalid Credentials!"));

    assert_eq!(app.post_as(&admin, &format!("/api/admin/users/{ann_id}/enable"), json!({})).await.status, 200);
    assert_eq!(app.get_as(&ann, "/api/users/me").await.status, 401, "old sessions stay ended");
    let fresh = app.sign_in("ann@acme.com", PASSWORD).await;
    assert_eq!(app.get_as(&fresh, "/api/users/me").await.status, 200);
}

/// An unknown user is a 404; an admin cannot lock themselves out.
async fn unknown_users_and_disabling_oneself_are_refused(app: TestApp) {
    let admin = admin_token(&app).await;
    for action in ["disable", "enable"] {
        let answer = app.post_as(&admin, &format!("/api/admin/users/no-such-user/{action}"), json!({})).await;
        assert_eq!((answer.status, answer.message()), (404, "User not found"), "{action}");
    }
    let admin_id = whoami(&app, &admin).await["user_id"].as_str().unwrap().to_string();
    let answer = app.post_as(&admin, &format!("/api/admin/users/{admin_id}/disable"), json!({})).await;
    assert_eq!((answer.status, answer.message()), (400, "You cannot disable your own account"));
    assert_eq!(app.get_as(&admin, "/api/users/me").await.status, 200);
}
