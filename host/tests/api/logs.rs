//! The system log, `GET /logs/all_logs`.

use autoscope::storage::{new_id, system_logs};
use serde_json::Value;

use crate::directory::whoami;
use crate::on_both_engines;
use crate::support::TestApp;

on_both_engines!(
    the_company_log_is_listed_newest_first,
    pages_follow_the_cursor_to_the_end,
    bad_limits_and_cursors_are_refused,
    the_log_needs_a_session,
);

pub async fn add_entry(app: &TestApp, company_id: &str, event: &str, created_at: i64) {
    let entry = system_logs::LogEntry {
        id: new_id(),
        company_id: Some(company_id.to_string()),
        user_id: None,
        level: "info".into(),
        event: event.to_string(),
        message: format!("{event} happened"),
        request_id: Some("req-1".into()),
        client_addr: None,
        created_at,
    };
    system_logs::insert(app.db(), &entry).await.unwrap();
}

async fn page(app: &TestApp, token: &str, query: &str) -> Value {
    let answer = app.get_as(token, &format!("/api/logs/all_logs{query}")).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    answer.body
}

/// Sign-up and sign-in events come back newest first with the spec'd fields.
async fn the_company_log_is_listed_newest_first(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let body = page(&app, &token, "").await;
    let events: Vec<&str> = body["data"].as_array().unwrap().iter().filter_map(|e| e["event"].as_str()).collect();
    assert_eq!(events, ["signin", "company.created"]);
    let entry = &body["data"][0];
    assert_eq!(entry["level"], "info");
    assert_eq!(entry["message"], "ann@acme.com signed in");
    assert!(entry["createdAt"].as_str().is_some_and(|t| t.ends_with('Z') && t.contains('T')));
    assert!(entry["id"].is_string() && entry["requestId"].is_string());
    assert_eq!(entry["clientAddr"], "127.0.0.1", "where the sign-in came from");
    assert_eq!(body["nextCursor"], Value::Null);
}

/// limit=2 over 5 entries with ties in time: three pages, no entry twice, null cursor at the end.
async fn pages_follow_the_cursor_to_the_end(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let company_id = whoami(&app, &token).await["company_id"].as_str().unwrap().to_string();
    let future = app.state.clock.now() + 1000;
    for (n, at) in [future, future, future + 1, future + 1, future + 2].into_iter().enumerate() {
        add_entry(&app, &company_id, &format!("e{n}"), at).await;
    }
    let mut seen = Vec::new();
    let mut query = "?limit=2".to_string();
    for expected in [2, 2, 2, 1] {
        let body = page(&app, &token, &query).await;
        let data = body["data"].as_array().unwrap();
        assert_eq!(data.len(), expected, "{body}");
        seen.extend(data.iter().map(|e| e["event"].as_str().unwrap().to_string()));
        match body["nextCursor"].as_str() {
            Some(cursor) => query = format!("?limit=2&before={cursor}"),
            None => break,
        }
    }
    // Entries of the same second come in id order; which of a tie is first does not matter here.
    let mut ties = [seen[1..3].to_vec(), seen[3..5].to_vec()];
    ties.iter_mut().for_each(|pair| pair.sort());
    assert_eq!(seen.len(), 7, "{seen:?}");
    assert_eq!((seen[0].as_str(), &seen[5..]), ("e4", &["signin".to_string(), "company.created".to_string()][..]));
    assert_eq!(ties, [["e2", "e3"], ["e0", "e1"]]);
}

/// limit outside 1..200, a non-number, or a forged cursor: 400.
async fn bad_limits_and_cursors_are_refused(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    for query in ["?limit=0", "?limit=201"] {
        let answer = app.get_as(&token, &format!("/api/logs/all_logs{query}")).await;
        assert_eq!((answer.status, answer.message()), (400, "limit must be between 1 and 200"), "{query}");
    }
    let answer = app.get_as(&token, "/api/logs/all_logs?limit=ten").await;
    assert_eq!(answer.status, 400);
    assert!(!answer.message().is_empty());
    let answer = app.get_as(&token, "/api/logs/all_logs?before=not-a-cursor").await;
    assert_eq!((answer.status, answer.message()), (400, "Invalid cursor"));
    assert_eq!(page(&app, &token, "?limit=200").await["data"].as_array().unwrap().len(), 2);
}

/// Without a token: 401.
async fn the_log_needs_a_session(app: TestApp) {
    let answer = app.get("/api/logs/all_logs").await;
    assert_eq!((answer.status, answer.message()), (401, "Please login to continue"));
}
