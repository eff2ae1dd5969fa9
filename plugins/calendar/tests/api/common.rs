//! What several feature files use: loading the plugin, events and ranges.

use autoscope_module_test::shortcuts::{call, expect};
use autoscope_module_test::{Engine, Harness, Session, product_module};
use serde_json::{Value, json};

/// A fresh host (and database) on `engine` with Calendar installed.
pub async fn load(engine: Engine) -> Harness {
    let calendar = product_module("calendar").expect("the plugin is built (make modules)");
    Harness::load_on(engine, calendar).await.expect("Calendar installs")
}

/// 2026-06-01T00:00:00Z, a Monday.
pub const JUNE_1: i64 = 1_780_272_000;
pub const HOUR: i64 = 3600;
pub const DAY: i64 = 86_400;

/// An event body: a one-hour meeting at `start` in UTC with these attendees.
pub fn meeting(title: &str, start: i64, attendees: &[&str]) -> Value {
    json!({
        "title": title, "description": "", "location": "", "start": start, "end": start + HOUR,
        "all_day": false, "time_zone": "UTC", "category": "meeting", "visibility": "attendees",
        "attendees": attendees, "links": [], "recurrence": null, "reminders": [],
    })
}

/// `POST /events` as `who`: the event.
pub async fn create(harness: &Harness, who: &dyn Session, body: Value) -> Value {
    expect(call(harness, who, "POST", "/events", Some(body)).await, 201)
}

/// `GET /range` as `who`: the occurrences.
pub async fn range(harness: &Harness, who: &dyn Session, from: i64, to: i64) -> Vec<Value> {
    let range = expect(call(harness, who, "GET", &format!("/range?from={from}&to={to}"), None).await, 200);
    range["occurrences"].as_array().expect("occurrences").clone()
}

/// The titles of occurrences.
pub fn titles(occurrences: &[Value]) -> Vec<String> {
    occurrences.iter().map(|o| o["title"].as_str().unwrap_or_default().to_string()).collect()
}

/// The starts of occurrences.
pub fn starts(occurrences: &[Value]) -> Vec<i64> {
    occurrences.iter().map(|o| o["start"].as_i64().unwrap_or_default()).collect()
}
