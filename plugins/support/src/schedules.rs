//! The schedules, per company: `sla` marks the targets that passed, `retention` deletes
//! what the privacy policy says is kept no longer.

use autoscope_sdk::prelude::*;
use autoscope_sdk::storage::{id_of, text};
use autoscope_sdk::wire::host::Notify;
use serde_json::Value;

use crate::notify;
use crate::sla::Target;
use crate::store::{self, version_of};
use crate::tickets::announce;
use crate::vocab::CLOSED;

/// The most tickets a run handles for each target; the next run takes the rest.
const PER_RUN: usize = 500;

/// Support data is removed 90 days after a ticket is closed.
pub const RETENTION_SECONDS: i64 = 90 * 86_400;

/// The most tickets a retention run deletes (each is a few dozen storage calls).
const DELETIONS_PER_RUN: usize = 100;

/// `sla` (every minute): marks each overdue target and tells the assignee, once: a
/// marked ticket no longer matches the filter.
pub fn sla(context: &Context, _: &ScheduleRun) -> Result<()> {
    for target in [Target::Response, Target::Resolution] {
        for ticket in store::tickets().list_all(&target.overdue(context.now), PER_RUN)? {
            let id = id_of(&ticket)?;
            let mut changes = Record::new();
            changes.insert(target.flag().into(), true.into());
            match store::tickets().update(id, version_of(&ticket), changes) {
                // Changed meanwhile: the next run sees whether it is still overdue.
                Err(err) if err.status == 409 => continue,
                marked => marked?,
            };
            if let Some(assignee) = text(&ticket, "assignee_id") {
                let number = ticket.get("number").and_then(Value::as_i64).unwrap_or_default();
                let message = notify::breach_message(number, target.name());
                let link = Some(notify::ticket_path(id));
                host::notify(&Notify { user_ids: vec![assignee.to_string()], message, link })?;
            }
            announce(id)?;
        }
    }
    Ok(())
}

/// `retention` (hourly): tickets closed more than 90 days ago go, with their comments,
/// history, attachments and approvals.
pub fn retention(context: &Context, _: &ScheduleRun) -> Result<()> {
    let expired = Query::default()
        .eq("status", CLOSED)
        .filter("closed_at", FilterOp::Lt, context.now - RETENTION_SECONDS)
        .fields(["closed_at"]);
    for ticket in store::tickets().list_all(&expired, DELETIONS_PER_RUN)? {
        store::delete_ticket(id_of(&ticket)?)?;
    }
    Ok(())
}
