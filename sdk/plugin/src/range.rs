//! The date range of a dashboard's figures: whole UTC days, the first and the last included,
//! read from the query's `from` and `to` (`YYYY-MM-DD`). Storage is asked for
//! `[first day 00:00, day after the last 00:00)` with gte/lt on UTC midnights, the only time
//! filter a rollup answers. Each plugin chooses its default and its longest range
//! ([`Rules`]); the messages are the same everywhere, and the same as the web's.
//!
//! ```
//! use autoscope_sdk::range::{DayRange, DefaultDays, RangeError, Rules};
//!
//! const RULES: Rules = Rules { default: DefaultDays::Last(30), max_days: 400 };
//! // 2026-03-18 12:00 UTC.
//! let now = 1_773_835_200;
//! let range = DayRange::parse(Some("2026-03-01"), None, now, &RULES).unwrap();
//! assert_eq!((range.days(), range.start(), range.end()), (18, 1_772_323_200, 1_773_878_400));
//! let too_long = DayRange::parse(Some("2025-01-01"), Some("2026-03-18"), now, &RULES);
//! assert_eq!(too_long.unwrap_err().to_string(), "Choose at most 400 days");
//! ```

use serde::{Serialize, Serializer};

use crate::days::{self, DAY, WEEK, civil_from_days, format_day, new_year, week_start};
use crate::input::non_blank;
use crate::storage::{self, AggregateExt};
use crate::wire::storage::{Aggregate, Filter, FilterOp};
use crate::{Error, Request};

/// A day not written `YYYY-MM-DD`, or one that does not exist.
pub const UNREADABLE: &str = "Dates must be days written YYYY-MM-DD";
/// The first day after the last.
pub const REVERSED: &str = "The start date must be on or before the end date";

/// The days when the query leaves `from` out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefaultDays {
    /// The last this many days, up to the last day.
    Last(i64),
    /// From 1 January of the last day's year.
    YearToDate,
}

/// A plugin's choice: its default days and its longest range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// The days when `from` is left out.
    pub default: DefaultDays,
    /// The longest range, in days.
    pub max_days: i64,
}

/// Why the query's days cannot be answered; a 400 with [`UNREADABLE`], [`REVERSED`] or
/// "Choose at most {max} days".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeError {
    /// [`UNREADABLE`].
    Unreadable,
    /// [`REVERSED`].
    Reversed,
    /// More days than the rules allow.
    TooLong {
        /// The rules' longest range.
        max_days: i64,
    },
}

impl std::fmt::Display for RangeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Unreadable => f.write_str(UNREADABLE),
            Self::Reversed => f.write_str(REVERSED),
            Self::TooLong { max_days } => write!(f, "Choose at most {max_days} days"),
        }
    }
}

impl std::error::Error for RangeError {}

impl From<RangeError> for Error {
    fn from(err: RangeError) -> Self {
        Error::bad_request(err.to_string())
    }
}

/// Whole UTC days, the first and the last included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "Answer", rename = "RangeAnswer"))]
pub struct DayRange {
    /// The first day, in days since 1970-01-01.
    pub first: i64,
    /// The last day, included.
    pub last: i64,
}

impl DayRange {
    /// The query's `from` and `to` at `now` (blank is left out): `rules`' default days up to
    /// today when both are left out; `from` alone runs to today, `to` alone ends the default
    /// days.
    pub fn parse(from: Option<&str>, to: Option<&str>, now: i64, rules: &Rules) -> Result<Self, RangeError> {
        let day = |text: Option<&str>| non_blank(text).map(|text| days::parse_day(text).ok_or(RangeError::Unreadable));
        let (from, to) = (day(from).transpose()?, day(to).transpose()?);
        let last = to.unwrap_or_else(|| now.div_euclid(DAY));
        let first = from.unwrap_or_else(|| match rules.default {
            DefaultDays::Last(count) => last - (count - 1),
            DefaultDays::YearToDate => new_year(civil_from_days(last).0),
        });
        let range = Self { first, last };
        match range.days() {
            days if days < 1 => Err(RangeError::Reversed),
            days if days > rules.max_days => Err(RangeError::TooLong { max_days: rules.max_days }),
            _ => Ok(range),
        }
    }

    /// [`DayRange::parse`] of the request's `from` and `to` at its now.
    pub fn from_query(req: &Request, rules: &Rules) -> crate::Result<Self> {
        Ok(Self::parse(req.query("from"), req.query("to"), req.context().now, rules)?)
    }

    /// How many days, both ends included.
    pub fn days(&self) -> i64 {
        self.last - self.first + 1
    }

    /// The first day's UTC midnight, unix seconds.
    pub fn start(&self) -> i64 {
        self.first * DAY
    }

    /// The UTC midnight after the last day: the exclusive end of every filter.
    pub fn end(&self) -> i64 {
        (self.last + 1) * DAY
    }

    /// Every day's UTC midnight, in order.
    pub fn day_starts(&self) -> impl Iterator<Item = i64> + use<> {
        (self.first..=self.last).map(|day| day * DAY)
    }

    /// The Monday midnight of every week holding a day of the range, in order.
    pub fn week_starts(&self) -> Vec<i64> {
        let last = week_start(self.end() - 1);
        std::iter::successors(Some(week_start(self.start())), |week| Some(week + WEEK))
            .take_while(|week| *week <= last)
            .collect()
    }

    /// The filters that keep `field` within the days: gte the first midnight, lt the end.
    pub fn filters(&self, field: &str) -> [Filter; 2] {
        [storage::filter(field, FilterOp::Gte, self.start()), storage::filter(field, FilterOp::Lt, self.end())]
    }

    /// `aggregate` with [`DayRange::filters`] on `field`.
    pub fn limit(&self, aggregate: Aggregate, field: &str) -> Aggregate {
        self.filters(field)
            .into_iter()
            .fold(aggregate, |aggregate, filter| aggregate.filter(filter.field, filter.op, filter.value))
    }

    /// The first and second half of the days (the first is the shorter), for an aggregate
    /// with more groups than storage gives at once; `None` for a single day.
    pub fn halves(&self) -> Option<(Self, Self)> {
        let middle = self.first + self.days() / 2;
        (middle > self.first)
            .then_some((Self { first: self.first, last: middle - 1 }, Self { first: middle, last: self.last }))
    }
}

/// A [`DayRange`] in an answer.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
struct Answer {
    /// The first day, `YYYY-MM-DD`.
    from: String,
    /// The last day, included.
    to: String,
    /// The first day's UTC midnight, unix seconds.
    start: i64,
    /// The UTC midnight after the last day.
    end: i64,
    /// How many days, both ends included.
    days: i64,
}

impl Serialize for DayRange {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let answer = Answer {
            from: format_day(self.first),
            to: format_day(self.last),
            start: self.start(),
            end: self.end(),
            days: self.days(),
        };
        answer.serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// 2026-03-18 12:00:00 UTC, a Wednesday: day 20,530.
    const NOW: i64 = 1_773_835_200;
    const TODAY: i64 = 20_530;
    /// Monday 2026-03-16 00:00 UTC.
    const MONDAY: i64 = 1_773_619_200;
    const LAST_30: Rules = Rules { default: DefaultDays::Last(30), max_days: 400 };
    const YEAR_TO_DATE: Rules = Rules { default: DefaultDays::YearToDate, max_days: 731 };

    fn parse(from: Option<&str>, to: Option<&str>) -> Result<DayRange, RangeError> {
        DayRange::parse(from, to, NOW, &LAST_30)
    }

    fn day(text: &str) -> i64 {
        days::parse_day(text).unwrap()
    }

    #[test]
    fn no_days_are_the_default_up_to_today() {
        assert_eq!(parse(None, None), Ok(DayRange { first: TODAY - 29, last: TODAY }));
        assert_eq!(
            DayRange::parse(None, None, NOW, &YEAR_TO_DATE),
            Ok(DayRange { first: day("2026-01-01"), last: TODAY })
        );
        assert_eq!(parse(Some(" "), Some("")), parse(None, None), "blank is left out");
        assert_eq!(DayRange::parse(None, None, TODAY * DAY, &LAST_30).map(|range| range.last), Ok(TODAY), "midnight");
    }

    #[test]
    fn one_day_alone_takes_the_other_from_today_or_the_default() {
        assert_eq!(parse(Some("2026-03-01"), None), Ok(DayRange { first: day("2026-03-01"), last: TODAY }));
        assert_eq!(parse(None, Some("2026-01-30")), Ok(DayRange { first: day("2026-01-01"), last: day("2026-01-30") }));
        assert_eq!(
            DayRange::parse(None, Some("2025-06-30"), NOW, &YEAR_TO_DATE),
            Ok(DayRange { first: day("2025-01-01"), last: day("2025-06-30") })
        );
        assert_eq!(parse(Some("2026-03-18"), Some("2026-03-18")).map(|range| range.days()), Ok(1));
        assert_eq!(
            parse(Some("2024-02-29"), Some("2024-03-01")),
            Ok(DayRange { first: 19_782, last: 19_783 }),
            "a leap day"
        );
    }

    #[test]
    fn reversed_and_too_long_ranges_are_refused() {
        assert_eq!(parse(Some("2026-03-19"), Some("2026-03-18")), Err(RangeError::Reversed));
        assert_eq!(parse(Some("2026-03-19"), None), Err(RangeError::Reversed), "a start after today needs an end");
        assert_eq!(parse(Some("2025-02-12"), Some("2026-03-18")).map(|range| range.days()), Ok(400));
        assert_eq!(parse(Some("2025-02-11"), Some("2026-03-18")), Err(RangeError::TooLong { max_days: 400 }));
        let two_years = |from: &str| DayRange::parse(Some(from), Some("2026-03-17"), NOW, &YEAR_TO_DATE);
        assert_eq!(two_years("2024-03-17").map(|range| range.days()), Ok(731));
        assert_eq!(two_years("2024-03-16"), Err(RangeError::TooLong { max_days: 731 }));
    }

    #[test]
    fn unreadable_days_are_refused() {
        for text in [
            "2026-02-30",
            "2025-02-29",
            "2026-13-01",
            "2026-3-1",
            "+026-03-01",
            "2026/03/01",
            "1773835200",
            "-1",
            "2026-03-18T00:00",
            "yesterday",
        ] {
            assert_eq!(parse(Some(text), None), Err(RangeError::Unreadable), "from={text}");
            assert_eq!(parse(None, Some(text)), Err(RangeError::Unreadable), "to={text}");
        }
        assert_eq!(parse(Some("2026-03-19"), Some("2026-3-18")), Err(RangeError::Unreadable), "before reversed");
    }

    #[test]
    fn errors_are_400s_with_the_webs_messages() {
        let message = |err: RangeError| Error::from(err);
        assert_eq!(message(RangeError::Unreadable), Error::bad_request("Dates must be days written YYYY-MM-DD"));
        assert_eq!(
            message(RangeError::Reversed),
            Error::bad_request("The start date must be on or before the end date")
        );
        assert_eq!(message(RangeError::TooLong { max_days: 731 }), Error::bad_request("Choose at most 731 days"));
    }

    #[test]
    fn the_query_is_read_at_the_requests_now() {
        let request = |query: serde_json::Value| {
            let context = json!({ "module": "m", "company_id": "c1", "user": null, "request_id": null, "now": NOW });
            let http = json!({ "method": "GET", "path": "/", "query": query });
            Request::new(serde_json::from_value(context).unwrap(), serde_json::from_value(http).unwrap(), vec![])
        };
        assert_eq!(
            DayRange::from_query(&request(json!({ "from": "2026-03-17" })), &LAST_30),
            Ok(DayRange { first: TODAY - 1, last: TODAY })
        );
        let err = DayRange::from_query(&request(json!({ "to": "2026-02-30" })), &LAST_30).unwrap_err();
        assert_eq!((err.status, err.message.as_str()), (400, UNREADABLE));
    }

    #[test]
    fn storage_is_asked_from_the_first_midnight_to_the_one_after_the_last_day() {
        let range = DayRange { first: TODAY - 1, last: TODAY };
        assert_eq!((range.start(), range.end()), ((TODAY - 1) * DAY, (TODAY + 1) * DAY));
        assert_eq!(range.day_starts().collect::<Vec<_>>(), [(TODAY - 1) * DAY, TODAY * DAY]);
        let filters = json!([
            { "field": "started_at", "op": "gte", "value": (TODAY - 1) * DAY },
            { "field": "started_at", "op": "lt", "value": (TODAY + 1) * DAY }
        ]);
        assert_eq!(serde_json::to_value(range.filters("started_at")).unwrap(), filters);
        let limited = serde_json::to_value(range.limit(Aggregate::default().eq("bot", "Alpha"), "started_at")).unwrap();
        assert_eq!(limited["filters"][0]["field"], "bot");
        assert_eq!(
            limited["filters"].as_array().unwrap()[1..],
            filters.as_array().unwrap()[..],
            "after its own filters"
        );
    }

    #[test]
    fn days_split_in_halves_that_cover_them_once() {
        let five = DayRange { first: TODAY - 4, last: TODAY };
        let (first, second) = five.halves().unwrap();
        assert_eq!(first, DayRange { first: TODAY - 4, last: TODAY - 3 });
        assert_eq!(second, DayRange { first: TODAY - 2, last: TODAY });
        assert_eq!(first.end(), second.start(), "no day twice, none left out");
        assert_eq!(
            DayRange { first: TODAY - 1, last: TODAY }.halves().map(|(a, b)| (a.days(), b.days())),
            Some((1, 1))
        );
        assert_eq!(DayRange { first: TODAY, last: TODAY }.halves(), None);
    }

    #[test]
    fn weeks_start_on_monday_utc() {
        // Sunday 2026-03-15 to Monday 2026-03-23: three weeks.
        let range = parse(Some("2026-03-15"), Some("2026-03-23")).unwrap();
        assert_eq!(range.week_starts(), [MONDAY - WEEK, MONDAY, MONDAY + WEEK]);
        let monday_to_sunday = parse(Some("2026-03-16"), Some("2026-03-22")).unwrap();
        assert_eq!(monday_to_sunday.week_starts(), [MONDAY]);
        assert_eq!(DayRange { first: TODAY, last: TODAY }.week_starts(), [MONDAY]);
    }

    #[test]
    fn an_answer_gives_the_days_and_the_seconds_storage_was_asked() {
        let range = parse(Some("2026-03-16"), Some("2026-03-17")).unwrap();
        assert_eq!(
            serde_json::to_value(range).unwrap(),
            json!({ "from": "2026-03-16", "to": "2026-03-17", "start": MONDAY, "end": MONDAY + 2 * DAY, "days": 2 })
        );
    }
}
