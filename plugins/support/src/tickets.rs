//! The ticket flows: create, change (SLA clock, history, notices), comment, attach, and
//! the detail view. Each change ends with a message on the `tickets` channel so open lists
//! refresh.

use autoscope_sdk::files::{Upload, metadata};
use autoscope_sdk::prelude::*;
use autoscope_sdk::storage::{id_of, text};
use autoscope_sdk::wire::host::DirectoryQuery;
use serde_json::{Value, json};

use crate::attachments::{self, NOT_FOUND, RULES, STORE};
use crate::history::{self, Change};
use crate::notify::{self, About};
use crate::sla::Clock;
use crate::store;
use crate::validate::{self, ASSIGNEE, Mode};
use crate::vocab;

/// Who acts, and when.
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    pub user_id: &'a str,
    pub now: i64,
    pub portal_url: &'a str,
}

/// Tells open lists that the ticket changed.
pub fn announce(ticket_id: &str) -> Result<()> {
    host::realtime("tickets", &json!({ "ticket_id": ticket_id })).map(drop)
}

/// 400 unless `assignee` is a user of the company.
fn check_assignee(assignee: Option<&str>) -> Result<()> {
    let Some(assignee) = assignee else { return Ok(()) };
    let users = host::directory(&DirectoryQuery { user_ids: vec![assignee.to_string()] })?;
    input::member(assignee, &users, ASSIGNEE)
}

/// `POST /tickets`: a new open ticket with the next number and its due times.
pub fn create(input: &Record, actor: Actor) -> Result<Record> {
    let fields = validate::ticket_fields(input, Mode::Create)?;
    check_assignee(text(&fields, "assignee_id"))?;
    open(fields, actor.user_id, Some(actor.user_id), actor.now, actor.portal_url)
}

/// A new open ticket of checked `fields` requested by `requester`: the next number, the
/// due times of its priority, the `created` entry by `by` (`None`: the module itself, from
/// an event) and the assignee's notice.
pub fn open(mut fields: Record, requester: &str, by: Option<&str>, now: i64, portal_url: &str) -> Result<Record> {
    let targets = store::targets(text(&fields, "priority").unwrap_or(vocab::DEFAULT_PRIORITY))?;
    let clock = Clock::start(now, targets);
    fields.extend(clock.fields()?);
    fields.insert("number".into(), store::next_number()?.into());
    fields.insert("requester_id".into(), requester.into());
    let mut ticket = store::tickets().insert(fields)?;
    // The host stamps `created_at` itself: when its second is not the call's, the due
    // times follow `created_at`, which every later computation starts from.
    let created_at = ticket.get("created_at").and_then(Value::as_i64).unwrap_or(now);
    if created_at != now {
        let changes = Clock::start(created_at, targets).changes(&clock)?;
        ticket = store::tickets().update(id_of(&ticket)?, store::version_of(&ticket), changes)?;
    }
    let id = id_of(&ticket)?;
    store::add_history(id, by, "created", &[])?;
    if let Some(assignee) = text(&ticket, "assignee_id").filter(|assignee| Some(*assignee) != by) {
        let about = About::new(&ticket, portal_url);
        notify::tell(&[assignee.to_string()], &notify::assigned_message(&about), "assigned", &about, &[])?;
    }
    announce(id)?;
    Ok(ticket)
}

/// `PATCH /tickets/{id}`: checked changes at the caller's `version` (409 when stale), with
/// the SLA clock moved, a history entry per kind of change, and the notices.
pub fn update(id: &str, version: i64, input: &Record, actor: Actor) -> Result<Record> {
    let old = store::ticket(id)?;
    let mut changes = validate::ticket_fields(input, Mode::Patch)?;
    let old_status = text(&old, "status").unwrap_or(vocab::OPEN);
    let to_status = match changes.get("status").and_then(Value::as_str).and_then(vocab::status) {
        Some(to) => {
            validate::status_change(old_status, to)?;
            Some(to)
        }
        None => None,
    };
    let new_assignee = changes.get("assignee_id").map(|value| value.as_str().map(str::to_string));
    let reassigned = new_assignee.as_ref().filter(|assignee| assignee.as_deref() != text(&old, "assignee_id"));
    if let Some(assignee) = reassigned {
        check_assignee(assignee.as_deref())?;
    }

    let mut clock = Clock::of(&old)?;
    let before = clock.clone();
    if let Some(to) = to_status {
        let by_requester = text(&old, "requester_id") == Some(actor.user_id);
        clock.set_status(to, actor.now, by_requester);
    }
    match changes.get("priority").and_then(Value::as_str) {
        Some(priority) if Some(priority) != text(&old, "priority") => {
            clock.retarget(store::targets(priority)?, actor.now)
        }
        _ => {}
    }
    let entries = history::entries(&old, &changes);
    changes.extend(clock.changes(&before)?);
    let saved = store::tickets().update(id, version, changes)?;

    for entry in &entries {
        store::add_history(id, Some(actor.user_id), entry.action, &entry.changes)?;
    }
    let assigned = reassigned.and_then(Option::as_deref);
    tell_about_update(&saved, assigned, to_status, actor)?;
    announce(id)?;
    Ok(saved)
}

/// A new assignee hears of the assignment, the requester and the assignee of a status
/// change; never the person who made it.
fn tell_about_update(ticket: &Record, assigned: Option<&str>, status: Option<&str>, actor: Actor) -> Result<()> {
    let about = About::new(ticket, actor.portal_url);
    if let Some(assignee) = assigned.filter(|assignee| *assignee != actor.user_id) {
        notify::tell(&[assignee.to_string()], &notify::assigned_message(&about), "assigned", &about, &[])?;
    }
    if let Some(status) = status {
        let label = vocab::label(status);
        let people =
            notify::status_recipients(text(ticket, "requester_id"), text(ticket, "assignee_id"), Some(actor.user_id));
        notify::tell(&people, &notify::status_message(&about, label), "status", &about, &[("status", label)])?;
    }
    Ok(())
}

/// `POST /tickets/{id}/comments`: a comment, which is the first response when someone
/// other than the requester writes it.
pub fn comment(id: &str, input: &Value, actor: Actor) -> Result<Record> {
    let ticket = store::ticket(id)?;
    let body = validate::comment(input)?;
    let comment = store::comments().insert_as(&json!({ "ticket_id": id, "user_id": actor.user_id, "text": body }))?;
    store::add_history(id, Some(actor.user_id), "comment", &[])?;
    if text(&ticket, "requester_id") != Some(actor.user_id)
        && ticket.get("first_response_at").is_none_or(Value::is_null)
    {
        store::update_fresh(id, |stored| {
            let mut clock = Clock::of(stored)?;
            let before = clock.clone();
            clock.respond(actor.now);
            clock.changes(&before)
        })?;
    }
    announce(id)?;
    Ok(comment)
}

/// `POST /tickets/{id}/attachments`: a checked file (at most 20 a ticket); answers its
/// metadata.
pub fn attach(id: &str, upload: Upload, actor: Actor) -> Result<Value> {
    store::ticket(id)?;
    let checked = upload.check(&RULES)?;
    attachments::room_for_one(STORE.count(id)?)?;
    // The content (up to 6.7 MB of text) is moved, never copied: a call's memory is capped.
    let stored = STORE.insert(id, &checked, Some(actor.user_id), upload.data)?;
    let added = Change::new("attachment", Value::Null, checked.name.into());
    store::add_history(id, Some(actor.user_id), "attachment", &[added])?;
    announce(id)?;
    Ok(metadata(&stored))
}

/// `GET /attachments/{id}`: the attachment with its base64 content.
pub fn download(id: &str) -> Result<Value> {
    STORE.download(id, NOT_FOUND)
}

/// `DELETE /attachments/{id}`, recorded in its ticket's history.
pub fn remove_attachment(id: &str, actor: Actor) -> Result<()> {
    let stored = STORE.get(id, NOT_FOUND)?;
    STORE.delete(id)?;
    if let Some(ticket_id) = text(&stored, "ticket_id") {
        let removed = Change::new("attachment", stored.get("name").cloned().unwrap_or_default(), Value::Null);
        store::add_history(ticket_id, Some(actor.user_id), "attachment", &[removed])?;
        announce(ticket_id)?;
    }
    Ok(())
}

/// An approval as people may see it: never its token's hash. A pending one past its
/// week shows as expired before anyone used it.
pub fn approval_view(approval: &Record, now: i64) -> Value {
    let field = |name: &str| approval.get(name).cloned().unwrap_or(Value::Null);
    let expires_at = approval.get("expires_at").and_then(Value::as_i64);
    let status = match text(approval, "status") {
        Some("pending") if expires_at.is_some_and(|at| at <= now) => "expired",
        status => status.unwrap_or("pending"),
    };
    json!({
        "id": field("id"), "person_id": field("person_id"), "status": status, "requested_by": field("requested_by"),
        "created_at": field("created_at"), "decided_at": field("decided_at"), "expires_at": field("expires_at")
    })
}

/// The most comments and history entries the detail shows.
const DETAIL_MAX: usize = 1000;

/// `GET /tickets/{id}`: the ticket with its comments (oldest first), history, attachments
/// and approvals (newest first).
pub fn detail(id: &str, now: i64) -> Result<Value> {
    let ticket = store::ticket(id)?;
    let of_ticket = || Query::default().eq("ticket_id", id);
    let comments = store::comments().list_all(&of_ticket().sort("created_at"), DETAIL_MAX)?;
    let history = store::history().list_all(&of_ticket().sort_desc("created_at"), DETAIL_MAX)?;
    let attachments = STORE.files().list_all(&of_ticket().sort_desc("created_at"), 100)?;
    let approvals = store::approvals().list_all(&of_ticket().sort_desc("created_at"), DETAIL_MAX)?;
    Ok(json!({
        "ticket": ticket,
        "comments": comments,
        "history": history,
        "attachments": attachments.iter().map(metadata).collect::<Vec<_>>(),
        "approvals": approvals.iter().map(|approval| approval_view(approval, now)).collect::<Vec<_>>(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn approvals_are_shown_without_their_hash() {
        let approval: Record = serde_json::from_value(json!({
            "id": "a1", "ticket_id": "t1", "person_id": "p1", "token_hash": "secret", "status": "pending",
            "requested_by": "u1", "created_at": 10, "decided_at": null, "expires_at": 100, "version": 1
        }))
        .unwrap();
        let view = approval_view(&approval, 99);
        assert_eq!(
            view,
            json!({ "id": "a1", "person_id": "p1", "status": "pending", "requested_by": "u1", "created_at": 10, "decided_at": null, "expires_at": 100 })
        );
        assert_eq!(approval_view(&approval, 100)["status"], json!("expired"));
    }
}
