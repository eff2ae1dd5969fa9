//! The module's collections through the storage host function (the host scopes every
//! operation to the calling company), and the reads and writes several flows share:
//! tickets, their numbers, history, SLA policies and deleting a ticket's records.

use autoscope_sdk::prelude::*;
use autoscope_sdk::storage::{id_of, text};
use serde_json::{Value, json};

use crate::attachments::STORE as ATTACHMENTS;
use crate::history::Change;
use crate::sla::{Policy, Targets};
use crate::validate::TICKET_NOT_FOUND;

pub fn tickets() -> Collection {
    collection("tickets")
}

pub fn comments() -> Collection {
    collection("comments")
}

pub fn history() -> Collection {
    collection("history")
}

pub fn approvals() -> Collection {
    collection("approvals")
}

fn counters() -> Collection {
    collection("counters")
}

fn sla_policies() -> Collection {
    collection("sla_policies")
}

/// How often a write that lost a race (409) is tried again with what is stored.
const TRIES: usize = 20;

/// When a ticket kept changing under every try.
const BUSY: &str = "The ticket is busy; please try again";

pub fn version_of(record: &Record) -> i64 {
    record.get("version").and_then(Value::as_i64).unwrap_or_default()
}

/// The ticket with `id`; 404 when the company has none.
pub fn ticket(id: &str) -> Result<Record> {
    tickets().get(id)?.ok_or_else(|| Error::not_found(TICKET_NOT_FOUND))
}

/// Applies the changes `change` computes from the stored ticket, reading it again when
/// someone else wrote it meanwhile; `None` when there is nothing to change.
pub fn update_fresh(id: &str, mut change: impl FnMut(&Record) -> Result<Record>) -> Result<Option<Record>> {
    for _ in 0..TRIES {
        let stored = ticket(id)?;
        let changes = change(&stored)?;
        if changes.is_empty() {
            return Ok(None);
        }
        match tickets().update(id, version_of(&stored), changes) {
            Err(err) if err.status == 409 => continue,
            saved => return saved.map(Some),
        }
    }
    Err(Error::conflict(BUSY))
}

/// The counter that numbers the company's tickets.
const COUNTER: &str = "tickets";

/// The company's next ticket number: its counter incremented with the version check,
/// tried again when another call took a number first.
pub fn next_number() -> Result<i64> {
    for _ in 0..TRIES {
        let counter = match first_counter()? {
            Some(counter) => counter,
            None => {
                let mine = counters().insert_as(&json!({ "name": COUNTER, "value": 1 }))?;
                // Two first tickets at once may both create the counter: the earliest one
                // counts, and a later one is deleted and its call takes the next number.
                let first = first_counter()?.ok_or_else(|| Error::internal("the ticket counter vanished"))?;
                if id_of(&first)? == id_of(&mine)? {
                    return Ok(1);
                }
                counters().delete(id_of(&mine)?, None)?;
                first
            }
        };
        let value = counter.get("value").and_then(Value::as_i64).unwrap_or_default() + 1;
        let mut changes = Record::new();
        changes.insert("value".into(), value.into());
        match counters().update(id_of(&counter)?, version_of(&counter), changes) {
            Err(err) if err.status == 409 => continue,
            Err(err) => return Err(err),
            Ok(_) => return Ok(value),
        }
    }
    Err(Error::conflict("Many tickets are being created at once; please try again"))
}

fn first_counter() -> Result<Option<Record>> {
    let query = Query::default().eq("name", COUNTER).sort("created_at").limit(1);
    Ok(counters().list(&query)?.items.into_iter().next())
}

/// The SLA policies the company saved (the defaults stand for the others).
pub fn saved_policies() -> Result<Vec<Policy>> {
    saved_policy_records()?.into_iter().map(storage::from_record).collect()
}

fn saved_policy_records() -> Result<Vec<Record>> {
    // A company has a policy per priority: a few dozen at most.
    sla_policies().list_all(&Query::default().sort("created_at"), 1000)
}

/// The targets of `priority` in the company.
pub fn targets(priority: &str) -> Result<Targets> {
    Ok(crate::sla::targets_for(priority, &saved_policies()?))
}

/// Replaces the company's saved policies with `policies` (checked).
pub fn save_policies(policies: &[Policy]) -> Result<()> {
    let saved = saved_policy_records()?;
    for policy in policies {
        let known = saved.iter().find(|record| {
            text(record, "priority").is_some_and(|priority| priority.eq_ignore_ascii_case(&policy.priority))
        });
        match known {
            Some(record) => {
                sla_policies().update(id_of(record)?, version_of(record), storage::to_record(policy)?)?;
            }
            None => {
                sla_policies().insert_as(policy)?;
            }
        }
    }
    for record in &saved {
        let kept = text(record, "priority")
            .is_some_and(|priority| policies.iter().any(|policy| policy.priority.eq_ignore_ascii_case(priority)));
        if !kept {
            sla_policies().delete(id_of(record)?, None)?;
        }
    }
    Ok(())
}

/// Records an entry in a ticket's history.
pub fn add_history(ticket_id: &str, user_id: Option<&str>, action: &str, changes: &[Change]) -> Result<()> {
    history()
        .insert_as(&json!({ "ticket_id": ticket_id, "user_id": user_id, "action": action, "changes": changes }))?;
    Ok(())
}

/// Records an entry of what the module did by itself (no user), with a note saying why.
pub fn add_history_note(ticket_id: &str, action: &str, changes: &[Change], note: &str) -> Result<()> {
    history().insert_as(
        &json!({ "ticket_id": ticket_id, "user_id": null, "action": action, "changes": changes, "note": note }),
    )?;
    Ok(())
}

/// The ticket of a failure signature: the earliest, should a race have opened two.
pub fn signature_ticket(signature_id: &str) -> Result<Option<Record>> {
    let query = Query::default().eq("signature_id", signature_id).sort("created_at").limit(1);
    Ok(tickets().list(&query)?.items.into_iter().next())
}

/// Deletes a ticket and everything of it: its records first and the ticket last, so a
/// run that fails halfway leaves the ticket for the next run to find.
pub fn delete_ticket(id: &str) -> Result<()> {
    ATTACHMENTS.delete_all(id)?;
    for collection in [comments(), history(), approvals()] {
        collection.delete_matching(vec![storage::filter("ticket_id", FilterOp::Eq, id)])?;
    }
    tickets().delete(id, None).map(drop)
}
