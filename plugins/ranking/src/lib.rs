//! `ranking`: Process Ranking. Reads the Process Vault's open processes (`vault.processes`)
//! and ranks them by a weighted score (`score.rs`); each company saves its own weights and
//! may try others without saving them.

mod score;
#[cfg(test)]
mod typescript;

use autoscope_sdk::prelude::*;
use serde::{Deserialize, Serialize};

use score::{EXCLUDED_STAGES, FORMULA, Process, Ranked, Weights};

fn router() -> Router {
    Router::new().get("/ranking", ranking).put("/weights", save_weights)
}

autoscope_sdk::module!(router);

const PROCESSES: &str = "vault.processes";
/// The most processes ranked in one call, which bounds its time and memory.
const MAX_PROCESSES: usize = 5_000;

fn weights_store() -> Collection {
    collection("weights")
}

/// `GET /ranking?benefit=&ease=&potential=`: the ranking with the saved weights, or with
/// the ones given (what-if, nothing saved).
fn ranking(req: &Request) -> Result<Reply> {
    let saved = saved_weights()?.map_or(Weights::DEFAULT, |(weights, _)| weights);
    let weights = saved
        .with_query(req.query("benefit"), req.query("ease"), req.query("potential"))
        .map_err(Error::bad_request)?;
    let (available, items) = match candidates()? {
        Some(candidates) => (true, score::rank(candidates, &weights)),
        None => (false, Vec::new()),
    };
    ok(&RankingReply { available, weights, saved, items, formula: FORMULA })
}

/// `GET /ranking`: the ranking under `weights` (what-if, or the saved ones when none are given).
// Encoded straight from this type: going through a `json!` value costs several times the
// fuel for thousands of rows.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
struct RankingReply {
    /// False when the vault is not installed.
    available: bool,
    weights: Weights,
    saved: Weights,
    items: Vec<Ranked>,
    formula: &'static str,
}

/// `PUT /weights` with `{ benefit, ease, potential }`: saves the company's weights.
fn save_weights(req: &Request) -> Result<Reply> {
    let weights = Weights::from_body(req.body_value()).map_err(Error::bad_request)?;
    let changes = storage::to_record(&weights)?;
    let record = match saved_weights()? {
        Some((_, (id, version))) => weights_store().update(&id, version, changes)?,
        None => weights_store().insert(changes)?,
    };
    ok(&storage::from_record::<Weights>(record)?)
}

#[derive(Deserialize)]
struct Stored {
    id: String,
    version: i64,
    #[serde(flatten)]
    weights: Weights,
}

/// The company's saved weights with the record's id and version, if it saved any. Two
/// first saves at once may store two records: the oldest is the one used.
fn saved_weights() -> Result<Option<(Weights, (String, i64))>> {
    let page = weights_store().list(&Query::default().sort("created_at").limit(1))?;
    let Some(record) = page.items.into_iter().next() else { return Ok(None) };
    let stored: Stored = storage::from_record(record)?;
    Ok(Some((stored.weights, (stored.id, stored.version))))
}

/// The fields of a process the ranking reads (besides its id).
const FIELDS: [&str; 9] =
    ["name", "department", "stage", "health", "benefit_hours", "benefit_money", "benefit_fte", "ease", "potential"];

/// Every candidate process (up to `MAX_PROCESSES`), or `None` when the vault is not
/// installed (the host answers 404 for its collection). Only the ranked fields are read:
/// whole records (descriptions of up to 4,000 characters) would cost the plugin far more
/// fuel than 5,000 processes allow.
fn candidates() -> Result<Option<Vec<Process>>> {
    let query = EXCLUDED_STAGES
        .iter()
        // `ne` also matches a process without a stage, which is not excluded either.
        .fold(Query::default(), |query, stage| query.filter("stage", FilterOp::Ne, *stage))
        .fields(FIELDS);
    match collection(PROCESSES).list_all(&query, MAX_PROCESSES) {
        Ok(records) => Ok(Some(records.into_iter().map(storage::from_record).collect::<Result<_>>()?)),
        Err(err) if err.status == 404 => Ok(None),
        Err(err) => Err(err),
    }
}
