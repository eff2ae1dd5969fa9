//! Checks of what callers send, and the user-facing messages (rendered into the remote's
//! generated.ts, so the page can show the same words before it asks).

use std::str::FromStr;

use autoscope_sdk::prelude::*;
use chrono::NaiveDate;
use chrono_tz::Tz;

use crate::views::{EventInput, Frequency, NonWorkingInput, Recurrence};

pub const TITLE_REQUIRED: &str = "A title is required";
pub const TITLE_TOO_LONG: &str = "A title may be at most 200 characters";
pub const DESCRIPTION_TOO_LONG: &str = "A description may be at most 4,000 characters";
pub const LOCATION_TOO_LONG: &str = "A location may be at most 500 characters";
pub const END_BEFORE_START: &str = "The end must be after the start";
pub const TOO_LONG: &str = "An event may last at most 14 days";
pub const TIME_INVALID: &str = "Times are between the years 1970 and 9999";
pub const UNKNOWN_TIME_ZONE: &str = "Unknown time zone";
pub const ALL_DAY_MIDNIGHT: &str = "An all-day event starts and ends at midnight UTC";
pub const TOO_MANY_ATTENDEES: &str = "An event may have at most 100 attendees";
pub const UNKNOWN_PERSON: &str = "Someone chosen is not a member of the company";
pub const TOO_MANY_LINKS: &str = "An event may have at most 10 links";
pub const LINK_INVALID: &str = "A link needs an id and a label of at most 200 characters";
pub const INTERVAL_INVALID: &str = "Repeat every 1 to 99 periods";
pub const COUNT_INVALID: &str = "Repeat 1 to 730 times";
pub const UNTIL_AND_COUNT: &str = "Choose an end date or a number of times, not both";
pub const UNTIL_INVALID: &str = "The end date of a series is a day (YYYY-MM-DD) after its start";
pub const WEEKDAYS_WEEKLY_ONLY: &str = "Weekdays apply to weekly series only";
pub const TOO_MANY_REMINDERS: &str = "An event may have at most 5 reminders";
pub const REMINDER_INVALID: &str = "A reminder is 0 to 40,320 minutes (4 weeks) before the start, each one once";
pub const EVENT_NOT_FOUND: &str = "Event not found";
pub const OCCURRENCE_NOT_FOUND: &str = "This occurrence is not part of the series";
pub const OCCURRENCE_REQUIRED: &str = "Choose the occurrence to change";
pub const ORGANISER_ONLY: &str = "Only the organiser can change this event";
pub const NOT_INVITED: &str = "Only an invited person can answer";
pub const STALE: &str = "Someone else changed this meanwhile; reload it and try again";
pub const RANGE_REQUIRED: &str = "Give a range: from and to, in Unix seconds, to after from";
pub const RANGE_TOO_LONG: &str = "A range may be at most 100 days";
pub const EXPORT_TOO_LONG: &str = "An export may cover at most 400 days";
pub const NAME_REQUIRED: &str = "A name is required";
pub const NAME_TOO_LONG: &str = "A name may be at most 120 characters";
pub const NON_WORKING_ADMIN_ONLY: &str = "Only a company admin can change non-working days";
pub const NON_WORKING_NOT_FOUND: &str = "Non-working day not found";
pub const HOLIDAY_WHOLE_DAYS: &str = "A holiday is whole days: all day, from midnight UTC to midnight UTC";
pub const IMPORT_TOO_BIG: &str = "An import may be at most 1 MB";
pub const IMPORT_UNREADABLE: &str = "This is not an iCalendar file";
pub const IMPORT_TOO_MANY: &str = "at most 1,000 events are imported from one file";
pub const LINK_KIND_REQUIRED: &str = "Choose the kind: process, bot or ticket";
pub const NOT_FOUND: &str = "Not found";

pub const MAX_TITLE: usize = 200;
pub const MAX_DESCRIPTION: usize = 4000;
pub const MAX_LOCATION: usize = 500;
pub const MAX_ATTENDEES: usize = 100;
pub const MAX_LINKS: usize = 10;
pub const MAX_REMINDERS: usize = 5;
pub const MAX_REMINDER_MINUTES: i64 = 40_320;
pub const MAX_COUNT: u32 = 730;
pub const MAX_INTERVAL: u32 = 99;
pub const MAX_NAME: usize = 120;
pub const MAX_RANGE_DAYS: i64 = 100;
pub const MAX_EXPORT_DAYS: i64 = 400;
pub const MAX_IMPORT_BYTES: usize = 1024 * 1024;
pub const MAX_IMPORT_EVENTS: usize = 1000;
const MAX_EVENT_SECONDS: i64 = 14 * 86_400;
const DAY: i64 = 86_400;

/// An IANA zone name.
pub fn zone(name: &str) -> Result<Tz> {
    Tz::from_str(name.trim()).map_err(|_| Error::bad_request(UNKNOWN_TIME_ZONE))
}

fn text(value: &str, most: usize, too_long: &str) -> Result<String> {
    let trimmed = value.trim();
    match trimmed.chars().count() > most {
        true => Err(Error::bad_request(too_long)),
        false => Ok(trimmed.to_string()),
    }
}

/// An event as sent, trimmed and checked (attendees against the directory elsewhere):
/// answers its zone.
pub fn event(input: &mut EventInput, organiser: &str) -> Result<Tz> {
    input.title = text(&input.title, MAX_TITLE, TITLE_TOO_LONG)?;
    if input.title.is_empty() {
        return Err(Error::bad_request(TITLE_REQUIRED));
    }
    input.description = text(&input.description, MAX_DESCRIPTION, DESCRIPTION_TOO_LONG)?;
    input.location = text(&input.location, MAX_LOCATION, LOCATION_TOO_LONG)?;
    times(input.start, input.end, input.all_day)?;
    let tz = zone(&input.time_zone)?;
    input.time_zone = tz.name().to_string();
    input.attendees = input.attendees.iter().map(|id| id.trim().to_string()).filter(|id| !id.is_empty()).collect();
    input.attendees.retain(|id| id != organiser);
    input.attendees.sort();
    input.attendees.dedup();
    if input.attendees.len() > MAX_ATTENDEES {
        return Err(Error::bad_request(TOO_MANY_ATTENDEES));
    }
    if input.links.len() > MAX_LINKS {
        return Err(Error::bad_request(TOO_MANY_LINKS));
    }
    for link in &mut input.links {
        link.id = link.id.trim().to_string();
        link.label = link.label.trim().to_string();
        if link.id.is_empty() || link.id.len() > 100 || link.label.is_empty() || link.label.chars().count() > 200 {
            return Err(Error::bad_request(LINK_INVALID));
        }
    }
    if let Some(rule) = &input.recurrence {
        recurrence(rule, input.start, tz, input.all_day)?;
    }
    reminders(&mut input.reminders)?;
    Ok(tz)
}

/// An event's or an occurrence's times: end after start, at most 14 days, all-day ones
/// on UTC midnights.
pub fn times(start: i64, end: i64, all_day: bool) -> Result<()> {
    if !(0..crate::recur::FOREVER).contains(&start) || !(0..crate::recur::FOREVER).contains(&end) {
        return Err(Error::bad_request(TIME_INVALID));
    }
    if end <= start {
        return Err(Error::bad_request(END_BEFORE_START));
    }
    if end - start > MAX_EVENT_SECONDS {
        return Err(Error::bad_request(TOO_LONG));
    }
    if all_day && (start.rem_euclid(DAY) != 0 || end.rem_euclid(DAY) != 0) {
        return Err(Error::bad_request(ALL_DAY_MIDNIGHT));
    }
    Ok(())
}

pub fn recurrence(rule: &Recurrence, start: i64, tz: Tz, all_day: bool) -> Result<()> {
    if !(1..=MAX_INTERVAL).contains(&rule.interval) {
        return Err(Error::bad_request(INTERVAL_INVALID));
    }
    if rule.count.is_some_and(|count| !(1..=MAX_COUNT).contains(&count)) {
        return Err(Error::bad_request(COUNT_INVALID));
    }
    if rule.count.is_some() && rule.until.is_some() {
        return Err(Error::bad_request(UNTIL_AND_COUNT));
    }
    if !rule.by_weekday.is_empty() && rule.freq != Frequency::Weekly {
        return Err(Error::bad_request(WEEKDAYS_WEEKLY_ONLY));
    }
    if let Some(until) = &rule.until {
        let day = NaiveDate::parse_from_str(until, "%Y-%m-%d").map_err(|_| Error::bad_request(UNTIL_INVALID))?;
        let zone = if all_day { Tz::UTC } else { tz };
        let first = chrono::DateTime::from_timestamp(start, 0).map(|time| time.with_timezone(&zone).date_naive());
        if first.is_none_or(|first| day < first) {
            return Err(Error::bad_request(UNTIL_INVALID));
        }
    }
    Ok(())
}

/// Reminders: at most 5, each 0..=40,320 minutes, no repeats; sorted.
pub fn reminders(minutes: &mut Vec<i64>) -> Result<()> {
    if minutes.len() > MAX_REMINDERS {
        return Err(Error::bad_request(TOO_MANY_REMINDERS));
    }
    let count = minutes.len();
    minutes.sort_unstable();
    minutes.dedup();
    if minutes.len() != count || minutes.iter().any(|m| !(0..=MAX_REMINDER_MINUTES).contains(m)) {
        return Err(Error::bad_request(REMINDER_INVALID));
    }
    Ok(())
}

/// `from` and `to` of a range query, to after from and at most `most_days` apart.
pub fn range(from: Option<i64>, to: Option<i64>, most_days: i64, too_long: &str) -> Result<(i64, i64)> {
    let (Some(from), Some(to)) = (from, to) else { return Err(Error::bad_request(RANGE_REQUIRED)) };
    if to <= from {
        return Err(Error::bad_request(RANGE_REQUIRED));
    }
    if to - from > most_days * DAY {
        return Err(Error::bad_request(too_long.to_string()));
    }
    Ok((from, to))
}

pub fn non_working(input: &mut NonWorkingInput) -> Result<()> {
    input.name = text(&input.name, MAX_NAME, NAME_TOO_LONG)?;
    if input.name.is_empty() {
        return Err(Error::bad_request(NAME_REQUIRED));
    }
    if input.end <= input.start {
        return Err(Error::bad_request(END_BEFORE_START));
    }
    let holiday = input.kind == crate::views::NonWorkingKind::Holiday;
    let whole_days = input.start.rem_euclid(DAY) == 0 && input.end.rem_euclid(DAY) == 0;
    if holiday && (!input.all_day || !whole_days) {
        return Err(Error::bad_request(HOLIDAY_WHOLE_DAYS));
    }
    if !holiday {
        input.all_day = false;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reminders_are_few_distinct_and_within_four_weeks() {
        let mut ok = vec![60, 0, 1440];
        reminders(&mut ok).expect("valid");
        assert_eq!(ok, vec![0, 60, 1440]);
        assert!(reminders(&mut vec![10, 10]).is_err());
        assert!(reminders(&mut vec![40_321]).is_err());
        assert!(reminders(&mut vec![1, 2, 3, 4, 5, 6]).is_err());
    }

    #[test]
    fn zones_are_iana_names() {
        assert_eq!(zone("Europe/Berlin").expect("known").name(), "Europe/Berlin");
        assert_eq!(zone("Mars/Olympus").unwrap_err().message, UNKNOWN_TIME_ZONE);
    }

    #[test]
    fn ranges_are_bounded() {
        assert_eq!(range(Some(0), Some(86_400), 100, RANGE_TOO_LONG).expect("a day"), (0, 86_400));
        assert_eq!(range(None, Some(1), 100, RANGE_TOO_LONG).unwrap_err().message, RANGE_REQUIRED);
        assert_eq!(range(0.into(), Some(101 * 86_400), 100, RANGE_TOO_LONG).unwrap_err().message, RANGE_TOO_LONG);
    }
}
