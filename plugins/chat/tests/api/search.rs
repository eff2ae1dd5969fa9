//! Search: the text of messages in channels the caller may read, newest first.

use autoscope_module_test::shortcuts::{call, company, expect, id, message, user};
use autoscope_module_test::{Engine, Harness, Reply, Session};

use crate::common::{channel, load, send};

autoscope_module_test::on_both_engines!(search_finds_only_what_the_caller_may_read);

async fn search(harness: &Harness, who: &dyn Session) -> Reply {
    call(harness, who, "GET", "/search?q=BUDGET", None).await
}

fn hits(results: &serde_json::Value) -> Vec<String> {
    let list = results["results"].as_array().expect("results");
    list.iter().map(|hit| hit["message"]["text"].as_str().unwrap_or("").to_string()).collect()
}

/// Grouped: a private channel's message is found by its member and not by another person
/// of the company; a public one by anyone; another company's never; deleted messages are
/// not found; the case of the query does not matter; a query needs 2 characters.
async fn search_finds_only_what_the_caller_may_read(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let bob = user(&acme, "bob@acme.test").await;
    let carol = user(&acme, "carol@acme.test").await;
    let secret = channel(&harness, &acme, "private", "secret", &[&bob.id]).await;
    let general = channel(&harness, &acme, "public", "general", &[]).await;
    let theirs = channel(&harness, &globex, "public", "general", &[]).await;
    send(&harness, &acme, &secret, "budget plan: private").await;
    send(&harness, &acme, &general, "Budget review: public").await;
    let gone = send(&harness, &acme, &general, "budget typo").await;
    expect(call(&harness, &acme, "DELETE", &format!("/messages/{}", id(&gone)), None).await, 200);
    send(&harness, &globex, &theirs, "budget of Globex").await;

    let found = expect(search(&harness, &bob).await, 200);
    assert_eq!(hits(&found), ["Budget review: public", "budget plan: private"]);
    assert_eq!(found["results"][1]["channel_name"], "secret");
    assert_eq!(hits(&expect(search(&harness, &carol).await, 200)), ["Budget review: public"]);
    assert_eq!(hits(&expect(search(&harness, &globex).await, 200)), ["budget of Globex"]);
    assert_eq!(
        message(call(&harness, &bob, "GET", "/search?q=b", None).await, 400),
        "Search for at least 2 characters"
    );
}
