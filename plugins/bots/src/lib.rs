//! `bots`: Bot Profile, the company's bot inventory and what its bots do. Orchestrators send
//! runs and queue items through the host's ingestion API (`[ingest]` in module.toml); this
//! plugin keeps the inventory ([`store`], checks in [`validate`]) and computes, from
//! storage aggregates over the runs, each bot's live [`status`], its [`overview`], the
//! utilisation [`heatmap`] and the cost-against-savings [`calculation`].

mod calculation;
mod heatmap;
mod inventory;
mod overview;
mod sample;
mod status;
mod store;
#[cfg(test)]
mod typescript;
mod validate;

use autoscope_sdk::input::{Versioned, non_blank, sort_and_page};
use autoscope_sdk::prelude::*;
use autoscope_sdk::range::{DayRange, DefaultDays, Rules};
use autoscope_sdk::storage::text;
use autoscope_sdk::wire::host::DirectoryQuery;
use serde::Serialize;
use serde_json::json;

use crate::calculation::Currency;
use crate::validate::Mode;

fn router() -> Router {
    Router::new()
        .get("/bots", list_bots)
        .post("/bots", |req: &Request| created(&store::create(validate::bot_fields(&req.body()?, Mode::Create)?)?))
        .get("/bots/{id}", |req: &Request| ok(&store::bot(req.param("id")?)?))
        .patch("/bots/{id}", update_bot)
        .delete("/bots/{id}", delete_bot)
        .get("/bots/{id}/overview", bot_overview)
        .get("/bots/{id}/runs", bot_runs)
        .get("/status", status)
        .get("/heatmap", heatmap)
        .get("/calculation", calculation)
        .get("/processes", process_names)
        .get("/people", |_: &Request| ok(&host::directory(&DirectoryQuery::default())?))
        .get("/me", me)
        .post("/sample", sample::load)
        .delete("/sample", sample::remove)
}

autoscope_sdk::module!(router);

/// The longest range: a heatmap row stays at about 400 cells.
const MAX_DAYS: i64 = 400;
/// The range when the query gives none: the last 30 days, today included.
const DAYS: Rules = Rules { default: DefaultDays::Last(30), max_days: MAX_DAYS };

/// The days of the query's `from` and `to` (`YYYY-MM-DD`).
fn days(req: &Request) -> Result<DayRange> {
    DayRange::from_query(req, &DAYS)
}

/// The company's currency, for money figures.
fn currency(req: &Request) -> Result<Currency> {
    let caller = req.caller()?;
    Ok(Currency { code: caller.currency_code.clone(), symbol: caller.currency_symbol.clone() })
}

/// `GET /bots?q=&type=&vendor=&owner_id=&sort=name&limit=50&cursor=`: a page with its total.
fn list_bots(req: &Request) -> Result<Reply> {
    let query = validate::list_query(|name| req.query(name))?;
    Ok(reply::raw(200, store::bots().list_json(&query)?))
}

/// `PATCH /bots/{id}` `{version, ...fields}`
fn update_bot(req: &Request) -> Result<Reply> {
    let body: Versioned = req.body()?;
    let changes = validate::bot_fields(&body.fields, Mode::Patch)?;
    ok(&store::update(req.param("id")?, body.version, changes)?)
}

/// `DELETE /bots/{id}?version=n`
fn delete_bot(req: &Request) -> Result<Reply> {
    store::delete(req.param("id")?, req.query_as("version")?)?;
    ok(&json!({ "message": "Bot deleted" }))
}

/// `GET /bots/{id}/overview?from=&to=`: status, current and last run, and the range's runs,
/// failures and processes.
fn bot_overview(req: &Request) -> Result<Reply> {
    let days = days(req)?;
    let bot = store::bot(req.param("id")?)?;
    let name = text(&bot, "name").unwrap_or_default().to_string();
    let now = req.context().now;
    let read = overview::read(&name, &days, now)?;
    ok(&overview::assemble(bot, &days, now, read))
}

/// `GET /bots/{id}/runs?status=&process=&from=&to=&limit=&cursor=`: the bot's runs, newest
/// first, by cursor (no total: a bot may have millions).
fn bot_runs(req: &Request) -> Result<Reply> {
    let bot = store::bot(req.param("id")?)?;
    let mut query = Query::default().eq("bot", text(&bot, "name").unwrap_or_default());
    if non_blank(req.query("from")).is_some() || non_blank(req.query("to")).is_some() {
        for filter in days(req)?.filters("started_at") {
            query = query.filter(filter.field, filter.op, filter.value);
        }
    }
    if let Some(status) = validate::run_status(req.query("status"))? {
        query = query.eq("status", status);
    }
    if let Some(process) = non_blank(req.query("process")) {
        query = query.eq("process", process);
    }
    let query = sort_and_page(query, |name| req.query(name), &["started_at"], "-started_at")?;
    Ok(reply::raw(200, store::runs().list_json(&query)?))
}

/// `GET /status`: every bot's live status.
fn status(req: &Request) -> Result<Reply> {
    let now = req.context().now;
    let groups = status::read(now, None)?;
    ok(&status::fold(now, &inventory::read()?, &groups))
}

/// `GET /heatmap?from=&to=`: utilisation per bot per day, with Calendar's non-working days.
fn heatmap(req: &Request) -> Result<Reply> {
    let days = days(req)?;
    let groups = store::runs_aggregate(&days, &heatmap::aggregate)?;
    let non_working = heatmap::read_non_working(&days)?;
    ok(&heatmap::fold(&days, &inventory::read()?, &groups, &non_working))
}

/// `GET /calculation?from=&to=`: cost against savings per bot, with formulas and inputs.
fn calculation(req: &Request) -> Result<Reply> {
    let days = days(req)?;
    let inventory = inventory::read()?;
    let groups = store::runs_aggregate(&days, &calculation::items_aggregate)?;
    let rates = calculation::read_rates(&calculation::process_names(&inventory, &groups))?;
    ok(&calculation::compute(&days, currency(req)?, &inventory, &groups, rates.as_ref()))
}

/// `GET /processes`: Process Vault's process names, for the bot form; `available: false`
/// without it, or when the person's rights do not open it (the form then takes any name).
fn process_names(_: &Request) -> Result<Reply> {
    let query = Query::default().sort("name").fields(["name"]);
    match collection(calculation::PROCESSES).list_all(&query, 5_000) {
        Ok(processes) => {
            let mut names: Vec<&str> = processes.iter().filter_map(|process| text(process, "name")).collect();
            names.dedup();
            ok(&ProcessNames { available: true, names })
        }
        Err(err) if err.status == 404 || err.is_rights_refusal() => {
            ok(&ProcessNames { available: false, names: Vec::new() })
        }
        Err(err) => Err(err),
    }
}

/// `GET /processes`: Process Vault's names, for the form.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct ProcessNames<'a> {
    /// False without Process Vault.
    available: bool,
    names: Vec<&'a str>,
}

/// `GET /me`: what the page adapts to: whether the caller administers the company (the API
/// keys tab), and the company's currency.
fn me(req: &Request) -> Result<Reply> {
    ok(&Me { company_admin: req.caller()?.company_admin, currency: currency(req)? })
}

/// `GET /me`.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct Me {
    company_admin: bool,
    currency: Currency,
}
