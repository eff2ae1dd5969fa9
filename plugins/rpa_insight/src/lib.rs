//! `rpa_insight`: Operational Insight, the dashboard of the robots' runs and queues. It reads
//! Bot Profile's (`bots`) `runs`, `queue_items` and `bots` and has no data of its own:
//! figures come from aggregates that fit `bots`' rollups ([`runs`], [`queues`], put together
//! by [`overview`]) over whole UTC days (`autoscope_sdk::range`) and the page's filters ([`scope`]);
//! tables are indexed lists ([`lists`]).

mod lists;
mod overview;
mod percentiles;
mod queues;
mod runs;
mod scope;
#[cfg(test)]
mod typescript;

use autoscope_sdk::prelude::*;
use autoscope_sdk::range::{DayRange, DefaultDays, Rules};
use autoscope_sdk::storage::text;

use crate::lists::RunDetail;
use crate::overview::{BOTS, QUEUE_ITEMS, RUNS};
use crate::queues::Stuck;
use crate::scope::Scope;

fn router() -> Router {
    Router::new()
        .get("/overview", overview)
        .get("/runs", list_runs)
        .get("/runs/{id}", run_detail)
        .get("/stuck", list_stuck)
        .get("/filters", filters)
}

autoscope_sdk::module!(router);

/// The longest range: a day series stays at about 400 points.
const MAX_DAYS: i64 = 400;
/// The range when the query gives none: the last 30 days, today included.
const DAYS: Rules = Rules { default: DefaultDays::Last(30), max_days: MAX_DAYS };

fn range_and_scope(req: &Request) -> Result<(DayRange, Scope)> {
    let range = DayRange::from_query(req, &DAYS)?;
    let scope = Scope::parse(|name| req.query(name)).map_err(Error::bad_request)?;
    Ok((range, scope))
}

/// `GET /overview?from=YYYY-MM-DD&to=YYYY-MM-DD&process=&bot=&queue=`: every figure of the
/// page, or `{available: false}` when Bot Profile is not installed.
fn overview(req: &Request) -> Result<Reply> {
    let (range, scope) = range_and_scope(req)?;
    match overview::read(&range, &scope, req.context().now)? {
        Some(overview) => ok(&overview),
        None => reply::unavailable(),
    }
}

/// `GET /runs?from&to&process&bot&status&limit&cursor`: a page of runs, newest first, as
/// storage encoded it (`{items, next_cursor, total: null}`).
fn list_runs(req: &Request) -> Result<Reply> {
    let (range, scope) = range_and_scope(req)?;
    let status = scope::run_status(req.query("status")).map_err(Error::bad_request)?;
    let query = lists::runs_query(&range, &scope, status, |name| req.query(name))?;
    Ok(reply::raw(200, collection(RUNS).list_json(&query)?))
}

/// `GET /runs/{id}`: one run, its bot and the bot's latest runs of the same process.
fn run_detail(req: &Request) -> Result<Reply> {
    let runs = collection(RUNS);
    let run = runs.get(req.param("id")?)?.ok_or_else(|| Error::not_found("Run not found"))?;
    let bot = match text(&run, "bot") {
        Some(name) => collection(BOTS).list(&lists::bot_query(name))?.items.into_iter().next(),
        None => None,
    };
    let recent = match (text(&run, "bot"), text(&run, "process")) {
        (Some(bot), Some(process)) => runs.list(&lists::recent_query(bot, process))?.items,
        _ => Vec::new(),
    };
    ok(&RunDetail { run, bot, recent })
}

/// `GET /stuck?kind=in_progress|new&queue&process&limit&cursor`: the stuck queue items of a
/// kind, longest waiting first.
fn list_stuck(req: &Request) -> Result<Reply> {
    let kind = Stuck::parse(req.query("kind")).map_err(Error::bad_request)?;
    let scope = Scope::parse(|name| req.query(name)).map_err(Error::bad_request)?;
    let query = lists::stuck_query(kind, &scope, req.context().now, |name| req.query(name))?;
    Ok(reply::raw(200, collection(QUEUE_ITEMS).list_json(&query)?))
}

/// `GET /filters`: the processes, bots and queues to filter by; empty lists when Bot
/// Profile is not installed.
fn filters(_: &Request) -> Result<Reply> {
    let read = || -> Result<lists::Names> {
        Ok(lists::fold_names(
            &collection(RUNS).aggregate(&lists::run_names_aggregate())?,
            &collection(QUEUE_ITEMS).aggregate(&lists::queue_names_aggregate())?,
            &collection(BOTS).aggregate(&lists::bot_names_aggregate())?,
        ))
    };
    match read() {
        Err(err) if err.status == 404 => ok(&lists::Names::default()),
        names => ok(&names?),
    }
}
