//! Asking people to approve a ticket by mail, and recording what their links answer
//! (the rules are in [`crate::approvals`]).

use autoscope_sdk::prelude::*;
use autoscope_sdk::storage::{id_of, text};
use autoscope_sdk::wire::Caller;
use autoscope_sdk::wire::host::{DirectoryQuery, Mail, Notify};
use serde_json::{Value, json};

use crate::approvals::{self, Claim, Decision, Stored, Verdict};
use crate::history::Change;
use crate::notify::{self, About};
use crate::store::{self, version_of};
use crate::tickets::{self, announce};

/// `POST /tickets/{id}/approvals {person_ids}`: a link for each person by mail. Asking a
/// person again replaces the link they had. Answers the ticket's approvals.
pub fn request(id: &str, person_ids: &[String], caller: &Caller, context: &Context) -> Result<Vec<Value>> {
    let ticket = store::ticket(id)?;
    let asker = caller.user_id.as_str();
    let allowed = caller.company_admin
        || text(&ticket, "requester_id") == Some(asker)
        || text(&ticket, "assignee_id") == Some(asker);
    if !allowed {
        return Err(Error::forbidden(approvals::ASKER_ONLY));
    }
    let mut people: Vec<String> = Vec::new();
    for person in person_ids.iter().map(|person| person.trim()).filter(|person| !person.is_empty()) {
        if !people.iter().any(|known| known == person) {
            people.push(person.to_string());
        }
    }
    if people.is_empty() {
        return Err(Error::bad_request(approvals::PEOPLE_REQUIRED));
    }
    let mut directory = host::directory(&DirectoryQuery { user_ids: people.clone() })?;
    if people.iter().any(|person| !directory.iter().any(|user| &user.user_id == person)) {
        return Err(Error::bad_request(approvals::NOT_A_USER));
    }
    directory.extend(host::directory(&DirectoryQuery { user_ids: vec![asker.to_string()] })?);
    let names: Vec<(String, String)> =
        directory.iter().map(|user| (user.user_id.clone(), notify::display_name(user))).collect();

    supersede(id, &people)?;
    let about = About::new(&ticket, &context.portal_url);
    let expires_at = context.now + approvals::LIFETIME_SECONDS;
    for person in &people {
        let token = approvals::token(&context.entropy, person)?;
        store::approvals().insert_as(&json!({
            "ticket_id": id, "person_id": person, "token_hash": approvals::sha256_hex(&token), "status": "pending",
            "requested_by": asker, "expires_at": expires_at
        }))?;
        let (approve_link, decline_link) = approvals::links(&context.portal_url, id, person, &token);
        let mut values = notify::values(&about, &notify::name_of(&names, person));
        values.insert("requester".into(), notify::name_of(&names, asker).into());
        values.insert("approve_link".into(), approve_link.into());
        values.insert("decline_link".into(), decline_link.into());
        host::mail(&Mail { template: "approval".into(), user_ids: vec![person.clone()], values })?;
    }
    store::update_fresh(id, |stored| Ok(approval_change(stored, "pending")))?;
    store::add_history(id, Some(asker), "approval_requested", &[Change::new("approvers", Value::Null, json!(people))])?;
    announce(id)?;
    let listed = store::approvals().list_all(&Query::default().eq("ticket_id", id).sort_desc("created_at"), 1000)?;
    Ok(listed.iter().map(|approval| tickets::approval_view(approval, context.now)).collect())
}

/// Marks the pending approvals of `people` on the ticket expired: their new link replaces it.
fn supersede(ticket_id: &str, people: &[String]) -> Result<()> {
    let query = Query::default().eq("ticket_id", ticket_id).eq("status", "pending").filter(
        "person_id",
        FilterOp::In,
        people.to_vec(),
    );
    for approval in store::approvals().list_all(&query, 1000)? {
        let mut changes = Record::new();
        changes.insert("status".into(), "expired".into());
        match store::approvals().update(id_of(&approval)?, version_of(&approval), changes) {
            Err(err) if err.status != 409 => return Err(err), // 409: decided meanwhile
            _ => {}
        }
    }
    Ok(())
}

/// The change of the ticket's `approval` to `state`, when it differs.
fn approval_change(ticket: &Record, state: &str) -> Record {
    let mut changes = Record::new();
    if text(ticket, "approval") != Some(state) {
        changes.insert("approval".into(), state.into());
    }
    changes
}

/// `POST /approve` or `/decline` (no session): the link's approval is decided once when
/// it is the right, pending, unexpired one. Whatever the link, nothing else changes and
/// the answer is the same, except when this company holds no approval of the ticket for
/// the person: the call is then not this company's (the person may belong to several),
/// and the host goes on to the next.
/// A link whose ticket and person have no approval in the company the call runs in.
pub const NOT_ASKED: &str = "Not found";

pub fn decide(claim: &Claim, decision: Decision, context: &Context) -> Result<()> {
    let query = Query::default().eq("ticket_id", claim.ticket_id.as_str()).eq("person_id", claim.person_id.as_str());
    let asked = store::approvals().list_all(&query, 100)?;
    if asked.is_empty() {
        return Err(Error::not_found(NOT_ASKED));
    }
    for approval in asked {
        let approval: Stored = storage::from_record(approval)?;
        match approvals::judge(&approval, claim, context.now) {
            Verdict::Decide => return record(&approval, decision, context),
            Verdict::Expire => {
                mark(&approval, &[("status", "expired".into())])?;
            }
            Verdict::Ignore => {}
        }
    }
    Ok(())
}

/// Writes `fields` to an approval at the version it was read; false when another call
/// changed it meanwhile (and so decided it first).
fn mark(approval: &Stored, fields: &[(&str, Value)]) -> Result<bool> {
    let changes: Record = fields.iter().map(|(field, value)| ((*field).to_string(), value.clone())).collect();
    match store::approvals().update(&approval.id, approval.version, changes) {
        Err(err) if err.status == 409 => Ok(false),
        written => written.map(|_| true),
    }
}

/// Records the decision, the ticket's new approval state and its history entry, and
/// tells the requester.
fn record(approval: &Stored, decision: Decision, context: &Context) -> Result<()> {
    if !mark(approval, &[("status", decision.status().into()), ("decided_at", context.now.into())])? {
        return Ok(());
    }
    let ticket_id = approval.ticket_id.as_str();
    let of_ticket = Query::default().eq("ticket_id", ticket_id).sort("created_at").fields(["person_id", "status"]);
    let mut from = Value::Null;
    let saved = store::update_fresh(ticket_id, |stored| {
        let answers = store::approvals().list_all(&of_ticket, 1000)?;
        let state = approvals::ticket_state(
            answers
                .iter()
                .map(|answer| (text(answer, "person_id").unwrap_or(""), text(answer, "status").unwrap_or(""))),
        );
        from = stored.get("approval").cloned().unwrap_or(Value::Null);
        Ok(approval_change(stored, state))
    });
    let ticket = match saved? {
        Some(ticket) => ticket,
        None => store::ticket(ticket_id)?,
    };
    let to = ticket.get("approval").cloned().unwrap_or(Value::Null);
    let person = approval.person_id.as_str();
    store::add_history(ticket_id, Some(person), decision.status(), &[Change::new("approval", from, to)])?;
    tell_requester(&ticket, person, decision, context)?;
    announce(ticket_id)
}

/// The requester hears of the decision, by bell and mail.
fn tell_requester(ticket: &Record, approver: &str, decision: Decision, context: &Context) -> Result<()> {
    let Some(requester) = text(ticket, "requester_id") else { return Ok(()) };
    let people = notify::people(&[requester.to_string(), approver.to_string()])?;
    let approver_name = notify::name_of(&people, approver);
    let about = About::new(ticket, &context.portal_url);
    let message = notify::decided_message(&about, decision.status(), &approver_name);
    host::notify(&Notify { user_ids: vec![requester.to_string()], message, link: Some(about.path.clone()) })?;
    let mut values = notify::values(&about, &notify::name_of(&people, requester));
    values.insert("approver".into(), approver_name.into());
    values.insert("decision".into(), decision.status().into());
    host::mail(&Mail { template: "decided".into(), user_ids: vec![requester.to_string()], values })?;
    Ok(())
}
