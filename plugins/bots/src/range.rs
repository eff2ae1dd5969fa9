//! The days a figure covers: whole UTC days, first and last included, as the host's `daily`
//! rollup cuts them. Aggregates filter `[first day 00:00, day after the last 00:00)` with
//! gte/lt on UTC midnights, so that the rollup answers them.

pub use autoscope_sdk::days::DAY;
use autoscope_sdk::days::{self, day_start};
use autoscope_sdk::input::non_blank;
use autoscope_sdk::prelude::{Aggregate, AggregateExt, Filter, FilterOp, storage};
use serde::Serialize;

pub const INVALID_RANGE: &str = "The date range is not valid";

/// The range when none is given: the last 30 days, today included.
const DEFAULT_DAYS: i64 = 30;
/// The longest range: a heatmap row stays at about 400 cells.
pub const MAX_DAYS: i64 = 400;
/// Unix seconds are read from 1970 to the end of year 9999, so no day sum overflows.
const LATEST: i64 = 253_402_300_799;

/// From the UTC day starting at `from` to the one starting at `to`, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Days {
    /// The first day's UTC midnight, unix seconds.
    pub from: i64,
    /// The last day's UTC midnight.
    pub to: i64,
    /// How many days: `(to - from) / 86400 + 1`.
    pub days: i64,
}

impl Days {
    /// The query's `from` and `to` (each a day `YYYY-MM-DD` or unix seconds, taken as the
    /// UTC day holding them): the last 30 days up to today when left out; `from` alone runs
    /// to today, `to` alone starts 29 days before it.
    pub fn parse(from: Option<&str>, to: Option<&str>, now: i64) -> Result<Self, &'static str> {
        let to = day(to)?.unwrap_or_else(|| day_start(now));
        let from = match day(from)? {
            Some(from) => from,
            None => to.checked_sub((DEFAULT_DAYS - 1) * DAY).ok_or(INVALID_RANGE)?,
        };
        Self::between(from, to).ok_or(INVALID_RANGE)
    }

    /// The days from `from` to `to` (UTC midnights); `None` when reversed or too long.
    pub fn between(from: i64, to: i64) -> Option<Self> {
        let days = to.checked_sub(from)? / DAY + 1;
        (1..=MAX_DAYS).contains(&days).then_some(Self { from, to, days })
    }

    /// The second after the last day, the exclusive end of every filter.
    pub fn end(&self) -> i64 {
        self.to + DAY
    }

    /// Every day's UTC midnight, in order.
    pub fn starts(&self) -> Vec<i64> {
        (0..self.days).map(|index| self.from + index * DAY).collect()
    }

    /// The filters that keep `field` within the days: gte/lt on UTC midnights.
    pub fn filters(&self, field: &str) -> [Filter; 2] {
        [storage::filter(field, FilterOp::Gte, self.from), storage::filter(field, FilterOp::Lt, self.end())]
    }

    /// The first and second half of the days (the first is the shorter), for an aggregate
    /// with more groups than the storage gives at once; `None` for a single day.
    pub fn halves(&self) -> Option<(Self, Self)> {
        let first = self.days / 2;
        (first > 0).then(|| {
            let second_from = self.from + first * DAY;
            (
                Self { from: self.from, to: second_from - DAY, days: first },
                Self { from: second_from, to: self.to, days: self.days - first },
            )
        })
    }

    /// `aggregate` limited to the days on `field`.
    pub fn limit(&self, aggregate: Aggregate, field: &str) -> Aggregate {
        self.filters(field)
            .into_iter()
            .fold(aggregate, |aggregate, filter| aggregate.filter(filter.field, filter.op, filter.value))
    }
}

/// A day given as `YYYY-MM-DD` or unix seconds, as its UTC midnight; blank is none.
fn day(text: Option<&str>) -> Result<Option<i64>, &'static str> {
    let Some(text) = non_blank(text) else { return Ok(None) };
    if let Ok(seconds) = text.parse::<i64>() {
        return match (0..=LATEST).contains(&seconds) {
            true => Ok(Some(day_start(seconds))),
            false => Err(INVALID_RANGE),
        };
    }
    days::parse_day(text).map(|day| Some(day * DAY)).ok_or(INVALID_RANGE)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// 2026-03-18 12:00:00 UTC.
    const NOW: i64 = 1_773_835_200;
    /// 2026-03-18 00:00 UTC.
    const TODAY: i64 = 1_773_792_000;

    fn parse(from: Option<&str>, to: Option<&str>) -> Result<Days, &'static str> {
        Days::parse(from, to, NOW)
    }

    #[test]
    fn no_parameters_are_the_last_30_days_with_today() {
        assert_eq!(parse(None, None), Ok(Days { from: TODAY - 29 * DAY, to: TODAY, days: 30 }));
        assert_eq!(parse(Some(" "), Some("")), parse(None, None), "blank is left out");
    }

    #[test]
    fn days_come_as_dates_or_seconds_of_any_time_of_the_day() {
        assert_eq!(
            parse(Some("2026-03-01"), Some("2026-03-18")),
            Ok(Days { from: TODAY - 17 * DAY, to: TODAY, days: 18 })
        );
        assert_eq!(parse(Some("1773835199"), Some("1773835200")), Ok(Days { from: TODAY, to: TODAY, days: 1 }));
        assert_eq!(
            parse(Some("2024-02-29"), Some("2024-03-01")),
            Ok(Days { from: 19_782 * DAY, to: 19_783 * DAY, days: 2 }),
            "a leap day"
        );
        assert_eq!(parse(Some("1773792000"), None).map(|days| days.days), Ok(1), "from alone runs to today");
        assert_eq!(parse(None, Some("2026-03-01")).map(|days| days.days), Ok(30), "to alone: 30 days up to it");
    }

    #[test]
    fn reversed_too_long_or_unreadable_ranges_are_refused() {
        for (from, to) in [
            (Some("2026-03-19"), Some("2026-03-18")),
            (Some("2025-02-11"), Some("2026-03-18")),
            (Some("2026-02-30"), None),
            (Some("2026-13-01"), None),
            (Some("2026-3-1"), None),
            (Some("+026-03-01"), None),
            (Some("yesterday"), None),
            (Some("1.5"), None),
            (None, Some("-9223372036854775808")),
            (Some("-1"), None),
            (None, Some("253402300800")),
        ] {
            assert_eq!(parse(from, to), Err(INVALID_RANGE), "{from:?} {to:?}");
        }
        assert!(parse(Some("2025-02-12"), Some("2026-03-18")).is_ok(), "400 days exactly");
    }

    #[test]
    fn filters_run_from_the_first_midnight_to_the_one_after_the_last_day() {
        let days = Days { from: TODAY - DAY, to: TODAY, days: 2 };
        assert_eq!(days.starts(), [TODAY - DAY, TODAY]);
        assert_eq!(days.end(), TODAY + DAY);
        let aggregate = serde_json::to_value(days.limit(Aggregate::default(), "started_at")).unwrap();
        assert_eq!(
            aggregate["filters"],
            json!([
                { "field": "started_at", "op": "gte", "value": TODAY - DAY },
                { "field": "started_at", "op": "lt", "value": TODAY + DAY }
            ])
        );
        assert_eq!(day_start(-1), -DAY);
    }

    #[test]
    fn days_split_in_halves_that_cover_them_once() {
        let five = Days { from: TODAY - 4 * DAY, to: TODAY, days: 5 };
        let (first, second) = five.halves().unwrap();
        assert_eq!(first, Days { from: TODAY - 4 * DAY, to: TODAY - 3 * DAY, days: 2 });
        assert_eq!(second, Days { from: TODAY - 2 * DAY, to: TODAY, days: 3 });
        assert_eq!(first.end(), second.from, "no day twice, none left out");
        assert_eq!(Days { from: TODAY, to: TODAY, days: 1 }.halves(), None);
    }
}
