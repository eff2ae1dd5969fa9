//! Tickets of failure signatures, from the Alerts module's events (texts and rules in
//! [`crate::signatures`]): one ticket per signature, a comment per recurrence (which
//! reopens a done ticket), and an offer to close once the signature is quiet. Events are
//! delivered at least once and in no order, so each step finds what an earlier delivery
//! did and does it only once.

use autoscope_sdk::prelude::*;
use autoscope_sdk::storage::{id_of, text};
use autoscope_sdk::wire::host::DirectoryQuery;
use serde_json::{Value, json};

use crate::history::Change;
use crate::notify::{self, About};
use crate::signatures::{self, Quiet, Recurred, Signature};
use crate::sla::{self, Clock};
use crate::store;
use crate::tickets::{self, announce};
use crate::validate::{self, Mode};
use crate::vocab::{self, CLOSED, OPEN};

/// When the company has no administrator to request the ticket (retried: one may come).
const NO_REQUESTER: &str = "No company administrator can request the failure ticket";

/// `alerts.signature_opened`: the signature's ticket, unless it has one.
pub fn opened(signature: &Signature, context: &Context) -> Result<()> {
    ticket_of(signature, context).map(drop)
}

/// `alerts.signature_recurred` (event `event_id`): a comment on the signature's ticket
/// (opened now if it has none, e.g. deleted by retention), its offer to close withdrawn,
/// and the ticket reopened when it was resolved or closed.
pub fn recurred(event_id: &str, recurred: &Recurred, context: &Context) -> Result<()> {
    // The comment is written last: once it is there, the event was handled.
    if store::comments().count(vec![storage::filter("source_event", FilterOp::Eq, event_id)])? > 0 {
        return Ok(());
    }
    // Its samples go to the comment, not the description too.
    let signature = Signature { samples: Vec::new(), ..recurred.signature.clone() };
    let ticket = ticket_of(&signature, context)?;
    let id = id_of(&ticket)?;
    let mut reopened_from = None;
    let saved = store::update_fresh(id, |stored| {
        let (changes, from) = recurrence_changes(stored, context.now)?;
        reopened_from = from;
        Ok(changes)
    })?;
    if let (Some(saved), Some(from)) = (saved, reopened_from) {
        let change = Change::new("status", from.into(), OPEN.into());
        store::add_history_note(id, "status", &[change], signatures::REOPENED_NOTE)?;
        let about = About::new(&saved, &context.portal_url);
        let label = vocab::label(OPEN);
        let people = notify::status_recipients(text(&saved, "requester_id"), text(&saved, "assignee_id"), None);
        notify::tell(&people, &notify::status_message(&about, label), "status", &about, &[("status", label)])?;
    }
    let comment = signatures::recurrence_comment(recurred);
    store::comments()
        .insert_as(&json!({ "ticket_id": id, "user_id": null, "text": comment, "source_event": event_id }))?;
    store::add_history(id, None, "comment", &[])?;
    announce(id)
}

/// `alerts.signature_quiet` (published at `published_at`): a ticket not closed is offered
/// for closing, with a note; nothing else changes.
pub fn quiet(quiet: &Quiet, published_at: i64) -> Result<()> {
    let Some(ticket) = store::signature_ticket(&quiet.signature_id)? else { return Ok(()) };
    let id = id_of(&ticket)?;
    // The same event again finds its offer made: no second note.
    let saved = store::update_fresh(id, |stored| Ok(offer_changes(stored, published_at)))?;
    if saved.is_some() {
        store::add_history_note(id, "updated", &[], &signatures::quiet_note(quiet.quiet_days))?;
        announce(id)?;
    }
    Ok(())
}

/// The signature's ticket: the one stored, or a new one requested by a company
/// administrator.
fn ticket_of(signature: &Signature, context: &Context) -> Result<Record> {
    if let Some(ticket) = store::signature_ticket(&signature.signature_id)? {
        return Ok(ticket);
    }
    let priority = signatures::most_urgent(&sla::policies(&store::saved_policies()?)).to_string();
    let process_id = vault_process(&signature.process)?;
    let input = signatures::ticket_input(signature, &priority, process_id.as_deref());
    let mut fields = validate::ticket_fields(&input, Mode::Create)?;
    fields.insert("signature_id".into(), signature.signature_id.as_str().into());
    let directory = host::directory(&DirectoryQuery::default())?;
    let requester = signatures::requester(&directory).ok_or_else(|| Error::conflict(NO_REQUESTER))?;
    let ticket = tickets::open(fields, requester, None, context.now, &context.portal_url)?;
    // Two deliveries at once (an opened and a recurred event) may each have opened one:
    // the earliest stays, and the later goes, as the ticket counter settles its race.
    let first = store::signature_ticket(&signature.signature_id)?.unwrap_or_else(|| ticket.clone());
    if id_of(&first)? != id_of(&ticket)? {
        store::delete_ticket(id_of(&ticket)?)?;
        announce(id_of(&ticket)?)?;
    }
    Ok(first)
}

/// The id of the Process Vault's process named `name`; none when there is no such process
/// or the vault is not installed or not readable.
fn vault_process(name: &str) -> Result<Option<String>> {
    let query = Query::default().eq("name", name).sort("created_at").fields(["name"]).limit(1);
    match collection("vault.processes").list(&query) {
        Ok(page) => Ok(page.items.first().and_then(|process| text(process, "id")).map(str::to_string)),
        Err(err) if err.status == 403 || err.status == 404 => Ok(None),
        Err(err) => Err(err),
    }
}

/// A recurrence's changes to the stored ticket: the offer to close withdrawn, and a
/// resolved or closed ticket reopened (with the status it had).
fn recurrence_changes(stored: &Record, now: i64) -> Result<(Record, Option<String>)> {
    let mut changes = Record::new();
    if stored.get("close_offered_at").is_some_and(|at| !at.is_null()) {
        changes.insert("close_offered_at".into(), Value::Null);
    }
    let mut clock = Clock::of(stored)?;
    if !vocab::is_done(&clock.status) {
        return Ok((changes, None));
    }
    let from = clock.status.clone();
    let before = clock.clone();
    // As by the requester: the module reopening it is no response to the ticket.
    clock.set_status(OPEN, now, true);
    changes.extend(clock.changes(&before)?);
    Ok((changes, Some(from)))
}

/// A quiet signature's change to the stored ticket: the offer to close, unless the ticket
/// is closed or the offer was made at that time already.
fn offer_changes(stored: &Record, at: i64) -> Record {
    let mut changes = Record::new();
    let offered = stored.get("close_offered_at").and_then(Value::as_i64);
    if text(stored, "status") != Some(CLOSED) && offered != Some(at) {
        changes.insert("close_offered_at".into(), at.into());
    }
    changes
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: i64 = 1_700_000_000;

    fn stored(status: &str, close_offered_at: Value) -> Record {
        let mut clock = Clock::start(T0, sla::targets_for("Critical", &[]));
        if status != OPEN {
            clock.set_status(vocab::status(status).expect("a status"), T0 + 100, false);
        }
        let mut record = clock.fields().unwrap();
        record.insert("created_at".into(), T0.into());
        record.insert("close_offered_at".into(), close_offered_at);
        record
    }

    #[test]
    fn a_recurrence_reopens_a_done_ticket_and_withdraws_the_offer() {
        let (changes, from) = recurrence_changes(&stored("closed", json!(T0 + 50)), T0 + 500).unwrap();
        assert_eq!(from.as_deref(), Some("closed"));
        assert_eq!(
            Value::Object(changes),
            json!({
                "close_offered_at": null, "status": "open", "resolved_at": null, "closed_at": null,
                "resolution_seconds": null
            })
        );
        let (changes, from) = recurrence_changes(&stored("resolved", Value::Null), T0 + 500).unwrap();
        assert_eq!((from.as_deref(), &changes["status"]), (Some("resolved"), &json!("open")));
        assert!(!changes.contains_key("close_offered_at"));
    }

    #[test]
    fn a_recurrence_leaves_a_ticket_being_worked_on() {
        let (changes, from) = recurrence_changes(&stored("waiting", json!(T0)), T0 + 500).unwrap();
        assert_eq!((Value::Object(changes), from), (json!({ "close_offered_at": null }), None));
        let (changes, _) = recurrence_changes(&stored("open", Value::Null), T0 + 500).unwrap();
        assert!(changes.is_empty());
    }

    #[test]
    fn a_quiet_signature_offers_to_close_once_and_never_a_closed_ticket() {
        assert_eq!(
            Value::Object(offer_changes(&stored("resolved", Value::Null), T0)),
            json!({ "close_offered_at": T0 })
        );
        assert_eq!(Value::Object(offer_changes(&stored("open", json!(T0 - 9)), T0)), json!({ "close_offered_at": T0 }));
        assert!(offer_changes(&stored("open", json!(T0)), T0).is_empty(), "the same event again");
        assert!(offer_changes(&stored("closed", Value::Null), T0).is_empty());
    }
}
