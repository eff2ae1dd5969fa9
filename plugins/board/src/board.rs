//! The board as the page shows it: the vault's processes joined with the board's cards
//! and comment counts, and the columns with their WIP counts and limits.

use std::collections::HashMap;

use autoscope_sdk::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::transitions::{self, COLUMNS};
use crate::validation;

/// The fields of a vault process the board reads (besides its id and version).
const PROCESS_FIELDS: [&str; 5] = ["name", "department", "owner_id", "health", "stage"];

/// A vault process as the board reads it.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Process {
    pub id: String,
    pub version: i64,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub department: Option<String>,
    #[serde(default)]
    pub owner_id: Option<String>,
    #[serde(default)]
    pub health: Option<String>,
    /// Null only if someone cleared it: such a card is in no column.
    #[serde(default)]
    pub stage: Option<String>,
}

/// The board's own data about a process: who works on it and by when.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Card {
    pub id: String,
    pub version: i64,
    pub process_id: String,
    #[serde(default)]
    pub assignee_id: Option<String>,
    /// Unix seconds.
    #[serde(default)]
    pub due: Option<i64>,
}

/// A process on the board, with its card's assignee and due date.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CardView {
    pub process_id: String,
    /// The process record's version: a move sends it back (409 when someone changed the process).
    pub version: i64,
    pub name: String,
    pub department: Option<String>,
    pub owner_id: Option<String>,
    pub health: Option<String>,
    pub stage: Option<String>,
    /// Null when the stage is in no column (someone cleared it).
    #[cfg_attr(test, ts(type = "ColumnKey | null"))]
    pub column: Option<&'static str>,
    pub assignee_id: Option<String>,
    /// Unix seconds (UTC midnight of the due day), or null.
    pub due: Option<i64>,
    /// How many comments it has.
    pub comments: u64,
}

impl CardView {
    pub fn new(process: Process, card: Option<&Card>, comments: u64) -> Self {
        Self {
            column: process.stage.as_deref().and_then(transitions::column_of).map(|column| column.key),
            process_id: process.id,
            version: process.version,
            name: process.name,
            department: process.department,
            owner_id: process.owner_id,
            health: process.health,
            stage: process.stage,
            assignee_id: card.and_then(|card| card.assignee_id.clone()),
            due: card.and_then(|card| card.due),
            comments,
        }
    }
}

/// A column's header.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ColumnView {
    #[cfg_attr(test, ts(type = "ColumnKey"))]
    pub key: &'static str,
    pub label: &'static str,
    /// Null: no limit.
    pub wip_limit: Option<u64>,
    /// Every card in the column, whatever the filters: the count the limit is about.
    pub count: u64,
}

/// The columns with their counts (`stage_counts`: processes per stage) and limits.
pub fn columns(stage_counts: &HashMap<String, u64>, wip: &Map<String, Value>) -> Vec<ColumnView> {
    COLUMNS
        .iter()
        .map(|column| ColumnView {
            key: column.key,
            label: column.label,
            wip_limit: validation::limit_of(wip, column.key),
            count: column.stages.iter().filter_map(|stage| stage_counts.get(*stage)).sum(),
        })
        .collect()
}

/// The filters of `GET /board`; empty ones are no filter.
#[derive(Debug, Default, Clone)]
pub struct Filters {
    pub q: Option<String>,
    pub department: Option<String>,
    pub owner_id: Option<String>,
    pub assignee_id: Option<String>,
    pub health: Option<String>,
}

impl Filters {
    pub fn from_request(req: &Request) -> Self {
        let given = |name: &str| input::non_blank(req.query(name)).map(str::to_string);
        Self {
            q: given("q"),
            department: given("department"),
            owner_id: given("owner_id"),
            assignee_id: given("assignee_id"),
            health: given("health"),
        }
    }

    /// The query of the vault's processes that pass the filters on the process itself,
    /// ordered by name, reading only the fields a card shows: whole records (descriptions
    /// of up to 4,000 characters) would cost the plugin far more fuel than 5,000 processes
    /// allow.
    pub fn processes(&self) -> Query {
        let mut query = Query::default().sort("name").fields(PROCESS_FIELDS);
        if let Some(q) = &self.q {
            query = query.filter("name", FilterOp::Contains, q.as_str());
        }
        for (field, value) in [("department", &self.department), ("owner_id", &self.owner_id), ("health", &self.health)]
        {
            if let Some(value) = value {
                query = query.eq(field, value.as_str());
            }
        }
        query
    }
}

/// The cards of `processes` with their card data and comment counts, keeping those of
/// the assignee filter (the one filter on the board's own data).
pub fn cards(
    processes: Vec<Process>,
    cards: &HashMap<String, Card>,
    comments: &HashMap<String, u64>,
    assignee_id: Option<&str>,
) -> Vec<CardView> {
    processes
        .into_iter()
        .filter_map(|process| {
            let card = cards.get(&process.id);
            let assigned = card.and_then(|card| card.assignee_id.as_deref());
            if assignee_id.is_some_and(|wanted| assigned != Some(wanted)) {
                return None;
            }
            let count = comments.get(&process.id).copied().unwrap_or_default();
            Some(CardView::new(process, card, count))
        })
        .collect()
}

/// One card per process: the oldest when two first edits at once stored two.
pub fn cards_by_process(stored: Vec<Card>) -> HashMap<String, Card> {
    // Listed oldest first, so keeping the first of each process keeps the oldest.
    let mut by_process = HashMap::new();
    for card in stored {
        by_process.entry(card.process_id.clone()).or_insert(card);
    }
    by_process
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn process(id: &str, stage: &str) -> Process {
        Process {
            id: id.into(),
            version: 2,
            name: format!("Process {id}"),
            stage: Some(stage.into()),
            ..Process::default()
        }
    }

    fn card(process_id: &str, assignee: Option<&str>) -> Card {
        Card {
            process_id: process_id.into(),
            assignee_id: assignee.map(str::to_string),
            due: Some(99),
            ..Card::default()
        }
    }

    #[test]
    fn columns_count_their_stages_and_show_their_limits() {
        let counts = HashMap::from([("idea".to_string(), 3), ("retired".to_string(), 1), ("rejected".to_string(), 2)]);
        let wip = json!({ "idea": 4 }).as_object().cloned().unwrap_or_default();
        let columns = columns(&counts, &wip);
        let keys: Vec<&str> = columns.iter().map(|c| c.key).collect();
        assert_eq!(keys, ["idea", "assessment", "analysis", "development", "testing", "live", "closed"]);
        assert_eq!(columns[0], ColumnView { key: "idea", label: "Idea", wip_limit: Some(4), count: 3 });
        assert_eq!(columns[1].count, 0);
        assert_eq!(columns[6], ColumnView { key: "closed", label: "Retired or Rejected", wip_limit: None, count: 3 });
    }

    #[test]
    fn cards_join_card_data_and_comment_counts() {
        let stored = cards_by_process(vec![card("a", Some("u1"))]);
        let comments = HashMap::from([("a".to_string(), 2)]);
        let views = cards(vec![process("a", "rejected"), process("b", "idea")], &stored, &comments, None);
        assert_eq!(
            serde_json::to_value(&views[0]).ok(),
            Some(json!({
                "process_id": "a", "version": 2, "name": "Process a", "department": null, "owner_id": null,
                "health": null, "stage": "rejected", "column": "closed", "assignee_id": "u1", "due": 99, "comments": 2
            }))
        );
        assert_eq!((views[1].assignee_id.as_deref(), views[1].due, views[1].comments), (None, None, 0));
        let unstaged = cards(vec![Process { stage: None, ..process("c", "idea") }], &stored, &comments, None);
        assert_eq!(unstaged[0].column, None);
    }

    #[test]
    fn the_assignee_filter_keeps_that_assignees_cards() {
        let stored = cards_by_process(vec![card("a", Some("u1")), card("b", Some("u2"))]);
        let processes = vec![process("a", "idea"), process("b", "idea"), process("c", "idea")];
        let views = cards(processes, &stored, &HashMap::new(), Some("u2"));
        let ids: Vec<&str> = views.iter().map(|v| v.process_id.as_str()).collect();
        assert_eq!(ids, ["b"]);
    }

    #[test]
    fn the_oldest_card_of_a_process_wins() {
        let stored = cards_by_process(vec![card("a", Some("first")), card("a", Some("second"))]);
        assert_eq!(stored["a"].assignee_id.as_deref(), Some("first"));
    }

    #[test]
    fn filters_become_a_vault_query_ordered_by_name_with_the_card_fields() {
        let filters = Filters { q: Some("inv".into()), health: Some("at_risk".into()), ..Filters::default() };
        let query = serde_json::to_value(filters.processes()).unwrap_or_default();
        assert_eq!(
            query["filters"],
            json!([
                { "field": "name", "op": "contains", "value": "inv" },
                { "field": "health", "op": "eq", "value": "at_risk" }
            ])
        );
        assert_eq!(query["sort"], json!([{ "field": "name", "desc": false }]));
        assert_eq!(query["fields"], json!(["name", "department", "owner_id", "health", "stage"]));
    }
}
