//! `business_insight`: Business Insight, what automation gives back. It reads the Process
//! Vault's catalogue (estimated benefits, handling times, costs) and Bot Profile's runs and
//! bots, and answers every figure of the page in one call, each with its formula and inputs.

mod benefits;
mod figure;
mod overview;
mod range;
mod sources;
#[cfg(test)]
mod typescript;

use autoscope_sdk::days::DAY;
use autoscope_sdk::input::non_blank;
use autoscope_sdk::prelude::*;
use autoscope_sdk::range::{DayRange, DefaultDays, Rules};

use crate::benefits::Filters;
use crate::overview::Currency;

/// The longest filter values: the catalogue's longest department and process names.
const MAX_DEPARTMENT: usize = 100;
const MAX_PROCESS: usize = 200;
/// Two years, one of them a leap year: a month series of at most 25 points, one aggregate each.
const MAX_DAYS: i64 = 731;
/// The range when the query gives `to` alone: the year to date of that day (UTC). Without
/// `from` and `to`, the range follows the run data (`range::default_range`).
const DAYS: Rules = Rules { default: DefaultDays::YearToDate, max_days: MAX_DAYS };
pub const FILTER_TOO_LONG: &str = "The department or process filter is too long";

fn router() -> Router {
    Router::new().get("/overview", overview)
}

autoscope_sdk::module!(router);

/// `GET /overview?from=YYYY-MM-DD&to=YYYY-MM-DD&department=&process=`: every figure of the
/// range (by default the last twelve months of run data), or `{available: false, missing}`
/// when the Process Vault or Bot Profile is not installed.
fn overview(req: &Request) -> Result<Reply> {
    let currency = Currency::of(req.caller()?);
    let asked = asked_range(req.query("from"), req.query("to"), req.context().now)?;
    let filters = filters(req.query("department"), req.query("process"))?;
    let today = req.context().now.div_euclid(DAY);
    match overview::read(asked, today, &filters)? {
        Ok((range, sources)) => ok(&overview::assemble(range, filters, currency, &sources)),
        Err(unavailable) => ok(&unavailable),
    }
}

/// The days the query names (checked before anything is read); none when it names neither
/// `from` nor `to`.
fn asked_range(from: Option<&str>, to: Option<&str>, now: i64) -> Result<Option<DayRange>> {
    if non_blank(from).is_none() && non_blank(to).is_none() {
        return Ok(None);
    }
    Ok(Some(DayRange::parse(from, to, now, &DAYS)?))
}

/// The trimmed filters; blank is none.
fn filters(department: Option<&str>, process: Option<&str>) -> Result<Filters> {
    let bounded = |text: Option<&str>, max: usize| match non_blank(text) {
        Some(text) if text.chars().count() > max => Err(Error::bad_request(FILTER_TOO_LONG)),
        text => Ok(text.map(str::to_string)),
    };
    Ok(Filters { department: bounded(department, MAX_DEPARTMENT)?, process: bounded(process, MAX_PROCESS)? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_is_asked_only_when_the_query_names_days() {
        // 2026-11-29 12:00 UTC.
        let now = 1_795_953_600;
        assert_eq!(asked_range(None, Some(" "), now).map_err(|err| err.message), Ok(None));
        let day = |text: &str| autoscope_sdk::days::parse_day(text).expect("a day");
        let to_alone = asked_range(None, Some("2025-03-31"), now).expect("valid");
        assert_eq!(to_alone, Some(DayRange { first: day("2025-01-01"), last: day("2025-03-31") }));
        let from_alone = asked_range(Some("2026-11-01"), None, now).expect("valid");
        assert_eq!(from_alone, Some(DayRange { first: day("2026-11-01"), last: day("2026-11-29") }));
        let reversed = asked_range(Some("2025-03-02"), Some("2025-03-01"), now).map_err(|err| err.message);
        assert_eq!(reversed, Err(autoscope_sdk::range::REVERSED.to_string()));
    }

    #[test]
    fn filters_are_trimmed_blank_is_none_and_long_ones_are_refused() {
        let given = filters(Some(" Finance "), Some("")).expect("valid");
        assert_eq!(given, Filters { department: Some("Finance".into()), process: None });
        assert_eq!(filters(None, None).expect("valid"), Filters::default());
        let long = "x".repeat(201);
        assert_eq!(filters(None, Some(&long)).map_err(|err| err.message), Err(FILTER_TOO_LONG.to_string()));
        assert_eq!(filters(Some(&long[..101]), None).map_err(|err| err.message), Err(FILTER_TOO_LONG.to_string()));
        assert!(filters(Some(&long[..100]), Some(&long[..200])).is_ok());
    }
}
