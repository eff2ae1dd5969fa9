//! What several feature files use: loading the plugin, channels, messages and views.

use autoscope_module_test::shortcuts::{call, expect, id};
use autoscope_module_test::{Engine, Harness, Session, product_module};
use serde_json::{Value, json};

/// A fresh host (and database) on `engine` with Chat installed.
pub async fn load(engine: Engine) -> Harness {
    let chat = product_module("chat").expect("the plugin is built (make modules)");
    Harness::load_on(engine, chat).await.expect("Chat installs")
}

/// `POST /channels` as `who`: a channel of `kind` with these other members; its id.
pub async fn channel(harness: &Harness, who: &dyn Session, kind: &str, name: &str, members: &[&str]) -> String {
    let body = json!({ "kind": kind, "name": name, "member_ids": members });
    id(&expect(call(harness, who, "POST", "/channels", Some(body)).await, 201)).to_string()
}

/// `POST /channels/{id}/messages` `{text}` as `who`: the message.
pub async fn send(harness: &Harness, who: &dyn Session, channel_id: &str, text: &str) -> Value {
    let path = format!("/channels/{channel_id}/messages");
    expect(call(harness, who, "POST", &path, Some(json!({ "text": text }))).await, 201)
}

/// A reply in the thread of `parent_id`.
pub async fn reply(harness: &Harness, who: &dyn Session, channel_id: &str, parent_id: &str, text: &str) -> Value {
    let path = format!("/channels/{channel_id}/messages");
    expect(call(harness, who, "POST", &path, Some(json!({ "text": text, "parent_id": parent_id }))).await, 201)
}

/// `GET /channels/{id}` as `who`.
pub async fn view(harness: &Harness, who: &dyn Session, channel_id: &str) -> Value {
    expect(call(harness, who, "GET", &format!("/channels/{channel_id}"), None).await, 200)
}

/// The top-level messages' texts of a page.
pub fn texts(page: &Value) -> Vec<String> {
    page["messages"]
        .as_array()
        .expect("messages")
        .iter()
        .map(|m| m["text"].as_str().unwrap_or("").to_string())
        .collect()
}

pub fn int(value: &Value, field: &str) -> i64 {
    value[field].as_i64().unwrap_or_else(|| panic!("{field} is a number in {value}"))
}

/// `GET /badge` as `who`.
pub async fn badge(harness: &Harness, who: &dyn Session) -> i64 {
    int(&expect(call(harness, who, "GET", "/badge", None).await, 200), "count")
}
