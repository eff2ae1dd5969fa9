//! The Bot Profile layer: each bot's free-text `schedule` drawn as run windows in the
//! caller's zone. Bot Profile is optional: without it, or without the grant to read its
//! bots, the layer says it is unavailable.

use autoscope_sdk::prelude::*;
use chrono::{DateTime, Datelike, Days, NaiveTime, Weekday};
use chrono_tz::Tz;
use serde::Deserialize;

use crate::recur::{MAX_OCCURRENCES, utc_of};
use crate::views::{BotLayer, BotWindow, Unscheduled};

/// When a bot runs, as its schedule says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Schedule {
    Always,
    /// On these weekdays, from `from` to `to` (past midnight when `to` is not after `from`).
    Weekly {
        days: Vec<Weekday>,
        from: NaiveTime,
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

/// The windows of `schedule` overlapping `[from, to)`, local times read in `zone`.
pub fn windows(schedule: &Schedule, zone: Tz, from: i64, to: i64) -> Vec<(i64, i64)> {
    let (days, start, end) = match schedule {
        Schedule::Always => return vec![(from, to)],
        Schedule::Weekly { days, from, to } => (days, *from, *to),
    };
    let local = |time: i64| DateTime::from_timestamp(time, 0).unwrap_or_default().with_timezone(&zone).date_naive();
    let Some(mut day) = local(from).checked_sub_days(Days::new(1)) else { return Vec::new() };
    let last = local(to);
    let mut found = Vec::new();
    while day <= last && found.len() < MAX_OCCURRENCES {
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

#[derive(Deserialize)]
struct Bot {
    name: String,
    #[serde(default)]
    schedule: Option<String>,
}

/// `GET /bots`: every bot's windows in `[from, to)`.
pub fn layer(zone: Tz, from: i64, to: i64) -> Result<BotLayer> {
    let query = Query::default().fields(["name", "schedule"]).sort("name");
    let Ok(bots) = collection("bots.bots").list_all_as::<Bot>(&query, usize::MAX) else {
        return Ok(BotLayer { available: false, windows: Vec::new(), unscheduled: Vec::new() });
    };
    let mut layer = BotLayer { available: true, windows: Vec::new(), unscheduled: Vec::new() };
    for bot in bots {
        let Some(text) = bot.schedule.filter(|text| !text.trim().is_empty()) else { continue };
        match parse(&text) {
            Some(schedule) => {
                layer.windows.extend(windows(&schedule, zone, from, to).into_iter().map(|(start, end)| BotWindow {
                    bot: bot.name.clone(),
                    start,
                    end,
                }))
            }
            None => layer.unscheduled.push(Unscheduled { bot: bot.name, schedule: text }),
        }
    }
    Ok(layer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn time(text: &str) -> NaiveTime {
        NaiveTime::parse_from_str(text, "%H:%M").expect("a time")
    }

    fn at(text: &str) -> i64 {
        DateTime::parse_from_rfc3339(text).expect("a time").timestamp()
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
        let found = windows(&nightly, chrono_tz::Europe::Berlin, june_1.0, june_1.1);
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
}
