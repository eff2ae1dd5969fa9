//! The date range of the page: whole UTC days, both included, sent to storage as
//! `[first day 00:00, day after the last 00:00)` so that every aggregate on it fits the
//! `bots` rollups (their time filters must be UTC midnights).

use autoscope_sdk::days::{self, WEEK, format_day};
pub use autoscope_sdk::days::{DAY, week_start};
use autoscope_sdk::input::non_blank;
use serde::{Serialize, Serializer};

pub const INVALID_DATE: &str = "Dates must be days written YYYY-MM-DD";
pub const REVERSED: &str = "The start date must be on or before the end date";
pub const TOO_LONG: &str = "Choose at most 400 days";

/// The range when none is given: the last 30 days, today included.
pub const DEFAULT_DAYS: i64 = 30;
/// The longest range: a day series stays at about 400 points.
pub const MAX_DAYS: i64 = 400;

/// From the first to the last day, both included, as days since 1970-01-01 (UTC).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    pub first: i64,
    pub last: i64,
}

impl Range {
    /// The query's `from` and `to` (`YYYY-MM-DD`) at `now`: the last 30 days up to today
    /// when both are left out; `from` alone runs to today, `to` alone starts 29 days before it.
    pub fn parse(from: Option<&str>, to: Option<&str>, now: i64) -> Result<Self, &'static str> {
        let from = non_blank(from).map(parse_day).transpose()?;
        let to = non_blank(to).map(parse_day).transpose()?;
        let last = to.unwrap_or_else(|| now.div_euclid(DAY));
        let first = from.unwrap_or(last - (DEFAULT_DAYS - 1));
        match last - first + 1 {
            days if days < 1 => Err(REVERSED),
            days if days > MAX_DAYS => Err(TOO_LONG),
            _ => Ok(Self { first, last }),
        }
    }

    /// The first second of the range (the first day's UTC midnight).
    pub fn start(&self) -> i64 {
        self.first * DAY
    }

    /// The first second after the range (the UTC midnight after the last day).
    pub fn end(&self) -> i64 {
        (self.last + 1) * DAY
    }

    pub fn days(&self) -> i64 {
        self.last - self.first + 1
    }

    /// The midnight of every day, in order.
    pub fn day_starts(&self) -> impl Iterator<Item = i64> {
        (self.first..=self.last).map(|day| day * DAY)
    }

    /// The Monday of every week holding a day of the range, in order.
    pub fn week_starts(&self) -> Vec<i64> {
        let last = week_start(self.end() - 1);
        std::iter::successors(Some(week_start(self.start())), |week| Some(week + WEEK))
            .take_while(|week| *week <= last)
            .collect()
    }
}

/// The range as the answer gives it: both days included (`YYYY-MM-DD`), and the seconds
/// storage was asked.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "RangeAnswer"))]
pub struct Shown {
    from: String,
    to: String,
    /// The first day's midnight.
    start: i64,
    /// The midnight after the last day.
    end: i64,
    days: i64,
}

impl Serialize for Range {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Shown {
            from: format_day(self.first),
            to: format_day(self.last),
            start: self.start(),
            end: self.end(),
            days: self.days(),
        }
        .serialize(serializer)
    }
}

/// `YYYY-MM-DD` as days since 1970-01-01; only days that exist.
fn parse_day(text: &str) -> Result<i64, &'static str> {
    days::parse_day(text).ok_or(INVALID_DATE)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// 2026-03-18 12:00:00 UTC, a Wednesday (day 20,530).
    const NOW: i64 = 1_773_835_200;
    const TODAY: i64 = 20_530;

    fn parse(from: Option<&str>, to: Option<&str>) -> Result<Range, &'static str> {
        Range::parse(from, to, NOW)
    }

    #[test]
    fn days_read_as_days_since_1970() {
        assert_eq!(parse_day("1970-01-01"), Ok(0));
        assert_eq!(parse_day("2026-03-18"), Ok(TODAY));
        assert_eq!(parse_day("2024-02-29"), Ok(19_782), "a leap day");
        assert_eq!(parse_day("1969-12-31"), Ok(-1));
        assert_eq!(format_day(TODAY), "2026-03-18");
        assert_eq!(format_day(-1), "1969-12-31");
    }

    #[test]
    fn malformed_or_missing_days_are_refused() {
        for text in [
            "2026-3-18",
            "2026/03/18",
            "18-03-2026",
            "2026-02-30",
            "2025-02-29",
            "2026-13-01",
            "2026-00-10",
            "+026-03-18",
            "2026-03-1a",
            "1773835200",
            "2026-03-18T00:00",
        ] {
            assert_eq!(parse_day(text), Err(INVALID_DATE), "{text}");
        }
    }

    #[test]
    fn no_dates_are_the_last_30_days_with_today() {
        let range = parse(None, None).unwrap();
        assert_eq!(range, Range { first: TODAY - 29, last: TODAY });
        assert_eq!(range.days(), 30);
        assert_eq!((range.start(), range.end()), ((TODAY - 29) * DAY, (TODAY + 1) * DAY));
        assert_eq!(range.end() % DAY, 0, "storage is asked with midnights only");
        assert_eq!(parse(Some(" "), Some("")), Ok(range), "blank is left out");
    }

    #[test]
    fn one_date_alone_takes_the_other_from_today_or_30_days() {
        assert_eq!(parse(Some("2026-03-01"), None), Ok(Range { first: TODAY - 17, last: TODAY }));
        assert_eq!(parse(None, Some("2026-01-30")), Ok(Range { first: TODAY - 47 - 29, last: TODAY - 47 }));
        assert_eq!(parse(Some("2026-03-18"), Some("2026-03-18")).map(|range| range.days()), Ok(1));
    }

    #[test]
    fn reversed_or_too_long_ranges_are_refused() {
        assert_eq!(parse(Some("2026-03-19"), Some("2026-03-18")), Err(REVERSED));
        assert_eq!(parse(Some("2026-03-19"), None), Err(REVERSED), "a start after today needs an end");
        assert_eq!(parse(Some("2025-02-12"), Some("2026-03-18")).map(|range| range.days()), Ok(400));
        assert_eq!(parse(Some("2025-02-11"), Some("2026-03-18")), Err(TOO_LONG));
        assert_eq!(parse(Some("yesterday"), None), Err(INVALID_DATE));
    }

    #[test]
    fn weeks_start_on_monday_utc() {
        assert_eq!(week_start(NOW), 1_773_619_200, "Monday 2026-03-16");
        assert_eq!(week_start(1_773_619_200), 1_773_619_200);
        assert_eq!(week_start(1_773_619_199), 1_773_619_200 - WEEK);
        assert_eq!(week_start(0), -3 * DAY, "Monday 1969-12-29");
    }

    #[test]
    fn the_range_lists_its_days_and_weeks() {
        // Sunday 2026-03-15 to Monday 2026-03-23: three weeks.
        let range = parse(Some("2026-03-15"), Some("2026-03-23")).unwrap();
        assert_eq!(range.day_starts().count(), 9);
        assert_eq!(range.day_starts().next(), Some(range.start()));
        assert_eq!(range.week_starts(), [1_773_619_200 - WEEK, 1_773_619_200, 1_773_619_200 + WEEK]);
        let monday = parse(Some("2026-03-16"), Some("2026-03-22")).unwrap();
        assert_eq!(monday.week_starts(), [1_773_619_200], "Monday to Sunday is one week");
    }

    #[test]
    fn the_range_shows_its_days_and_seconds() {
        let range = parse(Some("2026-03-16"), Some("2026-03-17")).unwrap();
        assert_eq!(
            serde_json::to_value(range).unwrap(),
            json!({ "from": "2026-03-16", "to": "2026-03-17", "start": 1_773_619_200, "end": 1_773_792_000, "days": 2 })
        );
    }
}
