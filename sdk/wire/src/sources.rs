//! `sources`: read-only access to the outside databases a company administrator connected
//! to the module (an RPA orchestrator's database, say). The plugin never sees a
//! credential and sends no SQL: it names a connection, a table and columns, and the host
//! builds the query, checks every name against the database's own catalogue, and runs it
//! read-only with a statement timeout and a row cap.
//!
//! Values come back as JSON: whole numbers, numbers (decimals as floats), text, booleans,
//! JSON, and times as unix seconds (a time without a zone is read in the connection's
//! time zone). In filters and keyset positions the same forms are accepted.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The most rows one `read` answers.
pub const MAX_SOURCE_ROWS: u32 = 5_000;
/// The most filters, and the most columns in `order`, of one `read`.
pub const MAX_SOURCE_FILTERS: usize = 32;

/// One operation on the calling module's connections, within the calling company.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum SourcesOp {
    /// The module's connections ([`Connection`]s, without any secret).
    List,
    /// Connects and answers the server's version ([`ServerVersion`]), or the error.
    Test { connection: String },
    /// The tables and views the connection's user can read ([`SourceTable`]s).
    Tables { connection: String },
    /// A table's columns ([`SourceColumn`]s).
    Columns { connection: String, table: String },
    /// Rows of a table ([`SourceRows`]).
    Read { connection: String, read: SourceRead },
}

/// The database engines a connection can reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SourceEngine {
    Postgres,
    /// MySQL and MariaDB.
    Mysql,
}

/// How the host secures the connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TlsMode {
    /// Plain TCP.
    Disable,
    /// TLS when the server offers it.
    Prefer,
    /// TLS without checking the certificate.
    Require,
    /// TLS with a certificate valid for the host name.
    Verify,
}

/// A connection as the module and its administrators see it: never the password.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Connection {
    pub id: String,
    pub name: String,
    pub engine: SourceEngine,
    pub host: String,
    pub port: u16,
    pub database: String,
    pub user: String,
    /// Whether a password is stored (it is never answered).
    pub password_set: bool,
    pub tls: TlsMode,
    /// The IANA zone of the source's times that carry no zone.
    pub time_zone: String,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A connection as an administrator writes it (`POST`/`PUT /api/modules/<key>/connections`).
/// Its `Debug` leaves the password out.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ConnectionDraft {
    pub name: String,
    pub engine: SourceEngine,
    pub host: String,
    pub port: u16,
    pub database: String,
    pub user: String,
    /// Left out (or null) keeps the stored password; empty removes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub password: Option<String>,
    pub tls: TlsMode,
    pub time_zone: String,
}

impl std::fmt::Debug for ConnectionDraft {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConnectionDraft")
            .field("name", &self.name)
            .field("engine", &self.engine)
            .field("host", &self.host)
            .field("port", &self.port)
            .field("database", &self.database)
            .field("user", &self.user)
            .field("password", &self.password.as_ref().map(|_| "<hidden>"))
            .field("tls", &self.tls)
            .field("time_zone", &self.time_zone)
            .finish()
    }
}

/// `POST /api/modules/<key>/connections/test`: a draft, tried before it is saved; with
/// the `id` of a stored connection, its password stands in for a left-out one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ConnectionTest {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub id: Option<String>,
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub draft: ConnectionDraft,
}

/// `test`'s answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ServerVersion {
    pub version: String,
}

/// A table or view. `name` is what `read` takes: `schema.table` on PostgreSQL, the table
/// alone on MySQL (the connection's database).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SourceTable {
    pub name: String,
    pub view: bool,
}

/// What a column's values become in JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ColumnKind {
    Integer,
    Number,
    Text,
    Boolean,
    /// Unix seconds.
    Timestamp,
    Json,
    /// Bytes: listed, but a read cannot select them.
    Binary,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SourceColumn {
    pub name: String,
    pub kind: ColumnKind,
    /// The database's own name of the type (`timestamp without time zone`, `datetime`).
    pub db_type: String,
    pub nullable: bool,
}

/// A page of rows: `columns` in the order of the read's, each row a value per column.
/// Ordered by `order` and positioned by `after` (keyset paging): the next page is asked
/// with `after` set to the last row's values of `order`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SourceRead {
    pub table: String,
    pub columns: Vec<String>,
    #[serde(default)]
    pub filters: Vec<SourceFilter>,
    /// Columns to sort by, ascending (their values also position `after`).
    #[serde(default)]
    pub order: Vec<String>,
    /// Only rows after these values of `order`, compared as a tuple.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<Vec<Value>>,
    /// At most [`MAX_SOURCE_ROWS`].
    pub limit: u32,
}

/// `{ column, op, value }`; `in` takes an array, `is_null` and `not_null` no value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SourceFilter {
    pub column: String,
    pub op: SourceFilterOp,
    #[serde(default)]
    pub value: Value,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SourceFilterOp {
    Eq,
    Ne,
    Lt,
    Lte,
    Gt,
    Gte,
    In,
    IsNull,
    NotNull,
}

/// `read`'s answer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SourceRows {
    pub columns: Vec<SourceColumn>,
    pub rows: Vec<Vec<Value>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drafts_debug_hides_its_password() {
        let draft = ConnectionDraft {
            name: "Orchestrator".into(),
            engine: SourceEngine::Mysql,
            host: "127.0.0.1".into(),
            port: 3306,
            database: "uipath".into(),
            user: "reader".into(),
            password: Some("Zebra-Quartz-4471".into()),
            tls: TlsMode::Disable,
            time_zone: "UTC".into(),
        };
        let shown = format!("{draft:?}");
        assert!(shown.contains("reader") && shown.contains("<hidden>") && !shown.contains("Zebra"), "{shown}");
    }
}
