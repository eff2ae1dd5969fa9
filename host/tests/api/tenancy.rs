//! Cross-company reads: company B's token reaches none of company A's data.

use autoscope::storage::{enterprise, masters, notifications, pictures};
use serde_json::json;

use crate::directory::{user_list, whoami};
use crate::enterprise::payload;
use crate::on_both_engines;
use crate::support::TestApp;

on_both_engines!(company_b_reads_none_of_company_a);

/// Users, pictures, notifications, masters, logs and enterprise records of A stay out of B's answers.
async fn company_b_reads_none_of_company_a(app: TestApp) {
    let acme = app.sign_up("ann@acme.com", "Acme").await;
    let ann = whoami(&app, &acme).await;
    let (ann_id, acme_id) = (ann["user_id"].as_str().unwrap(), ann["company_id"].as_str().unwrap());
    let now = app.state.clock.now();
    pictures::put(app.db(), ann_id, "image/png", b"\x89PNG\r\n\x1a\n", now).await.unwrap();
    let note = notifications::insert(app.db(), acme_id, ann_id, "Acme secret", None, now).await.unwrap();
    masters::insert(app.db(), acme_id, "department", "Acme Skunkworks", 9).await.unwrap();
    assert_eq!(app.post_as(&acme, "/api/users/enterpriseEditionSubscribers", payload()).await.status, 200);

    let beta = app.sign_up("bea@beta.com", "Beta").await;
    let bea = whoami(&app, &beta).await;
    let beta_id = bea["company_id"].as_str().unwrap();

    let users = user_list(&app, &beta).await;
    assert!(users.iter().all(|u| u["email"] == "bea@beta.com"), "{users:?}");
    let picture = app.get_as(&beta, &format!("/api/users/getUploadedProfilePic/{ann_id}")).await;
    assert_eq!(picture.status, 204, "answered as for a user without a picture");

    assert_eq!(app.get_as(&beta, "/api/notification/getall").await.body, json!([]));
    app.post_as(&beta, "/api/notification/markRead", json!({"ids": [note]})).await;
    let acme_notes = app.get_as(&acme, "/api/notification/getall").await;
    assert_eq!(acme_notes.body[0]["read"], false, "B cannot mark A's notification read");

    let beta_masters = app.post_as(&beta, "/api/master/list", json!({"type": "department"})).await;
    assert!(!beta_masters.body.to_string().contains("Acme Skunkworks"));
    let acme_masters = app.post_as(&acme, "/api/master/list", json!({"type": "department"})).await;
    assert!(acme_masters.body.to_string().contains("Acme Skunkworks"));

    let beta_logs = app.get_as(&beta, "/api/logs/all_logs?limit=200").await;
    assert_eq!(beta_logs.status, 200);
    let text = beta_logs.body.to_string();
    assert!(!text.contains("ann@acme.com") && !text.contains("enterprise.subscribed"), "{text}");

    // B names A in the payload; the record still belongs to B.
    let answer = app.post_as(&beta, "/api/users/enterpriseEditionSubscribers", payload()).await;
    assert_eq!(answer.status, 200);
    let beta_records = enterprise::list_for_company(app.db(), beta_id).await.unwrap();
    assert_eq!(beta_records.len(), 1);
    assert_eq!(beta_records[0].community_user_email, "bea@beta.com");
    assert_eq!(beta_records[0].community_user_company, "Beta");
    assert_eq!(beta_records[0].user_id, bea["user_id"].as_str().unwrap());
    assert_eq!(enterprise::list_for_company(app.db(), acme_id).await.unwrap().len(), 1);
}
