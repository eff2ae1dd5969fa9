//! The evaluation cycle: a rule is evaluated when saved and then every
//! `interval_minutes`; the schedule takes the rules that are due. A rule whose facts
//! cannot be read (Bot Profile not installed, say) keeps its incidents as they are and
//! shows why on the page.

use autoscope_sdk::prelude::*;
use serde::Serialize;
use serde_json::json;

use crate::evaluate::{Evaluation, evaluate};
use crate::incidents;
use crate::rules::Rule;
use crate::store::{self, Incident};

/// The rules one schedule run takes, the most overdue first.
const PER_RUN: u32 = 200;

/// What evaluating a rule did, for the page.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Checked {
    pub rule: Rule,
    /// `None` when its facts could not be read: `error` says why.
    pub evaluation: Option<Evaluation>,
    pub error: Option<String>,
    /// The incident it opened, kept, reopened or closed.
    pub incident: Option<Incident>,
}

/// Evaluates `rule` at `now`, applies the result to its incidents and sets its next run.
pub fn check(rule: Rule, now: i64, portal_url: &str) -> Result<Checked> {
    let (evaluation, error, incident) = match evaluate(&rule, now) {
        Ok(evaluation) => {
            let incident = incidents::apply(&rule, &evaluation, now, portal_url)?;
            (Some(evaluation), None, incident)
        }
        // The module's own failures (5xx of storage) fail the call; what the data's owner
        // refuses (not installed, not granted) is the rule's state.
        Err(err) if err.status < 500 => (None, Some(err.message), None),
        Err(err) => return Err(err),
    };
    let changes = json!({
        "next_run_at": now + rule.draft.interval_minutes * 60,
        "last_run_at": now,
    });
    let stored = store::rules().update(&rule.id, rule.version, storage::to_record(&changes)?)?;
    Ok(Checked { rule: storage::from_record(stored)?, evaluation, error, incident })
}

/// The schedule: every enabled rule that is due. Answers how many were evaluated.
pub fn run(now: i64, portal_url: &str) -> Result<usize> {
    let due = Query::default()
        .eq("enabled", true)
        .filter("next_run_at", FilterOp::Lte, now)
        .sort("next_run_at")
        .limit(PER_RUN);
    let rules: Vec<Rule> = store::rules().list_all_as(&due, PER_RUN as usize)?;
    let count = rules.len();
    for rule in rules {
        match check(rule, now, portal_url) {
            // Edited meanwhile: its save evaluated it.
            Err(err) if err.status == 409 => {}
            other => {
                other?;
            }
        }
    }
    Ok(count)
}
