//! Reminders, sent by the `reminders` schedule (every 60 s): each due reminder goes once,
//! by bell and mail, to the organiser and the attendees who did not decline. It is claimed
//! in `reminders_sent` (a unique key) before it is sent, so neither a later run nor a
//! restarted host sends it again; one found late is still sent until the event starts.

use std::collections::BTreeMap;

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::{DirectoryEntry, Mail};
use chrono::DateTime;
use chrono_tz::Tz;
use serde_json::{Map, json};

use crate::events::{self, Drawn};
use crate::live;
use crate::store;
use crate::validate::MAX_REMINDER_MINUTES;
use crate::views::Answer;

/// The schedule's run at `context.now`.
pub fn run(context: &Context) -> Result<()> {
    let now = context.now;
    let horizon = now + MAX_REMINDER_MINUTES * 60 + 60;
    let events = store::events_with_reminders(now, horizon)?;
    if events.is_empty() {
        return Ok(());
    }
    let ids: Vec<String> = events.iter().map(|event| event.id.clone()).collect();
    let attendees = store::attendees_of_events(&ids)?;
    for drawn in events::drawn(&events, now, horizon)?.iter().filter(|d| d.instance.start > now) {
        for minutes in &drawn.event.reminders {
            if drawn.instance.start - minutes * 60 > now {
                continue;
            }
            let key = format!("{}:{}:{minutes}", drawn.event.id, drawn.instance.original);
            if !claim(&key, &drawn.event.id)? {
                continue;
            }
            let mut people: Vec<String> = attendees
                .iter()
                .filter(|a| a.event_id == drawn.event.id && a.answer != Answer::Declined)
                .map(|a| a.user_id.clone())
                .collect();
            people.push(drawn.event.organiser_id.clone());
            send(drawn, &people, now, &context.portal_url)?;
        }
    }
    Ok(())
}

/// Records the reminder `key` as sent; false when it already was (its key is unique, so a
/// second run or host claiming it at the same moment gets 409 and sends nothing).
fn claim(key: &str, event_id: &str) -> Result<bool> {
    let record = storage::to_record(&json!({ "sent_key": key, "event_id": event_id }))?;
    match store::reminders_sent().insert(record) {
        Ok(_) => Ok(true),
        Err(err) if err.status == 409 => Ok(false),
        Err(err) => Err(err),
    }
}

fn send(drawn: &Drawn, people: &[String], now: i64, portal_url: &str) -> Result<()> {
    let directory = live::people(people)?;
    let minutes = (drawn.instance.start - now + 59) / 60;
    let soon = match minutes {
        0 | 1 => "in a minute".to_string(),
        m if m < 120 => format!("in {m} minutes"),
        m if m < 48 * 60 => format!("in {} hours", m / 60),
        m => format!("in {} days", m / (24 * 60)),
    };
    live::bell(people, format!("Reminder: {} starts {soon}", drawn.title), path(drawn))?;
    // One mail per zone, so each person reads the time on their own clock.
    let mut by_zone: BTreeMap<String, Vec<&DirectoryEntry>> = BTreeMap::new();
    for person in &directory {
        let zone = person.time_zone.clone().filter(|z| z.parse::<Tz>().is_ok()).unwrap_or_else(|| "UTC".into());
        by_zone.entry(zone).or_default().push(person);
    }
    for (zone, people) in by_zone {
        let mut values = Map::new();
        values.insert("title".into(), json!(drawn.title));
        values.insert("when".into(), json!(when(drawn, &zone)));
        values.insert("location".into(), json!(drawn.location));
        values.insert("link".into(), json!(format!("{portal_url}{}", path(drawn))));
        let user_ids = people.iter().map(|p| p.user_id.clone()).collect();
        host::mail(&Mail { template: "reminder".into(), user_ids, values })?;
    }
    Ok(())
}

/// The calendar opened on the event (on this occurrence of a series).
fn path(drawn: &Drawn) -> String {
    let event = live::event_path(&drawn.event.id);
    match drawn.event.recurrence {
        Some(_) => format!("{event}&occurrence={}", drawn.instance.original),
        None => event,
    }
}

/// The start as a person of `zone` reads it; an all-day event's date as it is.
fn when(drawn: &Drawn, zone: &str) -> String {
    let start = DateTime::from_timestamp(drawn.instance.start, 0).unwrap_or_default();
    if drawn.event.all_day {
        return start.format("%Y-%m-%d").to_string();
    }
    let tz: Tz = zone.parse().unwrap_or(Tz::UTC);
    format!("{} ({zone})", start.with_timezone(&tz).format("%Y-%m-%d %H:%M"))
}
