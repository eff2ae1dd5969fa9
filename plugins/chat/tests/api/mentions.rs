//! Mentions: `<@user_id>` tokens of company members; a bell for each one who may see the
//! channel, and a mail too for those without a heartbeat in the last 10 minutes.

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect, id, user};
use serde_json::json;

use crate::common::{channel, load, send};

autoscope_module_test::on_both_engines!(mentions_ring_the_bell_and_mail_people_away);

/// Grouped: bob (never seen) gets a bell and a mail; carol (heartbeat now) a bell only;
/// dave, a member of the company outside the private channel, nothing; Globex's user and
/// an unknown id are not kept as mentions.
async fn mentions_ring_the_bell_and_mail_people_away(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let bob = user(&acme, "bob@acme.test").await;
    let carol = user(&acme, "carol@acme.test").await;
    let dave = user(&acme, "dave@acme.test").await;
    let team = channel(&harness, &acme, "private", "team", &[&bob.id, &carol.id]).await;
    expect(call(&harness, &carol, "POST", "/presence", Some(json!({ "status": "online" }))).await, 200);

    let text = format!("<@{}> <@{}> <@{}> <@{}> <@nobody> please look", bob.id, carol.id, dave.id, globex.user_id);
    let sent = send(&harness, &acme, &team, &text).await;
    assert_eq!(sent["mentions"], json!([bob.id, carol.id, dave.id]));

    let bells = |list: Vec<autoscope_module_test::Notification>| {
        list.into_iter().map(|notification| notification.message).filter(|m| m.contains("mentioned you")).count()
    };
    assert_eq!(bells(harness.notifications(&bob).await.unwrap()), 1);
    assert_eq!(bells(harness.notifications(&carol).await.unwrap()), 1);
    assert_eq!(bells(harness.notifications(&dave).await.unwrap()), 0);
    let notice = harness.notifications(&bob).await.unwrap().remove(0);
    assert!(notice.message.ends_with("mentioned you in #team"), "{}", notice.message);
    // The bell and the mail open the message in context, as the page's search results do.
    let link = format!("/Chat?channel={team}&around={}&message={}", sent["seq"], id(&sent));
    assert_eq!(notice.link.as_deref(), Some(link.as_str()));

    let mails = harness.mails_to("bob@acme.test").await.unwrap();
    assert_eq!(mails.len(), 1);
    assert!(mails[0].subject.ends_with("mentioned you in #team"), "{}", mails[0].subject);
    assert!(mails[0].text_body.contains("please look"), "{}", mails[0].text_body);
    assert!(mails[0].text_body.contains(&link), "{}", mails[0].text_body);
    assert!(harness.mails_to("carol@acme.test").await.unwrap().is_empty());
    assert!(harness.mails_to("dave@acme.test").await.unwrap().is_empty());
}
