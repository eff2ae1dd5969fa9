//! The notifications bell: `GET /notification/getall` and `POST /notification/markRead`.

use autoscope::storage::notifications;
use serde_json::{Value, json};

use crate::directory::{add_colleague, whoami};
use crate::on_both_engines;
use crate::support::TestApp;

on_both_engines!(
    the_list_is_the_callers_own_newest_first,
    the_list_holds_at_most_100,
    mark_read_changes_only_the_callers_own,
    mark_read_needs_a_list_of_ids,
    notifications_need_a_session,
);

/// (user_id, company_id) of the token's user.
async fn ids(app: &TestApp, token: &str) -> (String, String) {
    let me = whoami(app, token).await;
    (me["user_id"].as_str().unwrap().to_string(), me["company_id"].as_str().unwrap().to_string())
}

async fn list(app: &TestApp, token: &str) -> Vec<Value> {
    let answer = app.get_as(token, "/api/notification/getall").await;
    assert_eq!(answer.status, 200, "{answer:?}");
    answer.body.as_array().unwrap().clone()
}

/// Newest first with id, ISO createdAt, message and read; a colleague's are not shown.
async fn the_list_is_the_callers_own_newest_first(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let (user_id, company_id) = ids(&app, &token).await;
    let colleague = add_colleague(&app, &company_id, "bob@acme.com", "Bob").await;
    notifications::insert(app.db(), &company_id, &user_id, "Ticket 1 opened", None, 1_700_000_000).await.unwrap();
    notifications::insert(app.db(), &company_id, &user_id, "Bot 7 failed", None, 1_700_000_100).await.unwrap();
    notifications::insert(app.db(), &company_id, &colleague, "For Bob", None, 1_700_000_200).await.unwrap();

    let items = list(&app, &token).await;
    let messages: Vec<&str> = items.iter().filter_map(|n| n["message"].as_str()).collect();
    assert_eq!(messages, ["Bot 7 failed", "Ticket 1 opened"]);
    assert_eq!(items[0]["createdAt"], "2023-11-14T22:15:00Z");
    assert_eq!(items[0]["read"], false);
    assert!(items[0]["id"].as_str().is_some_and(|id| !id.is_empty()));
}

/// 105 notifications: the newest 100 are listed.
async fn the_list_holds_at_most_100(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let (user_id, company_id) = ids(&app, &token).await;
    for n in 0..105 {
        notifications::insert(app.db(), &company_id, &user_id, &format!("n{n}"), None, 1_700_000_000 + n)
            .await
            .unwrap();
    }
    let items = list(&app, &token).await;
    assert_eq!(items.len(), 100);
    assert_eq!(items[0]["message"], "n104");
    assert_eq!(items[99]["message"], "n5");
}

/// Own ids become read; a colleague's id in the same call stays unread.
async fn mark_read_changes_only_the_callers_own(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let (user_id, company_id) = ids(&app, &token).await;
    let bob = add_colleague(&app, &company_id, "bob@acme.com", "Bob").await;
    let mine = notifications::insert(app.db(), &company_id, &user_id, "Mine", None, 1_700_000_000).await.unwrap();
    let kept = notifications::insert(app.db(), &company_id, &user_id, "Kept", None, 1_700_000_001).await.unwrap();
    let bobs = notifications::insert(app.db(), &company_id, &bob, "Bob's", None, 1_700_000_002).await.unwrap();

    let answer = app.post_as(&token, "/api/notification/markRead", json!({"ids": [mine, bobs]})).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    let items = list(&app, &token).await;
    let read = |id: &str| items.iter().find(|n| n["id"] == id).unwrap()["read"].clone();
    assert_eq!(read(&mine), true);
    assert_eq!(read(&kept), false);
    let bob_list = notifications::list_for_user(app.db(), &company_id, &bob, 10).await.unwrap();
    assert_eq!(bob_list[0].read_at, None);
}

/// A body without `ids` is a 400 in the usual shape.
async fn mark_read_needs_a_list_of_ids(app: TestApp) {
    let token = app.sign_up("ann@acme.com", "Acme").await;
    let answer = app.post_as(&token, "/api/notification/markRead", json!({"ids": "all"})).await;
    assert_eq!(answer.status, 400);
    assert!(!answer.message().is_empty());
}

/// Without a token: 401 on both calls.
async fn notifications_need_a_session(app: TestApp) {
    assert_eq!(app.get("/api/notification/getall").await.status, 401);
    let answer = app.post("/api/notification/markRead", json!({"ids": []})).await;
    assert_eq!((answer.status, answer.message()), (401, "Please login to continue"));
}
