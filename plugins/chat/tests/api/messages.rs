//! Messages: numbered per channel, paged, checked; edited and deleted by their author
//! only; threads count their replies; reactions toggle.

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect, id, message, user};
use serde_json::json;

use crate::common::{channel, int, load, reply, send, texts};

autoscope_module_test::on_both_engines!(
    messages_are_numbered_per_channel_and_paged,
    only_the_author_edits_or_deletes_a_message,
    threads_count_their_replies,
    reactions_toggle_per_person,
    messages_sent_at_once_take_distinct_seqs,
);

/// Grouped: seqs per channel, pages before a seq and around one, and the text checks.
async fn messages_are_numbered_per_channel_and_paged(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let general = channel(&harness, &acme, "public", "general", &[]).await;
    let random = channel(&harness, &acme, "public", "random", &[]).await;
    for n in 1..=5 {
        let sent = send(&harness, &acme, &general, &format!("g{n}")).await;
        assert_eq!(int(&sent, "seq"), n);
    }
    assert_eq!(int(&send(&harness, &acme, &random, "r1").await, "seq"), 1);

    let path = format!("/channels/{general}/messages");
    let page = expect(call(&harness, &acme, "GET", &format!("{path}?limit=2"), None).await, 200);
    assert_eq!(texts(&page), ["g4", "g5"]);
    assert_eq!(page["has_more"], true);
    let page = expect(call(&harness, &acme, "GET", &format!("{path}?before_seq=3&limit=10"), None).await, 200);
    assert_eq!(texts(&page), ["g1", "g2"]);
    assert_eq!(page["has_more"], false);
    let page = expect(call(&harness, &acme, "GET", &format!("{path}?around_seq=3&limit=3"), None).await, 200);
    assert_eq!(texts(&page), ["g2", "g3", "g4"]);
    assert_eq!(page["has_more"], true);

    let empty = call(&harness, &acme, "POST", &path, Some(json!({ "text": "   " }))).await;
    assert_eq!(message(empty, 400), "A message cannot be empty");
    let long = call(&harness, &acme, "POST", &path, Some(json!({ "text": "x".repeat(4001) }))).await;
    assert_eq!(message(long, 400), "A message may be at most 4,000 characters");
    let view = expect(call(&harness, &acme, "GET", &format!("/channels/{general}"), None).await, 200);
    assert_eq!(int(&view, "last_seq"), 5);
}

/// Grouped: another member may neither edit nor delete; the author edits (edited) and
/// deletes (text gone, deleted), and a deleted message cannot be edited.
async fn only_the_author_edits_or_deletes_a_message(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let general = channel(&harness, &acme, "public", "general", &[&bob.id]).await;
    let sent = send(&harness, &acme, &general, "hello").await;
    let path = format!("/messages/{}", id(&sent));

    let edit = json!({ "text": "taken over" });
    assert_eq!(
        message(call(&harness, &bob, "PATCH", &path, Some(edit)).await, 403),
        "Only the author can edit or delete a message"
    );
    assert_eq!(
        message(call(&harness, &bob, "DELETE", &path, None).await, 403),
        "Only the author can edit or delete a message"
    );

    let edited = expect(call(&harness, &acme, "PATCH", &path, Some(json!({ "text": "hello all" }))).await, 200);
    assert_eq!((edited["text"].as_str(), edited["edited"].as_bool()), (Some("hello all"), Some(true)));
    let deleted = expect(call(&harness, &acme, "DELETE", &path, None).await, 200);
    assert_eq!((deleted["text"].as_str(), deleted["deleted"].as_bool()), (Some(""), Some(true)));
    let again = call(&harness, &acme, "PATCH", &path, Some(json!({ "text": "back" }))).await;
    assert_eq!(message(again, 400), "This message was deleted");
    let page = expect(call(&harness, &bob, "GET", &format!("/channels/{general}/messages"), None).await, 200);
    assert_eq!(page["messages"][0]["deleted"], true);
}

/// Replies count on their root, stay out of the channel's page, come with the thread,
/// and go to the root only; deleting one counts down.
async fn threads_count_their_replies(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let general = channel(&harness, &acme, "public", "general", &[&bob.id]).await;
    let root = send(&harness, &acme, &general, "lunch?").await;
    let first = reply(&harness, &bob, &general, id(&root), "yes").await;
    reply(&harness, &acme, &general, id(&root), "12:30").await;
    send(&harness, &acme, &general, "other topic").await;

    let page = expect(call(&harness, &acme, "GET", &format!("/channels/{general}/messages"), None).await, 200);
    assert_eq!(texts(&page), ["lunch?", "other topic"]);
    assert_eq!(int(&page["messages"][0], "reply_count"), 2);
    assert!(page["messages"][0]["last_reply_at"].is_i64());
    let thread = expect(call(&harness, &bob, "GET", &format!("/messages/{}/thread", id(&first)), None).await, 200);
    assert_eq!(thread["root"]["text"], "lunch?");
    let replies: Vec<&str> =
        thread["replies"].as_array().unwrap().iter().map(|r| r["text"].as_str().unwrap()).collect();
    assert_eq!(replies, ["yes", "12:30"]);

    let path = format!("/channels/{general}/messages");
    let nested = call(&harness, &acme, "POST", &path, Some(json!({ "text": "deeper", "parent_id": id(&first) }))).await;
    assert_eq!(message(nested, 400), "Replies go to a thread's first message");
    expect(call(&harness, &bob, "DELETE", &format!("/messages/{}", id(&first)), None).await, 200);
    let thread = expect(call(&harness, &acme, "GET", &format!("/messages/{}/thread", id(&root)), None).await, 200);
    assert_eq!(int(&thread["root"], "reply_count"), 1);
}

/// The same emoji twice takes the reaction back; two people share an emoji; a channel's
/// non-member may not react.
async fn reactions_toggle_per_person(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let carol = user(&acme, "carol@acme.test").await;
    let general = channel(&harness, &acme, "public", "general", &[&bob.id]).await;
    let sent = send(&harness, &acme, &general, "ship it").await;
    let path = format!("/messages/{}/reactions", id(&sent));
    let thumbs = json!({ "emoji": "👍" });

    expect(call(&harness, &acme, "POST", &path, Some(thumbs.clone())).await, 200);
    let both = expect(call(&harness, &bob, "POST", &path, Some(thumbs.clone())).await, 200);
    assert_eq!(both["reactions"], json!([{ "emoji": "👍", "user_ids": [acme.user_id, bob.id] }]));
    let back = expect(call(&harness, &acme, "POST", &path, Some(thumbs.clone())).await, 200);
    assert_eq!(back["reactions"], json!([{ "emoji": "👍", "user_ids": [bob.id] }]));
    assert_eq!(
        message(call(&harness, &carol, "POST", &path, Some(thumbs)).await, 403),
        "You are not a member of this channel"
    );
}

/// Messages sent at once still take distinct, consecutive seqs (a lost version race
/// reads the channel again).
async fn messages_sent_at_once_take_distinct_seqs(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let general = channel(&harness, &acme, "public", "general", &[&bob.id]).await;
    let sent = tokio::join!(
        send(&harness, &acme, &general, "a"),
        send(&harness, &bob, &general, "b"),
        send(&harness, &acme, &general, "c"),
        send(&harness, &bob, &general, "d"),
        send(&harness, &acme, &general, "e"),
        send(&harness, &bob, &general, "f"),
    );
    let mut seqs = [&sent.0, &sent.1, &sent.2, &sent.3, &sent.4, &sent.5].map(|message| int(message, "seq"));
    seqs.sort();
    assert_eq!(seqs, [1, 2, 3, 4, 5, 6]);
}
