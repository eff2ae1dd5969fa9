//! Channels: listing, names, joining, leaving, inviting and archiving.

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect, message, user};
use serde_json::{Value, json};

use crate::common::{channel, load, send, view};

autoscope_module_test::on_both_engines!(
    the_list_shows_joined_and_public_channels,
    people_join_leave_and_are_invited,
    archived_channels_refuse_new_messages,
);

fn names(list: &Value) -> Vec<(String, bool)> {
    let channels = list["channels"].as_array().expect("channels");
    channels
        .iter()
        .map(|c| (c["name"].as_str().unwrap_or("").to_string(), c["joined"].as_bool().unwrap_or(false)))
        .collect()
}

/// Grouped: bob sees his private channel and every public one (joined or not) but not a
/// private one he is outside of (404 on it); names are unique whatever their case.
async fn the_list_shows_joined_and_public_channels(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    channel(&harness, &acme, "public", "general", &[&bob.id]).await;
    channel(&harness, &acme, "public", "random", &[]).await;
    channel(&harness, &acme, "private", "team", &[&bob.id]).await;
    let board = channel(&harness, &acme, "private", "board", &[]).await;

    let mut seen = names(&expect(call(&harness, &bob, "GET", "/channels", None).await, 200));
    seen.sort();
    let expected = [("general", true), ("random", false), ("team", true)].map(|(n, j)| (n.to_string(), j));
    assert_eq!(seen, expected);
    assert_eq!(
        message(call(&harness, &bob, "GET", &format!("/channels/{board}"), None).await, 404),
        "Channel not found"
    );
    let messages = call(&harness, &bob, "GET", &format!("/channels/{board}/messages"), None).await;
    assert_eq!(messages.status, 404);

    let taken = call(&harness, &bob, "POST", "/channels", Some(json!({ "kind": "public", "name": "General" }))).await;
    assert_eq!(message(taken, 409), "A channel with this name already exists");
    let blank = call(&harness, &bob, "POST", "/channels", Some(json!({ "kind": "public", "name": " " }))).await;
    assert_eq!(message(blank, 400), "A channel name is required");
}

/// A public channel is read and joined by anyone, written to by members; a private one
/// cannot be joined (404 for outsiders), only invited to; a member leaves.
async fn people_join_leave_and_are_invited(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let general = channel(&harness, &acme, "public", "general", &[]).await;
    let team = channel(&harness, &acme, "private", "team", &[]).await;
    send(&harness, &acme, &general, "welcome").await;

    let path = format!("/channels/{general}/messages");
    expect(call(&harness, &bob, "GET", &path, None).await, 200);
    let unjoined = call(&harness, &bob, "POST", &path, Some(json!({ "text": "hi" }))).await;
    assert_eq!(message(unjoined, 403), "You are not a member of this channel");
    let joined = expect(call(&harness, &bob, "POST", &format!("/channels/{general}/join"), None).await, 200);
    assert_eq!((joined["joined"].as_bool(), joined["unread"].as_i64()), (Some(true), Some(0)));
    send(&harness, &bob, &general, "hi").await;
    expect(call(&harness, &bob, "POST", &format!("/channels/{general}/leave"), None).await, 200);
    assert_eq!(view(&harness, &bob, &general).await["joined"], false);

    assert_eq!(call(&harness, &bob, "POST", &format!("/channels/{team}/join"), None).await.status, 404);
    let members = format!("/channels/{team}/members");
    let invited = expect(call(&harness, &acme, "POST", &members, Some(json!({ "user_ids": [bob.id] }))).await, 200);
    assert!(invited["member_ids"].as_array().unwrap().contains(&json!(bob.id)));
    send(&harness, &bob, &team, "thanks").await;
    let stranger = call(&harness, &acme, "POST", &members, Some(json!({ "user_ids": ["nobody"] }))).await;
    assert_eq!(message(stranger, 400), "Someone chosen is not a member of the company");
}

/// Archived, a channel refuses messages (and says so); unarchived, it takes them again.
async fn archived_channels_refuse_new_messages(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let general = channel(&harness, &acme, "public", "general", &[]).await;
    let path = format!("/channels/{general}");
    let archived =
        expect(call(&harness, &acme, "PATCH", &path, Some(json!({ "archived": true, "topic": "old" }))).await, 200);
    assert_eq!((archived["archived"].as_bool(), archived["topic"].as_str()), (Some(true), Some("old")));
    let refused = call(&harness, &acme, "POST", &format!("{path}/messages"), Some(json!({ "text": "hi" }))).await;
    assert_eq!(message(refused, 409), "This channel is archived");
    expect(call(&harness, &acme, "PATCH", &path, Some(json!({ "archived": false }))).await, 200);
    send(&harness, &acme, &general, "back").await;
}
