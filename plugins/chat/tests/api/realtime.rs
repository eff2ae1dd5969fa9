//! Live pushes reach the channel's members only.

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect, id, user};
use serde_json::{Value, json};

use crate::common::{channel, load, send};

autoscope_module_test::on_both_engines!(
    messages_are_pushed_to_members_only,
    reads_typing_invitations_and_presence_are_pushed
);

/// bob (a member) hears `chat.message`, and only it: the shell reads his badge again on it
/// (the page's `badge_refresh`), so no `chat.badge` doubles the push; carol (of the company,
/// outside the private channel) and Globex's user hear nothing.
async fn messages_are_pushed_to_members_only(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let bob = user(&acme, "bob@acme.test").await;
    let carol = user(&acme, "carol@acme.test").await;
    let team = channel(&harness, &acme, "private", "team", &[&bob.id]).await;
    let mut bobs = harness.listen(&bob).await.expect("bob listens");
    let mut carols = harness.listen(&carol).await.expect("carol listens");
    let mut globexs = harness.listen(&globex).await.expect("globex listens");

    let sent = send(&harness, &acme, &team, "secret plan").await;
    let mut heard = Vec::new();
    while let Some(event) = bobs.next().await {
        let done = event.0 == "chat.message";
        heard.push(event);
        if done {
            break;
        }
    }
    let (_, payload) = heard.iter().find(|(channel, _)| channel == "chat.message").expect("bob hears the message");
    assert_eq!(payload["event"], "created");
    assert_eq!(payload["message"]["id"], sent["id"]);
    heard.extend(bobs.drain().await);
    let channels: Vec<String> = chat(heard).into_iter().map(|(channel, _)| channel).collect();
    assert_eq!(channels, ["chat.message"]);

    assert_eq!(chat(carols.drain().await), vec![]);
    assert_eq!(chat(globexs.drain().await), vec![]);
}

/// The channel of events: `(channel, payload)` of those named `chat.*`.
fn chat(events: Vec<(String, Value)>) -> Vec<(String, Value)> {
    events.into_iter().filter(|(channel, _)| channel.starts_with("chat.")).collect()
}

/// Grouped: bob's read of a channel reaches bob himself only (the shell reads his badge
/// again on `chat.read`), of a direct conversation ann too (a receipt); ann's typing reaches bob only; carol,
/// invited, hears `chat.channel`, and again when she leaves (her badge is read again on
/// it); bob's first heartbeat is `chat.presence` to the company, not to Globex.
async fn reads_typing_invitations_and_presence_are_pushed(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let bob = user(&acme, "bob@acme.test").await;
    let carol = user(&acme, "carol@acme.test").await;
    let team = channel(&harness, &acme, "private", "team", &[&bob.id]).await;
    send(&harness, &acme, &team, "hello").await;
    let mut anns = harness.listen(&acme).await.expect("ann listens");
    let mut bobs = harness.listen(&bob).await.expect("bob listens");
    let mut carols = harness.listen(&carol).await.expect("carol listens");
    let mut globexs = harness.listen(&globex).await.expect("globex listens");

    expect(call(&harness, &bob, "POST", &format!("/channels/{team}/read"), None).await, 200);
    let read = json!({ "channel_id": team, "user_id": bob.id, "last_read_seq": 1 });
    assert_eq!(chat(bobs.drain().await), vec![("chat.read".to_string(), read)]);
    assert_eq!(chat(anns.drain().await), vec![]);
    let direct = expect(call(&harness, &acme, "POST", "/direct", Some(json!({ "user_ids": [bob.id] }))).await, 201);
    let direct = id(&direct).to_string();
    send(&harness, &acme, &direct, "psst").await;
    anns.drain().await;
    bobs.drain().await;
    expect(call(&harness, &bob, "POST", &format!("/channels/{direct}/read"), None).await, 200);
    let receipt = ("chat.read".to_string(), json!({ "channel_id": direct, "user_id": bob.id, "last_read_seq": 1 }));
    assert_eq!(chat(anns.drain().await), vec![receipt.clone()]);
    assert_eq!(chat(bobs.drain().await), vec![receipt]);

    expect(call(&harness, &acme, "POST", &format!("/channels/{team}/typing"), None).await, 200);
    let typing = ("chat.typing".to_string(), json!({ "channel_id": team, "user_id": acme.user_id }));
    assert_eq!(chat(bobs.drain().await), vec![typing]);
    assert_eq!(chat(anns.drain().await), vec![]);

    let invite = json!({ "user_ids": [carol.id] });
    expect(call(&harness, &acme, "POST", &format!("/channels/{team}/members"), Some(invite)).await, 200);
    let changed = ("chat.channel".to_string(), json!({ "channel_id": team }));
    assert_eq!(chat(carols.drain().await), vec![changed.clone()]);
    expect(call(&harness, &carol, "POST", &format!("/channels/{team}/leave"), None).await, 200);
    assert_eq!(chat(carols.drain().await), vec![changed]);

    expect(call(&harness, &bob, "POST", "/presence", Some(json!({ "status": "online" }))).await, 200);
    let online = ("chat.presence".to_string(), json!({ "user_id": bob.id, "status": "online" }));
    assert!(chat(anns.drain().await).contains(&online));
    assert_eq!(chat(globexs.drain().await), vec![]);
}
