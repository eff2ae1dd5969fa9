//! The calendar months and years a range touches: benefits and licences are per year,
//! prorated by the days of each. The range itself is the SDK's ([`DayRange`]).

use autoscope_sdk::days::{DAY, civil_from_days, days_in_year, next_month};
use autoscope_sdk::range::DayRange;

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

/// The range in years: for each year it touches, its days in the range ÷ that year's days
/// (so 1 January to 31 December is exactly 1, leap year or not).
pub fn years(range: &DayRange) -> f64 {
    months(range).iter().map(|month| month.years).sum()
}

/// Every calendar month the range touches, in order, cut to the range.
pub fn months(range: &DayRange) -> Vec<Month> {
    let mut months = Vec::new();
    let mut day = range.first;
    while day <= range.last {
        let (year, month, _) = civil_from_days(day);
        let next = next_month(day);
        let end = next.min(range.last + 1);
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

/// The days from `from` to `to` (`YYYY-MM-DD`), for tests.
#[cfg(test)]
pub fn between(from: &str, to: &str) -> DayRange {
    let day = |text: &str| autoscope_sdk::days::parse_day(text).expect("a day");
    DayRange { first: day(from), last: day(to) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_runs_from_midnight_to_midnight() {
        let range = between("2026-03-01", "2026-03-02");
        let months = months(&range);
        assert_eq!(months.len(), 1);
        assert_eq!((months[0].start, months[0].end), (1_772_323_200, 1_772_323_200 + 2 * DAY));
        assert_eq!((range.days(), months[0].days), (2, 2));
    }

    #[test]
    fn months_are_cut_to_the_range() {
        // 2024-02-20 to 2024-04-10: 10 days of a leap February, all March, 10 days of April.
        let range = between("2024-02-20", "2024-04-10");
        let months = months(&range);
        let cut: Vec<(&str, i64)> = months.iter().map(|month| (month.key.as_str(), month.days)).collect();
        assert_eq!(cut, [("2024-02", 10), ("2024-03", 31), ("2024-04", 10)]);
        assert_eq!(months[0].start, range.start());
        assert_eq!(months[0].end, months[1].start);
        assert_eq!(months[2].end, range.end());
        assert_eq!(months[1].end - months[1].start, 31 * DAY);
        assert!((months[1].years - 31.0 / 366.0).abs() < 1e-12, "a leap year has 366 days");
    }

    #[test]
    fn years_prorate_by_the_days_of_each_year() {
        let year = |from: &str, to: &str| years(&between(from, to));
        assert!((year("2024-01-01", "2024-12-31") - 1.0).abs() < 1e-12, "a leap year is one year");
        assert!((year("2025-01-01", "2025-12-31") - 1.0).abs() < 1e-12);
        // 2025-12-02 to 2026-01-30: 30 days of 2025 and 30 of 2026, each of 365.
        assert!((year("2025-12-02", "2026-01-30") - 60.0 / 365.0).abs() < 1e-12);
        // 2024-12-17 to 2025-01-15: 15 days of a leap year and 15 of a common one.
        assert!((year("2024-12-17", "2025-01-15") - (15.0 / 366.0 + 15.0 / 365.0)).abs() < 1e-12);
    }
}
