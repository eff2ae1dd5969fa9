//! The days of `GET /overview`: whole UTC days, so that every aggregate on the runs is cut
//! at UTC midnights (what bots' `daily` rollup answers), and the calendar months and years
//! the range touches (benefits and licences are per year, prorated by the days of each).

use autoscope_sdk::input::non_blank;
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

use crate::figure::Rounded;

pub const INVALID_RANGE: &str = "The date range is not valid: give days as YYYY-MM-DD, the first on or before the last";
pub const TOO_LONG: &str = "The date range is longer than 731 days";

const DAY: i64 = 86_400;
/// Two years, one of them a leap year: a month series of at most 25 points, one aggregate each.
const MAX_DAYS: i64 = 731;

/// From the day `first` to the day `last`, both included, in days since 1970-01-01 (UTC).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    pub first: i64,
    pub last: i64,
}

/// The part of a calendar month inside the range.
#[derive(Debug, Clone, PartialEq)]
pub struct Month {
    /// `2026-01`.
    pub key: String,
    /// Unix seconds: the first second of the month inside the range, and the first after it.
    pub start: i64,
    pub end: i64,
    pub days: i64,
    /// `days` ÷ the days of its year.
    pub years: f64,
}

impl Range {
    /// The query's `from` and `to` (`YYYY-MM-DD`, both included): this year up to today
    /// (UTC) when left out; `from` alone runs to today, `to` alone starts on 1 January of
    /// its year.
    pub fn parse(from: Option<&str>, to: Option<&str>, now: i64) -> Result<Self, &'static str> {
        let last = match non_blank(to) {
            Some(text) => parse_day(text).ok_or(INVALID_RANGE)?,
            None => now.div_euclid(DAY),
        };
        let first = match non_blank(from) {
            Some(text) => parse_day(text).ok_or(INVALID_RANGE)?,
            None => days_from_civil(civil_from_days(last).0, 1, 1),
        };
        if first > last {
            return Err(INVALID_RANGE);
        }
        if last - first + 1 > MAX_DAYS {
            return Err(TOO_LONG);
        }
        Ok(Self { first, last })
    }

    pub fn days(&self) -> i64 {
        self.last - self.first + 1
    }

    /// The range in years: for each year it touches, its days in the range ÷ that year's
    /// days (so 1 January to 31 December is exactly 1, leap year or not).
    pub fn years(&self) -> f64 {
        self.months().iter().map(|month| month.years).sum()
    }

    /// Every calendar month the range touches, in order, cut to the range.
    pub fn months(&self) -> Vec<Month> {
        let mut months = Vec::new();
        let mut day = self.first;
        while day <= self.last {
            let (year, month, _) = civil_from_days(day);
            let next = if month == 12 { days_from_civil(year + 1, 1, 1) } else { days_from_civil(year, month + 1, 1) };
            let end = next.min(self.last + 1);
            let days = end - day;
            months.push(Month {
                key: format!("{year:04}-{month:02}"),
                start: day * DAY,
                end: end * DAY,
                days,
                years: days as f64 / days_in_year(year) as f64,
            });
            day = next;
        }
        months
    }
}

impl Serialize for Range {
    /// `{from, to, days, years}`, the days as `YYYY-MM-DD`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut range = serializer.serialize_struct("Range", 4)?;
        range.serialize_field("from", &format_day(self.first))?;
        range.serialize_field("to", &format_day(self.last))?;
        range.serialize_field("days", &self.days())?;
        range.serialize_field("years", &Rounded(self.years(), 4))?;
        range.end()
    }
}

/// `YYYY-MM-DD` as days since 1970-01-01; `None` unless it is a real day so written.
fn parse_day(text: &str) -> Option<i64> {
    let bytes = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| -> Option<i64> {
        let part = text.get(range)?;
        part.bytes().all(|byte| byte.is_ascii_digit()).then(|| part.parse().ok())?
    };
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let (year, month, day) = (digits(0..4)?, digits(5..7)?, digits(8..10)?);
    let days = days_from_civil(year, month, day);
    // 2026-02-30 would roll over into March: only a day that reads back the same exists.
    (civil_from_days(days) == (year, month, day)).then_some(days)
}

pub fn format_day(days: i64) -> String {
    let (year, month, day) = civil_from_days(days);
    format!("{year:04}-{month:02}-{day:02}")
}

fn days_in_year(year: i64) -> i64 {
    days_from_civil(year + 1, 1, 1) - days_from_civil(year, 1, 1)
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
    use super::*;

    /// 2026-03-18 12:00:00 UTC.
    const NOW: i64 = 1_773_835_200;
    /// 2026-03-18 and 2026-01-01 as days since 1970-01-01.
    const MARCH_18: i64 = 20_530;
    const NEW_YEAR: i64 = 20_454;

    fn parse(from: Option<&str>, to: Option<&str>) -> Result<Range, &'static str> {
        Range::parse(from, to, NOW)
    }

    #[test]
    fn no_days_are_this_year_to_date() {
        assert_eq!(parse(None, None), Ok(Range { first: NEW_YEAR, last: MARCH_18 }));
        assert_eq!(parse(Some(" "), Some("")), parse(None, None), "blank is left out");
        assert_eq!(format_day(NEW_YEAR), "2026-01-01");
        assert_eq!(format_day(MARCH_18), "2026-03-18");
    }

    #[test]
    fn one_day_alone_takes_the_other_from_today_or_its_new_year() {
        assert_eq!(parse(Some("2026-03-01"), None).map(|range| format_day(range.last)), Ok("2026-03-18".into()));
        let to_only = parse(None, Some("2025-06-30")).expect("valid");
        assert_eq!((format_day(to_only.first), format_day(to_only.last)), ("2025-01-01".into(), "2025-06-30".into()));
    }

    #[test]
    fn unreadable_reversed_and_too_long_ranges_are_refused() {
        for (from, to) in [
            (Some("2026-02-30"), None),
            (Some("2026-1-01"), None),
            (Some("1773835200"), None),
            (None, Some("2026/03/01")),
            (Some("+026-01-01"), None),
            (Some("2026-03-19"), None),
            (Some("2026-03-02"), Some("2026-03-01")),
        ] {
            assert_eq!(parse(from, to), Err(INVALID_RANGE), "{from:?} {to:?}");
        }
        assert_eq!(parse(Some("2024-03-17"), Some("2026-03-17")).map(|range| range.days()), Ok(731));
        assert_eq!(parse(Some("2024-03-16"), Some("2026-03-17")), Err(TOO_LONG), "732 days");
        assert_eq!(parse(Some("2026-03-18"), Some("2026-03-18")).map(|range| range.days()), Ok(1));
    }

    #[test]
    fn the_range_runs_from_midnight_to_midnight() {
        let range = parse(Some("2026-03-01"), Some("2026-03-02")).expect("valid");
        let months = range.months();
        assert_eq!(months.len(), 1);
        assert_eq!((months[0].start, months[0].end), (1_772_323_200, 1_772_323_200 + 2 * DAY));
        assert_eq!((range.days(), months[0].days), (2, 2));
    }

    #[test]
    fn months_are_cut_to_the_range() {
        // 2024-02-20 to 2024-04-10: 10 days of a leap February, all March, 10 days of April.
        let range = parse(Some("2024-02-20"), Some("2024-04-10")).expect("valid");
        let months = range.months();
        let cut: Vec<(&str, i64)> = months.iter().map(|month| (month.key.as_str(), month.days)).collect();
        assert_eq!(cut, [("2024-02", 10), ("2024-03", 31), ("2024-04", 10)]);
        assert_eq!(months[0].start, range.first * DAY);
        assert_eq!(months[0].end, months[1].start);
        assert_eq!(months[2].end, (range.last + 1) * DAY);
        assert_eq!(months[1].end - months[1].start, 31 * DAY);
        assert!((months[1].years - 31.0 / 366.0).abs() < 1e-12, "a leap year has 366 days");
    }

    #[test]
    fn years_prorate_by_the_days_of_each_year() {
        let year = |from: &str, to: &str| parse(Some(from), Some(to)).expect("valid").years();
        assert!((year("2024-01-01", "2024-12-31") - 1.0).abs() < 1e-12, "a leap year is one year");
        assert!((year("2025-01-01", "2025-12-31") - 1.0).abs() < 1e-12);
        // 2025-12-02 to 2026-01-30: 30 days of 2025 and 30 of 2026, each of 365.
        assert!((year("2025-12-02", "2026-01-30") - 60.0 / 365.0).abs() < 1e-12);
        // 2024-12-17 to 2025-01-15: 15 days of a leap year and 15 of a common one.
        assert!((year("2024-12-17", "2025-01-15") - (15.0 / 366.0 + 15.0 / 365.0)).abs() < 1e-12);
    }

    #[test]
    fn the_range_answers_its_days_and_years() {
        let range = parse(Some("2025-01-01"), Some("2025-03-31")).expect("valid");
        assert_eq!(
            serde_json::to_value(range).unwrap(),
            serde_json::json!({ "from": "2025-01-01", "to": "2025-03-31", "days": 90, "years": 0.2466 })
        );
    }

    #[test]
    fn the_calendar_converts_both_ways() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2024, 2, 29), 19_782);
        for days in [-800_000, -1, 0, 59, 11_016, 19_782, 20_530, 2_932_896] {
            let (year, month, day) = civil_from_days(days);
            assert_eq!(days_from_civil(year, month, day), days, "{days}");
        }
        assert_eq!(days_in_year(2024), 366);
        assert_eq!(days_in_year(2100), 365);
        assert_eq!(parse_day("2024-02-29"), Some(19_782));
        assert_eq!(parse_day("2100-02-29"), None);
    }
}
