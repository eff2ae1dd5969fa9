//! Live pushes reach the channel's members only.

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{company, user};

use crate::common::{channel, load, send};

autoscope_module_test::on_both_engines!(messages_are_pushed_to_members_only);

/// bob (a member) hears `chat.message` and `chat.badge`; carol (of the company, outside
/// the private channel) and Globex's user hear nothing.
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
    assert!(heard.iter().any(|(channel, _)| channel == "chat.badge"), "{heard:?}");

    let chat = |events: Vec<(String, serde_json::Value)>| {
        events.into_iter().filter(|(c, _)| c.starts_with("chat.")).collect::<Vec<_>>()
    };
    assert_eq!(chat(carols.drain().await), vec![]);
    assert_eq!(chat(globexs.drain().await), vec![]);
}
