//! Recurrence: the occurrences of a series, expanded in the event's IANA zone so a weekly
//! 10:00 meeting stays at 10:00 local across daylight-saving changes (RFC 5545 semantics
//! for the rules the page offers: dates that do not exist, such as the 31st of a short
//! month, are skipped, not moved). All-day events are floating dates, expanded in UTC.
//!
//! Written here rather than with the `rrule` crate: that crate pulls chrono's `wasmbind`
//! (a JavaScript `Date` for its local zone), whose imports the host refuses.

use autoscope_sdk::zones::utc_of;
use chrono::{DateTime, Datelike, Days, Months, NaiveDate, NaiveDateTime, Weekday as Day};
use chrono_tz::Tz;

use crate::views::{Frequency, MonthlyBy, Recurrence, Weekday};

/// The `series_end` of a series without an end: 9999-12-31T23:59:59Z.
pub const FOREVER: i64 = 253_402_300_799;
/// The most occurrences one expansion yields, so a daily rule cannot starve the plugin.
pub const MAX_OCCURRENCES: usize = 2000;
/// The most periods (days, weeks, months, years) one expansion walks.
const MAX_PERIODS: u32 = 50_000;

/// A series as stored: its first occurrence and its rule.
#[derive(Debug, Clone)]
pub struct Series<'a> {
    pub start: i64,
    pub end: i64,
    pub all_day: bool,
    pub zone: Tz,
    pub rule: Option<&'a Recurrence>,
}

/// A change to one occurrence, keyed by its original start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exception {
    pub original: i64,
    pub cancelled: bool,
    pub start: Option<i64>,
    pub end: Option<i64>,
}

/// One occurrence: its original start (its id) and its times after any exception.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Instance {
    pub original: i64,
    pub start: i64,
    pub end: i64,
    /// Moved or edited on its own.
    pub changed: bool,
}

impl Series<'_> {
    fn zone(&self) -> Tz {
        if self.all_day { Tz::UTC } else { self.zone }
    }

    fn local_start(&self) -> NaiveDateTime {
        let utc = DateTime::from_timestamp(self.start, 0).unwrap_or_default();
        utc.with_timezone(&self.zone()).naive_local()
    }

    /// The original starts before `bound`, in order, from the first; `visit` answers false
    /// to stop.
    pub fn originals(&self, bound: i64, visit: impl FnMut(i64) -> bool) {
        self.originals_near(i64::MIN, bound, visit)
    }

    /// [`Series::originals`], where those starting more than 15 days before `from` may be
    /// left out: a series without a count starts its walk near `from`, so an old daily rule
    /// costs what its range holds.
    pub fn originals_near(&self, from: i64, bound: i64, mut visit: impl FnMut(i64) -> bool) {
        let Some(rule) = self.rule else {
            if self.start < bound {
                visit(self.start);
            }
            return;
        };
        let zone = self.zone();
        let first = self.local_start();
        let (first_day, time) = (first.date(), first.time());
        let until = rule.until.as_deref().and_then(|day| NaiveDate::parse_from_str(day, "%Y-%m-%d").ok());
        let interval = rule.interval.max(1);
        let mut count = 0u32;
        let skip = match rule.count {
            Some(_) => 0,
            None => DateTime::from_timestamp(from.saturating_sub(15 * 86_400), 0).map_or(0, |near| {
                periods_between(rule.freq, first_day, near.with_timezone(&zone).date_naive()) / interval
            }),
        };
        for period in skip..skip.saturating_add(MAX_PERIODS) {
            let days = period_days(rule, first_day, period.saturating_mul(interval));
            let Some(days) = days else { return };
            for day in days.into_iter().filter(|day| *day >= first_day) {
                if until.is_some_and(|until| day > until) || rule.count.is_some_and(|most| count >= most) {
                    return;
                }
                count += 1;
                let start = utc_of(zone, day.and_time(time));
                if start >= bound || !visit(start) {
                    return;
                }
            }
        }
    }

    /// The last occurrence's end, or [`FOREVER`] for a series without an end.
    pub fn last_end(&self) -> i64 {
        let bounded = self.rule.is_none_or(|rule| rule.count.is_some() || rule.until.is_some());
        if !bounded {
            return FOREVER;
        }
        let mut last = self.start;
        self.originals(FOREVER, |start| {
            last = start;
            true
        });
        last + self.duration()
    }

    pub fn duration(&self) -> i64 {
        self.end - self.start
    }

    /// Whether `original` is the start of one of the series' occurrences.
    pub fn has(&self, original: i64) -> bool {
        let mut found = false;
        self.originals(original.saturating_add(1), |start| {
            found = start == original;
            !found
        });
        found
    }

    /// The occurrences overlapping `[from, to)` after `exceptions` (cancelled ones left
    /// out, moved ones where they were moved to), by start, at most [`MAX_OCCURRENCES`].
    pub fn between(&self, exceptions: &[Exception], from: i64, to: i64) -> Vec<Instance> {
        let duration = self.duration();
        let mut found: Vec<Instance> = Vec::new();
        self.originals_near(from, to, |original| {
            if original + duration > from {
                found.push(Instance { original, start: original, end: original + duration, changed: false });
            }
            found.len() < MAX_OCCURRENCES
        });
        let mut instances: Vec<Instance> = found
            .into_iter()
            .filter_map(|instance| match exceptions.iter().find(|e| e.original == instance.original) {
                Some(exception) => apply(instance, exception),
                None => Some(instance),
            })
            .collect();
        // Occurrences moved into the range from outside it.
        for exception in exceptions {
            let known = instances.iter().any(|instance| instance.original == exception.original);
            if known || exception.cancelled || !self.has(exception.original) {
                continue;
            }
            let plain = Instance {
                original: exception.original,
                start: exception.original,
                end: exception.original + duration,
                changed: false,
            };
            instances.extend(apply(plain, exception));
        }
        instances.retain(|instance| instance.end > from && instance.start < to);
        instances.sort_by_key(|instance| (instance.start, instance.original));
        instances.truncate(MAX_OCCURRENCES);
        instances
    }

    /// The occurrence `original` after its exception; `None` when there is no such
    /// occurrence or it was cancelled.
    pub fn instance(&self, exceptions: &[Exception], original: i64) -> Option<Instance> {
        if !self.has(original) {
            return None;
        }
        let plain = Instance { original, start: original, end: original + self.duration(), changed: false };
        match exceptions.iter().find(|exception| exception.original == original) {
            Some(exception) => apply(plain, exception),
            None => Some(plain),
        }
    }

    /// The rule of this series ended just before the occurrence `original` (the "following"
    /// split): it lasts until the day before that occurrence, in the series' zone.
    pub fn ended_before(&self, original: i64) -> Option<Recurrence> {
        let rule = self.rule?;
        let day = DateTime::from_timestamp(original, 0)?.with_timezone(&self.zone()).date_naive();
        let last = day.checked_sub_days(Days::new(1))?;
        Some(Recurrence { until: Some(last.format("%Y-%m-%d").to_string()), count: None, ..rule.clone() })
    }
}

fn apply(instance: Instance, exception: &Exception) -> Option<Instance> {
    if exception.cancelled {
        return None;
    }
    Some(Instance {
        original: instance.original,
        start: exception.start.unwrap_or(instance.start),
        end: exception.end.unwrap_or(instance.end),
        changed: true,
    })
}

/// The days of the `index`th period of the rule (in units of its frequency, interval
/// applied), in order; `None` past the calendar's end.
fn period_days(rule: &Recurrence, first: NaiveDate, index: u32) -> Option<Vec<NaiveDate>> {
    match rule.freq {
        Frequency::Daily => Some(vec![first.checked_add_days(Days::new(u64::from(index)))?]),
        Frequency::Weekly => {
            let monday = first.checked_sub_days(Days::new(u64::from(first.weekday().num_days_from_monday())))?;
            let week = monday.checked_add_days(Days::new(7 * u64::from(index)))?;
            let mut days: Vec<Day> = rule.by_weekday.iter().map(|day| chrono_day(*day)).collect();
            if days.is_empty() {
                days.push(first.weekday());
            }
            days.sort_by_key(|day| day.num_days_from_monday());
            days.dedup();
            days.into_iter()
                .map(|day| week.checked_add_days(Days::new(u64::from(day.num_days_from_monday()))))
                .collect()
        }
        Frequency::Monthly => {
            let month = first.with_day(1)?.checked_add_months(Months::new(index))?;
            let day = match rule.monthly_by {
                MonthlyBy::Date => month.with_day(first.day()),
                MonthlyBy::Weekday => nth_weekday(month, first.weekday(), nth_of(first)),
            };
            Some(day.into_iter().collect())
        }
        Frequency::Yearly => {
            let year = first.year().checked_add(i32::try_from(index).ok()?)?;
            Some(NaiveDate::from_ymd_opt(year, first.month(), first.day()).into_iter().collect())
        }
    }
}

/// How many whole periods of `freq` lie from `first` to `day` (0 when `day` is before it).
fn periods_between(freq: Frequency, first: NaiveDate, day: NaiveDate) -> u32 {
    if day <= first {
        return 0;
    }
    let periods = match freq {
        Frequency::Daily => (day - first).num_days(),
        Frequency::Weekly => (day - first).num_days() / 7,
        Frequency::Monthly => {
            i64::from(day.year() - first.year()) * 12 + i64::from(day.month()) - i64::from(first.month()) - 1
        }
        Frequency::Yearly => i64::from(day.year() - first.year()) - 1,
    };
    u32::try_from(periods.max(0)).unwrap_or(u32::MAX)
}

/// Which weekday of its month `day` is: 1 to 4, or -1 for the fifth (the last).
fn nth_of(day: NaiveDate) -> i32 {
    match (day.day() - 1) / 7 + 1 {
        5 => -1,
        nth => nth as i32,
    }
}

/// The `nth` `weekday` of the month of `month` (its first day); -1 the last.
fn nth_weekday(month: NaiveDate, weekday: Day, nth: i32) -> Option<NaiveDate> {
    if nth < 0 {
        let last = month.checked_add_months(Months::new(1))?.pred_opt()?;
        let back = (7 + last.weekday().num_days_from_monday() - weekday.num_days_from_monday()) % 7;
        return last.checked_sub_days(Days::new(u64::from(back)));
    }
    let ahead = (7 + weekday.num_days_from_monday() - month.weekday().num_days_from_monday()) % 7;
    month.checked_add_days(Days::new(u64::from(ahead) + 7 * (nth as u64 - 1)))
}

pub fn chrono_day(day: Weekday) -> Day {
    match day {
        Weekday::MO => Day::Mon,
        Weekday::TU => Day::Tue,
        Weekday::WE => Day::Wed,
        Weekday::TH => Day::Thu,
        Weekday::FR => Day::Fri,
        Weekday::SA => Day::Sat,
        Weekday::SU => Day::Sun,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::Weekday::*;

    fn at(text: &str) -> i64 {
        DateTime::parse_from_rfc3339(text).expect("an RFC 3339 time").timestamp()
    }

    fn rule(freq: Frequency) -> Recurrence {
        Recurrence { freq, interval: 1, by_weekday: vec![], monthly_by: MonthlyBy::Date, until: None, count: None }
    }

    fn series<'a>(start: &str, zone: Tz, rule: &'a Recurrence) -> Series<'a> {
        let start = at(start);
        Series { start, end: start + 3600, all_day: false, zone, rule: Some(rule) }
    }

    fn starts(series: &Series, most: usize) -> Vec<i64> {
        let mut found = Vec::new();
        series.originals(FOREVER, |start| {
            found.push(start);
            found.len() < most
        });
        found
    }

    fn times(texts: &[&str]) -> Vec<i64> {
        texts.iter().map(|text| at(text)).collect()
    }

    #[test]
    fn weekly_stays_at_ten_local_across_both_berlin_changes() {
        let weekly = Recurrence { by_weekday: vec![MO, WE], ..rule(Frequency::Weekly) };
        // Monday 2026-03-23 10:00 CET (UTC+1); clocks go forward on Sunday 2026-03-29.
        let spring = series("2026-03-23T09:00:00Z", chrono_tz::Europe::Berlin, &weekly);
        let expected = ["2026-03-23T09:00:00Z", "2026-03-25T09:00:00Z", "2026-03-30T08:00:00Z", "2026-04-01T08:00:00Z"];
        assert_eq!(starts(&spring, 4), times(&expected));
        // Thursday 2026-10-22 10:00 CEST (UTC+2); clocks go back on Sunday 2026-10-25.
        let weekly = Recurrence { by_weekday: vec![TH, TU], ..rule(Frequency::Weekly) };
        let autumn = series("2026-10-22T08:00:00Z", chrono_tz::Europe::Berlin, &weekly);
        let expected = ["2026-10-22T08:00:00Z", "2026-10-27T09:00:00Z", "2026-10-29T09:00:00Z"];
        assert_eq!(starts(&autumn, 3), times(&expected));
    }

    #[test]
    fn weekly_without_days_repeats_the_start_day_every_interval() {
        let biweekly = Recurrence { interval: 2, count: Some(3), ..rule(Frequency::Weekly) };
        let every = series("2026-06-03T10:00:00Z", Tz::UTC, &biweekly);
        let expected = ["2026-06-03T10:00:00Z", "2026-06-17T10:00:00Z", "2026-07-01T10:00:00Z"];
        assert_eq!(starts(&every, 10), times(&expected));
    }

    #[test]
    fn monthly_on_the_31st_skips_short_months() {
        let monthly = Recurrence { count: Some(4), ..rule(Frequency::Monthly) };
        let every = series("2026-01-31T10:00:00Z", Tz::UTC, &monthly);
        let expected = ["2026-01-31T10:00:00Z", "2026-03-31T10:00:00Z", "2026-05-31T10:00:00Z", "2026-07-31T10:00:00Z"];
        assert_eq!(starts(&every, 10), times(&expected));
    }

    #[test]
    fn monthly_on_the_nth_and_the_last_weekday() {
        let monthly = Recurrence { monthly_by: MonthlyBy::Weekday, count: Some(3), ..rule(Frequency::Monthly) };
        // Tuesday 2026-01-13 is January's second Tuesday.
        let second = series("2026-01-13T10:00:00Z", Tz::UTC, &monthly);
        let expected = ["2026-01-13T10:00:00Z", "2026-02-10T10:00:00Z", "2026-03-10T10:00:00Z"];
        assert_eq!(starts(&second, 10), times(&expected));
        // Friday 2026-01-30 is January's fifth Friday: the last one of each month.
        let monthly = Recurrence { count: Some(4), ..monthly };
        let last = series("2026-01-30T10:00:00Z", Tz::UTC, &monthly);
        let expected = ["2026-01-30T10:00:00Z", "2026-02-27T10:00:00Z", "2026-03-27T10:00:00Z", "2026-04-24T10:00:00Z"];
        assert_eq!(starts(&last, 10), times(&expected));
    }

    #[test]
    fn yearly_and_a_leap_day() {
        let yearly = Recurrence { count: Some(3), ..rule(Frequency::Yearly) };
        let may = series("2026-05-01T07:00:00Z", Tz::UTC, &yearly);
        assert_eq!(starts(&may, 10), times(&["2026-05-01T07:00:00Z", "2027-05-01T07:00:00Z", "2028-05-01T07:00:00Z"]));
        let yearly = Recurrence { count: Some(2), ..rule(Frequency::Yearly) };
        let leap = series("2024-02-29T07:00:00Z", Tz::UTC, &yearly);
        assert_eq!(starts(&leap, 10), times(&["2024-02-29T07:00:00Z", "2028-02-29T07:00:00Z"]));
    }

    #[test]
    fn until_is_a_last_day_and_count_a_number() {
        let until = Recurrence { until: Some("2026-06-03".into()), ..rule(Frequency::Daily) };
        let daily = series("2026-06-01T22:30:00Z", chrono_tz::Europe::Berlin, &until);
        // 00:30 local on June 2, 3 and 4; June 4 is past the last day in Berlin.
        assert_eq!(starts(&daily, 10), times(&["2026-06-01T22:30:00Z", "2026-06-02T22:30:00Z"]));
        let every_other = Recurrence { interval: 2, until: Some("2026-06-06".into()), ..rule(Frequency::Daily) };
        let daily = series("2026-06-01T10:00:00Z", Tz::UTC, &every_other);
        assert_eq!(
            starts(&daily, 10),
            times(&["2026-06-01T10:00:00Z", "2026-06-03T10:00:00Z", "2026-06-05T10:00:00Z"])
        );
        let count = Recurrence { count: Some(2), ..rule(Frequency::Daily) };
        let daily = series("2026-06-01T10:00:00Z", Tz::UTC, &count);
        assert_eq!(starts(&daily, 10), times(&["2026-06-01T10:00:00Z", "2026-06-02T10:00:00Z"]));
        assert_eq!(daily.last_end(), at("2026-06-02T11:00:00Z"));
        let endless = rule(Frequency::Daily);
        assert_eq!(series("2026-06-01T10:00:00Z", Tz::UTC, &endless).last_end(), FOREVER);
    }

    #[test]
    fn exceptions_move_and_cancel_occurrences() {
        let daily = Recurrence { count: Some(5), ..rule(Frequency::Daily) };
        let every = series("2026-06-01T10:00:00Z", Tz::UTC, &daily);
        let exceptions = [
            // June 2 cancelled, June 3 moved to June 10 at 15:00.
            Exception { original: at("2026-06-02T10:00:00Z"), cancelled: true, start: None, end: None },
            Exception {
                original: at("2026-06-03T10:00:00Z"),
                cancelled: false,
                start: Some(at("2026-06-10T15:00:00Z")),
                end: Some(at("2026-06-10T16:00:00Z")),
            },
        ];
        let week: Vec<i64> = every
            .between(&exceptions, at("2026-06-01T00:00:00Z"), at("2026-06-08T00:00:00Z"))
            .iter()
            .map(|instance| instance.start)
            .collect();
        assert_eq!(week, times(&["2026-06-01T10:00:00Z", "2026-06-04T10:00:00Z", "2026-06-05T10:00:00Z"]));
        let later = every.between(&exceptions, at("2026-06-08T00:00:00Z"), at("2026-06-15T00:00:00Z"));
        assert_eq!(
            later,
            vec![Instance {
                original: at("2026-06-03T10:00:00Z"),
                start: at("2026-06-10T15:00:00Z"),
                end: at("2026-06-10T16:00:00Z"),
                changed: true,
            }]
        );
        assert_eq!(every.instance(&exceptions, at("2026-06-02T10:00:00Z")), None);
        assert_eq!(every.instance(&[], at("2026-06-02T10:30:00Z")), None, "not an occurrence");
    }

    #[test]
    fn following_ends_the_series_the_day_before() {
        let weekly = Recurrence { by_weekday: vec![MO, TH], count: Some(10), ..rule(Frequency::Weekly) };
        let every = series("2026-03-23T09:00:00Z", chrono_tz::Europe::Berlin, &weekly);
        // Split at the third occurrence, Monday 2026-03-30 10:00 CEST.
        let ended = every.ended_before(at("2026-03-30T08:00:00Z")).expect("a rule");
        assert_eq!((ended.until.as_deref(), ended.count), (Some("2026-03-29"), None));
        let before = Series { rule: Some(&ended), ..every.clone() };
        assert_eq!(starts(&before, 10), times(&["2026-03-23T09:00:00Z", "2026-03-26T09:00:00Z"]));
    }

    #[test]
    fn a_daily_rule_yields_at_most_the_cap() {
        let daily = rule(Frequency::Daily);
        let every = Series { end: at("2020-01-01T00:30:00Z"), ..series("2020-01-01T00:00:00Z", Tz::UTC, &daily) };
        let found = every.between(&[], at("2020-01-01T00:00:00Z"), at("2040-01-01T00:00:00Z"));
        assert_eq!(found.len(), MAX_OCCURRENCES);
    }

    #[test]
    fn an_old_series_is_walked_from_near_the_range() {
        for freq in [Frequency::Daily, Frequency::Weekly, Frequency::Monthly, Frequency::Yearly] {
            let endless =
                Recurrence { by_weekday: if freq == Frequency::Weekly { vec![MO, FR] } else { vec![] }, ..rule(freq) };
            let old = series("1990-01-05T10:00:00Z", chrono_tz::Europe::Berlin, &endless);
            let (from, to) = (at("2026-03-01T00:00:00Z"), at("2027-03-01T00:00:00Z"));
            let mut walked = Vec::new();
            old.originals(to, |start| {
                if start + 3600 > from {
                    walked.push(start);
                }
                true
            });
            let near: Vec<i64> = old.between(&[], from, to).iter().map(|instance| instance.start).collect();
            assert_eq!(near, walked, "{freq:?}");
            assert!(!near.is_empty());
        }
    }
}
