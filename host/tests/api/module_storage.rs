//! Host functions through a real plugin: company-scoped storage, notifications, mail,
//! the directory, another module's collection, realtime, events and schedules — and
//! company A never reaching company B through any of them. Plus install, upgrade and
//! remove while requests are being served.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use autoscope::storage::Engine;
use serde_json::{Value, json};

use crate::on_both_engines;
use crate::support::modules::{archive, archive_with, manifest_at};
use crate::support::{TestApp, open_stream, read_event};

on_both_engines!(
    a_second_record_with_the_same_key_is_a_conflict,
    items_go_through_every_storage_operation,
    company_storage_is_invisible_to_other_companies,
    notify_mail_and_directory_stay_in_the_company,
    another_module_collection_is_read_in_the_same_company_only,
    realtime_messages_reach_the_company_only,
    events_are_delivered_in_the_publishing_company_and_schedules_run_per_company,
);
on_both_engines!(engine: install_upgrade_and_remove_under_load_fail_no_request);

struct Company {
    token: String,
    user_id: String,
}

async fn company(app: &TestApp, email: &str, name: &str) -> Company {
    let token = app.sign_up(email, name).await;
    let me = app.get_as(&token, "/api/m/crud/whoami").await;
    Company { user_id: me.body["user_id"].as_str().unwrap().to_string(), token }
}

async fn create(app: &TestApp, token: &str, body: Value) -> Value {
    let answer = app.post_as(token, "/api/m/crud/items", body).await;
    assert_eq!(answer.status, 201, "{answer:?}");
    answer.body
}

/// A collection's `key` is unique per company: a plugin inserting a record whose key is
/// taken gets 409 (a claim it lost), not a failure; another company may use the same key.
async fn a_second_record_with_the_same_key_is_a_conflict(app: TestApp) {
    app.install_test_module("crud").await;
    let a = company(&app, "owner@keys.example.com", "Keys Co").await;
    let b = company(&app, "owner@other.example.com", "Other Co").await;
    let reading = json!({ "source_id": "r-1", "sensor": "a", "at": 1_767_225_600 });
    assert_eq!(app.post_as(&a.token, "/api/m/crud/readings", reading.clone()).await.status, 201);
    let again = app.post_as(&a.token, "/api/m/crud/readings", reading.clone()).await;
    assert_eq!((again.status, again.message()), (409, "A record with this source_id already exists"));
    assert_eq!(app.post_as(&b.token, "/api/m/crud/readings", reading).await.status, 201, "keys are per company");

    // A change to a key another record holds is the same conflict, and changes nothing.
    let other = json!({ "source_id": "r-2", "sensor": "a", "at": 1_767_225_600 });
    let other = app.post_as(&a.token, "/api/m/crud/readings", other).await.body;
    let path = format!("/api/m/crud/readings/{}", other["id"].as_str().unwrap());
    let change = |key: &str| Some(json!({ "version": 1, "changes": { "source_id": key } }));
    let taken = app.request(reqwest::Method::PATCH, &path, Some(&a.token), change("r-1")).await;
    assert_eq!((taken.status, taken.message()), (409, "A record with this source_id already exists"));
    let free = app.request(reqwest::Method::PATCH, &path, Some(&a.token), change("r-3")).await;
    assert_eq!((free.status, &free.body["source_id"]), (200, &json!("r-3")), "{free:?}");
}

/// Insert, batch insert, get, list with filters and cursor, update with version check,
/// delete, count and a time-bucket aggregate.
async fn items_go_through_every_storage_operation(app: TestApp) {
    app.install_test_module("crud").await;
    let a = company(&app, "owner@items.example.com", "Items Co").await;
    let item = create(&app, &a.token, json!({ "title": "Invoice run", "qty": 3, "due": 1_767_225_600 })).await;
    assert_eq!(item["version"], 1);
    assert_eq!(item["done"], false, "the default fills a missing field");
    let id = item["id"].as_str().unwrap();
    let batch = app
        .post_as(
            &a.token,
            "/api/m/crud/items/batch",
            json!({ "records": [
                { "title": "Payroll", "qty": 5, "due": 1_767_225_600 + 3_600, "done": true },
                { "title": "Onboarding", "qty": 7, "due": 1_767_225_600 + 86_400 }
            ]}),
        )
        .await;
    assert_eq!(batch.status, 201, "{batch:?}");
    let invalid = app.post_as(&a.token, "/api/m/crud/items", json!({ "qty": "three" })).await;
    assert_eq!(invalid.status, 400, "{invalid:?}");

    let fetched = app.get_as(&a.token, &format!("/api/m/crud/items/{id}")).await;
    assert_eq!(fetched.body["title"], "Invoice run");
    let page = app.get_as(&a.token, "/api/m/crud/items?sort=title&limit=2&total=true").await;
    assert_eq!(page.body["total"], 3);
    let titles: Vec<&str> =
        page.body["items"].as_array().unwrap().iter().map(|i| i["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Invoice run", "Onboarding"]);
    let cursor = page.body["next_cursor"].as_str().expect("a next page");
    let next = app.get_as(&a.token, &format!("/api/m/crud/items?sort=title&limit=2&cursor={cursor}")).await;
    assert_eq!(next.body["items"][0]["title"], "Payroll");
    assert!(next.body["next_cursor"].is_null());
    let done = app.get_as(&a.token, "/api/m/crud/items?done=true").await;
    assert_eq!(done.body["items"].as_array().unwrap().len(), 1);
    let search = app.get_as(&a.token, "/api/m/crud/items?q=ROLL").await;
    assert_eq!(search.body["items"][0]["title"], "Payroll");
    let picked = app.get_as(&a.token, "/api/m/crud/items?fields=qty&sort=title&limit=1").await;
    let keys: Vec<&String> = picked.body["items"][0].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["created_at", "id", "qty", "title", "updated_at", "version"], "only the named and sort fields");
    let unknown = app.get_as(&a.token, "/api/m/crud/items?fields=colour").await;
    assert_eq!((unknown.status, unknown.message()), (400, "'colour' is not a field of 'items'"));

    let path = format!("/api/m/crud/items/{id}");
    let changed = app
        .request(reqwest::Method::PATCH, &path, Some(&a.token), Some(json!({ "version": 1, "changes": { "qty": 4 } })))
        .await;
    assert_eq!((changed.status, &changed.body["version"], &changed.body["qty"]), (200, &json!(2), &json!(4)));
    let stale = app
        .request(reqwest::Method::PATCH, &path, Some(&a.token), Some(json!({ "version": 1, "changes": { "qty": 9 } })))
        .await;
    assert_eq!(stale.status, 409, "{stale:?}");
    assert_eq!(app.get_as(&a.token, &path).await.body["qty"], 4, "the conflicting change was not applied");

    let stats = app.get_as(&a.token, "/api/m/crud/stats?bucket=day").await;
    assert_eq!(stats.status, 200, "{stats:?}");
    assert_eq!(
        stats.body,
        json!([
            { "due": 1_767_225_600, "n": 2, "total_qty": 9, "avg_qty": 4.5, "min_qty": 4, "max_qty": 5 },
            { "due": 1_767_225_600 + 86_400, "n": 1, "total_qty": 7, "avg_qty": 7.0, "min_qty": 7, "max_qty": 7 }
        ])
    );
    assert_eq!(app.get_as(&a.token, "/api/m/crud/count").await.body["count"], 3);
    let deleted = app.request(reqwest::Method::DELETE, &path, Some(&a.token), None).await;
    assert_eq!(deleted.body["deleted"], true);
    assert_eq!(app.get_as(&a.token, &path).await.status, 404);
    assert_eq!(app.get_as(&a.token, "/api/m/crud/count").await.body["count"], 2);
}

/// Company B can neither read, change, delete, count nor aggregate company A's items.
async fn company_storage_is_invisible_to_other_companies(app: TestApp) {
    app.install_test_module("crud").await;
    let a = company(&app, "a@alpha.example.com", "Alpha").await;
    let b = company(&app, "b@beta.example.com", "Beta").await;
    let item = create(&app, &a.token, json!({ "title": "Alpha secret", "qty": 1, "due": 1_767_225_600 })).await;
    let path = format!("/api/m/crud/items/{}", item["id"].as_str().unwrap());
    assert_eq!(app.get_as(&b.token, &path).await.status, 404);
    let page = app.get_as(&b.token, "/api/m/crud/items?total=true").await;
    assert_eq!((page.body["items"].clone(), page.body["total"].clone()), (json!([]), json!(0)));
    let change = json!({ "version": 1, "changes": { "title": "Beta was here" } });
    assert_eq!(app.request(reqwest::Method::PATCH, &path, Some(&b.token), Some(change)).await.status, 404);
    assert_eq!(app.request(reqwest::Method::DELETE, &path, Some(&b.token), None).await.body["deleted"], false);
    assert_eq!(app.get_as(&b.token, "/api/m/crud/count").await.body["count"], 0);
    assert_eq!(app.get_as(&b.token, "/api/m/crud/stats").await.body, json!([]));
    // B's own batch stays B's.
    let batch = app.post_as(&b.token, "/api/m/crud/items/batch", json!({ "records": [{ "title": "Beta" }] })).await;
    assert_eq!(batch.status, 201);
    assert_eq!(app.get_as(&a.token, "/api/m/crud/count").await.body["count"], 1);
    assert_eq!(app.get_as(&a.token, &path).await.body["title"], "Alpha secret");
}

/// Notifications and mail reach only users of the caller's company; the directory lists
/// only them.
async fn notify_mail_and_directory_stay_in_the_company(app: TestApp) {
    app.install_test_module("crud").await;
    let a = company(&app, "boss@gamma.example.com", "Gamma").await;
    let b = company(&app, "boss@delta.example.com", "Delta").await;
    let notified =
        app.post_as(&a.token, "/api/m/crud/notify", json!({ "user_ids": [a.user_id], "message": "Run failed" })).await;
    assert_eq!(notified.body, json!({ "count": 1 }), "{notified:?}");
    let bell = app.get_as(&a.token, "/api/notification/getall").await;
    assert_eq!(bell.body[0]["message"], "Run failed");
    assert_eq!(bell.body[0]["link"], json!(null));
    let linked = json!({ "user_ids": [a.user_id], "message": "Ticket #7", "link": "/Support?ticket=t7" });
    assert_eq!(app.post_as(&a.token, "/api/m/crud/notify", linked).await.body, json!({ "count": 1 }));
    let bell = app.get_as(&a.token, "/api/notification/getall").await;
    assert_eq!((&bell.body[0]["message"], &bell.body[0]["link"]), (&json!("Ticket #7"), &json!("/Support?ticket=t7")));
    // A link to another site is refused, and nothing is sent.
    for elsewhere in ["https://evil.example.com", "//evil.example.com/Support", "javascript:alert(1)"] {
        let refused = json!({ "user_ids": [a.user_id], "message": "Click", "link": elsewhere });
        let refused = app.post_as(&a.token, "/api/m/crud/notify", refused).await;
        assert_eq!(refused.status, 400, "{elsewhere}: {refused:?}");
        assert_eq!(refused.body["message"], autoscope::notifications::LINK_INVALID);
    }
    assert_eq!(app.get_as(&a.token, "/api/notification/getall").await.body.as_array().map(Vec::len), Some(2));
    let across = app.post_as(&a.token, "/api/m/crud/notify", json!({ "user_ids": [b.user_id], "message": "Hi" })).await;
    assert_eq!(across.status, 404, "{across:?}");
    assert_eq!(app.get_as(&b.token, "/api/notification/getall").await.body, json!([]));

    let mailed = app
        .post_as(&a.token, "/api/m/crud/mail", json!({ "user_ids": [a.user_id], "name": "<Ann>", "title": "Payroll" }))
        .await;
    assert_eq!(mailed.body, json!({ "count": 1 }), "{mailed:?}");
    let mails = app.mails_to("boss@gamma.example.com").await;
    let mail = mails.iter().find(|m| m.subject == "Hello <Ann>").expect("the template mail");
    assert_eq!(mail.text_body, "Hello <Ann>, item Payroll.");
    assert!(mail.html_body.contains("&lt;Ann&gt;"), "{}", mail.html_body);
    let across =
        app.post_as(&a.token, "/api/m/crud/mail", json!({ "user_ids": [b.user_id], "name": "x", "title": "y" })).await;
    assert_eq!(across.status, 404);
    assert!(app.mails_to("boss@delta.example.com").await.iter().all(|m| m.subject != "Hello x"));

    let directory = app.get_as(&a.token, "/api/m/crud/directory").await;
    let emails: Vec<&str> = directory.body.as_array().unwrap().iter().map(|u| u["email"].as_str().unwrap()).collect();
    assert_eq!(emails, ["boss@gamma.example.com"]);
    let asked_for_b = app.get_as(&a.token, &format!("/api/m/crud/directory?user_ids={}", b.user_id)).await;
    assert_eq!(asked_for_b.body, json!([]));
    let asked_for_both = format!("/api/m/crud/directory?user_ids={},{},{}", b.user_id, a.user_id, a.user_id);
    let asked_for_both = app.get_as(&a.token, &asked_for_both).await;
    assert_eq!(asked_for_both.body, directory.body, "the caller's company only, once each");
}

/// A granted read of `faults.notes` sees the caller's company's notes only; a granted
/// update changes them with the version check, within the company; inserts into another
/// module's collection are refused.
async fn another_module_collection_is_read_in_the_same_company_only(app: TestApp) {
    app.install_test_module("crud").await;
    app.install_test_module("faults").await;
    let a = company(&app, "a@notes.example.com", "Notes A").await;
    let b = company(&app, "b@notes.example.com", "Notes B").await;
    let note = app.post_as(&a.token, "/api/m/faults/notes", json!({ "text": "A's note" })).await;
    assert_eq!(note.status, 201);
    let read = app.get_as(&a.token, "/api/m/crud/notes").await;
    assert_eq!(read.status, 200, "{read:?}");
    assert_eq!(read.body["items"][0]["text"], "A's note");
    assert_eq!(app.get_as(&b.token, "/api/m/crud/notes").await.body["items"], json!([]));

    let path = format!("/api/m/crud/notes/{}", note.body["id"].as_str().unwrap());
    let change = |version: i64| json!({ "version": version, "changes": { "text": "Edited" } });
    let by_b = app.request(reqwest::Method::PATCH, &path, Some(&b.token), Some(change(1))).await;
    assert_eq!(by_b.status, 404, "B cannot reach A's note: {by_b:?}");
    let updated = app.request(reqwest::Method::PATCH, &path, Some(&a.token), Some(change(1))).await;
    assert_eq!(
        (updated.status, updated.body["text"].as_str(), updated.body["version"].as_i64()),
        (200, Some("Edited"), Some(2))
    );
    let stale = app.request(reqwest::Method::PATCH, &path, Some(&a.token), Some(change(1))).await;
    assert_eq!(stale.status, 409, "{stale:?}");
    let insert = app.post_as(&a.token, "/api/m/crud/notes", json!({ "text": "x" })).await;
    assert_eq!(insert.status, 403);
    assert_eq!(insert.message(), "Only reads and updates reach another module's collection ('faults.notes')");
}

/// A module's realtime message reaches its company's signed-in users who may view it.
async fn realtime_messages_reach_the_company_only(app: TestApp) {
    app.install_test_module("crud").await;
    let a = company(&app, "a@live.example.com", "Live A").await;
    let b = company(&app, "b@live.example.com", "Live B").await;
    let mut a_stream = open_stream(&app, &a.token).await;
    let mut b_stream = open_stream(&app, &b.token).await;
    let pushed = app
        .post_as(&a.token, "/api/m/crud/realtime", json!({ "channel": "board", "payload": { "moved": "card-1" } }))
        .await;
    assert_eq!(pushed.status, 200, "{pushed:?}");
    let received = read_event(&mut a_stream).await.expect("A receives its company's message");
    assert!(received.contains("event: crud.board"), "{received}");
    assert!(received.contains(r#"data: {"moved":"card-1"}"#), "{received}");
    assert_eq!(read_event(&mut b_stream).await, None, "B receives nothing");
    let bad = app.post_as(&a.token, "/api/m/crud/realtime", json!({ "channel": "../x", "payload": 1 })).await;
    assert_eq!(bad.status, 400);
}

/// A published event is stored, then delivered to the subscriber in the publisher's
/// company (once, even when the worker runs again); a schedule runs once per company
/// per period.
async fn events_are_delivered_in_the_publishing_company_and_schedules_run_per_company(app: TestApp) {
    app.install_test_module("crud").await;
    let a = company(&app, "a@events.example.com", "Events A").await;
    let b = company(&app, "b@events.example.com", "Events B").await;
    let item = create(&app, &a.token, json!({ "title": "Published" })).await;
    // The host's own worker may hold the delivery's lease; either way it completes.
    for _ in 0..50 {
        autoscope::modules::events::deliver_due(&app.state).await.unwrap();
        if autoscope::storage::module_events::pending_count(app.db(), "crud").await.unwrap() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    autoscope::modules::events::deliver_due(&app.state).await.unwrap();
    let names = |body: &Value| -> Vec<String> {
        body["items"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_string()).collect()
    };
    let seen = app.get_as(&a.token, "/api/m/crud/seen").await;
    let events: Vec<String> = names(&seen.body).into_iter().filter(|n| n.starts_with("event:")).collect();
    assert_eq!(events, [format!("event:{}", item["id"].as_str().unwrap())]);
    assert!(names(&app.get_as(&b.token, "/api/m/crud/seen").await.body).iter().all(|n| !n.starts_with("event:")));

    autoscope::modules::schedules::run_due(&app.state).await.unwrap();
    autoscope::modules::schedules::run_due(&app.state).await.unwrap();
    assert_eq!((ticks(&app, &a.token, 1).await, ticks(&app, &b.token, 1).await), (1, 1));
    app.advance(Duration::from_secs(61));
    autoscope::modules::schedules::run_due(&app.state).await.unwrap();
    assert_eq!((ticks(&app, &a.token, 2).await, ticks(&app, &b.token, 2).await), (2, 2));
}

/// The ticks the company's `seen` holds, waiting briefly for a run the host's own worker
/// may have claimed and not finished.
async fn ticks(app: &TestApp, token: &str, expected: usize) -> usize {
    let mut count = 0;
    for _ in 0..20 {
        let seen = app.get_as(token, "/api/m/crud/seen").await;
        count = seen.body["items"].as_array().unwrap().iter().filter(|s| s["name"] == "tick").count();
        if count >= expected {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    count
}

/// Clients keep listing items while the module is upgraded twice (the second adds a
/// field) and another module is installed and removed: no request fails.
async fn install_upgrade_and_remove_under_load_fail_no_request(engine: Engine) {
    let app = Arc::new(TestApp::start(engine, |_| {}).await);
    let admin = app.admin_token().await;
    assert_eq!(app.install(&admin, archive("crud"), "declared").await.status, 200);
    let user = company(&app, "load@example.com", "Load Co").await;
    create(&app, &user.token, json!({ "title": "Under load" })).await;
    let stop = Arc::new(AtomicBool::new(false));
    let served = Arc::new(AtomicUsize::new(0));
    let clients: Vec<_> = (0..4)
        .map(|_| {
            let (app, stop, served, token) = (app.clone(), stop.clone(), served.clone(), user.token.clone());
            tokio::spawn(async move {
                let mut failures = Vec::new();
                // Bounded: stops when told, or after 5,000 requests.
                for _ in 0..5_000 {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let answer = app.get_as(&token, "/api/m/crud/items").await;
                    if answer.status != 200 || answer.body["items"][0]["title"] != "Under load" {
                        failures.push(format!("{answer:?}"));
                    }
                    served.fetch_add(1, Ordering::Relaxed);
                }
                failures
            })
        })
        .collect();
    let upgraded = manifest_at("crud", "1.0.1");
    let with_field = manifest_at("crud", "1.0.2")
        .replace("tags = { type = \"json\" }", "tags = { type = \"json\" }\nowner = { type = \"text\" }");
    for (archive, grants) in [
        (archive_with("crud", &upgraded, None), "declared"),
        (crate::support::modules::archive("faults"), "storage"),
        (archive_with("crud", &with_field, None), "declared"),
    ] {
        let answer = app.install(&admin, archive, grants).await;
        assert_eq!(answer.status, 200, "{answer:?}");
    }
    let removed = app.request(reqwest::Method::DELETE, "/api/admin/modules/faults?data=keep", Some(&admin), None).await;
    assert_eq!(removed.status, 200);
    tokio::time::sleep(Duration::from_millis(200)).await;
    stop.store(true, Ordering::Relaxed);
    let mut failures = Vec::new();
    for client in clients {
        failures.extend(client.await.unwrap());
    }
    assert!(failures.is_empty(), "{} failed: {:?}", failures.len(), &failures[..failures.len().min(3)]);
    assert!(served.load(Ordering::Relaxed) > 20, "the clients were served throughout");
    let with_owner = app.get_as(&user.token, "/api/m/crud/items").await;
    assert!(with_owner.body["items"][0].as_object().unwrap().contains_key("owner"), "{with_owner:?}");
}
