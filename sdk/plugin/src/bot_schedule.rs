//! A bot's free-text `schedule` (as Bot Profile stores it) read as run windows in a zone
//! (the `zones` feature): [`parse`] the text once, then ask for the [`windows`] of a range
//! or whether the bot is [`running_at`] an instant.
//!
//! ```
//! use autoscope_sdk::bot_schedule::{self, Schedule};
//!
//! let office = bot_schedule::parse("Mon-Fri 06:00-20:00, except holidays").unwrap();
//! // Monday 2026-06-01 10:00 in Berlin (UTC+2 in summer) is 08:00 UTC.
//! let monday_10 = 1_780_300_800;
//! assert!(bot_schedule::running_at(&office, chrono_tz::Europe::Berlin, monday_10));
//! assert_eq!(bot_schedule::parse("24/7"), Some(Schedule::Always));
//! assert_eq!(bot_schedule::parse("every hour"), None, "not a schedule we read");
//! ```

use chrono::{DateTime, Datelike, Days, NaiveTime, Weekday};
use chrono_tz::Tz;

use crate::zones::utc_of;

/// The most windows one call of [`windows`] answers, so a long range of a daily schedule
/// cannot starve the plugin.
pub const MAX_WINDOWS: usize = 2000;

/// When a bot runs, as its schedule says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Schedule {
    /// Around the clock (`24/7`).
    Always,
    /// On these weekdays, from `from` to `to` (past midnight when `to` is not after `from`).
    Weekly {
        /// The days a window starts on.
        days: Vec<Weekday>,
        /// Local start time.
        from: NaiveTime,
        /// Local end time, on the next day when it is not after `from`.
        to: NaiveTime,
    },
}

/// Reads `Daily HH:MM-HH:MM`, `Mon-Fri HH:MM-HH:MM` (a day range or a comma list of Mon..Sun,
/// or both), `24/7`; text after a comma that follows the times (or `24/7`) is a remark.
/// `None` for anything else.
pub fn parse(text: &str) -> Option<Schedule> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix("24/7") {
        return (rest.trim().is_empty() || rest.trim_start().starts_with(',')).then_some(Schedule::Always);
    }
    let (days, rest) = text.split_once(char::is_whitespace)?;
    let times = rest.split(',').next()?.trim();
    let (from, to) = times.split_once('-')?;
    let from = NaiveTime::parse_from_str(from.trim(), "%H:%M").ok()?;
    let to = NaiveTime::parse_from_str(to.trim(), "%H:%M").ok()?;
    Some(Schedule::Weekly { days: weekdays(days)?, from, to })
}

fn weekdays(text: &str) -> Option<Vec<Weekday>> {
    if text.eq_ignore_ascii_case("daily") {
        return Some(every_day());
    }
    let mut found = Vec::new();
    for part in text.split(',').filter(|part| !part.trim().is_empty()) {
        match part.split_once('-') {
            Some((first, last)) => {
                let (mut day, last) = (day(first)?, day(last)?);
                found.push(day);
                while day != last {
                    day = day.succ();
                    found.push(day);
                }
            }
            None => found.push(day(part)?),
        }
    }
    (!found.is_empty()).then_some(found)
}

fn every_day() -> Vec<Weekday> {
    [Weekday::Mon, Weekday::Tue, Weekday::Wed, Weekday::Thu, Weekday::Fri, Weekday::Sat, Weekday::Sun].to_vec()
}

fn day(text: &str) -> Option<Weekday> {
    let text = text.trim().to_ascii_lowercase();
    every_day().into_iter().find(|day| text == format!("{day:?}").to_ascii_lowercase())
}

/// The windows `(start, end)` of `schedule` overlapping `[from, to)`, in unix seconds, local
/// times read in `zone`; by start, at most [`MAX_WINDOWS`]. [`Schedule::Always`] is the one
/// window `(from, to)`.
pub fn windows(schedule: &Schedule, zone: Tz, from: i64, to: i64) -> Vec<(i64, i64)> {
    let (days, start, end) = match schedule {
        Schedule::Always => return vec![(from, to)],
        Schedule::Weekly { days, from, to } => (days, *from, *to),
    };
    let local = |time: i64| DateTime::from_timestamp(time, 0).unwrap_or_default().with_timezone(&zone).date_naive();
    // From the day before: its window may run past midnight into the range.
    let Some(mut day) = local(from).checked_sub_days(Days::new(1)) else { return Vec::new() };
    let last = local(to);
    let mut found = Vec::new();
    while day <= last && found.len() < MAX_WINDOWS {
        if days.contains(&day.weekday()) {
            let end_day = if end <= start { day.succ_opt().unwrap_or(day) } else { day };
            let (window_start, window_end) = (utc_of(zone, day.and_time(start)), utc_of(zone, end_day.and_time(end)));
            if window_start < to && window_end > from {
                found.push((window_start, window_end));
            }
        }
        let Some(next) = day.succ_opt() else { break };
        day = next;
    }
    found
}

/// Whether `at` (unix seconds) falls inside a window of `schedule` in `zone`: from its
/// start, before its end.
pub fn running_at(schedule: &Schedule, zone: Tz, at: i64) -> bool {
    !windows(schedule, zone, at, at.saturating_add(1)).is_empty()
}

#[cfg(test)]
mod tests {
    use chrono_tz::Europe::Berlin;

    use super::*;

    fn time(text: &str) -> NaiveTime {
        NaiveTime::parse_from_str(text, "%H:%M").expect("a time")
    }

    fn at(text: &str) -> i64 {
        DateTime::parse_from_rfc3339(text).expect("a time").timestamp()
    }

    fn schedule(text: &str) -> Schedule {
        parse(text).expect("a schedule")
    }

    #[test]
    fn schedules_in_the_forms_we_draw() {
        use Weekday::*;
        let weekdays = Schedule::Weekly { days: vec![Mon, Tue, Wed, Thu, Fri], from: time("06:00"), to: time("18:00") };
        assert_eq!(parse("Mon-Fri 06:00-18:00"), Some(weekdays.clone()));
        assert_eq!(parse("mon-fri 06:00-18:00, except holidays"), Some(weekdays));
        assert_eq!(parse("24/7"), Some(Schedule::Always));
        assert_eq!(parse("24/7, monitored"), Some(Schedule::Always));
        let daily = parse("Daily 22:00-02:00").expect("drawn");
        assert_eq!(daily, Schedule::Weekly { days: every_day(), from: time("22:00"), to: time("02:00") });
        let list = parse("Mon,Wed,Fri 08:00-09:30").expect("drawn");
        assert_eq!(list, Schedule::Weekly { days: vec![Mon, Wed, Fri], from: time("08:00"), to: time("09:30") });
        assert_eq!(
            parse("Sat-Mon 01:00-02:00")
                .map(|s| matches!(s, Schedule::Weekly { days, .. } if days == vec![Sat, Sun, Mon])),
            Some(true)
        );
        for other in ["every hour", "Mon-Fri", "Weekdays 06:00-18:00", "Mon-Fri 6-18", "hourly, 9 to 5", ""] {
            assert_eq!(parse(other), None, "{other}");
        }
    }

    #[test]
    fn windows_are_local_and_run_past_midnight() {
        let nightly = parse("Daily 22:00-02:00").expect("drawn");
        // Berlin in summer is UTC+2: June 1 is 2026-05-31T22:00Z to 2026-06-01T22:00Z, and
        // 22:00-02:00 local is 20:00-00:00 UTC.
        let june_1 = (at("2026-05-31T22:00:00Z"), at("2026-06-01T22:00:00Z"));
        let found = windows(&nightly, Berlin, june_1.0, june_1.1);
        assert_eq!(
            found,
            vec![
                (at("2026-05-31T20:00:00Z"), at("2026-06-01T00:00:00Z")),
                (at("2026-06-01T20:00:00Z"), at("2026-06-02T00:00:00Z")),
            ]
        );
        let weekdays = parse("Mon-Fri 06:00-18:00").expect("drawn");
        // 2026-06-06 and 07 are a Saturday and a Sunday.
        let weekend = windows(&weekdays, Tz::UTC, at("2026-06-06T00:00:00Z"), at("2026-06-08T00:00:00Z"));
        assert!(weekend.is_empty());
        let always = windows(&Schedule::Always, Tz::UTC, 10, 20);
        assert_eq!(always, vec![(10, 20)]);
    }

    #[test]
    fn years_of_a_daily_schedule_are_capped() {
        let daily = schedule("Daily 01:00-02:00");
        let found = windows(&daily, Tz::UTC, at("2026-01-01T00:00:00Z"), at("2032-01-01T00:00:00Z"));
        assert_eq!(found.len(), MAX_WINDOWS);
        assert_eq!(found[0], (at("2026-01-01T01:00:00Z"), at("2026-01-01T02:00:00Z")));
    }

    #[test]
    fn running_during_office_hours_in_the_zone() {
        // Berlin in summer is UTC+2; 2026-06-01 is a Monday, 2026-06-06 a Saturday.
        let office = schedule("Mon-Fri 06:00-20:00");
        assert!(running_at(&office, Berlin, at("2026-06-01T08:00:00Z")), "Monday 10:00");
        assert!(running_at(&office, Berlin, at("2026-06-01T04:00:00Z")), "Monday 06:00, the start");
        assert!(!running_at(&office, Berlin, at("2026-06-01T18:00:00Z")), "Monday 20:00, the end");
        assert!(!running_at(&office, Berlin, at("2026-06-01T19:00:00Z")), "Monday 21:00");
        assert!(!running_at(&office, Berlin, at("2026-06-01T03:59:59Z")), "Monday 05:59:59");
        assert!(!running_at(&office, Berlin, at("2026-06-06T08:00:00Z")), "Saturday 10:00");
        assert!(running_at(&office, Tz::UTC, at("2026-06-01T19:00:00Z")), "19:00 in UTC");
    }

    #[test]
    fn running_past_midnight() {
        let nightly = schedule("Daily 22:00-06:00");
        assert!(running_at(&nightly, Berlin, at("2026-06-02T00:00:00Z")), "02:00");
        assert!(running_at(&nightly, Berlin, at("2026-06-01T20:00:00Z")), "22:00");
        assert!(!running_at(&nightly, Berlin, at("2026-06-01T10:00:00Z")), "12:00");
        // Friday night's window runs into Saturday; Saturday's own night does not start.
        let weeknights = schedule("Mon-Fri 22:00-06:00");
        assert!(running_at(&weeknights, Berlin, at("2026-06-06T00:00:00Z")), "Saturday 02:00");
        assert!(!running_at(&weeknights, Berlin, at("2026-06-06T21:00:00Z")), "Saturday 23:00");
    }

    #[test]
    fn around_the_clock_is_always_running() {
        for instant in [i64::MIN, -1, 0, at("2026-06-06T08:00:00Z"), i64::MAX] {
            assert!(running_at(&Schedule::Always, Berlin, instant), "{instant}");
        }
    }
}
