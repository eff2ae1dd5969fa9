//! `support_insight`: Support Insight, the dashboard of Ticket Management (`support`). It
//! reads support's `tickets` and `approvals` through storage aggregates only (the figures
//! and their folds in [`figures`]), over whole UTC days cut into buckets ([`range`]), and has
//! no data of its own.

mod figures;
mod insight;
mod range;
#[cfg(test)]
mod typescript;

use autoscope_sdk::prelude::*;
use autoscope_sdk::range::{DayRange, DefaultDays, Rules};
use autoscope_sdk::wire::host::DirectoryQuery;

fn router() -> Router {
    Router::new()
        .get("/insight", insight)
        .get("/people", |_: &Request| ok(&host::directory(&DirectoryQuery::default())?))
}

autoscope_sdk::module!(router);

/// The longest range: a day series stays at about 400 points.
const MAX_DAYS: i64 = 400;
/// The range when the query gives none: the last 30 days, today included.
const DAYS: Rules = Rules { default: DefaultDays::Last(30), max_days: MAX_DAYS };

/// `GET /insight?from=YYYY-MM-DD&to=YYYY-MM-DD&bucket=day|week|month`: every figure, or
/// `{available: false}` when Ticket Management is not installed.
fn insight(req: &Request) -> Result<Reply> {
    let range = DayRange::from_query(req, &DAYS)?;
    let bucket = range::parse_bucket(req.query("bucket")).map_err(Error::bad_request)?;
    match insight::read(&range, bucket, req.context().now)? {
        Some(insight) => ok(&insight),
        None => reply::unavailable(),
    }
}
