//! How a source table becomes the portal's runs or queue items: each canonical field from
//! a column (or a lookup in another table, a constant, a local time with its offset), the
//! source's status values through an editable table, and the kind of a failed run's
//! exception. Mapping a row is plain: a record, a row skipped on purpose, or a rejection
//! with its reason.

use std::collections::{BTreeMap, HashMap};

use autoscope_sdk::wire::sources::{SourceColumn, SourceRows};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The Bot Profile stream a table feeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Target {
    Runs,
    QueueItems,
}

impl Target {
    /// The ingestion stream, as granted in the manifest.
    pub fn stream(self) -> &'static str {
        match self {
            Self::Runs => "bots.runs",
            Self::QueueItems => "bots.queue_items",
        }
    }

    /// The canonical fields a mapping may fill (`external_id` always comes from the key).
    pub fn fields(self) -> &'static [Field] {
        match self {
            Self::Runs => RUN_FIELDS,
            Self::QueueItems => QUEUE_ITEM_FIELDS,
        }
    }

    /// The portal's statuses, which the status table maps source values to.
    pub fn statuses(self) -> &'static [&'static str] {
        match self {
            Self::Runs => &["running", "successful", "failed", "stopped"],
            Self::QueueItems => &["new", "in_progress", "successful", "failed", "abandoned"],
        }
    }

    /// The statuses a row may still leave: rows imported with one are read again by key.
    pub fn open(self, status: &str) -> bool {
        matches!((self, status), (Self::Runs, "running") | (Self::QueueItems, "new" | "in_progress"))
    }
}

/// What a canonical field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Text,
    Time,
    Integer,
    Status,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Field {
    pub name: &'static str,
    pub kind: Kind,
    pub required: bool,
    /// The longest text the stream stores (longer text is cut).
    pub max_length: Option<usize>,
}

const fn field(name: &'static str, kind: Kind, required: bool, max_length: Option<usize>) -> Field {
    Field { name, kind, required, max_length }
}

const RUN_FIELDS: &[Field] = &[
    field("bot", Kind::Text, true, Some(100)),
    field("process", Kind::Text, true, Some(200)),
    field("started_at", Kind::Time, true, None),
    field("ended_at", Kind::Time, false, None),
    field("status", Kind::Status, true, None),
    field("items", Kind::Integer, false, None),
    field("reason", Kind::Text, false, Some(300)),
];

const QUEUE_ITEM_FIELDS: &[Field] = &[
    field("queue", Kind::Text, true, Some(100)),
    field("reference", Kind::Text, false, Some(200)),
    field("status", Kind::Status, true, None),
    field("added_at", Kind::Time, true, None),
    field("started_at", Kind::Time, false, None),
    field("ended_at", Kind::Time, false, None),
    field("sla_deadline", Kind::Time, false, None),
    field("retries", Kind::Integer, false, None),
    field("bot", Kind::Text, false, Some(100)),
    field("process", Kind::Text, false, Some(200)),
];

/// Where a canonical field's value comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "from", rename_all = "snake_case")]
pub enum Source {
    /// A column of the row; when it is null, `or` (another column) when given.
    Column {
        column: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        or: Option<String>,
    },
    /// The `value` column of the row of `table` whose `key` column equals the row's
    /// `column` (a robot's name from the job's robot id).
    Lookup { column: String, table: String, key: String, value: String },
    /// The same value for every row.
    Constant {
        #[cfg_attr(test, ts(type = "string | number"))]
        value: Value,
    },
    /// A local time and, in `offset`, its distance from UTC in seconds (Blue Prism); read
    /// with the connection's time zone at UTC.
    LocalWithOffset { column: String, offset: String },
}

impl Source {
    /// The columns of the row it reads.
    pub fn columns(&self) -> Vec<&str> {
        match self {
            Self::Column { column, or } => std::iter::once(column.as_str()).chain(or.as_deref()).collect(),
            Self::Lookup { column, .. } => vec![column],
            Self::Constant { .. } => Vec::new(),
            Self::LocalWithOffset { column, offset } => vec![column, offset],
        }
    }
}

/// One line of a status table: a source value (as text) and the portal's status, or
/// `skip` for rows not to import (a job still pending, an item deleted).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StatusRow {
    pub from: String,
    pub to: String,
}

/// The status that leaves a row out.
pub const SKIP: &str = "skip";

/// How a failed run's exception kind (`business` or `system`) is told.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Exceptions {
    /// Every failed run is `default`.
    Fixed { default: String },
    /// The run's `column` starts with one of the prefixes (ignoring case): its kind;
    /// otherwise `default`.
    Prefixes { column: String, prefixes: Vec<StatusRow>, default: String },
}

/// How one source table maps onto a stream.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TableMap {
    pub target: Target,
    pub table: String,
    /// Columns whose values, joined, identify a row: with the connection's id they make
    /// the record's `external_id`, so reading a row again replaces its record.
    pub key: Vec<String>,
    /// A column whose values only grow (an identity, a creation time): each sync reads the
    /// rows past the last value it saw, less `overlap`.
    pub cursor: String,
    /// How far before the last cursor value each sync reads again, in the cursor's units
    /// (seconds for a time): rows that changed late are read again.
    pub overlap: i64,
    pub fields: BTreeMap<String, Source>,
    /// The status column's values; a value not in the table rejects its row.
    pub statuses: Vec<StatusRow>,
    /// Runs only: the kind of a failed run's exception.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub exceptions: Option<Exceptions>,
}

/// Values of lookup tables: table → key as text → value.
pub type Lookups = HashMap<String, HashMap<String, Value>>;

/// A row of a page: its values, found by column name. A page has few columns, so finding
/// one by its name beats building a map of every row's.
#[derive(Debug, Clone, Copy)]
pub struct Row<'a> {
    columns: &'a [SourceColumn],
    values: &'a [Value],
}

impl<'a> Row<'a> {
    /// The page's rows.
    pub fn all(page: &'a SourceRows) -> impl Iterator<Item = Row<'a>> {
        page.rows.iter().map(|values| Row { columns: &page.columns, values })
    }

    /// The column's value; null when the page has no such column.
    pub fn get(&self, column: &str) -> &'a Value {
        const NULL: &Value = &Value::Null;
        self.columns.iter().position(|known| known.name == column).and_then(|at| self.values.get(at)).unwrap_or(NULL)
    }
}

/// What became of a row.
#[derive(Debug, Clone, PartialEq)]
pub enum Mapped {
    Record(Map<String, Value>),
    /// The status table says to leave it out.
    Skipped,
    Rejected(String),
}

/// A source value as the text a status table and a key compare: whole numbers without a
/// fraction, text as it is.
pub fn text_of(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.as_i64().map_or_else(|| number.to_string(), |n| n.to_string())),
        other => Some(other.to_string()),
    }
}

impl TableMap {
    /// Every column the mapping reads (key, cursor and fields), once, in a stable order.
    pub fn columns(&self) -> Vec<String> {
        let mut columns: Vec<String> = Vec::new();
        let fields = self.fields.values().flat_map(Source::columns);
        let exception = match &self.exceptions {
            Some(Exceptions::Prefixes { column, .. }) => Some(column.as_str()),
            _ => None,
        };
        for column in self.key.iter().map(String::as_str).chain([self.cursor.as_str()]).chain(fields).chain(exception) {
            if !columns.iter().any(|known| known == column) {
                columns.push(column.to_string());
            }
        }
        columns
    }

    /// The row's key as text (the parts joined by `:`), as reports name rows.
    pub fn key_text(&self, row: Row) -> String {
        let parts: Vec<String> = self.key.iter().filter_map(|column| text_of(row.get(column))).collect();
        parts.join(":")
    }

    /// The lookups a page needs: `(table, key column, value column, keys)`.
    pub fn lookups_needed(&self, row_value: impl Fn(&str) -> Vec<Value>) -> Vec<(&str, &str, &str, Vec<Value>)> {
        let mut needed: Vec<(&str, &str, &str, Vec<Value>)> = Vec::new();
        for source in self.fields.values() {
            if let Source::Lookup { column, table, key, value } = source {
                let mut keys: Vec<Value> = row_value(column).into_iter().filter(|key| !key.is_null()).collect();
                keys.sort_by_key(|key| key.to_string());
                keys.dedup();
                match needed
                    .iter_mut()
                    .find(|(t, k, v, _)| (*t, *k, *v) == (table.as_str(), key.as_str(), value.as_str()))
                {
                    Some((.., known)) => known.extend(keys),
                    None => needed.push((table, key, value, keys)),
                }
            }
        }
        needed
    }

    /// The record of a row (`row` by column name), for the connection `connection`.
    pub fn map(&self, connection: &str, row: Row, lookups: &Lookups) -> Mapped {
        let get = |column: &str| row.get(column);
        let mut key = Vec::with_capacity(self.key.len());
        for column in &self.key {
            match text_of(get(column)) {
                Some(part) => key.push(part),
                None => return Mapped::Rejected(format!("The key column '{column}' is empty")),
            }
        }
        let mut record = Map::new();
        record.insert("external_id".into(), format!("{connection}:{}", key.join(":")).into());
        // The status first: a row the status table leaves out is skipped, not rejected for
        // what else it lacks (a pending job has no robot yet).
        let fields = self.target.fields();
        let is_status = |field: &&Field| field.kind == Kind::Status;
        for field in fields.iter().filter(is_status).chain(fields.iter().filter(|field| !is_status(field))) {
            let Some(source) = self.fields.get(field.name) else {
                if field.required {
                    return Mapped::Rejected(format!("'{}' is not mapped", field.name));
                }
                continue;
            };
            let value = match source {
                Source::Column { column, or } => {
                    let value = get(column);
                    match (value, or) {
                        (Value::Null, Some(other)) => get(other).clone(),
                        _ => value.clone(),
                    }
                }
                Source::Lookup { column, table, .. } => match text_of(get(column)) {
                    Some(id) => match lookups.get(table).and_then(|found| found.get(&id)) {
                        Some(found) => found.clone(),
                        None => return Mapped::Rejected(format!("No row of {table} has the {column} {id}")),
                    },
                    None => Value::Null,
                },
                Source::Constant { value } => value.clone(),
                Source::LocalWithOffset { column, offset } => match (get(column).as_i64(), get(offset).as_i64()) {
                    (Some(local), offset) => (local - offset.unwrap_or(0)).into(),
                    (None, _) => Value::Null,
                },
            };
            let value = match (field.kind, value) {
                (_, Value::Null) if field.required => {
                    return Mapped::Rejected(format!("'{}' is empty", field.name));
                }
                (_, Value::Null) => continue,
                (Kind::Status, value) => {
                    let from = text_of(&value).unwrap_or_default();
                    match self.statuses.iter().find(|row| row.from == from) {
                        Some(row) if row.to == SKIP => return Mapped::Skipped,
                        Some(row) => Value::String(row.to.clone()),
                        None => return Mapped::Rejected(format!("The status {from} is not in the status table")),
                    }
                }
                (Kind::Time | Kind::Integer, Value::Number(number)) if number.as_i64().is_some() => {
                    Value::Number(number)
                }
                (Kind::Time, other) => return Mapped::Rejected(format!("'{}' is not a time: {other}", field.name)),
                (Kind::Integer, other) => {
                    return Mapped::Rejected(format!("'{}' is not a whole number: {other}", field.name));
                }
                (Kind::Text, value) => {
                    let text = text_of(&value).unwrap_or_default();
                    Value::String(match field.max_length {
                        Some(max) if text.chars().count() > max => text.chars().take(max).collect(),
                        _ => text,
                    })
                }
            };
            record.insert(field.name.into(), value);
        }
        if self.target == Target::Runs && record.get("status").and_then(Value::as_str) == Some("failed") {
            record.insert("exception_type".into(), self.exception_kind(&get).into());
        }
        Mapped::Record(record)
    }

    fn exception_kind<'a>(&self, get: &impl Fn(&str) -> &'a Value) -> String {
        match &self.exceptions {
            None => "system".into(),
            Some(Exceptions::Fixed { default }) => default.clone(),
            Some(Exceptions::Prefixes { column, prefixes, default }) => {
                let text = text_of(get(column)).unwrap_or_default().to_lowercase();
                prefixes
                    .iter()
                    .find(|row| !row.from.is_empty() && text.starts_with(&row.from.to_lowercase()))
                    .map_or_else(|| default.clone(), |row| row.to.clone())
            }
        }
    }

    /// Every problem of the mapping itself, before any row is read.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if self.table.trim().is_empty() {
            problems.push("Choose a table".into());
        }
        if self.key.is_empty() {
            problems.push("Choose the key column that identifies a row".into());
        }
        if self.cursor.trim().is_empty() {
            problems.push("Choose a cursor column whose values only grow".into());
        }
        if self.overlap < 0 {
            problems.push("The overlap cannot be negative".into());
        }
        for name in self.fields.keys() {
            if !self.target.fields().iter().any(|field| field.name == name) {
                problems.push(format!("'{name}' is not a field of this stream"));
            }
        }
        for field in self.target.fields().iter().filter(|field| field.required) {
            if !self.fields.contains_key(field.name) {
                problems.push(format!("Map '{}': it is required", field.name));
            }
        }
        let allowed = self.target.statuses();
        for row in &self.statuses {
            if row.to != SKIP && !allowed.contains(&row.to.as_str()) {
                problems.push(format!(
                    "The status {} maps to '{}', which is not one of {}",
                    row.from,
                    row.to,
                    allowed.join(", ")
                ));
            }
        }
        let kinds = ["business", "system"];
        match &self.exceptions {
            Some(Exceptions::Fixed { default }) | Some(Exceptions::Prefixes { default, .. })
                if !kinds.contains(&default.as_str()) =>
            {
                problems.push("An exception kind is business or system".into());
            }
            Some(Exceptions::Prefixes { prefixes, .. })
                if prefixes.iter().any(|row| !kinds.contains(&row.to.as_str())) =>
            {
                problems.push("An exception kind is business or system".into());
            }
            _ => {}
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use autoscope_sdk::wire::sources::ColumnKind;
    use serde_json::json;

    fn jobs() -> TableMap {
        let column = |name: &str| Source::Column { column: name.into(), or: None };
        TableMap {
            target: Target::Runs,
            table: "Jobs".into(),
            key: vec!["Id".into()],
            cursor: "Id".into(),
            overlap: 0,
            fields: BTreeMap::from([
                (
                    "bot".into(),
                    Source::Lookup {
                        column: "RobotId".into(),
                        table: "Robots".into(),
                        key: "Id".into(),
                        value: "Name".into(),
                    },
                ),
                ("process".into(), Source::Constant { value: json!("Invoices") }),
                ("started_at".into(), Source::Column { column: "StartTime".into(), or: Some("CreationTime".into()) }),
                ("ended_at".into(), column("EndTime")),
                ("status".into(), column("State")),
                ("reason".into(), column("Info")),
            ]),
            statuses: [("0", SKIP), ("1", "running"), ("4", "failed"), ("5", "successful")]
                .map(|(from, to)| StatusRow { from: from.into(), to: to.into() })
                .to_vec(),
            exceptions: Some(Exceptions::Prefixes {
                column: "Info".into(),
                prefixes: vec![StatusRow { from: "BusinessRule".into(), to: "business".into() }],
                default: "system".into(),
            }),
        }
    }

    fn map(table: &TableMap, row: &Value) -> Mapped {
        let (names, values): (Vec<&String>, Vec<Value>) =
            row.as_object().unwrap().iter().map(|(k, v)| (k, v.clone())).unzip();
        let columns = names
            .into_iter()
            .map(|name| SourceColumn {
                name: name.clone(),
                kind: ColumnKind::Text,
                db_type: String::new(),
                nullable: true,
            })
            .collect();
        let page = SourceRows { columns, rows: vec![values] };
        let lookups = Lookups::from([("Robots".to_string(), HashMap::from([("7".to_string(), json!("Robot-7"))]))]);
        table.map("c1", Row::all(&page).next().unwrap(), &lookups)
    }

    #[test]
    fn a_row_becomes_a_record_keyed_by_connection_and_source_key() {
        let row = json!({ "Id": 42, "RobotId": 7, "StartTime": null, "CreationTime": 1_700_000_000, "EndTime": 1_700_000_600,
                          "State": 4, "Info": "businessrule: the invoice is a duplicate" });
        let Mapped::Record(record) = map(&jobs(), &row) else { panic!("{:?}", map(&jobs(), &row)) };
        assert_eq!(
            Value::Object(record),
            json!({ "external_id": "c1:42", "bot": "Robot-7", "process": "Invoices", "started_at": 1_700_000_000,
                    "ended_at": 1_700_000_600, "status": "failed", "reason": "businessrule: the invoice is a duplicate",
                    "exception_type": "business" })
        );
    }

    #[test]
    fn rows_are_skipped_or_rejected_with_the_reason() {
        let base = json!({ "Id": 1, "RobotId": 7, "StartTime": 1, "State": 5 });
        let with = |change: Value| {
            let mut row = base.clone();
            row.as_object_mut().unwrap().extend(change.as_object().unwrap().clone());
            map(&jobs(), &row)
        };
        assert_eq!(with(json!({ "State": 0, "RobotId": null })), Mapped::Skipped);
        assert_eq!(with(json!({ "State": 9 })), Mapped::Rejected("The status 9 is not in the status table".into()));
        assert_eq!(with(json!({ "RobotId": 8 })), Mapped::Rejected("No row of Robots has the RobotId 8".into()));
        assert_eq!(with(json!({ "Id": null })), Mapped::Rejected("The key column 'Id' is empty".into()));
        assert_eq!(with(json!({ "StartTime": null })), Mapped::Rejected("'started_at' is empty".into()));
        assert_eq!(
            with(json!({ "StartTime": "yesterday" })),
            Mapped::Rejected("'started_at' is not a time: \"yesterday\"".into())
        );
        let Mapped::Record(record) = with(json!({ "State": 4, "Info": "x".repeat(400) })) else { panic!() };
        assert_eq!((record["reason"].as_str().map(str::len), &record["exception_type"]), (Some(300), &json!("system")));
    }

    #[test]
    fn a_local_time_with_its_offset_is_read_as_utc() {
        let mut sessions = jobs();
        sessions
            .fields
            .insert("started_at".into(), Source::LocalWithOffset { column: "start".into(), offset: "offset".into() });
        // 12:00 local at UTC+2 (7,200 s) is 10:00 UTC.
        let Mapped::Record(record) =
            map(&sessions, &json!({ "Id": 1, "RobotId": 7, "State": 5, "start": 43_200, "offset": 7_200 }))
        else {
            panic!()
        };
        assert_eq!(record["started_at"], 36_000);
    }

    #[test]
    fn the_columns_and_lookups_a_page_needs() {
        let table = jobs();
        assert_eq!(table.columns(), ["Id", "RobotId", "EndTime", "Info", "StartTime", "CreationTime", "State"]);
        let needed = table.lookups_needed(|column| {
            assert_eq!(column, "RobotId");
            vec![json!(7), json!(8), json!(7), Value::Null]
        });
        assert_eq!(needed, vec![("Robots", "Id", "Name", vec![json!(7), json!(8)])]);
    }

    #[test]
    fn a_mapping_names_every_problem() {
        let mut table = jobs();
        table.fields.remove("bot");
        table.fields.insert("colour".into(), Source::Constant { value: json!("red") });
        table.statuses.push(StatusRow { from: "6".into(), to: "halted".into() });
        table.key.clear();
        assert_eq!(
            table.problems(),
            [
                "Choose the key column that identifies a row",
                "'colour' is not a field of this stream",
                "Map 'bot': it is required",
                "The status 6 maps to 'halted', which is not one of running, successful, failed, stopped"
            ]
        );
        assert!(jobs().problems().is_empty());
    }
}
