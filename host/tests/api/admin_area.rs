//! The platform administrators' area: enterprise requests, creating, renaming and
//! deactivating companies, people across companies, and the system log of every company.

use serde_json::{Value, json};

use crate::admin::{admin_token, assert_admin_only};
use crate::directory::{add_colleague, whoami};
use crate::enterprise::payload as enterprise_form;
use crate::on_both_engines;
use crate::support::{PASSWORD, TestApp, open_stream, read_event};

on_both_engines!(
    the_area_refuses_users_and_anonymous_callers,
    enterprise_requests_are_listed_newest_first_a_page_at_a_time,
    an_upgrade_from_a_request_opens_premium_rights_at_once,
    an_edition_change_tells_the_members_open_screens,
    a_new_company_invites_its_first_company_admin,
    a_deactivated_company_invitation_cannot_be_accepted,
    new_companies_are_checked,
    renaming_keeps_names_unique_ignoring_case,
    a_deactivated_company_ends_its_sessions_and_refuses_sign_in,
    switching_skips_a_deactivated_company,
    people_are_searched_across_companies_a_page_at_a_time,
    a_reset_link_is_mailed_and_logged,
    every_company_log_is_filtered_and_paged,
    the_filtered_log_is_exported_as_csv,
);

fn right(me: &Value, key: &str) -> Value {
    me["userrole"][0]["rights"][key].clone()
}

async fn company_id_of(app: &TestApp, token: &str) -> String {
    whoami(app, token).await["company_id"].as_str().unwrap().to_string()
}

/// Every new route: 403 for a signed-in user, 401 without a session.
async fn the_area_refuses_users_and_anonymous_callers(app: TestApp) {
    let user = app.sign_up("ann@acme.com", "Acme").await;
    let post = reqwest::Method::POST;
    let get = reqwest::Method::GET;
    let routes = [
        (get.clone(), "/api/admin/enterpriseRequests", None),
        (post.clone(), "/api/admin/enterpriseRequests/x/upgrade", None),
        (post.clone(), "/api/admin/companies", Some(json!({"name": "Globex"}))),
        (post.clone(), "/api/admin/companies/x/name", Some(json!({"name": "Globex"}))),
        (post.clone(), "/api/admin/companies/x/deactivate", None),
        (post.clone(), "/api/admin/companies/x/reactivate", None),
        (get.clone(), "/api/admin/users?search=ann", None),
        (post.clone(), "/api/admin/users/x/resetLink", None),
        (get.clone(), "/api/admin/logs", None),
        (get, "/api/admin/logs/export", None),
    ];
    assert_admin_only(&app, &user, routes).await;
}

/// Who asked (the form's name and e-mail, the account), the company and its edition, the
/// contact number and country; newest first, with page, pageSize and total.
async fn enterprise_requests_are_listed_newest_first_a_page_at_a_time(app: TestApp) {
    let admin = admin_token(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    assert_eq!(app.post_as(&ann, "/api/users/enterpriseEditionSubscribers", enterprise_form()).await.status, 200);
    app.advance(std::time::Duration::from_secs(60));
    let zed = app.sign_up("zed@zeta.com", "Zeta").await;
    let mut form = enterprise_form();
    form["username"] = json!("Zed Park");
    form["email"] = json!("zed.park@zeta.com");
    assert_eq!(app.post_as(&zed, "/api/users/enterpriseEditionSubscribers", form).await.status, 200);

    let first = app.get_as(&admin, "/api/admin/enterpriseRequests?page=1&pageSize=1").await;
    assert_eq!(first.status, 200, "{first:?}");
    assert_eq!((first.body["page"].as_i64(), first.body["pageSize"].as_i64()), (Some(1), Some(1)));
    assert_eq!(first.body["total"], 2);
    let newest = &first.body["data"][0];
    assert_eq!((newest["name"].as_str(), newest["email"].as_str()), (Some("Zed Park"), Some("zed.park@zeta.com")));
    assert_eq!((newest["accountEmail"].as_str(), newest["companyName"].as_str()), (Some("zed@zeta.com"), Some("Zeta")));
    assert_eq!((newest["edition"].as_str(), newest["country"].as_str()), (Some("community"), Some("IN")));
    assert_eq!(newest["contactNumber"], "+91 98765-43210");
    assert!(newest["createdAt"].as_str().is_some_and(|t| t.ends_with('Z')));
    assert_eq!(newest["handledAt"], Value::Null);

    let second = app.get_as(&admin, "/api/admin/enterpriseRequests?page=2&pageSize=1").await;
    assert_eq!(second.body["data"][0]["companyName"], "Acme");
    let beyond = app.get_as(&admin, "/api/admin/enterpriseRequests?page=3&pageSize=1").await;
    assert_eq!((beyond.status, beyond.body["data"].as_array().map(Vec::len)), (200, Some(0)));
    for bad in ["page=0", "pageSize=101", "pageSize=0"] {
        let refused = app.get_as(&admin, &format!("/api/admin/enterpriseRequests?{bad}")).await;
        assert_eq!(refused.status, 400, "{bad}");
    }
    let refused = app.get_as(&admin, "/api/admin/enterpriseRequests?page=0").await;
    assert_eq!(refused.message(), "page must be 1 or more");
    let refused = app.get_as(&admin, "/api/admin/enterpriseRequests?pageSize=101").await;
    assert_eq!(refused.message(), "pageSize must be between 1 and 100");
}

/// The same token sees the premium right open after the upgrade; the request shows who
/// handled it; a second upgrade says the company has the edition already.
async fn an_upgrade_from_a_request_opens_premium_rights_at_once(app: TestApp) {
    let admin = admin_token(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    assert_eq!(right(&whoami(&app, &ann).await, "databaseIntegration"), json!({"view": true, "disabled": true}));
    app.post_as(&ann, "/api/users/enterpriseEditionSubscribers", enterprise_form()).await;
    let listed = app.get_as(&admin, "/api/admin/enterpriseRequests").await;
    let id = listed.body["data"][0]["id"].as_str().unwrap().to_string();

    let upgraded = app.post_as(&admin, &format!("/api/admin/enterpriseRequests/{id}/upgrade"), json!({})).await;
    assert_eq!((upgraded.status, upgraded.message()), (200, "The company now has the enterprise edition"));
    assert_eq!(upgraded.body["request"]["edition"], "enterprise");
    assert_eq!(upgraded.body["request"]["handledBy"], "root@autoscope.local");
    assert!(upgraded.body["request"]["handledAt"].as_str().is_some());
    let after = whoami(&app, &ann).await;
    assert_eq!(right(&after, "databaseIntegration"), json!({"view": true, "disabled": false}));
    assert_eq!(after["edition"], "enterprise");

    let again = app.post_as(&admin, &format!("/api/admin/enterpriseRequests/{id}/upgrade"), json!({})).await;
    assert_eq!((again.status, again.message()), (200, "The company already has the enterprise edition"));
    let missing = app.post_as(&admin, "/api/admin/enterpriseRequests/no-such/upgrade", json!({})).await;
    assert_eq!((missing.status, missing.message()), (404, "Request not found"));

    let company_id = after["company_id"].as_str().unwrap();
    let logged = app.get_as(&admin, &format!("/api/admin/logs?company={company_id}&level=info")).await;
    let events: Vec<&str> =
        logged.body["data"].as_array().unwrap().iter().filter_map(|e| e["event"].as_str()).collect();
    assert!(events.contains(&"company.edition") && events.contains(&"enterprise_request.handled"), "{events:?}");
}

/// A member's realtime stream gets 'session', so their menu follows the new rights.
async fn an_edition_change_tells_the_members_open_screens(app: TestApp) {
    let admin = admin_token(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    let acme = company_id_of(&app, &ann).await;
    let mut stream = open_stream(&app, &ann).await;
    let path = format!("/api/admin/companies/{acme}/edition");
    assert_eq!(app.post_as(&admin, &path, json!({"edition": "enterprise"})).await.status, 200);
    let event = read_event(&mut stream).await.expect("an event arrives");
    assert!(event.contains("session"), "{event}");
}

fn new_company(name: &str, admin_email: &str) -> Value {
    json!({
        "name": name, "country": "IN", "currencyName": "INR", "currencySymbol": "₹",
        "edition": "enterprise", "adminEmail": admin_email
    })
}

/// The new company is listed with its edition and no user; its first admin gets a mailed
/// link and, accepting it, becomes its company admin.
async fn a_new_company_invites_its_first_company_admin(app: TestApp) {
    let admin = admin_token(&app).await;
    let created = app.post_as(&admin, "/api/admin/companies", new_company("Globex", "Hank@Globex.com")).await;
    assert_eq!(created.status, 200, "{created:?}");
    assert_eq!((created.body["name"].as_str(), created.body["edition"].as_str()), (Some("Globex"), Some("enterprise")));
    assert_eq!((created.body["users"].as_i64(), created.body["currency"].as_str()), (Some(0), Some("INR")));
    assert_eq!(created.body["deactivatedAt"], Value::Null);

    let mails = app.mails_to("hank@globex.com").await;
    let mail = mails.first().expect("an invitation was mailed");
    assert!(mail.subject.contains("Globex"), "{}", mail.subject);
    let token = mail.text_body.split("token=").nth(1).unwrap().split_whitespace().next().unwrap().to_string();
    let accepted = app
        .post(
            "/api/invitations/accept",
            json!({
                "token": token, "password": PASSWORD, "firstname": "Hank", "lastname": "Scorpio",
                "gender": "Male", "country": "IN", "department": "Information Technology", "job_title": "CEO"
            }),
        )
        .await;
    assert_eq!(accepted.status, 200, "{accepted:?}");
    let hank = accepted.body["token"].as_str().unwrap();
    let companies = app.get_as(hank, "/api/users/companies").await;
    assert_eq!(companies.body[0]["companyname"], "Globex");
    assert_eq!(companies.body[0]["company_admin"], true);
    assert_eq!(companies.body[0]["edition"], "enterprise");
}

/// The link of a company deactivated since answers 410 and makes nobody a member.
async fn a_deactivated_company_invitation_cannot_be_accepted(app: TestApp) {
    let admin = admin_token(&app).await;
    let created = app.post_as(&admin, "/api/admin/companies", new_company("Globex", "hank@globex.com")).await;
    let company_id = created.body["id"].as_str().unwrap();
    app.post_as(&admin, &format!("/api/admin/companies/{company_id}/deactivate"), json!({})).await;
    let mails = app.mails_to("hank@globex.com").await;
    let token = mails[0].text_body.split("token=").nth(1).unwrap().split_whitespace().next().unwrap().to_string();
    let opened = app.post("/api/invitations/open", json!({ "token": token })).await;
    assert_eq!((opened.status, opened.message()), (410, "This company was deactivated"));
    let accepted = app.post("/api/invitations/accept", json!({ "token": token, "password": PASSWORD })).await;
    assert_eq!(accepted.status, 410);
}

/// The form's messages in order; a taken name (any case) is a 409.
async fn new_companies_are_checked(app: TestApp) {
    let admin = admin_token(&app).await;
    app.sign_up("ann@acme.com", "Acme").await;
    let cases = [
        ("name", json!(" "), "Please enter the company name"),
        ("country", json!(""), "Please select a Country"),
        ("country", json!("XX"), "Please select a Country"),
        ("currencyName", json!(""), "Please select a currency"),
        ("currencyName", json!("XYZ"), "Please select a currency"),
        ("edition", json!("gold"), "Edition must be community or enterprise"),
        ("adminEmail", json!("hank"), "Please enter a valid e-mail address for the company admin"),
    ];
    for (field, value, message) in cases {
        let mut body = new_company("Globex", "hank@globex.com");
        body[field] = value;
        let refused = app.post_as(&admin, "/api/admin/companies", body).await;
        assert_eq!((refused.status, refused.message()), (400, message), "{field}");
    }
    let taken = app.post_as(&admin, "/api/admin/companies", new_company(" aCME ", "hank@globex.com")).await;
    assert_eq!((taken.status, taken.message()), (409, "A company with this name already exists"));
    assert!(app.mails_to("hank@globex.com").await.is_empty(), "nothing is sent for a refused company");
}

/// Another company's name in another case is refused; the company's own name in another
/// case is taken; the administration company keeps its name.
async fn renaming_keeps_names_unique_ignoring_case(app: TestApp) {
    let admin = admin_token(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    app.sign_up("zed@zeta.com", "Zeta").await;
    let acme = company_id_of(&app, &ann).await;
    let path = format!("/api/admin/companies/{acme}/name");

    let taken = app.post_as(&admin, &path, json!({"name": "ZETA"})).await;
    assert_eq!((taken.status, taken.message()), (409, "A company with this name already exists"));
    let blank = app.post_as(&admin, &path, json!({"name": "  "})).await;
    assert_eq!((blank.status, blank.message()), (400, "Please enter the company name"));
    let renamed = app.post_as(&admin, &path, json!({"name": " Acme Corp "})).await;
    assert_eq!((renamed.status, renamed.message()), (200, "Company renamed"));
    assert_eq!(whoami(&app, &ann).await["companyname"], "Acme Corp");
    assert_eq!(app.post_as(&admin, &path, json!({"name": "ACME CORP"})).await.status, 200);

    let administration = company_id_of(&app, &admin).await;
    let kept = app.post_as(&admin, &format!("/api/admin/companies/{administration}/name"), json!({"name": "X"})).await;
    assert_eq!((kept.status, kept.message()), (400, "The administration company cannot be deactivated or renamed"));
    let missing = app.post_as(&admin, "/api/admin/companies/no-such/name", json!({"name": "X"})).await;
    assert_eq!((missing.status, missing.message()), (404, "Company not found"));
}

/// The member's token is refused on its next request, sign-in is a clear 403, and the
/// company shows as deactivated; reactivating lets them in again.
async fn a_deactivated_company_ends_its_sessions_and_refuses_sign_in(app: TestApp) {
    let admin = admin_token(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    let acme = company_id_of(&app, &ann).await;

    let done = app.post_as(&admin, &format!("/api/admin/companies/{acme}/deactivate"), json!({})).await;
    assert_eq!((done.status, done.message()), (200, "Company deactivated"));
    let refused = app.get_as(&ann, "/api/users/me").await;
    assert_eq!((refused.status, refused.message()), (401, "Please login to continue"));
    let signin = app.post("/api/users/signin", json!({"email": "ann@acme.com", "password": PASSWORD})).await;
    assert_eq!(
        (signin.status, signin.message()),
        (403, "Your company has been deactivated: contact the Autoscope administrators")
    );
    let again = app.post_as(&admin, &format!("/api/admin/companies/{acme}/deactivate"), json!({})).await;
    assert_eq!((again.status, again.message()), (200, "The company is already deactivated"));
    let listed = app.get_as(&admin, "/api/admin/companies").await;
    let row = listed.body["data"].as_array().unwrap().iter().find(|c| c["id"] == acme.as_str()).unwrap().clone();
    assert!(row["deactivatedAt"].as_str().is_some(), "{row}");

    let administration = company_id_of(&app, &admin).await;
    let kept = app.post_as(&admin, &format!("/api/admin/companies/{administration}/deactivate"), json!({})).await;
    assert_eq!((kept.status, kept.message()), (400, "The administration company cannot be deactivated or renamed"));
    assert_eq!(app.get_as(&admin, "/api/users/me").await.status, 200);

    let back = app.post_as(&admin, &format!("/api/admin/companies/{acme}/reactivate"), json!({})).await;
    assert_eq!((back.status, back.message()), (200, "Company reactivated"));
    assert_eq!(app.get_as(&ann, "/api/users/me").await.status, 401, "ended sessions stay ended");
    let fresh = app.sign_in("ann@acme.com", PASSWORD).await;
    assert_eq!(app.get_as(&fresh, "/api/users/me").await.status, 200);
    let missing = app.post_as(&admin, "/api/admin/companies/no-such/deactivate", json!({})).await;
    assert_eq!(missing.status, 404);
}

/// A person in two companies signs in to the active one and cannot switch to the
/// deactivated one.
async fn switching_skips_a_deactivated_company(app: TestApp) {
    let admin = admin_token(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    let acme = company_id_of(&app, &ann).await;
    app.post_as(&admin, &format!("/api/admin/companies/{acme}/edition"), json!({"edition": "enterprise"})).await;
    let beta = app
        .post_as(
            &ann,
            "/api/users/createCompany",
            json!({"companyname": "Beta", "country": "IN", "currency_name": "INR", "currency_symbol": "₹"}),
        )
        .await;
    assert_eq!(beta.status, 200, "{beta:?}");
    let beta_id = beta.body["company_id"].as_str().unwrap().to_string();
    let switched = app.post_as(&ann, "/api/users/switchCompany", json!({"company_id": beta_id})).await;
    let in_beta = switched.body["token"].as_str().unwrap().to_string();

    app.post_as(&admin, &format!("/api/admin/companies/{beta_id}/deactivate"), json!({})).await;
    assert_eq!(app.get_as(&in_beta, "/api/users/me").await.status, 401);
    let ann = app.sign_in("ann@acme.com", PASSWORD).await;
    assert_eq!(whoami(&app, &ann).await["companyname"], "Acme", "sign-in skips the deactivated company");
    let companies = app.get_as(&ann, "/api/users/companies").await;
    assert_eq!(companies.body.as_array().map(Vec::len), Some(1));
    let refused = app.post_as(&ann, "/api/users/switchCompany", json!({"company_id": beta_id})).await;
    assert_eq!((refused.status, refused.message()), (403, "You are not a member of this company"));
}

/// Name or e-mail, any case; each person with their companies; page, pageSize, total.
async fn people_are_searched_across_companies_a_page_at_a_time(app: TestApp) {
    let admin = admin_token(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    let acme = company_id_of(&app, &ann).await;
    add_colleague(&app, &acme, "bob@acme.com", "Bob").await;
    app.sign_up("zed@zeta.com", "Zeta").await;

    let all = app.get_as(&admin, "/api/admin/users?pageSize=2").await;
    assert_eq!(all.status, 200, "{all:?}");
    assert_eq!((all.body["total"].as_i64(), all.body["pageSize"].as_i64()), (Some(4), Some(2)));
    assert_eq!(all.body["data"].as_array().map(Vec::len), Some(2));
    let last = app.get_as(&admin, "/api/admin/users?pageSize=2&page=2").await;
    assert_eq!(last.body["data"].as_array().map(Vec::len), Some(2));

    let by_name = app.get_as(&admin, "/api/admin/users?search=bOB%20col").await;
    assert_eq!(by_name.body["total"], 1);
    let bob = &by_name.body["data"][0];
    assert_eq!((bob["email"].as_str(), bob["disabled"].as_bool()), (Some("bob@acme.com"), Some(false)));
    assert_eq!(
        bob["companies"],
        json!([{
            "id": acme, "name": "Acme", "status": "active", "companyAdmin": false, "companyDeactivated": false
        }])
    );
    let by_email = app.get_as(&admin, "/api/admin/users?search=ZETA.COM").await;
    assert_eq!(by_email.body["data"][0]["email"], "zed@zeta.com");
    let wildcard = app.get_as(&admin, "/api/admin/users?search=%25").await;
    assert_eq!(wildcard.body["total"], 0, "a % in the search matches only itself");

    let bob_id = bob["id"].as_str().unwrap();
    assert_eq!(app.post_as(&admin, &format!("/api/admin/users/{bob_id}/disable"), json!({})).await.status, 200);
    let disabled = app.get_as(&admin, "/api/admin/users?search=bob").await;
    assert_eq!(disabled.body["data"][0]["disabled"], true);
    assert_eq!(app.post_as(&admin, &format!("/api/admin/users/{bob_id}/enable"), json!({})).await.status, 200);
    let bad = app.get_as(&admin, "/api/admin/users?page=x").await;
    assert_eq!(bad.status, 400);
}

/// The forgot-password mail, whose link resets the password; the log names who sent it.
async fn a_reset_link_is_mailed_and_logged(app: TestApp) {
    let admin = admin_token(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    let ann_id = whoami(&app, &ann).await["user_id"].as_str().unwrap().to_string();
    let sent = app.post_as(&admin, &format!("/api/admin/users/{ann_id}/resetLink"), json!({})).await;
    assert_eq!((sent.status, sent.message()), (200, "A link to reset the password was sent"));
    let mails = app.mails_to("ann@acme.com").await;
    let link = mails[0].text_body.split_whitespace().find(|w| w.contains("/resetPassword?")).unwrap().to_string();
    let query: Vec<(String, String)> =
        url::Url::parse(&link).unwrap().query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
    let code = &query.iter().find(|(k, _)| k == "code").unwrap().1;
    let reset = app
        .post("/api/users/reset_password", json!({"email": "ann@acme.com", "code": code, "password": "N3w-Passw0rd!"}))
        .await;
    assert_eq!(reset.status, 200, "{reset:?}");
    app.sign_in("ann@acme.com", "N3w-Passw0rd!").await;

    let logged = app.get_as(&admin, &format!("/api/admin/logs?user={ann_id}")).await;
    let messages: Vec<&str> =
        logged.body["data"].as_array().unwrap().iter().filter_map(|e| e["message"].as_str()).collect();
    assert!(messages.contains(&"root@autoscope.local sent a password reset link to ann@acme.com"), "{messages:?}");
    let missing = app.post_as(&admin, "/api/admin/users/no-such/resetLink", json!({})).await;
    assert_eq!((missing.status, missing.message()), (404, "User not found"));
}

fn events(answer: &Value) -> Vec<String> {
    answer["data"].as_array().unwrap().iter().map(|e| e["event"].as_str().unwrap().to_string()).collect()
}

/// Company, user (id or e-mail text), level and days narrow the log; pages hold pageSize
/// entries of total; bad filters are 400s with clear messages.
async fn every_company_log_is_filtered_and_paged(app: TestApp) {
    let admin = admin_token(&app).await;
    let ann = app.sign_up("ann@acme.com", "Acme").await;
    let acme = company_id_of(&app, &ann).await;
    app.sign_up("zed@zeta.com", "Zeta").await;
    let failed = app.post("/api/users/signin", json!({"email": "zed@zeta.com", "password": "wrong"})).await;
    assert_eq!(failed.status, 401);

    let acme_only = app.get_as(&admin, &format!("/api/admin/logs?company={acme}")).await;
    assert_eq!(acme_only.status, 200, "{acme_only:?}");
    let rows = acme_only.body["data"].as_array().unwrap();
    assert!(!rows.is_empty() && rows.iter().all(|e| e["companyName"] == "Acme"), "{rows:?}");
    let by_email = app.get_as(&admin, "/api/admin/logs?user=ZED@").await;
    assert!(by_email.body["data"].as_array().unwrap().iter().all(|e| e["userEmail"] == "zed@zeta.com"));
    let warnings = app.get_as(&admin, "/api/admin/logs?level=warn&user=zeta").await;
    assert_eq!(events(&warnings.body), ["signin.failed"]);

    let everything = app.get_as(&admin, "/api/admin/logs?pageSize=2").await;
    let total = everything.body["total"].as_i64().unwrap();
    assert!(total > 2, "{everything:?}");
    assert_eq!(everything.body["data"].as_array().map(Vec::len), Some(2));
    let last_page = (total + 1) / 2;
    let tail = app.get_as(&admin, &format!("/api/admin/logs?pageSize=2&page={last_page}")).await;
    assert_eq!(tail.body["data"].as_array().map(Vec::len), Some(if total % 2 == 0 { 2 } else { 1 }));

    let today = chrono::DateTime::from_timestamp(app.state.clock.now(), 0).unwrap().format("%Y-%m-%d").to_string();
    let today_only = app.get_as(&admin, &format!("/api/admin/logs?from={today}&to={today}")).await;
    assert_eq!(today_only.body["total"].as_i64(), Some(total));
    let tomorrow =
        chrono::DateTime::from_timestamp(app.state.clock.now() + 86_400, 0).unwrap().format("%Y-%m-%d").to_string();
    let none = app.get_as(&admin, &format!("/api/admin/logs?from={tomorrow}")).await;
    assert_eq!(none.body["total"], 0);

    let cases = [
        ("level=debug", "Level must be info, warn or error"),
        ("from=2026-13-01", "Dates must be days written YYYY-MM-DD"),
        ("from=2026-03-02&to=2026-03-01", "The start date must be on or before the end date"),
        ("pageSize=500", "pageSize must be between 1 and 100"),
    ];
    for (query, message) in cases {
        let refused = app.get_as(&admin, &format!("/api/admin/logs?{query}")).await;
        assert_eq!((refused.status, refused.message()), (400, message), "{query}");
    }
}

/// text/csv of the whole filter, a header then a line per entry.
async fn the_filtered_log_is_exported_as_csv(app: TestApp) {
    let admin = admin_token(&app).await;
    app.sign_up("zed@zeta.com", "Zeta").await;
    app.post("/api/users/signin", json!({"email": "zed@zeta.com", "password": "wrong"})).await;
    let response = app
        .client
        .get(format!("{}/api/admin/logs/export?level=warn&user=zed", app.base))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    assert!(response.headers()["content-disposition"].to_str().unwrap().contains("system-logs.csv"));
    let text = response.text().await.unwrap();
    let lines: Vec<&str> = text.trim_start_matches('\u{feff}').trim_end().split("\r\n").collect();
    assert!(lines[0].starts_with("Time (UTC),Level,Event,Message,Company,User,User id,Request id"), "{}", lines[0]);
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[1].contains(",warn,signin.failed,failed sign-in for zed@zeta.com"), "{}", lines[1]);
    let refused = app.get_as(&admin, "/api/admin/logs/export?level=loud").await;
    assert_eq!(refused.status, 400);
}
