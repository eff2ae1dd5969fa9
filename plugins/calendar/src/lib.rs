//! `calendar`: Calendar. Company events with attendees and their answers, recurring series
//! expanded in each event's zone with per-occurrence exceptions, reminders by bell and
//! mail, company non-working days, the Bot Profile's run windows, links to processes, bots
//! and tickets, and iCalendar export, import and a private feed per person.
//!
//! Handlers only parse and answer: the flows are in [`events`], [`reminders`], [`feed`],
//! [`nonworking`], [`bots`] and [`links`]; recurrence in [`recur`], iCalendar in [`ics`],
//! checks in [`validate`], storage in [`store`], bells and pushes in [`live`].

mod bots;
mod events;
mod feed;
mod ics;
mod links;
mod live;
mod nonworking;
mod recur;
mod reminders;
mod store;
#[cfg(test)]
mod typescript;
mod validate;
mod views;

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::DirectoryQuery;
use chrono_tz::Tz;

use crate::validate::*;
use crate::views::{Done, EventInput, IcsFile, ImportInput, ImportResult, LinkKind, Person, Scope};

const DAY: i64 = 86_400;
const CALENDAR: &str = "text/calendar; charset=utf-8";

fn router() -> Router {
    Router::new()
        .get("/range", |req: &Request| {
            let (from, to) = range(req, MAX_RANGE_DAYS, RANGE_TOO_LONG)?;
            ok(&events::range(user(req)?, from, to)?)
        })
        .post("/events", |req: &Request| created(&events::create(req.body()?, user(req)?)?))
        .get("/events/{id}", |req: &Request| {
            ok(&events::get(req.param("id")?, req.query_as("occurrence")?, user(req)?)?)
        })
        .put("/events/{id}", |req: &Request| {
            let body: EventInput = req.body()?;
            ok(&events::update(req.param("id")?, scope(req)?, req.query_as("occurrence")?, body, user(req)?)?)
        })
        .post("/events/{id}/move", |req: &Request| ok(&events::move_event(req.param("id")?, req.body()?, user(req)?)?))
        .delete("/events/{id}", |req: &Request| {
            events::delete(req.param("id")?, scope(req)?, req.query_as("occurrence")?, user(req)?)?;
            ok(&Done { ok: true })
        })
        .post("/events/{id}/answer", |req: &Request| ok(&events::answer(req.param("id")?, req.body()?, user(req)?)?))
        .get("/events/{id}/ics", event_ics)
        .get("/export", export)
        .post("/import", import)
        .get("/feed", |req: &Request| ok(&feed::get(user(req)?)?))
        .post("/feed", |req: &Request| ok(&feed::renew(user(req)?, req.context())?))
        .delete("/feed", |req: &Request| ok(&feed::revoke(user(req)?)?))
        .get("/feed.ics", feed_ics)
        .get("/non-working", |req: &Request| {
            req.caller()?;
            let (from, to) = range(req, MAX_EXPORT_DAYS, EXPORT_TOO_LONG)?;
            ok(&store::non_working_between(from, to)?)
        })
        .post("/non-working", |req: &Request| created(&nonworking::create(req.body()?, req.caller()?)?))
        .put("/non-working/{id}", |req: &Request| {
            ok(&nonworking::update(req.param("id")?, req.body()?, req.caller()?)?)
        })
        .delete("/non-working/{id}", |req: &Request| {
            nonworking::delete(req.param("id")?, req.caller()?)?;
            ok(&Done { ok: true })
        })
        .get("/bots", |req: &Request| {
            let (from, to) = range(req, MAX_RANGE_DAYS, RANGE_TOO_LONG)?;
            ok(&bots::layer(zone(req)?, from, to)?)
        })
        .get("/link-targets", link_targets)
        .get("/people", people)
        .on_schedule("reminders", |context: &Context, _run: &ScheduleRun| reminders::run(context))
}

autoscope_sdk::module!(router);

fn user(req: &Request) -> Result<&str> {
    Ok(&req.caller()?.user_id)
}

/// `from` and `to` of the query, at most `most_days` apart.
fn range(req: &Request, most_days: i64, too_long: &str) -> Result<(i64, i64)> {
    validate::range(req.query_as("from")?, req.query_as("to")?, most_days, too_long)
}

/// `scope=this|following|all` (all when left out).
fn scope(req: &Request) -> Result<Scope> {
    match req.query("scope").unwrap_or("all") {
        "this" => Ok(Scope::This),
        "following" => Ok(Scope::Following),
        "all" => Ok(Scope::All),
        _ => Err(Error::bad_request("Invalid query parameter 'scope'")),
    }
}

/// The caller's zone: their profile's, else the `tz` query parameter, else UTC.
fn zone(req: &Request) -> Result<Tz> {
    let profile = req.caller()?.time_zone.as_deref().filter(|name| name.parse::<Tz>().is_ok());
    match profile.or(req.query("tz")) {
        Some(name) => validate::zone(name),
        None => Ok(Tz::UTC),
    }
}

/// `GET /events/{id}/ics?occurrence=`: the occurrence asked for, else the whole series
/// (its first 2,000 occurrences).
fn event_ics(req: &Request) -> Result<Reply> {
    let view = events::get(req.param("id")?, req.query_as("occurrence")?, user(req)?)?;
    let Some(event) = store::event(&view.id)? else { return Err(Error::not_found(EVENT_NOT_FOUND)) };
    let one = [event];
    let (from, to) = match req.query_as::<i64>("occurrence")? {
        Some(_) => (view.start, view.end),
        None => (one[0].start, recur::FOREVER),
    };
    let drawn = events::drawn(&one, from, to)?;
    let drawn: Vec<_> = match req.query_as::<i64>("occurrence")? {
        Some(original) => drawn.into_iter().filter(|d| d.instance.original == original).collect(),
        None => drawn,
    };
    let content = ics::calendar(&view.title, &drawn, req.context().now);
    ok(&IcsFile { filename: format!("{}.ics", file_name(&view.title)), content })
}

/// A file name from a title: letters, digits and dashes.
fn file_name(title: &str) -> String {
    let name: String = title.chars().map(|c| if c.is_alphanumeric() { c } else { '-' }).take(60).collect();
    match name.trim_matches('-') {
        "" => "event".to_string(),
        name => name.to_string(),
    }
}

/// `GET /export?from=&to=`: what `/range` shows, as a file.
fn export(req: &Request) -> Result<Reply> {
    let (from, to) = range(req, MAX_EXPORT_DAYS, EXPORT_TOO_LONG)?;
    let user_id = user(req)?;
    let events = store::visible_events(user_id, from, to)?;
    let content = ics::calendar("Calendar", &events::drawn(&events, from, to)?, req.context().now);
    ok(&IcsFile { filename: "calendar.ics".into(), content })
}

/// `POST /import`: each VEVENT an event the caller organises.
fn import(req: &Request) -> Result<Reply> {
    let caller = req.caller()?;
    let body: ImportInput = req.body()?;
    let zone = caller.time_zone.as_deref().and_then(|name| name.parse::<Tz>().ok()).unwrap_or(Tz::UTC);
    let parsed = ics::parse(&body.content, zone)?;
    let mut result = ImportResult { imported: 0, skipped: parsed.skipped };
    events::import(parsed.events, &caller.user_id, &mut result)?;
    ok(&result)
}

/// `GET /feed.ics?person_id=&token=` (public): the person's calendar from 30 days back to
/// 365 ahead; 404 for a wrong or revoked token.
fn feed_ics(req: &Request) -> Result<Reply> {
    let (Some(person), Some(token)) = (req.query("person_id"), req.query("token")) else {
        return Err(Error::not_found(NOT_FOUND));
    };
    if !feed::opens(person, token)? {
        return Err(Error::not_found(NOT_FOUND));
    }
    let now = req.context().now;
    let (from, to) = (now - feed::DAYS_BACK * DAY, now + feed::DAYS_AHEAD * DAY);
    let events = store::visible_events(person, from, to)?;
    let content = ics::calendar("Autoscope", &events::drawn(&events, from, to)?, now);
    reply::text(200, CALENDAR, content)
}

/// `GET /link-targets?kind=&q=`.
fn link_targets(req: &Request) -> Result<Reply> {
    req.caller()?;
    let kind = match req.query("kind") {
        Some("process") => LinkKind::Process,
        Some("bot") => LinkKind::Bot,
        Some("ticket") => LinkKind::Ticket,
        _ => return Err(Error::bad_request(LINK_KIND_REQUIRED)),
    };
    ok(&links::targets(kind, req.query("q").unwrap_or_default())?)
}

/// `GET /people`: the company directory, for the attendee picker.
fn people(req: &Request) -> Result<Reply> {
    req.caller()?;
    let people: Vec<Person> = host::directory(&DirectoryQuery::default())?
        .into_iter()
        .map(|entry| Person { name: live::name_of(&entry), user_id: entry.user_id, email: entry.email })
        .collect();
    ok(&people)
}
