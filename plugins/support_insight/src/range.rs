//! The time buckets of `GET /insight`'s series over its days (the SDK's [`DayRange`]), in
//! UTC as the host's aggregates cut them.

use autoscope_sdk::days::{self, DAY, WEEK};
use autoscope_sdk::input::non_blank;
use autoscope_sdk::prelude::Bucket;
use autoscope_sdk::range::DayRange;

pub const INVALID_BUCKET: &str = "The bucket must be day, week or month";

/// The query's `bucket`: day when left out.
pub fn parse_bucket(text: Option<&str>) -> Result<Bucket, &'static str> {
    match non_blank(text) {
        None | Some("day") => Ok(Bucket::Day),
        Some("week") => Ok(Bucket::Week),
        Some("month") => Ok(Bucket::Month),
        Some(_) => Err(INVALID_BUCKET),
    }
}

/// The start of every bucket that holds a day of the range, in order.
pub fn bucket_starts(range: &DayRange, bucket: Bucket) -> Vec<i64> {
    std::iter::successors(Some(bucket_start(range.start(), bucket)), |at| Some(next_bucket(*at, bucket)))
        .take_while(|at| *at < range.end())
        .collect()
}

/// The start of the UTC bucket holding `at`, as the host's aggregates compute it.
fn bucket_start(at: i64, bucket: Bucket) -> i64 {
    match bucket {
        Bucket::Hour => at - at.rem_euclid(3_600),
        Bucket::Day => days::day_start(at),
        Bucket::Week => days::week_start(at),
        Bucket::Month => days::month_start(at.div_euclid(DAY)) * DAY,
    }
}

/// The start of the bucket after the one starting at `start`.
fn next_bucket(start: i64, bucket: Bucket) -> i64 {
    match bucket {
        Bucket::Hour => start + 3_600,
        Bucket::Day => start + DAY,
        Bucket::Week => start + WEEK,
        Bucket::Month => days::next_month(start.div_euclid(DAY)) * DAY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-03-18 12:00:00 UTC, a Wednesday.
    const NOW: i64 = 1_773_835_200;
    /// 2026-03-18 and Monday 2026-03-16, days since 1970-01-01.
    const TODAY: i64 = 20_530;
    const MONDAY: i64 = 20_528;

    #[test]
    fn buckets_are_day_week_or_month() {
        assert_eq!(parse_bucket(None), Ok(Bucket::Day));
        assert_eq!(parse_bucket(Some(" ")), Ok(Bucket::Day), "blank is left out");
        assert_eq!(parse_bucket(Some("week")), Ok(Bucket::Week));
        assert_eq!(parse_bucket(Some("month")), Ok(Bucket::Month));
        for bucket in ["hour", "year", "Day"] {
            assert_eq!(parse_bucket(Some(bucket)), Err(INVALID_BUCKET), "{bucket}");
        }
    }

    #[test]
    fn buckets_start_at_utc_days_mondays_and_months() {
        // 2026-03-18 12:00 (Wednesday).
        assert_eq!(bucket_start(NOW, Bucket::Day), 1_773_792_000, "2026-03-18 00:00");
        assert_eq!(bucket_start(NOW, Bucket::Week), 1_773_619_200, "Monday 2026-03-16");
        assert_eq!(bucket_start(NOW, Bucket::Month), 1_772_323_200, "2026-03-01");
        assert_eq!(bucket_start(NOW, Bucket::Hour), NOW);
        // The first second of a bucket is its start; the one before is in the previous bucket.
        assert_eq!(bucket_start(1_773_619_200, Bucket::Week), 1_773_619_200);
        assert_eq!(bucket_start(1_773_619_199, Bucket::Week), 1_773_619_200 - WEEK);
        assert_eq!(bucket_start(1_772_323_199, Bucket::Month), 1_769_904_000, "2026-02-01");
        // Before 1970 rounds down too.
        assert_eq!(bucket_start(-1, Bucket::Day), -DAY);
        assert_eq!(bucket_start(-1, Bucket::Month), -31 * DAY, "1969-12-01");
        assert_eq!(bucket_start(0, Bucket::Week), -3 * DAY, "Monday 1969-12-29");
    }

    #[test]
    fn bucket_starts_cover_the_range_once_each() {
        let days = DayRange { first: TODAY - 1, last: TODAY };
        assert_eq!(bucket_starts(&days, Bucket::Day), [(TODAY - 1) * DAY, TODAY * DAY]);
        // Monday to the next Monday: the last day opens a week.
        let weeks = DayRange { first: MONDAY, last: MONDAY + 7 };
        assert_eq!(bucket_starts(&weeks, Bucket::Week), [MONDAY * DAY, MONDAY * DAY + WEEK]);
        let sunday = DayRange { first: MONDAY, last: MONDAY + 6 };
        assert_eq!(bucket_starts(&sunday, Bucket::Week), [MONDAY * DAY], "Monday to Sunday is one week");
        // 2025-12-15 to 2026-03-18: December, January, February, March (the year turns).
        let months = DayRange { first: days::parse_day("2025-12-15").unwrap(), last: TODAY };
        assert_eq!(bucket_starts(&months, Bucket::Month), [1_764_547_200, 1_767_225_600, 1_769_904_000, 1_772_323_200]);
        let longest = DayRange { first: TODAY - 399, last: TODAY };
        assert_eq!(bucket_starts(&longest, Bucket::Day).len(), 400);
    }
}
