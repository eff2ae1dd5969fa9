//! Teams: a person in several companies signs in to one, switches between them, and sees
//! only the active company's data; a deactivated member is cut off; existing accounts
//! became members of their company when the schema moved to memberships.

use std::borrow::Cow;
use std::path::Path;
use std::time::Duration;

use autoscope::storage::memberships::{self, Status};
use autoscope::storage::{Db, Engine, companies, notifications, pictures, users};
use serde_json::{Value, json};

use crate::directory::{user_list, whoami};
use crate::on_both_engines;
use crate::support::{PASSWORD, PgDatabase, TempDir, TestApp, open_stream, read_event};

on_both_engines!(
    sign_in_opens_the_company_used_last,
    switching_gives_a_token_for_the_other_company_and_ends_this_one,
    switching_needs_an_active_membership,
    the_companies_list_holds_only_active_memberships,
    each_session_sees_only_its_companys_data,
    a_deactivated_member_is_refused_at_the_next_request,
    a_person_with_no_active_company_cannot_sign_in,
    a_persons_new_name_reaches_each_of_their_companies_live,
    a_change_of_standing_reaches_only_that_person,
    an_enterprise_member_creates_a_company_and_switches_to_it,
    a_community_member_cannot_create_a_company,
    a_member_leaves_one_company_and_keeps_the_other,
    the_last_admin_cannot_leave,
    two_admins_demoting_each_other_at_once_leave_one_admin,
);
on_both_engines!(engine: existing_users_became_members_of_their_company);

const NOT_A_MEMBER: &str = "You are not a member of this company";

/// Ann of Acme and Bob of Globex, each company's creator; Ann then joins Globex with its
/// sign-up role. Answers Ann's Acme token and both company ids.
async fn ann_in_two_companies(app: &TestApp) -> (String, String, String) {
    let acme_token = app.sign_up("ann@acme.com", "Acme").await;
    let globex_token = app.sign_up("bob@globex.com", "Globex").await;
    let acme = company_id(app, &acme_token).await;
    let globex = company_id(app, &globex_token).await;
    let ann = whoami(app, &acme_token).await["user_id"].as_str().unwrap().to_string();
    let (role_id, _) = companies::find_role(app.db(), &globex, "communityuser").await.unwrap().unwrap();
    assert!(memberships::join(app.db(), &globex, &ann, &role_id, app.state.clock.now()).await.unwrap());
    assert!(!memberships::join(app.db(), &globex, &ann, &role_id, 0).await.unwrap(), "one membership per company");
    (acme_token, acme, globex)
}

async fn company_id(app: &TestApp, token: &str) -> String {
    whoami(app, token).await["company_id"].as_str().unwrap().to_string()
}

async fn switch(app: &TestApp, token: &str, company_id: &str) -> crate::support::Answer {
    app.post_as(token, "/api/users/switchCompany", json!({ "company_id": company_id })).await
}

async fn ann_id(app: &TestApp) -> String {
    users::find_by_email(app.db(), "ann@acme.com").await.unwrap().unwrap().id
}

/// A sign-in opens the company the person signed in to last (the first they joined before that).
async fn sign_in_opens_the_company_used_last(app: TestApp) {
    let (_, acme, globex) = ann_in_two_companies(&app).await;
    let token = app.sign_in("ann@acme.com", PASSWORD).await;
    assert_eq!(company_id(&app, &token).await, acme);
    // Sign-ins are noted to the second.
    app.advance(Duration::from_secs(60));
    let switched = switch(&app, &token, &globex).await;
    assert_eq!(switched.status, 200, "{switched:?}");
    let again = app.sign_in("ann@acme.com", PASSWORD).await;
    assert_eq!(company_id(&app, &again).await, globex, "Globex was used last");
}

/// The switch answers a new token with the person's data in the other company, and the
/// token it was called with stops working.
async fn switching_gives_a_token_for_the_other_company_and_ends_this_one(app: TestApp) {
    let (acme_token, _, globex) = ann_in_two_companies(&app).await;
    let switched = switch(&app, &acme_token, &globex).await;
    assert_eq!((switched.status, switched.message()), (200, "Company switched"), "{switched:?}");
    let userdata = &switched.body["userdata"];
    assert_eq!((userdata["companyname"].as_str(), userdata["company_id"].as_str()), (Some("Globex"), Some(&*globex)));
    assert_eq!(userdata["email"], "ann@acme.com");
    assert_eq!(userdata["userrole"][0]["role"], "communityuser");
    let token = switched.body["token"].as_str().unwrap();
    assert_eq!(company_id(&app, token).await, globex);
    let old = app.get_as(&acme_token, "/api/users/me").await;
    assert_eq!((old.status, old.message()), (401, "Please login to continue"));
}

/// A company the person is not an active member of cannot be switched to, whether it
/// exists or not.
async fn switching_needs_an_active_membership(app: TestApp) {
    let (acme_token, _, globex) = ann_in_two_companies(&app).await;
    let initech = app.sign_up("carl@initech.com", "Initech").await;
    let initech = company_id(&app, &initech).await;
    for company in [initech.as_str(), "no-such-company", ""] {
        let refused = switch(&app, &acme_token, company).await;
        assert_eq!((refused.status, refused.message()), (403, NOT_A_MEMBER), "{company}");
    }
    memberships::set_status(app.db(), &globex, &ann_id(&app).await, Status::Deactivated).await.unwrap();
    let refused = switch(&app, &acme_token, &globex).await;
    assert_eq!((refused.status, refused.message()), (403, NOT_A_MEMBER));
    assert_eq!(app.get_as(&acme_token, "/api/users/me").await.status, 200, "a refused switch keeps the session");
}

/// The user menu's list: the current company first, with the role and admin flag of each;
/// a company where the person was removed is not in it.
async fn the_companies_list_holds_only_active_memberships(app: TestApp) {
    let (acme_token, acme, globex) = ann_in_two_companies(&app).await;
    let list = app.get_as(&acme_token, "/api/users/companies").await;
    assert_eq!(list.status, 200, "{list:?}");
    let names: Vec<(&str, bool, bool)> = list.body.as_array().unwrap().iter().map(summary).collect();
    assert_eq!(names, [("Acme", true, true), ("Globex", false, false)], "(name, current, company admin)");
    memberships::set_status(app.db(), &globex, &ann_id(&app).await, Status::Removed).await.unwrap();
    let list = app.get_as(&acme_token, "/api/users/companies").await;
    let ids: Vec<&str> = list.body.as_array().unwrap().iter().filter_map(|c| c["company_id"].as_str()).collect();
    assert_eq!(ids, [acme.as_str()]);
}

fn summary(company: &Value) -> (&str, bool, bool) {
    (
        company["companyname"].as_str().unwrap_or_default(),
        company["current"].as_bool().unwrap_or_default(),
        company["company_admin"].as_bool().unwrap_or_default(),
    )
}

/// Notifications and the company's user list follow the session's company.
async fn each_session_sees_only_its_companys_data(app: TestApp) {
    let (acme_token, acme, globex) = ann_in_two_companies(&app).await;
    let ann = ann_id(&app).await;
    let now = app.state.clock.now();
    notifications::insert(app.db(), &acme, &ann, "Acme news", None, now).await.unwrap();
    notifications::insert(app.db(), &globex, &ann, "Globex news", None, now).await.unwrap();
    // A switch ends the session it is called from: a second sign-in switches.
    let second = app.sign_in("ann@acme.com", PASSWORD).await;
    let globex_token = switch(&app, &second, &globex).await.body["token"].as_str().unwrap().to_string();
    assert_eq!(company_id(&app, &acme_token).await, acme);
    for (token, news, people) in [
        (&acme_token, "Acme news", vec!["ann@acme.com"]),
        (&globex_token, "Globex news", vec!["ann@acme.com", "bob@globex.com"]),
    ] {
        let answer = app.get_as(token, "/api/notification/getall").await;
        let messages: Vec<&str> =
            answer.body.as_array().unwrap().iter().filter_map(|n| n["message"].as_str()).collect();
        assert_eq!(messages, [news]);
        let mut emails: Vec<String> =
            user_list(&app, token).await.iter().filter_map(|u| u["email"].as_str().map(str::to_string)).collect();
        emails.sort();
        assert_eq!(emails, people);
    }
}

/// Deactivation in a company ends the person's sessions there at once; their other
/// company still opens.
async fn a_deactivated_member_is_refused_at_the_next_request(app: TestApp) {
    let (acme_token, acme, globex) = ann_in_two_companies(&app).await;
    let globex_token = switch(&app, &acme_token, &globex).await.body["token"].as_str().unwrap().to_string();
    assert_eq!(app.get_as(&globex_token, "/api/users/me").await.status, 200);
    memberships::set_status(app.db(), &globex, &ann_id(&app).await, Status::Deactivated).await.unwrap();
    let refused = app.get_as(&globex_token, "/api/users/me").await;
    assert_eq!((refused.status, refused.message()), (401, "Please login to continue"));
    let token = app.sign_in("ann@acme.com", PASSWORD).await;
    assert_eq!(company_id(&app, &token).await, acme, "Globex was used last, but only Acme is active");
}

/// Without an active membership anywhere, the right password still opens nothing.
async fn a_person_with_no_active_company_cannot_sign_in(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let acme = company_id(&app, &token).await;
    memberships::set_status(app.db(), &acme, &ann_id(&app).await, Status::Deactivated).await.unwrap();
    let refused = app.post("/api/users/signin", json!({ "email": "ann@acme.com", "password": PASSWORD })).await;
    assert_eq!((refused.status, refused.message()), (403, "You are not an active member of any company"));
    assert!(refused.body.get("token").is_none());
}

/// Renaming oneself tells every company one is a member of (the spec's realtime write of
/// user records): their user lists follow.
async fn a_persons_new_name_reaches_each_of_their_companies_live(app: TestApp) {
    let (acme_token, _, _) = ann_in_two_companies(&app).await;
    let bob = app.sign_in("bob@globex.com", PASSWORD).await;
    let initech = app.sign_up("carl@initech.com", "Initech").await;
    let mut globex_stream = open_stream(&app, &bob).await;
    let mut initech_stream = open_stream(&app, &initech).await;
    let renamed = app
        .request(
            reqwest::Method::PUT,
            "/api/users/me",
            Some(&acme_token),
            Some(json!({ "firstname": "Anna", "lastname": "Lee", "job_title": "Lead", "gender": "Female",
                         "country": "IN", "department": "Legal" })),
        )
        .await;
    assert_eq!(renamed.status, 200, "{renamed:?}");
    let event = read_event(&mut globex_stream).await.expect("Globex hears of it");
    assert!(event.contains("event: directory"), "{event}");
    assert_eq!(read_event(&mut initech_stream).await, None, "Initech does not");
}

/// A change of one member's standing (role, rights, status) is told to that member only.
async fn a_change_of_standing_reaches_only_that_person(app: TestApp) {
    let (acme_token, acme, _) = ann_in_two_companies(&app).await;
    let bob = app.sign_in("bob@globex.com", PASSWORD).await;
    let mut ann_stream = open_stream(&app, &acme_token).await;
    let mut bob_stream = open_stream(&app, &bob).await;
    app.state.realtime.session_changed(&acme, &ann_id(&app).await);
    let event = read_event(&mut ann_stream).await.expect("Ann hears of it");
    assert!(event.contains("event: session"), "{event}");
    assert_eq!(read_event(&mut bob_stream).await, None);
}

/// Create New Company: a community company with the caller as its admin, a name unique
/// ignoring case; the caller then switches to it.
async fn an_enterprise_member_creates_a_company_and_switches_to_it(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let acme = company_id(&app, &token).await;
    companies::set_edition(app.db(), &acme, "enterprise").await.unwrap();
    let body = json!({ "companyname": "Acme Labs", "country": "IN", "currency_name": "EUR", "currency_symbol": "€" });
    let created = app.post_as(&token, "/api/users/createCompany", body.clone()).await;
    assert_eq!(created.status, 200, "{created:?}");
    assert_eq!(
        (created.body["edition"].as_str(), created.body["company_admin"].as_bool()),
        (Some("community"), Some(true))
    );
    let again = app
        .post_as(
            &token,
            "/api/users/createCompany",
            json!({ "companyname": " acme labs ", "country": "IN", "currency_name": "EUR" }),
        )
        .await;
    assert_eq!((again.status, again.message()), (409, "A company with this name already exists"));
    let blank = app
        .post_as(
            &token,
            "/api/users/createCompany",
            json!({ "companyname": "X", "country": "", "currency_name": "EUR" }),
        )
        .await;
    assert_eq!((blank.status, blank.message()), (400, "Please select a Country"));
    let labs = created.body["company_id"].as_str().unwrap();
    let switched = switch(&app, &token, labs).await;
    assert_eq!(switched.body["userdata"]["companyname"], "Acme Labs", "{switched:?}");
}

/// Creating a company is a premium right: a community company's member is refused.
async fn a_community_member_cannot_create_a_company(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let body = json!({ "companyname": "Acme Labs", "country": "IN", "currency_name": "EUR" });
    let refused = app.post_as(&token, "/api/users/createCompany", body).await;
    assert_eq!(
        (refused.status, refused.message()),
        (403, "Creating another company is an Enterprise feature: upgrade to Premium")
    );
}

/// Leaving ends the person's sessions in that company and keeps them in their other one.
async fn a_member_leaves_one_company_and_keeps_the_other(app: TestApp) {
    let (acme_token, acme, globex) = ann_in_two_companies(&app).await;
    let second = app.sign_in("ann@acme.com", PASSWORD).await;
    let globex_token = switch(&app, &second, &globex).await.body["token"].as_str().unwrap().to_string();
    let left = app.post_as(&globex_token, "/api/users/leaveCompany", json!({})).await;
    assert_eq!((left.status, left.message()), (200, "You left the company"));
    assert_eq!(app.get_as(&globex_token, "/api/users/me").await.status, 401);
    let list = app.get_as(&acme_token, "/api/users/companies").await;
    let ids: Vec<&str> = list.body.as_array().unwrap().iter().filter_map(|c| c["company_id"].as_str()).collect();
    assert_eq!(ids, [acme.as_str()]);
    let token = app.sign_in("ann@acme.com", PASSWORD).await;
    assert_eq!(company_id(&app, &token).await, acme);
}

/// The company's only active admin stays: leaving is refused, and nothing changes.
async fn the_last_admin_cannot_leave(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let refused = app.post_as(&token, "/api/users/leaveCompany", json!({})).await;
    assert_eq!((refused.status, refused.message()), (409, "The company needs at least one active admin"));
    assert_eq!(app.get_as(&token, "/api/users/me").await.status, 200);
}

/// A database made before memberships existed: each user became an active member of their
/// company with their role and company-admin flag; pictures and sessions still work.
async fn existing_users_became_members_of_their_company(engine: Engine) {
    let dir = TempDir::new();
    let postgres = match engine {
        Engine::Postgres => Some(PgDatabase::create().await),
        Engine::Sqlite => None,
    };
    let url = match &postgres {
        Some(database) => database.url.clone(),
        None => format!("sqlite://{}?mode=rwc", dir.0.join("old.db").display()),
    };
    let folder = if engine == Engine::Sqlite { "sqlite" } else { "postgres" };
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations").join(folder);
    let mut before = sqlx::migrate::Migrator::new(path).await.unwrap();
    before.migrations = Cow::Owned(before.migrations.iter().filter(|m| m.version <= 5).cloned().collect());
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    before.run(&pool).await.unwrap();
    let picture = match engine {
        Engine::Sqlite => "X'89504E47'",
        Engine::Postgres => "'\\x89504e47'::bytea",
    };
    let picture = format!(
        "INSERT INTO profile_pictures (user_id, company_id, mimetype, data, updated_at) VALUES ('u2', 'c1', 'image/png', {picture}, 1)"
    );
    for statement in [
        "INSERT INTO companies (id, name, name_key, created_at) VALUES ('c1', 'Acme', 'acme', 1)",
        "INSERT INTO roles (id, company_id, name, rights, created_at) VALUES ('r1', 'c1', 'communityuser', '{}', 1)",
        "INSERT INTO users (id, company_id, role_id, email, firstname, lastname, created_at, company_admin)
         VALUES ('u1', 'c1', 'r1', 'ann@acme.com', 'Ann', 'Lee', 10, TRUE)",
        "INSERT INTO users (id, company_id, role_id, email, firstname, lastname, created_at)
         VALUES ('u2', 'c1', 'r1', 'bob@acme.com', 'Bob', 'Ray', 20)",
        &picture,
        "INSERT INTO sessions (id, user_id, company_id, created_at, expires_at) VALUES ('s1', 'u2', 'c1', 1, 9)",
    ] {
        sqlx::query(sqlx::AssertSqlSafe(statement))
            .execute(&pool)
            .await
            .unwrap_or_else(|err| panic!("{statement}: {err}"));
    }
    pool.close().await;

    let db = Db::connect(&url).await.unwrap();
    db.migrate().await.unwrap();
    let ann = memberships::active_seat(&db, "c1", "u1").await.unwrap().expect("Ann is a member");
    let bob = memberships::active_seat(&db, "c1", "u2").await.unwrap().expect("Bob is a member");
    assert_eq!((ann.companyname.as_str(), ann.role_name.as_str(), ann.company_admin), ("Acme", "communityuser", true));
    assert!(!bob.company_admin);
    assert_eq!(users::get(&db, "u2").await.unwrap().map(|u| u.email), Some("bob@acme.com".into()));
    let picture = pictures::get_in_company(&db, "c1", "u2").await.unwrap().expect("the picture stayed");
    assert_eq!((picture.mimetype.as_str(), picture.data.as_slice()), ("image/png", b"\x89PNG".as_slice()));
    assert_eq!(
        autoscope::storage::sessions::find_live(&db, "s1", "u2", 5).await.unwrap().map(|s| s.company_id),
        Some("c1".into())
    );
    db.close().await;
}

/// Bob and Ann, the company's two admins, demote each other at the same instant, again and
/// again: never both succeed, so the company always keeps an admin.
async fn two_admins_demoting_each_other_at_once_leave_one_admin(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let acme = company_id(&app, &token).await;
    let ann = whoami(&app, &token).await["user_id"].as_str().unwrap().to_string();
    let bob_token = app.sign_up("bob@globex.com", "Globex").await;
    let bob = whoami(&app, &bob_token).await["user_id"].as_str().unwrap().to_string();
    let (role_id, _) = companies::find_role(app.db(), &acme, "communityuser").await.unwrap().unwrap();
    assert!(memberships::join(app.db(), &acme, &bob, &role_id, app.state.clock.now()).await.unwrap());
    for round in 0..20 {
        for user in [&ann, &bob] {
            assert!(memberships::change(app.db(), &acme, user, None, Some(true), None).await.unwrap());
        }
        let (a, b) = tokio::join!(
            memberships::change(app.db(), &acme, &ann, None, Some(false), None),
            memberships::change(app.db(), &acme, &bob, None, Some(false), None),
        );
        let demoted = [a.unwrap(), b.unwrap()];
        assert_eq!(demoted.iter().filter(|done| **done).count(), 1, "round {round}: {demoted:?}");
        let admins =
            memberships::members(app.db(), &acme).await.unwrap().into_iter().filter(|m| m.company_admin).count();
        assert_eq!(admins, 1, "round {round}");
    }
}
