//! What several feature files use: loading the plugin, creating, reading and changing
//! tickets, asking for approval, what people were told, and the links of approval mails.

use autoscope_module_test::shortcuts::{call, expect};
use autoscope_module_test::{Engine, Harness, Reply, Session, product_module};
use serde_json::{Value, json};

/// What every returned approval link answers, whatever it did.
pub const THANK_YOU: &str = "Thank You! We will submit your Approval to Ticket!";
pub const MINUTE: u64 = 60;
pub const HOUR: u64 = 3600;
pub const DAY: u64 = 86_400;
/// Wall-clock seconds a test may take between two of its calls.
const SLACK: i64 = 10;

/// A fresh host (and database) on `engine` with Ticket Management installed.
pub async fn load(engine: Engine) -> Harness {
    let support = product_module("support").expect("the plugin is built (make modules)");
    Harness::load_on(engine, support).await.expect("Ticket Management installs")
}

pub fn int(record: &Value, field: &str) -> i64 {
    record[field].as_i64().unwrap_or_else(|| panic!("{field} is a number in {record}"))
}

/// `actual` is `expected` plus at most the wall-clock seconds the test took.
pub fn about(actual: i64, expected: i64) {
    assert!((expected..=expected + SLACK).contains(&actual), "{actual} is not {expected} (+{SLACK} s)");
}

pub async fn create(harness: &Harness, who: &dyn Session, body: Value) -> Value {
    expect(call(harness, who, "POST", "/tickets", Some(body)).await, 201)
}

/// The detail of a ticket: `{ticket, comments, attachments, approvals, history}`.
pub async fn ticket(harness: &Harness, who: &dyn Session, ticket_id: &str) -> Value {
    expect(call(harness, who, "GET", &format!("/tickets/{ticket_id}"), None).await, 200)
}

/// PATCH with the ticket's current version.
pub async fn patch(harness: &Harness, who: &dyn Session, ticket_id: &str, changes: Value) -> Value {
    let current = ticket(harness, who, ticket_id).await;
    let mut body = changes;
    body["version"] = current["ticket"]["version"].clone();
    expect(call(harness, who, "PATCH", &format!("/tickets/{ticket_id}"), Some(body)).await, 200)
}

pub async fn comment(harness: &Harness, who: &dyn Session, ticket_id: &str, text: &str) -> Value {
    let path = format!("/tickets/{ticket_id}/comments");
    expect(call(harness, who, "POST", &path, Some(json!({ "text": text }))).await, 201)
}

/// `POST /tickets/<ticket_id>/approvals` `{person_ids}` as `who`.
pub async fn ask_for_approval(harness: &Harness, who: &dyn Session, ticket_id: &str, people: Value) -> Reply {
    let path = format!("/tickets/{ticket_id}/approvals");
    call(harness, who, "POST", &path, Some(json!({ "person_ids": people }))).await
}

pub fn titles(page: &Value) -> Vec<&str> {
    page["items"].as_array().expect("items").iter().map(|item| item["title"].as_str().unwrap_or("")).collect()
}

/// The actions of a detail's history, newest first.
pub fn actions(detail: &Value) -> Vec<&str> {
    detail["history"].as_array().expect("history").iter().map(|entry| entry["action"].as_str().unwrap_or("")).collect()
}

/// The messages of `who`'s notifications, newest first.
pub async fn notices(harness: &Harness, who: &dyn Session) -> Vec<String> {
    let list = harness.notifications(who).await.expect("notifications");
    list.into_iter().map(|notification| notification.message).collect()
}

/// The subjects of the mails sent to `email`.
pub async fn subjects(harness: &Harness, email: &str) -> Vec<String> {
    harness.mails_to(email).await.expect("mails").into_iter().map(|mail| mail.subject).collect()
}

/// A link of an approval mail, read as the approval page reads it.
#[derive(Debug, Clone)]
pub struct Link {
    pub approve: bool,
    pub ticket_id: String,
    pub person_id: String,
    pub token: String,
}

impl Link {
    fn parse(url: &str) -> Self {
        let (page, query) = url.split_once('?').expect("a query");
        assert!(page.starts_with("http") && page.ends_with("/updateTicketApproveStatus"), "{url}");
        let param = |name: &str| {
            query
                .split('&')
                .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
                .unwrap_or_else(|| panic!("{name} in {url}"))
                .to_string()
        };
        Self {
            approve: param("aprrove") == "true",
            ticket_id: param("ticketid"),
            person_id: param("personid"),
            token: param("token"),
        }
    }

    /// The body the approval page posts.
    pub fn body(&self) -> Value {
        json!({ "ticket_id": self.ticket_id, "person_id": self.person_id, "token": self.token })
    }
}

/// The approve and decline links of the newest approval mail to `email`.
pub async fn links(harness: &Harness, email: &str) -> (Link, Link) {
    let mails = harness.mails_to(email).await.expect("mails");
    let mail = mails.iter().find(|mail| mail.subject.starts_with("Please approve")).expect("an approval mail");
    let link = |label: &str| {
        let line = mail.text_body.lines().find_map(|line| line.strip_prefix(label)).expect("a link line");
        Link::parse(line.trim())
    };
    (link("Approve:"), link("Decline:"))
}
