//! The date range of the page: whole UTC days, both included, sent to storage as
//! `[first day 00:00, day after the last 00:00)` so that every aggregate on it fits the
//! `bots` rollups (their time filters must be UTC midnights).

use autoscope_sdk::input::non_blank;
use serde::{Serialize, Serializer};

pub const INVALID_DATE: &str = "Dates must be days written YYYY-MM-DD";
pub const REVERSED: &str = "The start date must be on or before the end date";
pub const TOO_LONG: &str = "Choose at most 400 days";

pub const DAY: i64 = 86_400;
pub const WEEK: i64 = 7 * DAY;
/// The range when none is given: the last 30 days, today included.
pub const DEFAULT_DAYS: i64 = 30;
/// The longest range: a day series stays at about 400 points.
pub const MAX_DAYS: i64 = 400;
/// 1970-01-01 was a Thursday: Monday, where the host's weeks start, is 3 days later in the week.
const WEEK_SHIFT: i64 = 3 * DAY;

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

/// The range as the answer gives it: both days as text, and the seconds storage was asked.
impl Serialize for Range {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shown {
            from: String,
            to: String,
            start: i64,
            end: i64,
            days: i64,
        }
        Shown {
            from: day_text(self.first),
            to: day_text(self.last),
            start: self.start(),
            end: self.end(),
            days: self.days(),
        }
        .serialize(serializer)
    }
}

/// The Monday 00:00 UTC of the week holding `at`, as the host's week buckets cut it.
pub fn week_start(at: i64) -> i64 {
    at - (at + WEEK_SHIFT).rem_euclid(WEEK)
}

/// `YYYY-MM-DD` as days since 1970-01-01; only days that exist.
pub fn parse_day(text: &str) -> Result<i64, &'static str> {
    let bytes = text.as_bytes();
    let shaped = bytes.len() == 10
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && bytes.iter().enumerate().all(|(at, byte)| at == 4 || at == 7 || byte.is_ascii_digit());
    if !shaped {
        return Err(INVALID_DATE);
    }
    let number = |part: &str| part.parse::<i64>().map_err(|_| INVALID_DATE);
    let (year, month, day) = (number(&text[0..4])?, number(&text[5..7])?, number(&text[8..10])?);
    let days = days_from_civil(year, month, day);
    // 2026-02-30 would roll over into March: only a day that reads back the same exists.
    match civil_from_days(days) == (year, month, day) {
        true => Ok(days),
        false => Err(INVALID_DATE),
    }
}

/// Days since 1970-01-01 as `YYYY-MM-DD`.
pub fn day_text(days: i64) -> String {
    let (year, month, day) = civil_from_days(days);
    format!("{year:04}-{month:02}-{day:02}")
}

// Days since 1970-01-01 and back, for the proleptic Gregorian calendar (Howard Hinnant's
// `days_from_civil` / `civil_from_days`): the plugin has no date library.

fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let day_of_year = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let days = days + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
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
        assert_eq!(day_text(TODAY), "2026-03-18");
        assert_eq!(day_text(-1), "1969-12-31");
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
