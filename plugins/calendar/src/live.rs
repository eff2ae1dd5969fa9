//! Bells, live pushes and names from the directory.

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::{DirectoryEntry, DirectoryQuery, Notify};

use crate::store::Event;
use crate::views::{ChangedEvent, Visibility};

/// A person's name as the directory has it, else their e-mail address.
pub fn name_of(entry: &DirectoryEntry) -> String {
    let name = format!("{} {}", entry.firstname.trim(), entry.lastname.trim());
    match name.trim() {
        "" => entry.email.clone(),
        name => name.to_string(),
    }
}

/// These users as the directory has them (people no longer in it left out).
pub fn people(user_ids: &[String]) -> Result<Vec<DirectoryEntry>> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    host::directory(&DirectoryQuery { user_ids: user_ids.to_vec() })
}

/// The name of one user ("Someone" when they left the directory).
pub fn name(user_id: &str) -> Result<String> {
    let found = people(&[user_id.to_string()])?;
    Ok(found.first().map(name_of).unwrap_or_else(|| "Someone".to_string()))
}

/// `calendar.changed` to the people an event concerns: its organiser and attendees, or
/// everyone for a company-wide event.
pub fn changed(event: &Event, attendee_ids: &[String]) -> Result<()> {
    let payload = ChangedEvent { event_id: event.id.clone() };
    let users: Vec<String> = match event.visibility {
        Visibility::Company => Vec::new(),
        Visibility::Attendees => attendee_ids.iter().cloned().chain([event.organiser_id.clone()]).collect(),
    };
    host::realtime_to("changed", &payload, &users).map(drop)
}

/// The calendar opened on one event.
pub fn event_path(event_id: &str) -> String {
    format!("/Calendar?event={event_id}")
}

/// A bell opening `path` to those of `user_ids` still in the directory (the host refuses
/// the whole bell for one who left); nothing when there is nobody.
pub fn bell(user_ids: &[String], message: String, path: String) -> Result<()> {
    let present: Vec<String> = people(user_ids)?.into_iter().map(|entry| entry.user_id).collect();
    if present.is_empty() {
        return Ok(());
    }
    host::notify(&Notify { user_ids: present, message, link: Some(path) }).map(drop)
}
