//! Local times in IANA zones (the `zones` feature, on `chrono` and `chrono-tz`).

use chrono::{LocalResult, NaiveDateTime, TimeZone};
use chrono_tz::Tz;

/// Unix seconds of a local time in `zone`: the earlier of an hour that occurs twice, and
/// for an hour skipped by a clock change the same wall time an hour later (RFC 5545).
pub fn utc_of(zone: Tz, local: NaiveDateTime) -> i64 {
    match zone.from_local_datetime(&local) {
        LocalResult::Single(time) | LocalResult::Ambiguous(time, _) => time.timestamp(),
        LocalResult::None => zone
            .from_local_datetime(&(local + chrono::Duration::hours(1)))
            .earliest()
            .map_or_else(|| local.and_utc().timestamp(), |time| time.timestamp()),
    }
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, NaiveDate};

    use super::*;

    fn at(text: &str) -> i64 {
        DateTime::parse_from_rfc3339(text).expect("a time").timestamp()
    }

    fn local(year: i32, month: u32, day: u32, hour: u32, minute: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(year, month, day).and_then(|day| day.and_hms_opt(hour, minute, 0)).expect("a time")
    }

    #[test]
    fn a_skipped_hour_is_taken_an_hour_later() {
        assert_eq!(utc_of(chrono_tz::Europe::Berlin, local(2026, 3, 29, 2, 30)), at("2026-03-29T01:30:00Z"));
    }

    #[test]
    fn a_repeated_hour_is_taken_the_first_time() {
        // Berlin turns 03:00 CEST back to 02:00 CET on 2026-10-25: 02:30 is 00:30Z, then 01:30Z.
        assert_eq!(utc_of(chrono_tz::Europe::Berlin, local(2026, 10, 25, 2, 30)), at("2026-10-25T00:30:00Z"));
        assert_eq!(utc_of(Tz::UTC, local(2026, 10, 25, 2, 30)), at("2026-10-25T02:30:00Z"));
    }
}
