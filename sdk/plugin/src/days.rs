//! Calendar days in UTC, for plugins that have no date library: days since 1970-01-01 and
//! back to a civil date (the proleptic Gregorian calendar), days written `YYYY-MM-DD`,
//! months, and the UTC midnights and Monday week starts the host's aggregates cut by.
//!
//! A day is a whole number of days since 1970-01-01 (`i64`, negative before); an instant is
//! unix seconds. These are the calendar's mechanics; [`crate::range`] reads a query's days.
//!
//! ```
//! use autoscope_sdk::days::{self, DAY};
//!
//! let day = days::parse_day("2024-02-29").unwrap();
//! assert_eq!(days::format_day(day + 1), "2024-03-01");
//! assert_eq!(days::next_month(day), days::parse_day("2024-03-01").unwrap());
//! assert_eq!(days::week_start(day * DAY + 3_600), days::parse_day("2024-02-26").unwrap() * DAY, "a Monday");
//! assert_eq!(days::parse_day("2023-02-29"), None, "not a day");
//! ```

/// Seconds in a day.
pub const DAY: i64 = 86_400;
/// Seconds in a week.
pub const WEEK: i64 = 7 * DAY;
/// 1970-01-01 was a Thursday: Monday, where the host's weeks start, is 3 days later in the week.
const WEEK_SHIFT: i64 = 3 * DAY;

/// Days since 1970-01-01 of a civil date (Howard Hinnant's `days_from_civil`). `month` is 1
/// to 12; a day past the end of its month rolls over into the next (see [`parse_day`] for
/// days that exist).
pub fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let day_of_year = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The civil date `(year, month, day)` of days since 1970-01-01 (Howard Hinnant's
/// `civil_from_days`); month and day count from 1.
pub fn civil_from_days(days: i64) -> (i64, i64, i64) {
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

/// `YYYY-MM-DD` (exactly: four, two and two digits) as days since 1970-01-01; `None` unless
/// it is so written and the day exists (no 2026-02-30, no month 13).
pub fn parse_day(text: &str) -> Option<i64> {
    let bytes = text.as_bytes();
    let shaped = bytes.len() == 10
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && bytes.iter().enumerate().all(|(at, byte)| at == 4 || at == 7 || byte.is_ascii_digit());
    if !shaped {
        return None;
    }
    let number = |part: &str| part.parse::<i64>().ok();
    let (year, month, day) = (number(&text[0..4])?, number(&text[5..7])?, number(&text[8..10])?);
    let days = days_from_civil(year, month, day);
    // 2026-02-30 would roll over into March: only a day that reads back the same exists.
    (civil_from_days(days) == (year, month, day)).then_some(days)
}

/// Days since 1970-01-01 as `YYYY-MM-DD`.
pub fn format_day(days: i64) -> String {
    let (year, month, day) = civil_from_days(days);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The UTC midnight (unix seconds) starting the day that holds the instant `at`.
pub fn day_start(at: i64) -> i64 {
    at - at.rem_euclid(DAY)
}

/// The Monday 00:00 UTC (unix seconds) of the week holding the instant `at`, as the host's
/// week buckets cut it.
pub fn week_start(at: i64) -> i64 {
    at - (at + WEEK_SHIFT).rem_euclid(WEEK)
}

/// The first day of the month holding the day `days` (both days since 1970-01-01).
pub fn month_start(days: i64) -> i64 {
    let (year, month, _) = civil_from_days(days);
    days_from_civil(year, month, 1)
}

/// The first day of the month after the one holding the day `days`.
pub fn next_month(days: i64) -> i64 {
    let (year, month, _) = civil_from_days(days);
    match month {
        12 => days_from_civil(year + 1, 1, 1),
        _ => days_from_civil(year, month + 1, 1),
    }
}

/// 1 January of `year`, as days since 1970-01-01.
pub fn new_year(year: i64) -> i64 {
    days_from_civil(year, 1, 1)
}

/// How many days `year` has: 366 in a leap year, else 365.
pub fn days_in_year(year: i64) -> i64 {
    new_year(year + 1) - new_year(year)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-03-18 12:00:00 UTC, a Wednesday: day 20,530.
    const NOW: i64 = 1_773_835_200;
    const MARCH_18: i64 = 20_530;

    #[test]
    fn the_calendar_converts_both_ways() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(days_from_civil(2024, 2, 29), 19_782);
        assert_eq!(days_from_civil(2026, 3, 18), MARCH_18);
        for days in [-800_000, -1, 0, 59, 11_016, 11_017, 19_782, 20_000, MARCH_18, 2_932_896] {
            let (year, month, day) = civil_from_days(days);
            assert_eq!(days_from_civil(year, month, day), days, "{days}");
        }
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(days_from_civil(2026, 2, 29), days_from_civil(2026, 3, 1), "past the month rolls over");
    }

    #[test]
    fn days_read_and_write_as_yyyy_mm_dd() {
        assert_eq!(parse_day("1970-01-01"), Some(0));
        assert_eq!(parse_day("2026-03-18"), Some(MARCH_18));
        assert_eq!(parse_day("2024-02-29"), Some(19_782), "a leap day");
        assert_eq!(parse_day("2000-02-29"), Some(11_016), "a leap 400th year");
        assert_eq!(parse_day("1969-12-31"), Some(-1));
        assert_eq!(parse_day("0000-03-01"), Some(days_from_civil(0, 3, 1)));
        assert_eq!(format_day(MARCH_18), "2026-03-18");
        assert_eq!(format_day(-1), "1969-12-31");
        assert_eq!(format_day(days_from_civil(9999, 12, 31)), "9999-12-31");
        for days in [-719_468, -1, 0, 19_782, MARCH_18, 2_932_896] {
            assert_eq!(parse_day(&format_day(days)), Some(days), "{days}");
        }
    }

    #[test]
    fn malformed_or_missing_days_are_refused() {
        for text in [
            "",
            "2026-3-18",
            "2026-3-1",
            "2026/03/18",
            "18-03-2026",
            "2026-02-30",
            "2025-02-29",
            "2100-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-04-31",
            "2026-04-00",
            "+026-03-18",
            "-026-03-18",
            "2026-03-1a",
            "2026-03-+1",
            "2026-03-18 ",
            "1773835200",
            "2026-03-18T00:00",
            "2026-03-１8",
            "2026–03–18",
        ] {
            assert_eq!(parse_day(text), None, "{text}");
        }
    }

    #[test]
    fn instants_fall_in_utc_days_and_monday_weeks() {
        assert_eq!(day_start(NOW), MARCH_18 * DAY);
        assert_eq!(day_start(MARCH_18 * DAY), MARCH_18 * DAY);
        assert_eq!(day_start(-1), -DAY, "before 1970 rounds down too");
        assert_eq!(week_start(NOW), 1_773_619_200, "Monday 2026-03-16");
        assert_eq!(week_start(1_773_619_200), 1_773_619_200, "a week's first second is its start");
        assert_eq!(week_start(1_773_619_199), 1_773_619_200 - WEEK);
        assert_eq!(week_start(1_773_619_200 + WEEK - 1), 1_773_619_200, "Sunday 23:59:59");
        assert_eq!(week_start(0), -3 * DAY, "Monday 1969-12-29");
        assert_eq!(format_day(week_start(0) / DAY), "1969-12-29");
    }

    #[test]
    fn months_start_on_their_first_day() {
        let day = |text: &str| parse_day(text).unwrap();
        assert_eq!(month_start(MARCH_18), day("2026-03-01"));
        assert_eq!(month_start(day("2026-03-01")), day("2026-03-01"));
        assert_eq!(month_start(-1), day("1969-12-01"));
        assert_eq!(next_month(MARCH_18), day("2026-04-01"));
        assert_eq!(next_month(day("2025-12-31")), day("2026-01-01"), "the year turns");
        assert_eq!(next_month(day("2024-01-31")), day("2024-02-01"));
        assert_eq!(next_month(day("2024-02-01")) - day("2024-02-01"), 29, "a leap February");
        assert_eq!(new_year(2026), day("2026-01-01"));
        assert_eq!(new_year(1970), 0);
    }

    #[test]
    fn years_have_365_or_366_days() {
        assert_eq!(days_in_year(2024), 366);
        assert_eq!(days_in_year(2025), 365);
        assert_eq!(days_in_year(2000), 366);
        assert_eq!(days_in_year(2100), 365);
        assert_eq!(days_in_year(1969), 365);
    }
}
