//! The SQL of a read, built from names the database's own catalogue listed: the table and
//! columns are checked against it, quoted for the engine, and every value is a bind
//! parameter. No text of the plugin's reaches the SQL but as a checked identifier.

use autoscope_wire::sources::{
    ColumnKind, MAX_SOURCE_FILTERS, MAX_SOURCE_ROWS, SourceColumn, SourceFilter, SourceFilterOp, SourceRead,
};
use chrono::{DateTime, NaiveDateTime, TimeZone, Utc};
use serde_json::Value;

use crate::error::{Error, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Postgres,
    Mysql,
}

/// How a timestamp column's values relate to UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeBasis {
    /// An instant (PostgreSQL's `timestamp with time zone`).
    Zoned,
    /// A wall-clock time in the connection's zone (`timestamp without time zone`, `datetime`).
    Local,
    /// A wall-clock time in UTC (MySQL's `timestamp`, read in a `+00:00` session).
    Utc,
}

/// A column as the catalogue describes it, with what the host reads it as.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub info: SourceColumn,
    pub time: Option<TimeBasis>,
}

/// What a database type name is read as, on `dialect`.
pub fn classify(dialect: Dialect, data_type: &str) -> (ColumnKind, Option<TimeBasis>) {
    let data_type = data_type.to_ascii_lowercase();
    let kind = match (dialect, data_type.as_str()) {
        (Dialect::Postgres, "smallint" | "integer" | "bigint") => ColumnKind::Integer,
        (Dialect::Postgres, "real" | "double precision" | "numeric") => ColumnKind::Number,
        (Dialect::Postgres, "boolean") => ColumnKind::Boolean,
        (Dialect::Postgres, "timestamp with time zone") => return (ColumnKind::Timestamp, Some(TimeBasis::Zoned)),
        (Dialect::Postgres, "timestamp without time zone") => return (ColumnKind::Timestamp, Some(TimeBasis::Local)),
        (Dialect::Postgres, "json" | "jsonb") => ColumnKind::Json,
        (Dialect::Postgres, "bytea") => ColumnKind::Binary,
        (Dialect::Mysql, "tinyint" | "smallint" | "mediumint" | "int" | "integer" | "bigint" | "year" | "bit") => {
            ColumnKind::Integer
        }
        (Dialect::Mysql, "decimal" | "float" | "double" | "real") => ColumnKind::Number,
        (Dialect::Mysql, "datetime") => return (ColumnKind::Timestamp, Some(TimeBasis::Local)),
        (Dialect::Mysql, "timestamp") => return (ColumnKind::Timestamp, Some(TimeBasis::Utc)),
        (Dialect::Mysql, "json") => ColumnKind::Json,
        (Dialect::Mysql, "binary" | "varbinary" | "tinyblob" | "blob" | "mediumblob" | "longblob") => {
            ColumnKind::Binary
        }
        _ => ColumnKind::Text,
    };
    (kind, None)
}

/// A value bound to a placeholder.
#[derive(Debug, Clone, PartialEq)]
pub enum Bind {
    Int(i64),
    Float(f64),
    Text(String),
    Bool(bool),
    Instant(DateTime<Utc>),
    Wall(NaiveDateTime),
}

/// A statement and its parameters, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Statement {
    pub sql: String,
    pub binds: Vec<Bind>,
    /// The selected columns, in the answer's order.
    pub columns: Vec<Column>,
}

pub fn quote(dialect: Dialect, identifier: &str) -> String {
    match dialect {
        Dialect::Postgres => format!("\"{}\"", identifier.replace('"', "\"\"")),
        Dialect::Mysql => format!("`{}`", identifier.replace('`', "``")),
    }
}

/// `schema.table` (PostgreSQL) or `table` (MySQL), quoted.
pub fn table_reference(dialect: Dialect, schema: Option<&str>, table: &str) -> String {
    match schema {
        Some(schema) => format!("{}.{}", quote(dialect, schema), quote(dialect, table)),
        None => quote(dialect, table),
    }
}

/// The SELECT of `read` from `reference` (the quoted table), whose catalogue columns are
/// `catalogue`. `zone` reads and writes the wall-clock times of `TimeBasis::Local` columns.
pub fn select(
    dialect: Dialect,
    reference: &str,
    catalogue: &[Column],
    read: &SourceRead,
    zone: chrono_tz::Tz,
) -> Result<Statement> {
    if read.limit == 0 || read.limit > MAX_SOURCE_ROWS {
        return Err(Error::bad_request(format!("A read takes 1 to {MAX_SOURCE_ROWS} rows")));
    }
    if read.columns.is_empty() {
        return Err(Error::bad_request("Choose at least one column to read"));
    }
    if read.filters.len() > MAX_SOURCE_FILTERS || read.order.len() > MAX_SOURCE_FILTERS {
        return Err(Error::bad_request(format!("A read takes at most {MAX_SOURCE_FILTERS} filters and order columns")));
    }
    let find = |name: &str| {
        catalogue
            .iter()
            .find(|column| column.info.name == name)
            .ok_or_else(|| Error::bad_request(format!("There is no column '{name}' in '{}'", read.table)))
    };
    let mut builder = Builder { dialect, binds: Vec::new() };
    let mut columns = Vec::with_capacity(read.columns.len());
    let mut selected = Vec::with_capacity(read.columns.len());
    for name in &read.columns {
        let column = find(name)?;
        if column.info.kind == ColumnKind::Binary {
            return Err(Error::bad_request(format!("The column '{name}' holds bytes, which cannot be read")));
        }
        selected.push(select_expression(dialect, column));
        columns.push(column.clone());
    }
    let mut conditions = Vec::new();
    for filter in &read.filters {
        let column = find(&filter.column)?;
        conditions.push(builder.condition(column, filter, zone)?);
    }
    let order: Vec<&Column> = read.order.iter().map(|name| find(name)).collect::<Result<_>>()?;
    for column in &order {
        // NULL compares as unknown in the keyset tuple and sorts differently by engine.
        conditions.push(format!("{} IS NOT NULL", quote(dialect, &column.info.name)));
    }
    if let Some(after) = &read.after {
        if after.len() != order.len() {
            return Err(Error::bad_request("'after' needs one value for each column of 'order'"));
        }
        conditions.push(builder.after(&order, after, zone)?);
    }
    let mut sql = format!("SELECT {} FROM {reference}", selected.join(", "));
    if !conditions.is_empty() {
        sql.push_str(" WHERE ");
        sql.push_str(&conditions.join(" AND "));
    }
    if !order.is_empty() {
        let keys: Vec<String> = order.iter().map(|column| comparable(dialect, column)).collect();
        sql.push_str(" ORDER BY ");
        sql.push_str(&keys.join(", "));
    }
    sql.push_str(&format!(" LIMIT {}", read.limit));
    Ok(Statement { sql, binds: builder.binds, columns })
}

/// The expression whose value decodes as the column's kind.
fn select_expression(dialect: Dialect, column: &Column) -> String {
    let name = quote(dialect, &column.info.name);
    match (column.info.kind, dialect) {
        (ColumnKind::Integer, Dialect::Postgres) => format!("CAST({name} AS BIGINT)"),
        (ColumnKind::Integer, Dialect::Mysql) => format!("CAST({name} AS SIGNED)"),
        (ColumnKind::Number, Dialect::Postgres) => format!("CAST({name} AS DOUBLE PRECISION)"),
        (ColumnKind::Number, Dialect::Mysql) => format!("CAST({name} AS DOUBLE)"),
        (ColumnKind::Text | ColumnKind::Json, Dialect::Postgres) => format!("CAST({name} AS TEXT)"),
        (ColumnKind::Text | ColumnKind::Json, Dialect::Mysql) => format!("CAST({name} AS CHAR)"),
        (ColumnKind::Boolean | ColumnKind::Timestamp | ColumnKind::Binary, _) => name,
    }
}

/// The column as compared with a bound value: PostgreSQL compares text with text only
/// (a `uuid` column with a text value would fail), so text columns are cast there.
fn comparable(dialect: Dialect, column: &Column) -> String {
    let name = quote(dialect, &column.info.name);
    match (column.info.kind, dialect) {
        (ColumnKind::Text, Dialect::Postgres) => format!("CAST({name} AS TEXT)"),
        _ => name,
    }
}

struct Builder {
    dialect: Dialect,
    binds: Vec<Bind>,
}

impl Builder {
    fn condition(&mut self, column: &Column, filter: &SourceFilter, zone: chrono_tz::Tz) -> Result<String> {
        let name = &column.info.name;
        if matches!(column.info.kind, ColumnKind::Json | ColumnKind::Binary) {
            return Err(Error::bad_request(format!("The column '{name}' cannot be filtered")));
        }
        let left = comparable(self.dialect, column);
        let operator = match filter.op {
            SourceFilterOp::IsNull => return Ok(format!("{} IS NULL", quote(self.dialect, name))),
            SourceFilterOp::NotNull => return Ok(format!("{} IS NOT NULL", quote(self.dialect, name))),
            SourceFilterOp::In => {
                let Value::Array(values) = &filter.value else {
                    return Err(Error::bad_request(format!("The 'in' filter on '{name}' takes a list of values")));
                };
                if values.len() > 1_000 {
                    return Err(Error::bad_request("An 'in' filter takes at most 1,000 values"));
                }
                if values.is_empty() {
                    return Ok("1 = 0".into());
                }
                let placeholders: Vec<String> =
                    values.iter().map(|value| self.bind(column, value, zone)).collect::<Result<_>>()?;
                return Ok(format!("{left} IN ({})", placeholders.join(", ")));
            }
            SourceFilterOp::Eq => "=",
            SourceFilterOp::Ne => "<>",
            SourceFilterOp::Lt => "<",
            SourceFilterOp::Lte => "<=",
            SourceFilterOp::Gt => ">",
            SourceFilterOp::Gte => ">=",
        };
        let right = self.bind(column, &filter.value, zone)?;
        Ok(format!("{left} {operator} {right}"))
    }

    /// Binds `value` as the column's type; answers its placeholder.
    /// The keyset condition: rows after `after` in the order of `order`. PostgreSQL walks
    /// an index for a row comparison; MySQL and MariaDB scan and sort the whole table for
    /// one, so there the same order is spelled out with a range on its first column:
    /// `a >= x AND (a > x OR (b >= y AND (b > y OR c > z)))`.
    fn after(&mut self, order: &[&Column], after: &[Value], zone: chrono_tz::Tz) -> Result<String> {
        let left: Vec<String> = order.iter().map(|column| comparable(self.dialect, column)).collect();
        if self.dialect == Dialect::Postgres && order.len() > 1 {
            let right: Vec<String> =
                order.iter().zip(after).map(|(column, value)| self.bind(column, value, zone)).collect::<Result<_>>()?;
            return Ok(format!("({}) > ({})", left.join(", "), right.join(", ")));
        }
        let Some(last) = order.len().checked_sub(1) else {
            return Err(Error::bad_request("'after' needs an 'order'"));
        };
        // Placeholders are bound in the order they are written.
        let mut condition = String::new();
        for (at, (column, value)) in order.iter().zip(after).enumerate() {
            let name = &left[at];
            if at == last {
                condition.push_str(&format!("{name} > {}", self.bind(column, value, zone)?));
            } else {
                let (from, past) = (self.bind(column, value, zone)?, self.bind(column, value, zone)?);
                condition.push_str(&format!("{name} >= {from} AND ({name} > {past} OR ("));
            }
        }
        condition.push_str(&"))".repeat(last));
        Ok(condition)
    }

    fn bind(&mut self, column: &Column, value: &Value, zone: chrono_tz::Tz) -> Result<String> {
        let name = &column.info.name;
        let wrong = |what: &str| Error::bad_request(format!("A value for '{name}' must be {what}"));
        let bind = match column.info.kind {
            ColumnKind::Integer => Bind::Int(value.as_i64().ok_or_else(|| wrong("a whole number"))?),
            ColumnKind::Number => Bind::Float(value.as_f64().ok_or_else(|| wrong("a number"))?),
            ColumnKind::Text => Bind::Text(value.as_str().ok_or_else(|| wrong("text"))?.to_string()),
            ColumnKind::Boolean => Bind::Bool(value.as_bool().ok_or_else(|| wrong("true or false"))?),
            ColumnKind::Timestamp => {
                let seconds = value.as_i64().ok_or_else(|| wrong("a time in unix seconds"))?;
                let instant = Utc.timestamp_opt(seconds, 0).single().ok_or_else(|| wrong("a time in unix seconds"))?;
                match column.time {
                    Some(TimeBasis::Zoned) => Bind::Instant(instant),
                    Some(TimeBasis::Local) => Bind::Wall(instant.with_timezone(&zone).naive_local()),
                    Some(TimeBasis::Utc) | None => Bind::Wall(instant.naive_utc()),
                }
            }
            ColumnKind::Json | ColumnKind::Binary => return Err(wrong("of another column")),
        };
        self.binds.push(bind);
        Ok(match self.dialect {
            Dialect::Postgres => format!("${}", self.binds.len()),
            Dialect::Mysql => "?".into(),
        })
    }
}

/// Unix seconds of a wall-clock time in `zone`: the earlier of a repeated hour, and a time
/// in a skipped hour is read as if the clock had not jumped yet.
pub fn wall_to_unix(wall: NaiveDateTime, zone: chrono_tz::Tz) -> i64 {
    match zone.from_local_datetime(&wall) {
        chrono::LocalResult::Single(time) | chrono::LocalResult::Ambiguous(time, _) => time.timestamp(),
        chrono::LocalResult::None => {
            let before = zone.from_local_datetime(&(wall - chrono::Duration::hours(1))).earliest();
            before.map_or_else(|| wall.and_utc().timestamp(), |time| time.timestamp() + 3600)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use autoscope_wire::sources::SourceFilterOp as Op;
    use serde_json::json;

    fn column(dialect: Dialect, name: &str, data_type: &str) -> Column {
        let (kind, time) = classify(dialect, data_type);
        Column { info: SourceColumn { name: name.into(), kind, db_type: data_type.into(), nullable: true }, time }
    }

    fn jobs(dialect: Dialect) -> Vec<Column> {
        let types = match dialect {
            Dialect::Postgres => ["bigint", "integer", "timestamp without time zone", "uuid", "bytea", "jsonb"],
            Dialect::Mysql => ["bigint", "int", "datetime", "char", "blob", "json"],
        };
        ["Id", "State", "StartTime", "Key", "Blob", "Extra"]
            .iter()
            .zip(types)
            .map(|(name, data_type)| column(dialect, name, data_type))
            .collect()
    }

    fn read(columns: &[&str]) -> SourceRead {
        SourceRead {
            table: "dbo.Jobs".into(),
            columns: columns.iter().map(|c| c.to_string()).collect(),
            limit: 100,
            ..SourceRead::default()
        }
    }

    const BERLIN: chrono_tz::Tz = chrono_tz::Europe::Berlin;

    #[test]
    fn a_keyset_page_on_postgres_is_quoted_cast_and_bound() {
        let mut page = read(&["Id", "State", "StartTime", "Key"]);
        page.filters = vec![
            SourceFilter { column: "State".into(), op: Op::In, value: json!([4, 5]) },
            SourceFilter { column: "StartTime".into(), op: Op::Gte, value: json!(1_700_000_000) },
        ];
        page.order = vec!["StartTime".into(), "Id".into()];
        page.after = Some(vec![json!(1_700_000_100), json!(42)]);
        let table = table_reference(Dialect::Postgres, Some("dbo"), "Jobs");
        let statement = select(Dialect::Postgres, &table, &jobs(Dialect::Postgres), &page, BERLIN).unwrap();
        assert_eq!(
            statement.sql,
            "SELECT CAST(\"Id\" AS BIGINT), CAST(\"State\" AS BIGINT), \"StartTime\", CAST(\"Key\" AS TEXT) \
             FROM \"dbo\".\"Jobs\" WHERE \"State\" IN ($1, $2) AND \"StartTime\" >= $3 \
             AND \"StartTime\" IS NOT NULL AND \"Id\" IS NOT NULL AND (\"StartTime\", \"Id\") > ($4, $5) \
             ORDER BY \"StartTime\", \"Id\" LIMIT 100"
        );
        // 1,700,000,000 is 2023-11-14 22:13:20 UTC, 23:13:20 in Berlin (winter time).
        let wall = |text: &str| NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap();
        assert_eq!(
            statement.binds,
            vec![
                Bind::Int(4),
                Bind::Int(5),
                Bind::Wall(wall("2023-11-14 23:13:20")),
                Bind::Wall(wall("2023-11-14 23:15:00")),
                Bind::Int(42)
            ]
        );
    }

    #[test]
    fn a_keyset_page_on_mysql_starts_a_range_on_its_first_column() {
        let mut page = read(&["Id"]);
        page.order = vec!["StartTime".into(), "State".into(), "Id".into()];
        page.after = Some(vec![json!(1_700_000_100), json!(4), json!(42)]);
        let table = table_reference(Dialect::Mysql, None, "Jobs");
        let statement = select(Dialect::Mysql, &table, &jobs(Dialect::Mysql), &page, BERLIN).unwrap();
        assert!(
            statement.sql.contains(
                "AND `StartTime` >= ? AND (`StartTime` > ? OR (`State` >= ? AND (`State` > ? OR (`Id` > ?)))) ORDER BY"
            ),
            "{}",
            statement.sql
        );
        let time = Bind::Wall(NaiveDateTime::parse_from_str("2023-11-14 23:15:00", "%Y-%m-%d %H:%M:%S").unwrap());
        assert_eq!(statement.binds, vec![time.clone(), time, Bind::Int(4), Bind::Int(4), Bind::Int(42)]);
    }

    #[test]
    fn mysql_uses_backticks_and_question_marks() {
        let mut page = read(&["Id", "Key"]);
        page.filters = vec![SourceFilter { column: "Key".into(), op: Op::Eq, value: json!("a`b") }];
        page.order = vec!["Id".into()];
        page.after = Some(vec![json!(7)]);
        let table = table_reference(Dialect::Mysql, None, "Jobs");
        let statement = select(Dialect::Mysql, &table, &jobs(Dialect::Mysql), &page, BERLIN).unwrap();
        assert_eq!(
            statement.sql,
            "SELECT CAST(`Id` AS SIGNED), CAST(`Key` AS CHAR) FROM `Jobs` WHERE `Key` = ? AND `Id` IS NOT NULL \
             AND `Id` > ? ORDER BY `Id` LIMIT 100"
        );
        assert_eq!(statement.binds, vec![Bind::Text("a`b".into()), Bind::Int(7)]);
        assert_eq!(quote(Dialect::Mysql, "we`ird"), "`we``ird`");
        assert_eq!(quote(Dialect::Postgres, "we\"ird"), "\"we\"\"ird\"");
    }

    #[test]
    fn unknown_columns_bytes_and_wrong_values_are_refused_by_name() {
        let catalogue = jobs(Dialect::Postgres);
        let refused =
            |page: SourceRead| select(Dialect::Postgres, "t", &catalogue, &page, BERLIN).unwrap_err().to_string();
        assert_eq!(refused(read(&["Id", "Nope"])), "There is no column 'Nope' in 'dbo.Jobs'");
        assert_eq!(refused(read(&["Blob"])), "The column 'Blob' holds bytes, which cannot be read");
        assert_eq!(refused(read(&[])), "Choose at least one column to read");
        let mut page = read(&["Id"]);
        page.filters = vec![SourceFilter { column: "State".into(), op: Op::Eq, value: json!("4") }];
        assert_eq!(refused(page), "A value for 'State' must be a whole number");
        let mut page = read(&["Id"]);
        page.filters = vec![SourceFilter { column: "Extra".into(), op: Op::Eq, value: json!(1) }];
        assert_eq!(refused(page), "The column 'Extra' cannot be filtered");
        let mut page = read(&["Id"]);
        page.order = vec!["Id".into()];
        page.after = Some(vec![]);
        assert_eq!(refused(page), "'after' needs one value for each column of 'order'");
        let mut page = read(&["Id"]);
        page.after = Some(vec![]);
        assert_eq!(refused(page), "'after' needs an 'order'");
        let mut page = read(&["Id"]);
        page.limit = MAX_SOURCE_ROWS + 1;
        assert_eq!(refused(page), "A read takes 1 to 5000 rows");
    }

    #[test]
    fn an_empty_in_matches_nothing_and_nulls_need_no_value() {
        let mut page = read(&["Id"]);
        page.filters = vec![
            SourceFilter { column: "State".into(), op: Op::In, value: json!([]) },
            SourceFilter { column: "Key".into(), op: Op::IsNull, value: Value::Null },
        ];
        let statement = select(Dialect::Postgres, "t", &jobs(Dialect::Postgres), &page, BERLIN).unwrap();
        assert!(statement.sql.ends_with("WHERE 1 = 0 AND \"Key\" IS NULL LIMIT 100"), "{}", statement.sql);
        assert!(statement.binds.is_empty());
    }

    #[test]
    fn types_are_read_by_what_they_hold() {
        assert_eq!(classify(Dialect::Postgres, "numeric"), (ColumnKind::Number, None));
        assert_eq!(
            classify(Dialect::Postgres, "timestamp with time zone"),
            (ColumnKind::Timestamp, Some(TimeBasis::Zoned))
        );
        assert_eq!(classify(Dialect::Postgres, "uuid"), (ColumnKind::Text, None));
        assert_eq!(classify(Dialect::Mysql, "TIMESTAMP"), (ColumnKind::Timestamp, Some(TimeBasis::Utc)));
        assert_eq!(classify(Dialect::Mysql, "datetime"), (ColumnKind::Timestamp, Some(TimeBasis::Local)));
        assert_eq!(classify(Dialect::Mysql, "longblob"), (ColumnKind::Binary, None));
        assert_eq!(classify(Dialect::Mysql, "enum"), (ColumnKind::Text, None));
    }

    #[test]
    fn wall_clock_times_follow_the_zone_across_daylight_saving() {
        let wall = |text: &str| NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap();
        // Summer time (UTC+2) and winter time (UTC+1) in Berlin.
        assert_eq!(wall_to_unix(wall("2026-07-01 12:00:00"), BERLIN), 1_782_900_000);
        assert_eq!(wall_to_unix(wall("2026-01-01 12:00:00"), BERLIN), 1_767_265_200);
        // 2026-10-25 02:30 happens twice: the first (summer time) is taken.
        assert_eq!(wall_to_unix(wall("2026-10-25 02:30:00"), BERLIN), 1_792_888_200);
        // 2026-03-29 02:30 never happens: read as 01:30 winter time plus an hour.
        assert_eq!(wall_to_unix(wall("2026-03-29 02:30:00"), BERLIN), 1_774_747_800);
    }
}
