//! Outside databases: connections kept by company administrators
//! (`/api/modules/{key}/connections`) and read by a module through the `sources` host
//! function, against this machine's real PostgreSQL and MariaDB.

use autoscope::modules::sources::api::{ADMIN_ONLY, NO_SOURCES};
use serde_json::{Value, json};

use crate::directory::add_colleague;
use crate::on_both_engines;
use crate::support::TestApp;
use crate::support::sources::Source;

on_both_engines!(
    a_connection_is_kept_with_its_password_sealed_and_never_answered,
    rows_are_read_page_by_page_with_times_in_unix_seconds,
    failures_say_what_failed_and_change_nothing,
    only_company_admins_reach_connections_and_only_their_module_reads_them,
);

const CONNECTIONS: &str = "/api/modules/crud/connections";
const PASSWORD: &str = "Zebra-Quartz-4471";

async fn put_as(app: &TestApp, token: &str, path: &str, body: Value) -> crate::support::Answer {
    app.request(reqwest::Method::PUT, path, Some(token), Some(body)).await
}

/// A signed-up company admin with `crud` installed.
async fn admin_with_crud(app: &TestApp) -> String {
    app.install_test_module("crud").await;
    app.sign_up("ann@example.com", "Ann Co").await
}

async fn connect(app: &TestApp, token: &str, source: &Source, name: &str) -> String {
    let created = app.post_as(token, CONNECTIONS, source.draft(name)).await;
    assert_eq!(created.status, 200, "{created:?}");
    created.body["id"].as_str().unwrap().to_string()
}

async fn a_connection_is_kept_with_its_password_sealed_and_never_answered(app: TestApp) {
    let token = admin_with_crud(&app).await;
    for source in [Source::postgres().await, Source::mariadb().await] {
        let mut draft = source.draft("Orchestrator");
        draft["password"] = json!(PASSWORD);
        let created = app.post_as(&token, CONNECTIONS, draft.clone()).await;
        assert_eq!(created.status, 200, "{created:?}");
        let id = created.body["id"].as_str().unwrap().to_string();
        assert_eq!(created.body["password_set"], true);
        assert!(!created.body.to_string().contains(PASSWORD));

        // Sealed at rest; answered nowhere (the list, the module's list, the system log).
        let stored: (Option<String>,) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT password_sealed FROM source_connections WHERE id = '{id}'"
        )))
        .fetch_one(&autoscope_pool(&app).await)
        .await
        .unwrap();
        assert!(stored.0.as_deref().is_some_and(|sealed| !sealed.contains(PASSWORD) && sealed.len() > 20));
        let listed = app.get_as(&token, CONNECTIONS).await;
        assert_eq!(listed.body.as_array().unwrap().len(), 1, "{listed:?}");
        let seen = app.get_as(&token, "/api/m/crud/sources").await;
        assert_eq!(seen.body[0]["name"], "Orchestrator", "{seen:?}");
        assert_eq!(seen.body[0]["password_set"], true);
        let log = app.get_as(&token, "/api/logs/all_logs?limit=50").await;
        for answer in [&listed, &seen, &log] {
            assert!(!answer.body.to_string().contains(PASSWORD), "{answer:?}");
        }

        // Trust (PostgreSQL) and an empty root password (MariaDB) on this machine: the
        // stored password is only refused by MariaDB, and an empty one removes it.
        let tested = app.post_as(&token, &format!("/api/m/crud/sources/{id}/test"), json!({})).await;
        match &source {
            Source::Postgres(_) => {
                assert!(tested.body["version"].as_str().unwrap().starts_with("PostgreSQL"), "{tested:?}")
            }
            Source::Mariadb(_) => {
                assert_eq!(tested.status, 502, "{tested:?}");
                assert!(tested.message().contains("Access denied for user 'root'"), "{tested:?}");
                assert!(!tested.message().contains(PASSWORD));
            }
        }
        draft["password"] = json!("");
        draft["name"] = json!("Orchestrator (read only)");
        let changed = put_as(&app, &token, &format!("{CONNECTIONS}/{id}"), draft.clone()).await;
        assert_eq!((changed.status, &changed.body["password_set"]), (200, &json!(false)), "{changed:?}");
        let tested = app.post_as(&token, &format!("/api/m/crud/sources/{id}/test"), json!({})).await;
        assert_eq!(tested.status, 200, "{tested:?}");
        // Left out, the password stays as it is.
        draft.as_object_mut().unwrap().remove("password");
        let renamed = put_as(&app, &token, &format!("{CONNECTIONS}/{id}"), draft.clone()).await;
        assert_eq!((renamed.status, &renamed.body["password_set"]), (200, &json!(false)));

        // A draft is tried before it is saved, with the stored password standing in.
        let mut unsaved = source.draft("Not saved");
        unsaved["id"] = json!(id);
        let tried = app.post_as(&token, &format!("{CONNECTIONS}/test"), unsaved).await;
        let expected = match &source {
            Source::Postgres(_) => "PostgreSQL",
            Source::Mariadb(_) => "MariaDB",
        };
        assert!(tried.body["version"].as_str().unwrap_or_default().contains(expected), "{tried:?}");

        let taken = app.post_as(&token, CONNECTIONS, draft).await;
        assert_eq!((taken.status, taken.message()), (409, "There is already a connection with this name"));
        let deleted = app.request(reqwest::Method::DELETE, &format!("{CONNECTIONS}/{id}"), Some(&token), None).await;
        assert_eq!(deleted.status, 200, "{deleted:?}");
        assert_eq!(app.get_as(&token, CONNECTIONS).await.body, json!([]));
        source.drop().await;
    }
}

/// The portal's own database, to look at what it stores.
async fn autoscope_pool(app: &TestApp) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::AnyPool::connect(&app.state.config.database_url).await.unwrap()
}

async fn read(app: &TestApp, token: &str, id: &str, body: Value) -> crate::support::Answer {
    app.post_as(token, &format!("/api/m/crud/sources/{id}/read"), body).await
}

async fn rows_are_read_page_by_page_with_times_in_unix_seconds(app: TestApp) {
    let token = admin_with_crud(&app).await;
    for source in [Source::postgres().await, Source::mariadb().await] {
        source.with_jobs().await;
        let id = connect(&app, &token, &source, source.database()).await;
        let jobs = source.table("Jobs");

        let tables = app.get_as(&token, &format!("/api/m/crud/sources/{id}/tables")).await;
        assert_eq!(tables.body, json!([{ "name": jobs, "view": false }]), "{tables:?}");
        let columns = app.get_as(&token, &format!("/api/m/crud/sources/{id}/columns?table={jobs}")).await;
        let kinds: Vec<(&str, &str)> = columns
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|column| (column["name"].as_str().unwrap(), column["kind"].as_str().unwrap()))
            .collect();
        assert_eq!(
            kinds,
            [
                ("Id", "integer"),
                ("State", "integer"),
                ("StartTime", "timestamp"),
                ("EndTime", "timestamp"),
                ("Info", "text"),
                ("Cost", "number"),
                ("Key", "text")
            ]
        );

        // Keyset pages of two, by Id: every row once, in order.
        let mut pages = Vec::new();
        let mut after: Option<Value> = None;
        loop {
            let mut body = json!({ "table": jobs, "columns": ["Id", "State", "StartTime", "Info", "Cost", "Key"],
                                   "order": ["Id"], "limit": 2 });
            if let Some(after) = &after {
                body["after"] = json!([after]);
            }
            let page = read(&app, &token, &id, body).await;
            assert_eq!(page.status, 200, "{page:?}");
            let rows = page.body["rows"].as_array().unwrap().clone();
            if rows.is_empty() {
                break;
            }
            after = Some(rows.last().unwrap()[0].clone());
            pages.push(rows);
            assert!(pages.len() <= 3, "{pages:?}");
        }
        assert_eq!(pages.iter().map(Vec::len).collect::<Vec<_>>(), [2, 2, 1]);
        // Berlin wall-clock times: 12:00 in summer (UTC+2), 08:00 in winter (UTC+1).
        assert_eq!(pages[0][0], json!([1, 5, 1_782_900_000, null, 1.5, "a3bb189e-8bf9-3888-9912-ace4e6543002"]));
        assert_eq!(pages[0][1][3], "Selector not found");
        assert_eq!(pages[1][0][2], 1_768_460_400);
        assert_eq!(pages[2][0], json!([5, 0, null, null, null, "e3bb189e-8bf9-3888-9912-ace4e6543002"]));

        // Filters take the same forms: failed or successful jobs started in July, and a key.
        let july = read(
            &app,
            &token,
            &id,
            json!({ "table": jobs, "columns": ["Id"], "order": ["Id"], "limit": 10,
            "filters": [{ "column": "State", "op": "in", "value": [4, 5] },
                        { "column": "StartTime", "op": "gte", "value": 1_782_900_000 }] }),
        )
        .await;
        assert_eq!(july.body["rows"], json!([[1], [2]]), "{july:?}");
        let by_key = read(
            &app,
            &token,
            &id,
            json!({ "table": jobs, "columns": ["Id"], "limit": 10,
            "filters": [{ "column": "Key", "op": "eq", "value": "d3bb189e-8bf9-3888-9912-ace4e6543002" }] }),
        )
        .await;
        assert_eq!(by_key.body["rows"], json!([[4]]), "{by_key:?}");
        // A keyset on a time and the key: rows without a start time are not read.
        let by_time = read(
            &app,
            &token,
            &id,
            json!({ "table": jobs, "columns": ["Id"], "order": ["StartTime", "Id"],
            "after": [1_768_460_400, 3], "limit": 10 }),
        )
        .await;
        assert_eq!(by_time.body["rows"], json!([[4], [1], [2]]), "{by_time:?}");
        // A tie on the time: the key decides (MariaDB's condition is spelled out, not a row
        // comparison).
        let tie = read(
            &app,
            &token,
            &id,
            json!({ "table": jobs, "columns": ["Id"], "order": ["StartTime", "Id"],
            "after": [1_768_460_400, 2], "limit": 10 }),
        )
        .await;
        assert_eq!(tie.body["rows"], json!([[3], [4], [1], [2]]), "{tie:?}");
        source.drop().await;
    }
}

async fn failures_say_what_failed_and_change_nothing(app: TestApp) {
    let token = admin_with_crud(&app).await;
    let source = Source::mariadb().await;
    source.with_jobs().await;
    let id = connect(&app, &token, &source, "Orchestrator").await;
    let jobs = source.table("Jobs");
    let read_jobs = json!({ "table": jobs, "columns": ["Id"], "limit": 10 });

    // Unknown names, from the catalogue.
    let unknown = read(&app, &token, &id, json!({ "table": jobs, "columns": ["Id", "Nope"], "limit": 1 })).await;
    assert_eq!((unknown.status, unknown.message()), (400, "There is no column 'Nope' in 'Jobs'"));
    let missing = read(&app, &token, &id, json!({ "table": "Robots", "columns": ["Id"], "limit": 1 })).await;
    assert_eq!((missing.status, missing.message()), (404, "There is no table or view 'Robots' in the database"));

    // A slow query is stopped by its statement limit, within the module's call.
    source.execute(&[r#"CREATE VIEW "Slow" AS SELECT "Id", SLEEP(20) AS "Waited" FROM "Jobs""#]).await;
    let started = std::time::Instant::now();
    let slow = read(&app, &token, &id, json!({ "table": "Slow", "columns": ["Id", "Waited"], "limit": 10 })).await;
    assert_eq!(slow.status, 504, "{slow:?}");
    assert!(slow.message().starts_with("The query took longer than"), "{slow:?}");
    assert!(started.elapsed() < std::time::Duration::from_secs(8), "{:?}", started.elapsed());

    // A dropped table, an unreachable server, a wrong password: each says so; the
    // connection still reads once its database is back.
    source.execute(&[r#"RENAME TABLE "Jobs" TO "Jobs_gone""#]).await;
    let dropped = read(&app, &token, &id, read_jobs.clone()).await;
    assert_eq!((dropped.status, dropped.message()), (404, "There is no table or view 'Jobs' in the database"));
    source.execute(&[r#"RENAME TABLE "Jobs_gone" TO "Jobs""#]).await;
    assert_eq!(read(&app, &token, &id, read_jobs.clone()).await.status, 200);

    let mut closed = source.draft("Closed port");
    closed["port"] = json!(crate::support::maildev::free_port());
    let refused = app.post_as(&token, &format!("{CONNECTIONS}/test"), closed).await;
    assert_eq!(refused.status, 502, "{refused:?}");
    assert!(refused.message().starts_with("Cannot connect to 127.0.0.1:"), "{refused:?}");
    assert!(refused.message().contains("refused"), "{refused:?}");

    let mut wrong = source.draft("Orchestrator");
    wrong["password"] = json!("not-the-password");
    assert_eq!(put_as(&app, &token, &format!("{CONNECTIONS}/{id}"), wrong).await.status, 200);
    let denied = read(&app, &token, &id, read_jobs.clone()).await;
    assert_eq!(denied.status, 502, "{denied:?}");
    assert!(denied.message().contains("Access denied for user 'root'"), "{denied:?}");
    assert!(!denied.message().contains("not-the-password"));
    let mut right = source.draft("Orchestrator");
    right["password"] = json!("");
    assert_eq!(put_as(&app, &token, &format!("{CONNECTIONS}/{id}"), right).await.status, 200);
    assert_eq!(read(&app, &token, &id, read_jobs).await.body["rows"].as_array().map(Vec::len), Some(5));
    source.drop().await;
}

async fn only_company_admins_reach_connections_and_only_their_module_reads_them(app: TestApp) {
    let token = admin_with_crud(&app).await;
    let source = Source::postgres().await;
    let id = connect(&app, &token, &source, "Orchestrator").await;

    // Servers the operator did not allow (the default is loopback only).
    let mut outside = source.draft("Outside");
    outside["host"] = json!("10.20.30.40");
    let refused = app.post_as(&token, CONNECTIONS, outside).await;
    assert_eq!(refused.status, 400);
    assert_eq!(
        refused.message(),
        "This portal may not connect to 10.20.30.40:5432: ask its operator to allow it (AUTOSCOPE_SOURCE_HOSTS)"
    );

    // A colleague may use the module, but not its connections.
    let whoami = crate::directory::whoami(&app, &token).await;
    let company_id = whoami["company_id"].as_str().unwrap();
    let bob = add_colleague(&app, company_id, "bob@example.com", "Bob").await;
    let colleague = autoscope::auth::session::open(&app.state, &bob, company_id).await.unwrap();
    let forbidden = app.get_as(&colleague, CONNECTIONS).await;
    assert_eq!((forbidden.status, forbidden.message()), (403, ADMIN_ONLY));

    // Another company's admin sees none of them and cannot read through them.
    let other = app.sign_up("carl@example.com", "Carl Co").await;
    assert_eq!(app.get_as(&other, CONNECTIONS).await.body, json!([]));
    let foreign = app.post_as(&other, &format!("/api/m/crud/sources/{id}/test"), json!({})).await;
    assert_eq!((foreign.status, foreign.message()), (404, "No such database connection"));

    // A module installed without the grant reaches neither.
    let admin = app.admin_token().await;
    let grants = "storage,notify,mail,publish,subscribe,realtime,directory,schedule";
    let manifest = crate::support::modules::manifest_at("crud", "1.0.1");
    let installed = app.install(&admin, crate::support::modules::archive_with("crud", &manifest, None), grants).await;
    assert_eq!(installed.status, 200, "{installed:?}");
    let ungranted = app.get_as(&token, CONNECTIONS).await;
    assert_eq!((ungranted.status, ungranted.message()), (404, NO_SOURCES));
    let call = app.get_as(&token, "/api/m/crud/sources").await;
    assert_eq!(call.status, 403, "{call:?}");
    assert_eq!(call.message(), "The module may not use 'sources': the installation did not grant it");
    source.drop().await;
}
