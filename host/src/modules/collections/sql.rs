//! Statement text and its bound values, built together so a placeholder can never drift
//! from its value. The text holds only quoted identifiers, keywords and `$N`
//! placeholders; every value is bound.

use std::fmt::Write;

use serde_json::Value;
use sqlx::any::{Any, AnyArguments};
use sqlx::query::Query;

use crate::modules::manifest::{Collection, FieldType};
use crate::storage::Engine;

/// A value to bind, typed by the column it meets (PostgreSQL types a NULL by its bind).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Param {
    Text(Option<String>),
    Int(Option<i64>),
    Float(Option<f64>),
    Bool(Option<bool>),
}

impl Param {
    /// A JSON value already checked to fit a column of `kind`.
    pub(crate) fn of(kind: FieldType, value: &Value) -> Self {
        match kind {
            FieldType::Text => Self::Text(value.as_str().map(str::to_string)),
            FieldType::Integer | FieldType::Timestamp => Self::Int(value.as_i64()),
            FieldType::Number => Self::Float(value.as_f64()),
            FieldType::Boolean => Self::Bool(value.as_bool()),
            FieldType::Json => Self::Text((!value.is_null()).then(|| value.to_string())),
        }
    }
}

/// A statement with its values bound, ready to run.
pub(crate) type Statement = Query<'static, Any, AnyArguments>;

/// SQL text with its parameters in placeholder order.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct Sql {
    pub text: String,
    pub params: Vec<Param>,
}

impl Sql {
    pub(crate) fn new(text: &str) -> Self {
        Self { text: text.to_string(), params: Vec::new() }
    }

    pub(crate) fn push(&mut self, text: &str) -> &mut Self {
        self.text.push_str(text);
        self
    }

    /// A quoted identifier.
    pub(crate) fn ident(&mut self, name: &str) -> &mut Self {
        push_ident(&mut self.text, name);
        self
    }

    /// Binds `param` and writes its placeholder.
    pub(crate) fn bind(&mut self, param: Param) -> &mut Self {
        let placeholder = self.placeholder(param);
        self.text.push_str(&placeholder);
        self
    }

    /// Binds `param` and answers its placeholder without writing it, for a value the
    /// text refers to more than once (`$N` names one parameter on both engines).
    pub(crate) fn placeholder(&mut self, param: Param) -> String {
        self.params.push(param);
        format!("${}", self.params.len())
    }

    /// The statement, ready to run: the text is built from validated identifiers and
    /// placeholders only.
    pub(crate) fn query(self) -> Statement {
        let mut query = sqlx::query(sqlx::AssertSqlSafe(self.text));
        for param in self.params {
            query = match param {
                Param::Text(value) => query.bind(value),
                Param::Int(value) => query.bind(value),
                Param::Float(value) => query.bind(value),
                Param::Bool(value) => query.bind(value),
            };
        }
        query
    }
}

/// `"name"`, with any `"` doubled (names are validated already; this is the second wall).
pub(crate) fn push_ident(text: &mut String, name: &str) {
    text.push('"');
    text.push_str(&name.replace('"', "\"\""));
    text.push('"');
}

pub(crate) fn quoted(name: &str) -> String {
    let mut text = String::with_capacity(name.len() + 2);
    push_ident(&mut text, name);
    text
}

/// The table of a module's collection: `mod_<module>__<collection>`. Names never hold
/// `__`, so the pair is unambiguous.
pub fn table_name(module: &str, collection: &str) -> String {
    format!("mod_{module}__{collection}")
}

/// The system columns every record has, in the order records are selected.
pub(crate) const SYSTEM_COLUMNS: [(&str, FieldType); 4] = [
    ("id", FieldType::Text),
    ("created_at", FieldType::Timestamp),
    ("updated_at", FieldType::Timestamp),
    ("version", FieldType::Integer),
];

/// A column an operation may name: a declared field, or a system column (never NULL).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Column<'a> {
    pub name: &'a str,
    pub kind: FieldType,
    pub not_null: bool,
}

pub(crate) fn column<'a>(spec: &'a Collection, name: &str) -> Option<Column<'a>> {
    if let Some((system, kind)) = SYSTEM_COLUMNS.iter().find(|(system, _)| *system == name) {
        return Some(Column { name: system, kind: *kind, not_null: true });
    }
    spec.fields.get_key_value(name).map(|(name, field)| Column { name, kind: field.kind, not_null: false })
}

/// `"id", "created_at", "updated_at", "version", "<field>", ...`: the columns of a record.
pub(crate) fn record_columns(spec: &Collection) -> String {
    let mut text = String::new();
    for name in SYSTEM_COLUMNS.iter().map(|(name, _)| *name).chain(spec.fields.keys().map(String::as_str)) {
        if !text.is_empty() {
            text.push_str(", ");
        }
        push_ident(&mut text, name);
    }
    text
}

/// `"<field>", ...`: the columns a write sets, derived fields left out, in declaration
/// order (as `validate::new_record` binds them).
pub(crate) fn stored_columns(spec: &Collection) -> impl Iterator<Item = &str> {
    spec.fields.iter().filter(|(_, field)| field.difference.is_none()).map(|(name, _)| name.as_str())
}

/// Writes `args` separated by `, `.
pub(crate) fn join(text: &mut String, parts: impl IntoIterator<Item = impl AsRef<str>>) {
    for (i, part) in parts.into_iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        let _ = write!(text, "{}", part.as_ref());
    }
}

pub(crate) fn type_name(kind: FieldType) -> &'static str {
    match kind {
        FieldType::Text => "text",
        FieldType::Integer => "integer",
        FieldType::Number => "number",
        FieldType::Boolean => "boolean",
        FieldType::Timestamp => "timestamp",
        FieldType::Json => "json",
    }
}

/// The column type of a field. PostgreSQL text compares byte-wise (`COLLATE "C"`), as
/// SQLite's does, so sorting and min/max agree on both engines.
pub(crate) fn column_type(kind: FieldType, engine: Engine) -> &'static str {
    match (kind, engine) {
        (FieldType::Text, Engine::Postgres) => r#"TEXT COLLATE "C""#,
        (FieldType::Text | FieldType::Json, _) => "TEXT",
        (FieldType::Integer | FieldType::Timestamp, Engine::Postgres) => "BIGINT",
        (FieldType::Integer | FieldType::Timestamp | FieldType::Boolean, Engine::Sqlite) => "INTEGER",
        (FieldType::Number, Engine::Postgres) => "DOUBLE PRECISION",
        (FieldType::Number, Engine::Sqlite) => "REAL",
        (FieldType::Boolean, Engine::Postgres) => "BOOLEAN",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_are_quoted_and_values_bound() {
        let mut sql = Sql::new("SELECT ");
        sql.ident("title").push(" FROM ").ident("mod_a__b").push(" WHERE ").ident("x").push(" = ");
        sql.bind(Param::Text(Some("it's".into())));
        assert_eq!(sql.text, r#"SELECT "title" FROM "mod_a__b" WHERE "x" = $1"#);
        assert_eq!(sql.params, [Param::Text(Some("it's".into()))]);
        assert_eq!(quoted(r#"a"b"#), r#""a""b""#);
    }

    #[test]
    fn json_values_become_typed_params() {
        assert_eq!(Param::of(FieldType::Number, &serde_json::json!(3)), Param::Float(Some(3.0)));
        assert_eq!(Param::of(FieldType::Timestamp, &Value::Null), Param::Int(None));
        assert_eq!(Param::of(FieldType::Json, &serde_json::json!({"a": 1})), Param::Text(Some(r#"{"a":1}"#.into())));
        assert_eq!(Param::of(FieldType::Json, &Value::Null), Param::Text(None));
    }
}
