//! The `storage` host function: typed operations on a module's collections. No SQL text
//! crosses the boundary; the host builds every statement and binds the company itself.
//!
//! A collection is named by its manifest name (`items`) for the module's own, or
//! `<module>.<collection>` for another module's collection the installation granted
//! read access to.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A stored record: `id`, `created_at`, `updated_at`, `version` and the declared fields.
pub type Record = Map<String, Value>;

/// The system fields every record has, besides the declared ones.
pub const SYSTEM_FIELDS: [&str; 4] = ["id", "created_at", "updated_at", "version"];

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum StorageOp {
    /// Answers `Option<Record>`.
    Get { collection: String, id: String },
    /// Answers [`Page`].
    List { collection: String, query: Query },
    /// Answers the new [`Record`]. The host assigns the id.
    Insert { collection: String, record: Record },
    /// Answers the new records, in order. All or none are stored.
    InsertMany { collection: String, records: Vec<Record> },
    /// Changes the given fields when the stored version is `version`; answers the new
    /// [`Record`], or a 409 error when someone changed it first.
    Update { collection: String, id: String, version: i64, changes: Record },
    /// Answers `bool` (whether a record was deleted). With `version`, deletes only that
    /// version (409 otherwise).
    Delete { collection: String, id: String, version: Option<i64> },
    /// Deletes every record matching all filters (none: every record of the company) in
    /// one statement; answers `u64`, how many.
    DeleteMatching { collection: String, filters: Vec<Filter> },
    /// Answers `u64`.
    Count { collection: String, filters: Vec<Filter> },
    /// Answers `Vec<Record>`: one per group, holding the group keys and the metrics.
    Aggregate { collection: String, aggregate: Aggregate },
}

impl StorageOp {
    pub fn collection(&self) -> &str {
        match self {
            Self::Get { collection, .. }
            | Self::List { collection, .. }
            | Self::Insert { collection, .. }
            | Self::InsertMany { collection, .. }
            | Self::Update { collection, .. }
            | Self::Delete { collection, .. }
            | Self::DeleteMatching { collection, .. }
            | Self::Count { collection, .. }
            | Self::Aggregate { collection, .. } => collection,
        }
    }

    /// Reads may reach a granted collection of another module; writes never do.
    pub fn is_read(&self) -> bool {
        matches!(self, Self::Get { .. } | Self::List { .. } | Self::Count { .. } | Self::Aggregate { .. })
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Query {
    #[serde(default)]
    pub filters: Vec<Filter>,
    /// Applied in order; `id` always breaks ties so pages are stable.
    #[serde(default)]
    pub sort: Vec<Sort>,
    /// Page size; the host caps it at [`MAX_PAGE`]. Defaults to [`DEFAULT_PAGE`].
    #[serde(default)]
    pub limit: Option<u32>,
    /// The `next_cursor` of the previous page.
    #[serde(default)]
    pub cursor: Option<String>,
    /// Also count every record matching the filters.
    #[serde(default)]
    pub total: bool,
    /// The fields each record carries besides the system fields (and the sort fields);
    /// empty: every field. A plugin reading many records names only what it uses.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<String>,
}

pub const DEFAULT_PAGE: u32 = 50;
pub const MAX_PAGE: u32 = 500;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Filter {
    pub field: String,
    pub op: FilterOp,
    /// A JSON value of the field's type; an array for `in`; ignored for `is_null` and
    /// `not_null`.
    #[serde(default)]
    pub value: Value,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FilterOp {
    Eq,
    Ne,
    Lt,
    Lte,
    Gt,
    Gte,
    In,
    /// Case-insensitive substring match on text fields.
    Contains,
    /// Case-sensitive prefix match on text fields.
    Prefix,
    IsNull,
    NotNull,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Sort {
    pub field: String,
    #[serde(default)]
    pub desc: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Page {
    pub items: Vec<Record>,
    /// Present when more records follow.
    pub next_cursor: Option<String>,
    /// Present when the query asked for it.
    pub total: Option<u64>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Aggregate {
    #[serde(default)]
    pub filters: Vec<Filter>,
    #[serde(default)]
    pub group_by: Vec<GroupKey>,
    #[serde(default)]
    pub metrics: Vec<Metric>,
    /// Groups come back ordered by their keys; at most this many (default and cap
    /// [`MAX_GROUPS`]).
    #[serde(default)]
    pub limit: Option<u32>,
}

pub const MAX_GROUPS: u32 = 10_000;

/// A group key: a field's value, a timestamp field truncated to a bucket (UTC; weeks
/// start on Monday), or the bin a number falls in. The result names it `as`, or the
/// field's name.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GroupKey {
    pub field: String,
    #[serde(default)]
    pub bucket: Option<Bucket>,
    /// Increasing bounds: the key is 0 below `bins[0]`, i from `bins[i-1]` up to
    /// `bins[i]`, `bins.len()` from the last bound up, null without a value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bins: Option<Vec<f64>>,
    #[serde(default, rename = "as")]
    pub alias: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bucket {
    Hour,
    Day,
    Week,
    Month,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Metric {
    #[serde(rename = "fn")]
    pub function: MetricFn,
    /// Required except for `count`.
    #[serde(default)]
    pub field: Option<String>,
    #[serde(rename = "as")]
    pub alias: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MetricFn {
    Count,
    Sum,
    Avg,
    Min,
    Max,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ops_read_as_tagged_json() {
        let op: StorageOp = serde_json::from_value(serde_json::json!({
            "op": "list",
            "collection": "items",
            "query": { "filters": [{ "field": "qty", "op": "gte", "value": 3 }], "sort": [{ "field": "title" }] }
        }))
        .unwrap();
        assert!(op.is_read());
        assert_eq!(op.collection(), "items");
        let StorageOp::List { query, .. } = op else { panic!("expected list") };
        assert_eq!(query.filters[0].op, FilterOp::Gte);
        assert!(!query.sort[0].desc);
    }

    #[test]
    fn metrics_use_fn_and_as() {
        let metric: Metric = serde_json::from_str(r#"{ "fn": "avg", "field": "qty", "as": "mean" }"#).unwrap();
        assert_eq!(metric.function, MetricFn::Avg);
        assert_eq!(metric.alias, "mean");
    }
}
