//! The days of `GET /overview`: whole UTC days, so that every aggregate on the runs is cut
//! at UTC midnights (what bots' `daily` rollup answers), and the calendar months and years
//! the range touches (benefits and licences are per year, prorated by the days of each).

use autoscope_sdk::days::{DAY, civil_from_days, days_in_year, format_day, new_year, next_month, parse_day};
use autoscope_sdk::input::non_blank;
use serde::Serialize;
use serde::ser::Serializer;

use crate::figure::Rounded;

pub const INVALID_RANGE: &str = "The date range is not valid: give days as YYYY-MM-DD, the first on or before the last";
pub const TOO_LONG: &str = "The date range is longer than 731 days";

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
            None => new_year(civil_from_days(last).0),
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
            let next = next_month(day);
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

/// The range as the answer gives it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "RangeAnswer"))]
pub struct Shown {
    /// `YYYY-MM-DD`, both days included.
    from: String,
    to: String,
    days: i64,
    /// The range's part of a year (4 decimals).
    years: Rounded,
}

impl Serialize for Range {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Shown {
            from: format_day(self.first),
            to: format_day(self.last),
            days: self.days(),
            years: Rounded(self.years(), 4),
        }
        .serialize(serializer)
    }
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
}
