//! The one source of "now". Tests move it forward to expire codes and sessions without
//! sleeping.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

#[derive(Debug, Default)]
pub struct Clock {
    offset_secs: AtomicI64,
}

impl Clock {
    /// Unix seconds.
    pub fn now(&self) -> i64 {
        let system = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
        system + self.offset_secs.load(Ordering::Relaxed)
    }

    /// Unix milliseconds, moved by the same offset as [`Clock::now`].
    pub fn now_ms(&self) -> i64 {
        let system = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64);
        system + self.offset_secs.load(Ordering::Relaxed) * 1000
    }

    pub fn advance(&self, by: Duration) {
        self.offset_secs.fetch_add(by.as_secs() as i64, Ordering::Relaxed);
    }
}

/// ISO 8601 (UTC) of unix seconds, as the API shows times.
pub fn iso8601(unix_secs: i64) -> String {
    chrono::DateTime::from_timestamp(unix_secs, 0)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advance_moves_now_forward() {
        let clock = Clock::default();
        let before = clock.now();
        clock.advance(Duration::from_secs(600));
        assert!(clock.now() >= before + 600);
    }

    #[test]
    fn iso8601_is_utc() {
        assert_eq!(iso8601(0), "1970-01-01T00:00:00Z");
    }
}
