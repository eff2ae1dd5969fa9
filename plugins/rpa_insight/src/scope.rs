//! The page's filters (process, bot, queue) and the storage filters each collection takes
//! from them. Runs have no queue and queue items are often not yet given to a bot, so the
//! bot filter narrows runs only and the queue filter queue items only; the process filter
//! narrows both. Every one is on a `group` field of the rollups, so aggregates still fit.

use autoscope_sdk::input::non_blank;
use autoscope_sdk::prelude::*;
use serde::Serialize;

pub const TOO_LONG: &str = "A filter is at most 200 characters";
pub const UNKNOWN_STATUS: &str = "The status must be running, successful, failed or stopped";

/// The run statuses of `bots.runs`, in the order the page shows them.
pub const RUN_STATUSES: [&str; 4] = ["running", "successful", "failed", "stopped"];
/// The longest process name in `bots` (bots and queues are at most 100).
const MAX_FILTER: usize = 200;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "Filters"))]
pub struct Scope {
    pub process: Option<String>,
    pub bot: Option<String>,
    pub queue: Option<String>,
}

impl Scope {
    /// The filters of a query (`param` reads a query parameter); blank is no filter.
    pub fn parse<'a>(param: impl Fn(&str) -> Option<&'a str>) -> std::result::Result<Self, &'static str> {
        let read = |name: &str| match non_blank(param(name)) {
            Some(value) if value.chars().count() > MAX_FILTER => Err(TOO_LONG),
            value => Ok(value.map(str::to_string)),
        };
        Ok(Self { process: read("process")?, bot: read("bot")?, queue: read("queue")? })
    }

    /// The filters on runs: the bot and the process.
    pub fn run_filters(&self) -> Vec<Filter> {
        equal(&[("bot", &self.bot), ("process", &self.process)])
    }

    /// The filters on queue items: the queue and the process.
    pub fn queue_filters(&self) -> Vec<Filter> {
        equal(&[("queue", &self.queue), ("process", &self.process)])
    }
}

fn equal(pairs: &[(&str, &Option<String>)]) -> Vec<Filter> {
    pairs
        .iter()
        .filter_map(|(field, value)| value.as_deref().map(|value| storage::filter(*field, FilterOp::Eq, value)))
        .collect()
}

/// A run status from the query; `None` when not given.
pub fn run_status(text: Option<&str>) -> std::result::Result<Option<&'static str>, &'static str> {
    match non_blank(text) {
        None => Ok(None),
        Some(status) => {
            RUN_STATUSES.iter().find(|known| **known == status).map(|known| Some(*known)).ok_or(UNKNOWN_STATUS)
        }
    }
}

/// An aggregate with these filters first.
pub fn aggregate(filters: impl IntoIterator<Item = Filter>) -> Aggregate {
    Aggregate { filters: filters.into_iter().collect(), ..Aggregate::default() }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn scope(pairs: &[(&str, &str)]) -> std::result::Result<Scope, &'static str> {
        Scope::parse(|name| pairs.iter().find(|(key, _)| *key == name).map(|(_, value)| *value))
    }

    #[test]
    fn filters_are_trimmed_and_blank_is_none() {
        let parsed = scope(&[("process", " Invoices "), ("bot", " "), ("queue", "Q1")]).unwrap();
        assert_eq!(parsed, Scope { process: Some("Invoices".into()), bot: None, queue: Some("Q1".into()) });
        assert_eq!(scope(&[]).unwrap(), Scope::default());
        assert_eq!(
            scope(&[("bot", &"é".repeat(200))]).map(|scope| scope.bot.map(|bot| bot.chars().count())),
            Ok(Some(200))
        );
        assert_eq!(scope(&[("bot", &"b".repeat(201))]), Err(TOO_LONG));
    }

    #[test]
    fn bots_narrow_runs_and_queues_narrow_queue_items() {
        let all = scope(&[("process", "P"), ("bot", "B"), ("queue", "Q")]).unwrap();
        assert_eq!(
            serde_json::to_value(all.run_filters()).unwrap(),
            json!([{ "field": "bot", "op": "eq", "value": "B" }, { "field": "process", "op": "eq", "value": "P" }])
        );
        assert_eq!(
            serde_json::to_value(all.queue_filters()).unwrap(),
            json!([{ "field": "queue", "op": "eq", "value": "Q" }, { "field": "process", "op": "eq", "value": "P" }])
        );
        assert!(Scope::default().run_filters().is_empty() && Scope::default().queue_filters().is_empty());
    }

    #[test]
    fn run_statuses_are_the_four_of_bots() {
        assert_eq!(run_status(Some(" failed ")), Ok(Some("failed")));
        assert_eq!(run_status(Some("")), Ok(None));
        assert_eq!(run_status(None), Ok(None));
        assert_eq!(run_status(Some("Failed")), Err(UNKNOWN_STATUS));
    }
}
