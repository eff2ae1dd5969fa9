//! What several feature files use: loading the plugin, creating processes, their
//! history, and the names of a page.

use autoscope_module_test::shortcuts::{call, expect};
use autoscope_module_test::{Engine, Harness, Session, product_module};
use serde_json::Value;

/// The storage's answer to a stale version.
pub const CONFLICT: &str = "The record was changed by someone else; reload it and try again";

/// A fresh host (and database) on `engine` with the Process Vault installed.
pub async fn load(engine: Engine) -> Harness {
    let vault = product_module("vault").expect("the plugin is built (make modules)");
    Harness::load_on(engine, vault).await.expect("the vault installs")
}

pub async fn create(harness: &Harness, who: &dyn Session, body: Value) -> Value {
    expect(call(harness, who, "POST", "/processes", Some(body)).await, 201)
}

/// The `name`s of a page's items.
pub fn names(page: &Value) -> Vec<&str> {
    page["items"].as_array().expect("items").iter().map(|item| item["name"].as_str().unwrap_or("")).collect()
}

/// A process's history entries, newest first.
pub async fn history(harness: &Harness, who: &dyn Session, process_id: &str) -> Vec<Value> {
    let reply = call(harness, who, "GET", &format!("/processes/{process_id}/history"), None).await;
    expect(reply, 200)["items"].as_array().expect("items").clone()
}

pub fn actions(entries: &[Value]) -> Vec<&str> {
    entries.iter().map(|entry| entry["action"].as_str().unwrap_or("")).collect()
}
