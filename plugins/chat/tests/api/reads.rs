//! Read markers: unread and mention counts per channel, the badge, and read receipts in
//! direct conversations.

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect, id, user};
use serde_json::json;

use crate::common::{badge, channel, int, load, reply, send, view};

autoscope_module_test::on_both_engines!(
    unread_and_mention_counts_follow_the_marker,
    direct_conversations_show_read_receipts
);

/// Grouped: others' messages (replies too) count as unread, one's own do not; mentions
/// count apart; the marker moves forward only, to a seq or to the end; the badge sums.
async fn unread_and_mention_counts_follow_the_marker(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let general = channel(&harness, &acme, "public", "general", &[&bob.id]).await;
    let random = channel(&harness, &acme, "public", "random", &[&bob.id]).await;
    let root = send(&harness, &acme, &general, "one").await;
    send(&harness, &acme, &general, &format!("two <@{}>", bob.id)).await;
    reply(&harness, &acme, &general, id(&root), "three").await;
    send(&harness, &bob, &general, "mine").await;
    send(&harness, &acme, &random, "elsewhere").await;

    let seen = view(&harness, &bob, &general).await;
    // bob's own message moved his marker to 4: the three before it were read with it.
    assert_eq!((int(&seen, "unread"), int(&seen, "mentions"), int(&seen, "last_read_seq")), (0, 0, 4));
    send(&harness, &acme, &general, &format!("five <@{}>", bob.id)).await;
    send(&harness, &acme, &general, "six").await;
    let seen = view(&harness, &bob, &general).await;
    assert_eq!((int(&seen, "unread"), int(&seen, "mentions")), (2, 1));
    assert_eq!(int(&view(&harness, &acme, &general).await, "unread"), 0);
    assert_eq!(badge(&harness, &bob).await, 3);

    let path = format!("/channels/{general}/read");
    let marked = expect(call(&harness, &bob, "POST", &path, Some(json!({ "seq": 5 }))).await, 200);
    assert_eq!((int(&marked, "unread"), int(&marked, "mentions"), int(&marked, "last_read_seq")), (1, 0, 5));
    let marked = expect(call(&harness, &bob, "POST", &path, Some(json!({ "seq": 2 }))).await, 200);
    assert_eq!(int(&marked, "last_read_seq"), 5, "never backwards");
    let marked = expect(call(&harness, &bob, "POST", &path, Some(json!({}))).await, 200);
    assert_eq!((int(&marked, "unread"), int(&marked, "last_read_seq")), (0, 6));
    assert_eq!(badge(&harness, &bob).await, 1);
}

/// The same people find the same conversation (200), a new set makes one (201); each
/// member's marker is in `reads`, and the other side sees it move.
async fn direct_conversations_show_read_receipts(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let made = expect(call(&harness, &acme, "POST", "/direct", Some(json!({ "user_ids": [bob.id] }))).await, 201);
    let found = expect(call(&harness, &bob, "POST", "/direct", Some(json!({ "user_ids": [acme.user_id] }))).await, 200);
    assert_eq!(made["id"], found["id"]);
    assert_eq!((made["kind"].as_str(), made["name"].as_str()), (Some("direct"), Some("")));
    let direct = id(&made).to_string();

    send(&harness, &acme, &direct, "hi bob").await;
    let before = view(&harness, &acme, &direct).await;
    let marker = |view: &serde_json::Value, who: &str| {
        view["reads"].as_array().unwrap().iter().find(|r| r["user_id"] == who).map(|r| int(r, "last_read_seq"))
    };
    assert_eq!((marker(&before, &acme.user_id), marker(&before, &bob.id)), (Some(1), Some(0)));
    expect(call(&harness, &bob, "POST", &format!("/channels/{direct}/read"), None).await, 200);
    assert_eq!(marker(&view(&harness, &acme, &direct).await, &bob.id), Some(1));

    let solo = call(&harness, &acme, "POST", "/direct", Some(json!({ "user_ids": [acme.user_id] }))).await;
    assert_eq!(solo.status, 400);
    let leave = call(&harness, &bob, "POST", &format!("/channels/{direct}/leave"), None).await;
    assert_eq!(leave.status, 400);
}
