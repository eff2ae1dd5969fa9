//! The calendar months and years a range touches, and its days of run data: benefits and
//! licences are per year, prorated by the days of run data of each year. The range itself
//! is the SDK's ([`DayRange`]).

use autoscope_sdk::days::{DAY, civil_from_days, days_from_civil, days_in_year, new_year, next_month};
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

impl Month {
    /// The month's days inside the range.
    pub fn days_range(&self) -> DayRange {
        DayRange { first: self.start / DAY, last: self.end / DAY - 1 }
    }
}

/// The range in years: for each year it touches, its days in the range ÷ that year's days
/// (so 1 January to 31 December is exactly 1, leap year or not).
pub fn years(range: &DayRange) -> f64 {
    months(range).iter().map(|month| month.years).sum()
}

/// The days both ranges hold; none when they do not meet.
pub fn overlap(a: &DayRange, b: &DayRange) -> Option<DayRange> {
    let both = DayRange { first: a.first.max(b.first), last: a.last.min(b.last) };
    (both.first <= both.last).then_some(both)
}

/// The range when the query names no days: the last twelve months of run data (the month
/// of its last day up to today and the eleven before it, whole, as the page's "Last 12
/// months"), from its first day when that is later. Without run data up to today, this
/// year to date.
pub fn default_range(run_data: Option<&DayRange>, today: i64) -> DayRange {
    let year_to_date = DayRange { first: new_year(civil_from_days(today).0), last: today };
    let Some(data) = run_data.and_then(|data| overlap(data, &DayRange { first: data.first, last: today })) else {
        return year_to_date;
    };
    let (year, month, _) = civil_from_days(data.last);
    let twelve_months = match month {
        12 => days_from_civil(year, 1, 1),
        _ => days_from_civil(year - 1, month + 1, 1),
    };
    DayRange { first: data.first.max(twelve_months), last: data.last }
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
    fn a_month_knows_its_days_in_the_range() {
        let months = months(&between("2024-02-20", "2024-04-10"));
        let days: Vec<DayRange> = months.iter().map(Month::days_range).collect();
        assert_eq!(
            days,
            [
                between("2024-02-20", "2024-02-29"),
                between("2024-03-01", "2024-03-31"),
                between("2024-04-01", "2024-04-10")
            ]
        );
    }

    #[test]
    fn ranges_overlap_on_the_days_both_hold() {
        let overlap = |a: (&str, &str), b: (&str, &str)| overlap(&between(a.0, a.1), &between(b.0, b.1));
        let january = ("2025-01-01", "2025-01-31");
        assert_eq!(overlap(january, ("2025-01-20", "2025-03-01")), Some(between("2025-01-20", "2025-01-31")));
        assert_eq!(overlap(january, ("2024-12-31", "2025-01-01")), Some(between("2025-01-01", "2025-01-01")));
        assert_eq!(overlap(january, ("2025-02-01", "2025-02-10")), None);
    }

    #[test]
    fn the_default_range_is_the_last_twelve_months_of_run_data() {
        let today = autoscope_sdk::days::parse_day("2026-11-29").expect("a day");
        let default = |from: &str, to: &str| default_range(Some(&between(from, to)), today);
        // 90 days of runs up to today: all of them.
        assert_eq!(default("2026-09-01", "2026-11-29"), between("2026-09-01", "2026-11-29"));
        // Runs that stopped in May: the twelve months up to their last day.
        assert_eq!(default("2023-03-15", "2026-05-17"), between("2025-06-01", "2026-05-17"));
        assert_eq!(default("2020-01-01", "2025-12-31"), between("2025-01-01", "2025-12-31"));
        // A run dated after today counts up to today; only future runs, or none: year to date.
        assert_eq!(default("2026-11-20", "2027-02-01"), between("2026-11-20", "2026-11-29"));
        assert_eq!(default("2026-12-01", "2027-02-01"), between("2026-01-01", "2026-11-29"));
        assert_eq!(default_range(None, today), between("2026-01-01", "2026-11-29"));
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
