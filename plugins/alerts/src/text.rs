//! How durations, counts and times read in summaries, bell messages and mails.

/// `1 item`, `3 items`.
pub fn plural(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// Minutes in the largest whole unit: `45 minutes`, `2 hours`, `1 day`.
pub fn duration(minutes: i64) -> String {
    let minutes = minutes.max(0) as u64;
    if minutes >= 1440 && minutes.is_multiple_of(1440) {
        plural(minutes / 1440, "day", "days")
    } else if minutes >= 60 && minutes.is_multiple_of(60) {
        plural(minutes / 60, "hour", "hours")
    } else {
        plural(minutes, "minute", "minutes")
    }
}

/// The window that ends now: `the last hour`, `the last 30 minutes`, `the last 7 days`.
pub fn last(minutes: i64) -> String {
    match minutes {
        60 => "the last hour".into(),
        1440 => "the last day".into(),
        _ => format!("the last {}", duration(minutes)),
    }
}

/// A time as mails show it: `2026-11-23 10:00 UTC`.
pub fn utc(at: i64) -> String {
    chrono::DateTime::from_timestamp(at, 0)
        .map(|time| time.format("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_in_their_largest_whole_unit() {
        assert_eq!(duration(1), "1 minute");
        assert_eq!(duration(90), "90 minutes");
        assert_eq!(duration(120), "2 hours");
        assert_eq!(duration(1440), "1 day");
        assert_eq!(duration(2880 + 60), "49 hours");
        assert_eq!(last(60), "the last hour");
        assert_eq!(last(30), "the last 30 minutes");
        assert_eq!(last(10080), "the last 7 days");
        assert_eq!(utc(1_795_428_000), "2026-11-23 10:00 UTC");
    }
}
