//! Events: who sees them, their occurrences in a range, and every change (with the scope
//! of a series it reaches), answers, bells and live pushes.

use std::collections::HashMap;

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::DirectoryQuery;
use chrono_tz::Tz;
use serde_json::json;

use crate::live;
use crate::recur::{Instance, Series};
use crate::store::{self, AttendeeRecord, Event, ExceptionRecord};
use crate::validate::{self, *};
use crate::views::{
    Answer, AnswerInput, Attendee, ChangedEvent, EventInput, EventView, ImportResult, MoveInput, Occurrence, Range,
    Recurrence, Scope, Visibility,
};

/// An occurrence with what it shows: the series' text, or its exception's.
pub struct Drawn<'a> {
    pub event: &'a Event,
    pub instance: Instance,
    pub title: String,
    pub description: String,
    pub location: String,
}

/// Whether `user_id` may see `event` (its attendees given).
fn visible(event: &Event, user_id: &str, attendees: &[AttendeeRecord]) -> bool {
    event.organiser_id == user_id
        || event.visibility == Visibility::Company
        || attendees.iter().any(|a| a.user_id == user_id)
}

/// The event `user_id` may see, with its attendees; 404 otherwise.
fn seen(id: &str, user_id: &str) -> Result<(Event, Vec<AttendeeRecord>)> {
    let event = store::event(id)?.ok_or_else(|| Error::not_found(EVENT_NOT_FOUND))?;
    let attendees = store::attendees_of(&event.id)?;
    match visible(&event, user_id, &attendees) {
        true => Ok((event, attendees)),
        false => Err(Error::not_found(EVENT_NOT_FOUND)),
    }
}

/// The event `user_id` organises; 404 when they may not see it, 403 when they may.
fn organised(id: &str, user_id: &str) -> Result<(Event, Vec<AttendeeRecord>)> {
    let (event, attendees) = seen(id, user_id)?;
    match event.organiser_id == user_id {
        true => Ok((event, attendees)),
        false => Err(Error::forbidden(ORGANISER_ONLY)),
    }
}

/// The occurrences of `events` drawn in `[from, to)`, by start.
pub fn drawn<'a>(events: &'a [Event], from: i64, to: i64) -> Result<Vec<Drawn<'a>>> {
    let ids: Vec<String> = events.iter().map(|event| event.id.clone()).collect();
    let mut exceptions: HashMap<String, Vec<ExceptionRecord>> = HashMap::new();
    for exception in store::exceptions_of_events(&ids)? {
        exceptions.entry(exception.event_id.clone()).or_default().push(exception);
    }
    let mut found = Vec::new();
    for event in events {
        let own = exceptions.get(&event.id).map(Vec::as_slice).unwrap_or_default();
        let plain: Vec<_> = own.iter().map(ExceptionRecord::exception).collect();
        for instance in event.series().between(&plain, from, to) {
            let edit = own.iter().find(|e| e.original == instance.original);
            found.push(Drawn {
                event,
                instance,
                title: edit.and_then(|e| e.title.clone()).unwrap_or_else(|| event.title.clone()),
                description: edit.and_then(|e| e.description.clone()).unwrap_or_else(|| event.description.clone()),
                location: edit.and_then(|e| e.location.clone()).unwrap_or_else(|| event.location.clone()),
            });
            if found.len() >= crate::recur::MAX_OCCURRENCES {
                break;
            }
        }
    }
    found.sort_by_key(|drawn| (drawn.instance.start, drawn.instance.original));
    found.truncate(crate::recur::MAX_OCCURRENCES);
    Ok(found)
}

/// `GET /range`: what `user_id` sees in `[from, to)`.
pub fn range(user_id: &str, from: i64, to: i64) -> Result<Range> {
    let events = store::visible_events(user_id, from, to)?;
    let ids: Vec<String> = events.iter().map(|event| event.id.clone()).collect();
    let answers: HashMap<String, Answer> = store::attendees_of_events(&ids)?
        .into_iter()
        .filter(|a| a.user_id == user_id)
        .map(|a| (a.event_id, a.answer))
        .collect();
    let occurrences = drawn(&events, from, to)?
        .into_iter()
        .map(|drawn| Occurrence {
            event_id: drawn.event.id.clone(),
            occurrence: drawn.instance.original,
            start: drawn.instance.start,
            end: drawn.instance.end,
            all_day: drawn.event.all_day,
            title: drawn.title,
            location: drawn.location,
            category: drawn.event.category,
            visibility: drawn.event.visibility,
            organiser_id: drawn.event.organiser_id.clone(),
            recurring: drawn.event.recurrence.is_some(),
            changed: drawn.instance.changed,
            my_answer: answers.get(&drawn.event.id).copied(),
            can_edit: drawn.event.organiser_id == user_id,
        })
        .collect();
    Ok(Range { occurrences, non_working: store::non_working_between(from, to)? })
}

/// An event as `user_id` sees it, at the occurrence `occurrence` when given.
fn view(event: &Event, attendees: &[AttendeeRecord], occurrence: Option<i64>, user_id: &str) -> Result<EventView> {
    let mut ids: Vec<String> = attendees.iter().map(|a| a.user_id.clone()).collect();
    ids.push(event.organiser_id.clone());
    let people = live::people(&ids)?;
    let person = |user_id: &str, answer: Answer| {
        let entry = people.iter().find(|p| p.user_id == user_id);
        Attendee {
            user_id: user_id.to_string(),
            name: entry.map(live::name_of).unwrap_or_default(),
            email: entry.map(|p| p.email.clone()).unwrap_or_default(),
            answer,
        }
    };
    let (mut start, mut end) = (event.start, event.end);
    let (mut title, mut description, mut location) =
        (event.title.clone(), event.description.clone(), event.location.clone());
    if let Some(original) = occurrence.filter(|_| event.recurrence.is_some()) {
        let exceptions = store::exceptions_of(&event.id)?;
        let plain: Vec<_> = exceptions.iter().map(ExceptionRecord::exception).collect();
        let instance =
            event.series().instance(&plain, original).ok_or_else(|| Error::not_found(OCCURRENCE_NOT_FOUND))?;
        (start, end) = (instance.start, instance.end);
        if let Some(edit) = exceptions.iter().find(|e| e.original == original) {
            title = edit.title.clone().unwrap_or(title);
            description = edit.description.clone().unwrap_or(description);
            location = edit.location.clone().unwrap_or(location);
        }
    }
    Ok(EventView {
        id: event.id.clone(),
        version: event.version,
        title,
        description,
        location,
        start,
        end,
        all_day: event.all_day,
        time_zone: event.time_zone.clone(),
        category: event.category,
        visibility: event.visibility,
        organiser: person(&event.organiser_id, Answer::Accepted),
        attendees: attendees.iter().map(|a| person(&a.user_id, a.answer)).collect(),
        links: event.links.clone(),
        recurrence: event.recurrence.clone(),
        reminders: event.reminders.clone(),
        occurrence: match event.recurrence {
            Some(_) => occurrence,
            None => Some(event.start),
        },
        can_edit: event.organiser_id == user_id,
        my_answer: attendees.iter().find(|a| a.user_id == user_id).map(|a| a.answer),
    })
}

/// `GET /events/{id}?occurrence=`.
pub fn get(id: &str, occurrence: Option<i64>, user_id: &str) -> Result<EventView> {
    let (event, attendees) = seen(id, user_id)?;
    view(&event, &attendees, occurrence, user_id)
}

/// The record of an event input (checked) with its organiser, bounded by its own
/// occurrences (an event's exceptions widen them after).
fn record(input: &EventInput, organiser_id: &str, zone: Tz) -> Result<Record> {
    let series =
        Series { start: input.start, end: input.end, all_day: input.all_day, zone, rule: input.recurrence.as_ref() };
    storage::to_record(&json!({
        "title": input.title,
        "description": input.description,
        "location": input.location,
        "start": input.start,
        "end": input.end,
        "all_day": input.all_day,
        "time_zone": input.time_zone,
        "category": input.category,
        "visibility": input.visibility,
        "organiser_id": organiser_id,
        "recurrence": input.recurrence,
        "links": input.links,
        "reminders": input.reminders,
        "has_reminders": !input.reminders.is_empty(),
        "series_start": input.start,
        "series_end": series.last_end(),
    }))
}

/// Checks an input and its attendees against the directory; answers it with its zone.
fn checked(mut input: EventInput, organiser_id: &str) -> Result<(EventInput, Tz)> {
    let zone = validate::event(&mut input, organiser_id)?;
    if !input.attendees.is_empty() {
        let known = host::directory(&DirectoryQuery { user_ids: input.attendees.clone() })?;
        if input.attendees.iter().any(|id| !known.iter().any(|p| &p.user_id == id)) {
            return Err(Error::bad_request(UNKNOWN_PERSON));
        }
    }
    Ok((input, zone))
}

/// Stores a new event of `organiser_id` with its attendees (answers as given, else
/// pending); answers it with its bounds.
fn insert(input: &EventInput, zone: Tz, organiser_id: &str, answers: &HashMap<String, Answer>) -> Result<Event> {
    let stored: Event = storage::from_record(store::events().insert(record(input, organiser_id, zone)?)?)?;
    if !input.attendees.is_empty() {
        let records = input
            .attendees
            .iter()
            .map(|user_id| {
                let answer = answers.get(user_id).copied().unwrap_or(Answer::Pending);
                storage::to_record(&json!({ "event_id": stored.id, "user_id": user_id, "answer": answer.as_str() }))
            })
            .collect::<Result<Vec<Record>>>()?;
        store::attendees().insert_many(records)?;
    }
    Ok(stored)
}

fn invite(event: &Event, organiser_id: &str, user_ids: &[String]) -> Result<()> {
    if user_ids.is_empty() {
        return Ok(());
    }
    let name = live::name(organiser_id)?;
    live::bell(user_ids, format!("{name} invited you to {}", event.title), live::event_path(&event.id))
}

/// `POST /events`.
pub fn create(input: EventInput, user_id: &str) -> Result<EventView> {
    let (input, zone) = checked(input, user_id)?;
    let event = insert(&input, zone, user_id, &HashMap::new())?;
    invite(&event, user_id, &input.attendees)?;
    live::changed(&event, &input.attendees)?;
    get(&event.id, None, user_id)
}

fn stale(err: Error) -> Error {
    match err.status {
        409 => Error::conflict(STALE),
        _ => err,
    }
}

/// The occurrence a scoped change names: required for `this` and `following` on a
/// series, and one of its occurrences.
fn occurrence_of(event: &Event, scope: Scope, occurrence: Option<i64>) -> Result<Option<i64>> {
    if event.recurrence.is_none() || scope == Scope::All {
        return Ok(None);
    }
    let original = occurrence.ok_or_else(|| Error::bad_request(OCCURRENCE_REQUIRED))?;
    match event.series().has(original) {
        true => Ok(Some(original)),
        false => Err(Error::not_found(OCCURRENCE_NOT_FOUND)),
    }
}

/// `PUT /events/{id}?scope=&occurrence=`.
pub fn update(id: &str, scope: Scope, occurrence: Option<i64>, input: EventInput, user_id: &str) -> Result<EventView> {
    let (event, attendees) = organised(id, user_id)?;
    if input.version.is_some_and(|version| version != event.version) {
        return Err(Error::conflict(STALE));
    }
    let (input, zone) = checked(input, user_id)?;
    let occurrence = occurrence_of(&event, scope, occurrence)?;
    let old_ids: Vec<String> = attendees.iter().map(|a| a.user_id.clone()).collect();
    match (scope, occurrence) {
        (Scope::This, Some(original)) => {
            let changes = json!({
                "start": input.start, "end": input.end, "title": input.title,
                "description": input.description, "location": input.location, "cancelled": false,
            });
            store::put_exception(&event.id, original, changes)?;
            let event = store::refresh_bounds(&event).map_err(stale)?;
            live::changed(&event, &old_ids)?;
            get(&event.id, Some(original), user_id)
        }
        (Scope::Following, Some(original)) if original != event.start => {
            end_before(&event, original)?;
            let answers: HashMap<String, Answer> = attendees.iter().map(|a| (a.user_id.clone(), a.answer)).collect();
            let next = insert(&input, zone, user_id, &answers)?;
            let new: Vec<String> = input.attendees.iter().filter(|id| !old_ids.contains(id)).cloned().collect();
            invite(&next, user_id, &new)?;
            live::changed(&event, &old_ids)?;
            live::changed(&next, &input.attendees)?;
            get(&next.id, None, user_id)
        }
        _ => {
            let moved = input.start != event.start
                || input.all_day != event.all_day
                || input.time_zone != event.time_zone
                || input.recurrence != event.recurrence;
            if moved {
                store::delete_exceptions(&event.id, None)?;
            }
            let changed: Event = storage::from_record(
                store::events().update(&event.id, event.version, record(&input, user_id, zone)?).map_err(stale)?,
            )?;
            let new = store::set_attendees(&event.id, &input.attendees)?;
            let changed = store::refresh_bounds(&changed)?;
            invite(&changed, user_id, &new)?;
            let concerned: Vec<String> = old_ids.iter().chain(&input.attendees).cloned().collect();
            live::changed(&changed, &concerned)?;
            get(&changed.id, None, user_id)
        }
    }
}

/// Ends a series just before the occurrence `original` (its exceptions from there go).
fn end_before(event: &Event, original: i64) -> Result<Event> {
    let rule: Option<Recurrence> = event.series().ended_before(original);
    store::delete_exceptions(&event.id, Some(original))?;
    let changes = storage::to_record(&json!({ "recurrence": rule }))?;
    let ended: Event = storage::from_record(store::events().update(&event.id, event.version, changes).map_err(stale)?)?;
    store::refresh_bounds(&ended)
}

/// How many occurrences of the series come before `original`.
fn occurrences_before(event: &Event, original: i64) -> u32 {
    let mut count = 0;
    event.series().originals(original, |_| {
        count += 1;
        true
    });
    count
}

/// `POST /events/{id}/move`: a drag that moves or resizes.
pub fn move_event(id: &str, input: MoveInput, user_id: &str) -> Result<EventView> {
    let (event, attendees) = organised(id, user_id)?;
    validate::times(input.start, input.end, event.all_day)?;
    let occurrence = occurrence_of(&event, input.scope, input.occurrence)?;
    let ids: Vec<String> = attendees.iter().map(|a| a.user_id.clone()).collect();
    let view_of = |changed: &Event, occurrence: Option<i64>| -> Result<EventView> {
        live::changed(changed, &ids)?;
        get(&changed.id, occurrence, user_id)
    };
    match (input.scope, occurrence) {
        (Scope::This, Some(original)) => {
            store::put_exception(&event.id, original, json!({ "start": input.start, "end": input.end }))?;
            let changed = store::refresh_bounds(&event).map_err(stale)?;
            view_of(&changed, Some(original))
        }
        (Scope::Following, Some(original)) if original != event.start => {
            let before = occurrences_before(&event, original);
            let ended = end_before(&event, original)?;
            let rule = event
                .recurrence
                .clone()
                .map(|rule| Recurrence { count: rule.count.map(|count| count.saturating_sub(before).max(1)), ..rule });
            let input = EventInput {
                title: event.title.clone(),
                description: event.description.clone(),
                location: event.location.clone(),
                start: input.start,
                end: input.end,
                all_day: event.all_day,
                time_zone: event.time_zone.clone(),
                category: event.category,
                visibility: event.visibility,
                attendees: ids.clone(),
                links: event.links.clone(),
                recurrence: rule,
                reminders: event.reminders.clone(),
                version: None,
            };
            let (input, zone) = checked(input, user_id)?;
            let answers: HashMap<String, Answer> = attendees.iter().map(|a| (a.user_id.clone(), a.answer)).collect();
            let next = insert(&input, zone, user_id, &answers)?;
            live::changed(&ended, &ids)?;
            view_of(&next, None)
        }
        _ => {
            // The dragged occurrence (any of the series) moves, and the series with it.
            let dragged = input.occurrence.filter(|original| event.series().has(*original)).unwrap_or(event.start);
            let shift = input.start - dragged;
            let start = event.start + shift;
            let end = start + (input.end - input.start);
            validate::times(start, end, event.all_day)?;
            if let Some(rule) = &event.recurrence {
                validate::recurrence(rule, start, event.zone(), event.all_day)?;
            }
            if shift != 0 {
                store::delete_exceptions(&event.id, None)?;
            }
            let changes = storage::to_record(&json!({ "start": start, "end": end }))?;
            let changed: Event =
                storage::from_record(store::events().update(&event.id, event.version, changes).map_err(stale)?)?;
            let changed = store::refresh_bounds(&changed)?;
            view_of(&changed, None)
        }
    }
}

/// `DELETE /events/{id}?scope=&occurrence=`.
pub fn delete(id: &str, scope: Scope, occurrence: Option<i64>, user_id: &str) -> Result<()> {
    let (event, attendees) = organised(id, user_id)?;
    let occurrence = occurrence_of(&event, scope, occurrence)?;
    let ids: Vec<String> = attendees.iter().map(|a| a.user_id.clone()).collect();
    match (scope, occurrence) {
        (Scope::This, Some(original)) => {
            store::put_exception(&event.id, original, json!({ "cancelled": true }))?;
            store::refresh_bounds(&event).map_err(stale)?;
        }
        (Scope::Following, Some(original)) if original != event.start => {
            end_before(&event, original)?;
        }
        _ => store::delete_event(&event.id)?,
    }
    live::changed(&event, &ids)
}

/// `POST /events/{id}/answer`.
pub fn answer(id: &str, input: AnswerInput, user_id: &str) -> Result<EventView> {
    let (event, attendees) = seen(id, user_id)?;
    let mine = attendees.iter().find(|a| a.user_id == user_id).ok_or_else(|| Error::forbidden(NOT_INVITED))?;
    let answer = Answer::from(input.answer);
    let changes = storage::to_record(&json!({ "answer": answer.as_str() }))?;
    store::attendees().update(&mine.id, mine.version, changes).map_err(stale)?;
    let name = live::name(user_id)?;
    let said = match answer {
        Answer::Accepted => "accepted",
        Answer::Declined => "declined",
        _ => "tentatively accepted",
    };
    let message = format!("{name} {said} {}", event.title);
    live::bell(std::slice::from_ref(&event.organiser_id), message, live::event_path(&event.id))?;
    let ids: Vec<String> = attendees.iter().map(|a| a.user_id.clone()).collect();
    live::changed(&event, &ids)?;
    get(&event.id, None, user_id)
}

/// `POST /import`: the parsed events, each organised by `user_id` with no attendees (no
/// bells; one push to the caller at the end, naming the last); counts what was stored and
/// says why the others were not.
pub fn import(inputs: Vec<EventInput>, user_id: &str, result: &mut ImportResult) -> Result<()> {
    let mut last = None;
    for (index, input) in inputs.into_iter().enumerate() {
        let title = input.title.clone();
        if index >= MAX_IMPORT_EVENTS {
            result.skipped.push(format!("{title}: {IMPORT_TOO_MANY}"));
            continue;
        }
        match checked(input, user_id) {
            Ok((input, zone)) => {
                last = Some(insert(&input, zone, user_id, &HashMap::new())?.id);
                result.imported += 1;
            }
            Err(err) if err.status == 400 => result.skipped.push(format!("{title}: {}", err.message)),
            Err(err) => return Err(err),
        }
    }
    if let Some(event_id) = last {
        host::realtime_to("changed", &ChangedEvent { event_id }, &[user_id.to_string()])?;
    }
    Ok(())
}
