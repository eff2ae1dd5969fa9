//! `support_insight`: Support Insight, the dashboard of Ticket Management (`support`). It
//! reads support's `tickets` and `approvals` through storage aggregates only (the figures
//! and their folds in [`figures`]), over a date range ([`range`]), and has no data of its own.

mod figures;
mod insight;
mod range;
#[cfg(test)]
mod typescript;

use autoscope_sdk::prelude::*;
use autoscope_sdk::wire::host::DirectoryQuery;

use crate::range::Range;

fn router() -> Router {
    Router::new()
        .get("/insight", insight)
        .get("/people", |_: &Request| ok(&host::directory(&DirectoryQuery::default())?))
}

autoscope_sdk::module!(router);

/// `GET /insight?from=<unix>&to=<unix>&bucket=day|week|month`: every figure, or
/// `{available: false}` when Ticket Management is not installed.
fn insight(req: &Request) -> Result<Reply> {
    let now = req.context().now;
    let range =
        Range::parse(req.query("from"), req.query("to"), req.query("bucket"), now).map_err(Error::bad_request)?;
    match insight::read(&range, now)? {
        Some(insight) => ok(&insight),
        None => reply::unavailable(),
    }
}
