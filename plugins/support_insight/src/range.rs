//! The date range of `GET /insight` and the time buckets of its series, in UTC as the
//! host's aggregates cut them.

use autoscope_sdk::days::{self, DAY, WEEK};
use autoscope_sdk::input::non_blank;
use autoscope_sdk::prelude::Bucket;
use serde::Serialize;

pub const INVALID_RANGE: &str = "The date range is not valid";
pub const INVALID_BUCKET: &str = "The bucket must be day, week or month";

/// The range when none is given.
const DEFAULT_DAYS: i64 = 30;
/// The longest range: a day series stays at about 400 points.
const MAX_DAYS: i64 = 400;

/// From `from` to `to`, unix seconds, both included; series cut into `bucket`s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "InsightRange"))]
pub struct Range {
    pub from: i64,
    pub to: i64,
    /// One of the buckets [`Range::parse`] accepts.
    #[cfg_attr(test, ts(type = r#""day" | "week" | "month""#))]
    pub bucket: Bucket,
}

impl Range {
    /// The query's `from`, `to` and `bucket`: the last 30 days up to `now` by day when left
    /// out; `from` alone runs to `now`, `to` alone starts 30 days before it.
    pub fn parse(from: Option<&str>, to: Option<&str>, bucket: Option<&str>, now: i64) -> Result<Self, &'static str> {
        let bucket = match non_blank(bucket) {
            None | Some("day") => Bucket::Day,
            Some("week") => Bucket::Week,
            Some("month") => Bucket::Month,
            Some(_) => return Err(INVALID_BUCKET),
        };
        let to = seconds(to)?.unwrap_or(now);
        let from = match seconds(from)? {
            Some(from) => from,
            None => to.checked_sub(DEFAULT_DAYS * DAY).ok_or(INVALID_RANGE)?,
        };
        match to.checked_sub(from) {
            Some(span) if span > 0 && span <= MAX_DAYS * DAY => Ok(Self { from, to, bucket }),
            _ => Err(INVALID_RANGE),
        }
    }

    /// The start of every bucket that holds a second of the range, in order.
    pub fn bucket_starts(&self) -> Vec<i64> {
        let mut starts = Vec::new();
        let mut at = bucket_start(self.from, self.bucket);
        while at <= self.to {
            starts.push(at);
            at = next_bucket(at, self.bucket);
        }
        starts
    }
}

/// An optional whole number of seconds; blank counts as left out.
fn seconds(text: Option<&str>) -> Result<Option<i64>, &'static str> {
    match non_blank(text) {
        None => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|_| INVALID_RANGE),
    }
}

/// The start of the UTC bucket holding `at`, as the host's aggregates compute it.
pub fn bucket_start(at: i64, bucket: Bucket) -> i64 {
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

    fn parse(from: Option<&str>, to: Option<&str>, bucket: Option<&str>) -> Result<Range, &'static str> {
        Range::parse(from, to, bucket, NOW)
    }

    #[test]
    fn no_parameters_are_the_last_30_days_by_day() {
        assert_eq!(parse(None, None, None), Ok(Range { from: NOW - 30 * DAY, to: NOW, bucket: Bucket::Day }));
        assert_eq!(parse(Some(""), Some(" "), Some("")), parse(None, None, None), "blank is left out");
    }

    #[test]
    fn given_bounds_and_buckets_are_kept() {
        let range = parse(Some("1000"), Some(" 2000 "), Some("week"));
        assert_eq!(range, Ok(Range { from: 1_000, to: 2_000, bucket: Bucket::Week }));
        assert_eq!(parse(None, None, Some("month")).map(|range| range.bucket), Ok(Bucket::Month));
        assert_eq!(parse(Some("-5"), Some("5"), None).map(|range| (range.from, range.to)), Ok((-5, 5)));
    }

    #[test]
    fn one_bound_alone_takes_the_other_from_now_or_30_days() {
        assert_eq!(parse(Some("1773000000"), None, None).map(|range| (range.from, range.to)), Ok((1_773_000_000, NOW)));
        assert_eq!(
            parse(None, Some("5000000"), None).map(|range| (range.from, range.to)),
            Ok((5_000_000 - 30 * DAY, 5_000_000))
        );
    }

    #[test]
    fn ranges_up_to_400_days_are_valid() {
        let from = (NOW - 400 * DAY).to_string();
        assert!(parse(Some(&from), None, None).is_ok());
        assert_eq!(parse(Some("9"), Some("10"), None).map(|range| range.to - range.from), Ok(1));
    }

    #[test]
    fn empty_reversed_too_long_or_unreadable_ranges_are_refused() {
        let too_long = (NOW - 400 * DAY - 1).to_string();
        let cases = [
            (Some("10"), Some("10")),
            (Some("11"), Some("10")),
            (Some(too_long.as_str()), None),
            (Some("yesterday"), None),
            (Some("1.5"), None),
            (None, Some("1e9")),
            (Some("-9223372036854775808"), Some("9223372036854775807")),
            (None, Some("-9223372036854775808")),
        ];
        for (from, to) in cases {
            assert_eq!(parse(from, to, None), Err(INVALID_RANGE), "{from:?} {to:?}");
        }
    }

    #[test]
    fn unknown_buckets_are_refused() {
        for bucket in ["hour", "year", "Day"] {
            assert_eq!(parse(None, None, Some(bucket)), Err(INVALID_BUCKET), "{bucket}");
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
        let days = Range { from: 1_773_792_000 - 1, to: NOW, bucket: Bucket::Day };
        assert_eq!(days.bucket_starts(), [1_773_792_000 - DAY, 1_773_792_000]);
        let weeks = Range { from: 1_773_619_200, to: 1_773_619_200 + WEEK, bucket: Bucket::Week };
        assert_eq!(weeks.bucket_starts(), [1_773_619_200, 1_773_619_200 + WEEK], "the last second opens a week");
        // 2025-12-15 to 2026-03-18: December, January, February, March (the year turns).
        let months = Range { from: 1_765_800_000, to: NOW, bucket: Bucket::Month };
        assert_eq!(months.bucket_starts(), [1_764_547_200, 1_767_225_600, 1_769_904_000, 1_772_323_200]);
        let longest = Range { from: NOW - 400 * DAY, to: NOW, bucket: Bucket::Day };
        assert_eq!(longest.bucket_starts().len(), 401);
    }
}
