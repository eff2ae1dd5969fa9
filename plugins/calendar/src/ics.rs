//! iCalendar (RFC 5545): files written for export and the feed, and files read on import.
//!
//! Occurrences are written one VEVENT each, in UTC (all-day ones as dates), with the UID
//! `<event_id>-<original start>@autoscope`: every client shows them the same, with no
//! zone definitions or recurrence rules to interpret. The writer is the few lines below
//! (the `icalendar` crate pulls JavaScript imports into a wasm build, which the host
//! refuses); the reader is the `ical` crate.

use std::io::BufReader;

use autoscope_sdk::prelude::*;
use autoscope_sdk::zones::utc_of;
use chrono::{DateTime, NaiveDate, NaiveDateTime};
use chrono_tz::Tz;

use crate::events::Drawn;
use crate::validate::*;
use crate::views::{Category, EventInput, Frequency, MonthlyBy, Recurrence, Visibility, Weekday};

const PRODUCT: &str = "-//Autoscope//Calendar//EN";

/// A VCALENDAR of these occurrences; `now` stamps them.
pub fn calendar(name: &str, drawn: &[Drawn], now: i64) -> String {
    let mut out = String::new();
    line(&mut out, "BEGIN:VCALENDAR");
    line(&mut out, "VERSION:2.0");
    line(&mut out, &format!("PRODID:{PRODUCT}"));
    line(&mut out, "CALSCALE:GREGORIAN");
    line(&mut out, &format!("X-WR-CALNAME:{}", escape(name)));
    for one in drawn {
        vevent(&mut out, one, now);
    }
    line(&mut out, "END:VCALENDAR");
    out
}

fn vevent(out: &mut String, drawn: &Drawn, now: i64) {
    let (event, instance) = (drawn.event, drawn.instance);
    line(out, "BEGIN:VEVENT");
    line(out, &format!("UID:{}-{}@autoscope", event.id, instance.original));
    line(out, &format!("DTSTAMP:{}", utc(now)));
    match event.all_day {
        true => {
            line(out, &format!("DTSTART;VALUE=DATE:{}", date(instance.start)));
            line(out, &format!("DTEND;VALUE=DATE:{}", date(instance.end)));
        }
        false => {
            line(out, &format!("DTSTART:{}", utc(instance.start)));
            line(out, &format!("DTEND:{}", utc(instance.end)));
        }
    }
    line(out, &format!("SUMMARY:{}", escape(&drawn.title)));
    if !drawn.description.is_empty() {
        line(out, &format!("DESCRIPTION:{}", escape(&drawn.description)));
    }
    if !drawn.location.is_empty() {
        line(out, &format!("LOCATION:{}", escape(&drawn.location)));
    }
    line(out, &format!("CATEGORIES:{}", category_name(event.category)));
    line(out, "END:VEVENT");
}

fn category_name(category: Category) -> &'static str {
    match category {
        Category::Meeting => "MEETING",
        Category::Maintenance => "MAINTENANCE",
        Category::Deadline => "DEADLINE",
        Category::Training => "TRAINING",
        Category::Other => "OTHER",
    }
}

/// A content line, folded at 75 octets (on character boundaries), ending with CRLF.
fn line(out: &mut String, text: &str) {
    let mut width = 0;
    for c in text.chars() {
        if width + c.len_utf8() > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += c.len_utf8();
    }
    out.push_str("\r\n");
}

/// A TEXT value escaped: backslash, semicolon, comma and line breaks.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n' | 'N') => out.push('\n'),
                Some(other) => out.push(other),
                None => {}
            },
            (c, false) => out.push(c),
        }
    }
    out
}

fn utc(time: i64) -> String {
    DateTime::from_timestamp(time, 0).unwrap_or_default().format("%Y%m%dT%H%M%SZ").to_string()
}

fn date(time: i64) -> String {
    DateTime::from_timestamp(time, 0).unwrap_or_default().format("%Y%m%d").to_string()
}

/// What an .ics file's VEVENTs become: events to create, and those skipped with why.
pub struct Parsed {
    pub events: Vec<EventInput>,
    pub skipped: Vec<String>,
}

/// Reads an .ics file: each VEVENT as an event the caller organises, in `default_zone`
/// when its times name none.
pub fn parse(content: &str, default_zone: Tz) -> Result<Parsed> {
    if content.len() > MAX_IMPORT_BYTES {
        return Err(Error::bad_request(IMPORT_TOO_BIG));
    }
    if !content.trim_start().starts_with("BEGIN:VCALENDAR") {
        return Err(Error::bad_request(IMPORT_UNREADABLE));
    }
    let mut parsed = Parsed { events: Vec::new(), skipped: Vec::new() };
    for calendar in ical::IcalParser::new(BufReader::new(content.as_bytes())) {
        let calendar = calendar.map_err(|_| Error::bad_request(IMPORT_UNREADABLE))?;
        for vevent in calendar.events {
            let summary = property(&vevent.properties, "SUMMARY").map(|p| unescape(value(p))).unwrap_or_default();
            match event(&vevent.properties, default_zone) {
                Ok(input) => parsed.events.push(input),
                Err(why) => {
                    parsed.skipped.push(format!("{}: {why}", if summary.is_empty() { "(untitled)" } else { &summary }))
                }
            }
        }
    }
    Ok(parsed)
}

type Property = ical::property::Property;

fn property<'a>(properties: &'a [Property], name: &str) -> Option<&'a Property> {
    properties.iter().find(|p| p.name.eq_ignore_ascii_case(name))
}

fn value(property: &Property) -> &str {
    property.value.as_deref().unwrap_or_default().trim()
}

fn param<'a>(property: &'a Property, name: &str) -> Option<&'a str> {
    let params = property.params.as_ref()?;
    let (_, values) = params.iter().find(|(key, _)| key.eq_ignore_ascii_case(name))?;
    values.first().map(String::as_str)
}

/// A time of a DTSTART or DTEND: (Unix seconds, all day, its zone when it names one).
fn time(property: &Property, default_zone: Tz) -> std::result::Result<(i64, bool, Option<Tz>), String> {
    let text = value(property);
    let is_date = param(property, "VALUE").is_some_and(|v| v.eq_ignore_ascii_case("DATE")) || text.len() == 8;
    if is_date {
        let day = NaiveDate::parse_from_str(text, "%Y%m%d").map_err(|_| format!("unreadable date {text}"))?;
        return Ok((day.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc().timestamp(), true, None));
    }
    if let Some(utc) = text.strip_suffix('Z') {
        let local =
            NaiveDateTime::parse_from_str(utc, "%Y%m%dT%H%M%S").map_err(|_| format!("unreadable time {text}"))?;
        return Ok((local.and_utc().timestamp(), false, None));
    }
    let local = NaiveDateTime::parse_from_str(text, "%Y%m%dT%H%M%S").map_err(|_| format!("unreadable time {text}"))?;
    let zone = match param(property, "TZID") {
        Some(name) => Some(name.parse::<Tz>().map_err(|_| format!("unknown time zone {name}"))?),
        None => None,
    };
    Ok((utc_of(zone.unwrap_or(default_zone), local), false, zone))
}

fn event(properties: &[Property], default_zone: Tz) -> std::result::Result<EventInput, String> {
    let start_property = property(properties, "DTSTART").ok_or("no start")?;
    let (start, all_day, zone) = time(start_property, default_zone)?;
    let end = match property(properties, "DTEND") {
        Some(end) => time(end, default_zone)?.0,
        None if all_day => start + 86_400,
        None => start + 3600,
    };
    let text = |name: &str| property(properties, name).map(|p| unescape(value(p))).unwrap_or_default();
    let mut title: String = text("SUMMARY").chars().take(MAX_TITLE).collect();
    if title.trim().is_empty() {
        title = "(untitled)".to_string();
    }
    let zone = zone.unwrap_or(default_zone);
    let mut input = EventInput {
        title,
        description: text("DESCRIPTION").chars().take(MAX_DESCRIPTION).collect(),
        location: text("LOCATION").chars().take(MAX_LOCATION).collect(),
        start,
        end,
        all_day,
        time_zone: zone.name().to_string(),
        category: Category::Other,
        visibility: Visibility::Attendees,
        attendees: Vec::new(),
        links: Vec::new(),
        recurrence: property(properties, "RRULE").and_then(|rule| rrule(value(rule), zone)),
        reminders: Vec::new(),
        version: None,
    };
    validate::times(input.start, input.end, input.all_day).map_err(|err| err.message.to_lowercase())?;
    if let Some(rule) = &input.recurrence
        && validate::recurrence(rule, start, zone, all_day).is_err()
    {
        input.recurrence = None;
    }
    Ok(input)
}

use crate::validate;

/// An RRULE we can keep: FREQ with INTERVAL, COUNT or UNTIL, BYDAY for weekly rules,
/// BYMONTHDAY (the start's) or one BYDAY (nth or last) for monthly ones; `None` otherwise.
fn rrule(text: &str, zone: Tz) -> Option<Recurrence> {
    let mut rule = Recurrence {
        freq: Frequency::Daily,
        interval: 1,
        by_weekday: Vec::new(),
        monthly_by: MonthlyBy::Date,
        until: None,
        count: None,
    };
    let mut freq = None;
    let mut by_day: Vec<String> = Vec::new();
    for part in text.split(';') {
        let (key, value) = part.split_once('=')?;
        match key.to_ascii_uppercase().as_str() {
            "FREQ" => {
                freq = Some(match value.to_ascii_uppercase().as_str() {
                    "DAILY" => Frequency::Daily,
                    "WEEKLY" => Frequency::Weekly,
                    "MONTHLY" => Frequency::Monthly,
                    "YEARLY" => Frequency::Yearly,
                    _ => return None,
                })
            }
            "INTERVAL" => rule.interval = value.parse().ok()?,
            "COUNT" => rule.count = Some(value.parse().ok()?),
            "UNTIL" => {
                let day = &value.get(..8)?;
                let date = NaiveDate::parse_from_str(day, "%Y%m%d").ok()?;
                // A UTC UNTIL of a late hour can be the next day in the zone; the day is
                // what the page edits.
                let date = match value.strip_suffix('Z') {
                    Some(utc) => NaiveDateTime::parse_from_str(utc, "%Y%m%dT%H%M%S")
                        .map(|time| time.and_utc().with_timezone(&zone).date_naive())
                        .unwrap_or(date),
                    None => date,
                };
                rule.until = Some(date.format("%Y-%m-%d").to_string());
            }
            "BYDAY" => by_day = value.split(',').map(|day| day.trim().to_ascii_uppercase()).collect(),
            "BYMONTHDAY" | "WKST" => {}
            _ => return None,
        }
    }
    rule.freq = freq?;
    match rule.freq {
        Frequency::Weekly => {
            rule.by_weekday = by_day.iter().map(|day| weekday(day)).collect::<Option<Vec<_>>>()?;
        }
        Frequency::Monthly if by_day.len() == 1 => rule.monthly_by = MonthlyBy::Weekday,
        _ if !by_day.is_empty() => return None,
        _ => {}
    }
    Some(rule)
}

fn weekday(text: &str) -> Option<Weekday> {
    Some(match text {
        "MO" => Weekday::MO,
        "TU" => Weekday::TU,
        "WE" => Weekday::WE,
        "TH" => Weekday::TH,
        "FR" => Weekday::FR,
        "SA" => Weekday::SA,
        "SU" => Weekday::SU,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_fold_at_75_octets_without_splitting_characters() {
        let mut out = String::new();
        line(&mut out, &format!("SUMMARY:{}", "ä".repeat(60)));
        for physical in out.split("\r\n").filter(|l| !l.is_empty()) {
            assert!(physical.len() <= 75, "{physical}");
        }
        assert_eq!(out.replace("\r\n ", ""), format!("SUMMARY:{}\r\n", "ä".repeat(60)));
    }

    #[test]
    fn text_escapes_and_reads_back() {
        let text = "a; b, c\\d\nnext";
        assert_eq!(escape(text), "a\\; b\\, c\\\\d\\nnext");
        assert_eq!(unescape(&escape(text)), text);
    }

    #[test]
    fn rules_we_draw_are_kept_and_others_dropped() {
        let weekly = rrule("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4", Tz::UTC).expect("kept");
        assert_eq!(
            (weekly.freq, weekly.by_weekday.clone(), weekly.count),
            (Frequency::Weekly, vec![Weekday::MO, Weekday::WE], Some(4))
        );
        let monthly = rrule("FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20261231T235959Z", Tz::UTC).expect("kept");
        assert_eq!((monthly.monthly_by, monthly.until.as_deref()), (MonthlyBy::Weekday, Some("2026-12-31")));
        assert_eq!(rrule("FREQ=HOURLY", Tz::UTC), None);
        assert_eq!(rrule("FREQ=MONTHLY;BYSETPOS=2;BYDAY=MO,TU", Tz::UTC), None);
    }

    #[test]
    fn a_file_reads_as_events_in_their_zones() {
        let file = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:1\r\nSUMMARY:Stand-up\\, daily\r\n\
                    DTSTART;TZID=Europe/Berlin:20260323T100000\r\nDTEND;TZID=Europe/Berlin:20260323T101500\r\n\
                    RRULE:FREQ=DAILY;COUNT=5\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Broken\r\nEND:VEVENT\r\n\
                    BEGIN:VEVENT\r\nSUMMARY:Holiday\r\nDTSTART;VALUE=DATE:20260406\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
        let parsed = parse(file, Tz::UTC).expect("a calendar");
        assert_eq!(parsed.skipped, vec!["Broken: no start".to_string()]);
        let standup = &parsed.events[0];
        assert_eq!((standup.title.as_str(), standup.time_zone.as_str()), ("Stand-up, daily", "Europe/Berlin"));
        assert_eq!((standup.start, standup.end - standup.start), (1_774_256_400, 900));
        assert_eq!(standup.recurrence.as_ref().and_then(|rule| rule.count), Some(5));
        let holiday = &parsed.events[1];
        assert_eq!((holiday.all_day, holiday.start, holiday.end), (true, 1_775_433_600, 1_775_520_000));
        assert_eq!(parse("hello", Tz::UTC).err().map(|err| err.message), Some(IMPORT_UNREADABLE.to_string()));
    }
}
