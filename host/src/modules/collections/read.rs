//! The statements of reads: filters, sorted keyset pages, counts and aggregates. Pure:
//! each builds text and binds, and refuses bad input with a 400 message.
//!
//! Ordering: NULL sorts as the largest value on both engines (`ASC NULLS LAST`, `DESC
//! NULLS FIRST`, PostgreSQL's own default, so its indexes serve), and `id` breaks ties in
//! the direction of the last sort key. A cursor is base64url of JSON holding the sort
//! and the last row's sort values; the next page starts strictly after that row.

use autoscope_wire::storage::{
    Aggregate, Bucket, DEFAULT_PAGE, Filter, FilterOp, MAX_GROUPS, MAX_PAGE, MetricFn, Query, Record, Sort,
};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::{Number, Value, json};

use std::borrow::Cow;

use super::decode::Out;
use super::sql::{Column, Param, Sql, column, quoted, record_columns, type_name};
use super::validate::comparable;
use crate::modules::manifest::{Collection, FieldType, MAX_BINS};
use crate::storage::Engine;

/// The most values an `in` filter may list.
pub const MAX_IN: usize = 1_000;

fn filter_column<'a>(collection: &str, spec: &'a Collection, name: &str, verb: &str) -> Result<Column<'a>, String> {
    let column = column(spec, name).ok_or_else(|| format!("'{name}' is not a field of '{collection}'"))?;
    if column.kind == FieldType::Json {
        return Err(format!("'{name}' is a json field; json fields cannot be {verb}"));
    }
    Ok(column)
}

fn op_name(op: FilterOp) -> &'static str {
    match op {
        FilterOp::Eq => "eq",
        FilterOp::Ne => "ne",
        FilterOp::Lt => "lt",
        FilterOp::Lte => "lte",
        FilterOp::Gt => "gt",
        FilterOp::Gte => "gte",
        FilterOp::In => "in",
        FilterOp::Contains => "contains",
        FilterOp::Prefix => "prefix",
        FilterOp::IsNull => "is_null",
        FilterOp::NotNull => "not_null",
    }
}

fn value_param(column: &Column, op: FilterOp, value: &Value) -> Result<Param, String> {
    let name = column.name;
    if value.is_null() {
        return Err(format!(
            "filter on '{name}': {} needs a value; use is_null or not_null for missing values",
            op_name(op)
        ));
    }
    if !comparable(column.kind, value) {
        return Err(format!("filter on '{name}': the value must be {}", kind_phrase(column.kind)));
    }
    Ok(Param::of(column.kind, value))
}

fn kind_phrase(kind: FieldType) -> &'static str {
    match kind {
        FieldType::Text => "text",
        FieldType::Integer => "an integer",
        FieldType::Number => "a number",
        FieldType::Boolean => "true or false",
        FieldType::Timestamp => "a timestamp (unix seconds, an integer)",
        FieldType::Json => "JSON",
    }
}

/// `%`, `_` and the escape character itself, escaped for `LIKE ... ESCAPE '\'`.
fn escape_like(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len() + 2);
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

/// Appends ` AND <condition>` for each filter.
///
/// `ne` also matches records without a value; `contains` ignores the case of ASCII
/// letters (on both engines: PostgreSQL text columns use the "C" collation, whose LOWER
/// folds ASCII only, as SQLite's does); `prefix` is case-sensitive.
pub(crate) fn push_filters(
    sql: &mut Sql,
    collection: &str,
    spec: &Collection,
    filters: &[Filter],
) -> Result<(), String> {
    for filter in filters {
        let column = filter_column(collection, spec, &filter.field, "filtered")?;
        let c = quoted(column.name);
        let condition = match filter.op {
            FilterOp::IsNull => format!("{c} IS NULL"),
            FilterOp::NotNull => format!("{c} IS NOT NULL"),
            FilterOp::In => {
                let Value::Array(values) = &filter.value else {
                    return Err(format!("filter on '{}': in needs an array of values", column.name));
                };
                if values.len() > MAX_IN {
                    return Err(format!("filter on '{}': in takes at most {MAX_IN} values", column.name));
                }
                if values.is_empty() {
                    "1 = 0".to_string()
                } else {
                    let mut list = Vec::with_capacity(values.len());
                    for value in values {
                        list.push(sql.placeholder(value_param(&column, filter.op, value)?));
                    }
                    format!("{c} IN ({})", list.join(", "))
                }
            }
            FilterOp::Contains | FilterOp::Prefix => {
                let op = op_name(filter.op);
                if column.kind != FieldType::Text {
                    return Err(format!("filter on '{}': {op} applies to text fields only", column.name));
                }
                let Some(text) = filter.value.as_str() else {
                    return Err(format!("filter on '{}': {op} needs a text value", column.name));
                };
                if filter.op == FilterOp::Contains {
                    let pattern = format!("%{}%", escape_like(&text.to_ascii_lowercase()));
                    format!("LOWER({c}) LIKE {} ESCAPE '\\'", sql.placeholder(Param::Text(Some(pattern))))
                } else {
                    let p = sql.placeholder(Param::Text(Some(text.to_string())));
                    format!("SUBSTR({c}, 1, LENGTH({p})) = {p}")
                }
            }
            op => {
                let p = sql.placeholder(value_param(&column, op, &filter.value)?);
                match op {
                    FilterOp::Eq => format!("{c} = {p}"),
                    FilterOp::Ne if column.not_null => format!("{c} <> {p}"),
                    FilterOp::Ne => format!("({c} <> {p} OR {c} IS NULL)"),
                    FilterOp::Lt => format!("{c} < {p}"),
                    FilterOp::Lte => format!("{c} <= {p}"),
                    FilterOp::Gt => format!("{c} > {p}"),
                    _ => format!("{c} >= {p}"),
                }
            }
        };
        sql.push(" AND ").push(&condition);
    }
    Ok(())
}

/// `SELECT ... FROM <table> WHERE "company_id" = $1`: every statement starts by binding
/// the company.
fn scoped(select: &str, table: &str, company_id: &str) -> Sql {
    let mut sql = Sql::new("SELECT ");
    sql.push(select).push(" FROM ").ident(table).push(" WHERE \"company_id\" = ");
    sql.bind(Param::Text(Some(company_id.to_string())));
    sql
}

/// The distinct values of the text field `field` in the records matching `filters`, at
/// most `limit` of them (no order: an audience, not a page).
pub(crate) fn distinct_text(
    table: &str,
    collection: &str,
    spec: &Collection,
    company_id: &str,
    filters: &[Filter],
    field: &str,
    limit: usize,
) -> Result<Sql, String> {
    let column = filter_column(collection, spec, field, "read")?;
    if column.kind != FieldType::Text {
        return Err(format!("'{field}' is not a text field of '{collection}'"));
    }
    let c = quoted(column.name);
    let mut sql = scoped(&format!("DISTINCT {c}"), table, company_id);
    push_filters(&mut sql, collection, spec, filters)?;
    sql.push(&format!(" AND {c} IS NOT NULL LIMIT ")).bind(Param::Int(Some(limit as i64)));
    Ok(sql)
}

pub(crate) fn get(table: &str, spec: &Collection, company_id: &str, id: &str) -> Sql {
    let mut sql = scoped(&record_columns(spec), table, company_id);
    sql.push(" AND \"id\" = ").bind(Param::Text(Some(id.to_string())));
    sql
}

pub(crate) fn count(
    table: &str,
    collection: &str,
    spec: &Collection,
    company_id: &str,
    filters: &[Filter],
) -> Result<Sql, String> {
    let mut sql = scoped("COUNT(*)", table, company_id);
    push_filters(&mut sql, collection, spec, filters)?;
    Ok(sql)
}

/// One key of a list's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SortKey<'a> {
    pub column: Column<'a>,
    pub desc: bool,
}

const ID: Column<'static> = Column { name: "id", kind: FieldType::Text, not_null: true };

/// The keys of a list's order, `id` last.
pub(crate) fn sort_keys<'a>(collection: &str, spec: &'a Collection, sort: &[Sort]) -> Result<Vec<SortKey<'a>>, String> {
    let mut keys: Vec<SortKey> = Vec::with_capacity(sort.len() + 1);
    for key in sort {
        let column = filter_column(collection, spec, &key.field, "sorted")?;
        if keys.iter().any(|k| k.column.name == column.name) {
            return Err(format!("the sort names '{}' twice", column.name));
        }
        keys.push(SortKey { column, desc: key.desc });
        if column.name == "id" {
            // Ids are unique: nothing after them changes the order.
            return Ok(keys);
        }
    }
    let desc = keys.last().is_some_and(|k| k.desc);
    keys.push(SortKey { column: ID, desc });
    Ok(keys)
}

fn push_order(sql: &mut Sql, keys: &[SortKey]) {
    sql.push(" ORDER BY ");
    for (i, key) in keys.iter().enumerate() {
        if i > 0 {
            sql.push(", ");
        }
        sql.ident(key.column.name);
        sql.push(match (key.desc, key.column.not_null) {
            (false, true) => " ASC",
            (true, true) => " DESC",
            (false, false) => " ASC NULLS LAST",
            (true, false) => " DESC NULLS FIRST",
        });
    }
}

fn signature(keys: &[SortKey]) -> String {
    keys.iter()
        .map(|k| if k.desc { format!("-{}", k.column.name) } else { k.column.name.to_string() })
        .collect::<Vec<_>>()
        .join(",")
}

/// The cursor after `record` (the last row of a page). Floats travel as their bits, so
/// the next page starts exactly after the row.
pub(crate) fn encode_cursor(keys: &[SortKey], record: &Record) -> String {
    let values: Vec<Value> = keys
        .iter()
        .map(|key| {
            let value = record.get(key.column.name).cloned().unwrap_or(Value::Null);
            match (key.column.kind, value.as_f64()) {
                (FieldType::Number, Some(float)) => Value::String(format!("{:016x}", float.to_bits())),
                _ => value,
            }
        })
        .collect();
    URL_SAFE_NO_PAD.encode(json!({ "s": signature(keys), "v": values }).to_string())
}

/// The sort values a cursor holds, checked against the sort and the column types.
pub(crate) fn decode_cursor(keys: &[SortKey], cursor: &str) -> Result<Vec<Value>, String> {
    let bad = || "the cursor is not valid; start again from the first page".to_string();
    let bytes = URL_SAFE_NO_PAD.decode(cursor).map_err(|_| bad())?;
    let decoded: Value = serde_json::from_slice(&bytes).map_err(|_| bad())?;
    if decoded["s"].as_str() != Some(signature(keys).as_str()) {
        return Err("the cursor belongs to another sort; start again from the first page".into());
    }
    let values = decoded["v"].as_array().filter(|v| v.len() == keys.len()).ok_or_else(bad)?;
    keys.iter()
        .zip(values)
        .map(|(key, value)| {
            let value = match (key.column.kind, value) {
                (FieldType::Number, Value::String(bits)) => u64::from_str_radix(bits, 16)
                    .ok()
                    .and_then(|bits| Number::from_f64(f64::from_bits(bits)))
                    .map(Value::Number)
                    .ok_or_else(bad)?,
                (FieldType::Number, Value::Number(_)) => return Err(bad()),
                _ => value.clone(),
            };
            let fits = if value.is_null() { !key.column.not_null } else { comparable(key.column.kind, &value) };
            if fits { Ok(value) } else { Err(bad()) }
        })
        .collect()
}

/// ` AND (<rows after the cursor's>)`. With every key non-NULL and one direction this is
/// a row comparison (served by an index); otherwise, key by key: equal on the keys
/// before, strictly after on this one, NULL being the largest value.
fn push_after(sql: &mut Sql, keys: &[SortKey], values: &[Value]) {
    let placeholders: Vec<Option<String>> = keys
        .iter()
        .zip(values)
        .map(|(key, value)| (!value.is_null()).then(|| sql.placeholder(Param::of(key.column.kind, value))))
        .collect();
    let columns: Vec<String> = keys.iter().map(|k| quoted(k.column.name)).collect();
    let uniform = keys.iter().all(|k| k.column.not_null && k.desc == keys[0].desc);
    if uniform {
        let op = if keys[0].desc { "<" } else { ">" };
        let values: Vec<&str> = placeholders.iter().map(|p| p.as_deref().unwrap_or("NULL")).collect();
        if keys.len() == 1 {
            sql.push(&format!(" AND {} {op} {}", columns[0], values[0]));
        } else {
            sql.push(&format!(" AND ({}) {op} ({})", columns.join(", "), values.join(", ")));
        }
        return;
    }
    let mut disjuncts = Vec::with_capacity(keys.len());
    for (k, key) in keys.iter().enumerate() {
        let c = &columns[k];
        let after = match (key.desc, &placeholders[k]) {
            // Ascending, NULL is last: nothing is after it on this key.
            (false, None) => continue,
            (false, Some(p)) if key.column.not_null => format!("{c} > {p}"),
            (false, Some(p)) => format!("({c} > {p} OR {c} IS NULL)"),
            (true, None) => format!("{c} IS NOT NULL"),
            (true, Some(p)) => format!("{c} < {p}"),
        };
        let mut parts: Vec<String> = (0..k)
            .map(|i| match &placeholders[i] {
                Some(p) => format!("{} = {p}", columns[i]),
                None => format!("{} IS NULL", columns[i]),
            })
            .collect();
        parts.push(after);
        disjuncts.push(parts.join(" AND "));
    }
    sql.push(&format!(" AND ({})", disjuncts.join(" OR ")));
}

/// A list page's statements.
#[derive(Debug)]
pub(crate) struct List<'a> {
    /// Fetches one row more than the page, to know whether more follow.
    pub select: Sql,
    /// Present when the query asked for the total.
    pub count: Option<Sql>,
    pub limit: usize,
    pub keys: Vec<SortKey<'a>>,
    /// The fields each record carries: the query's `fields` and its sort fields, or all.
    pub shown: Cow<'a, Collection>,
}

/// The collection as a query shows it: only the fields it names (and those it sorts by,
/// which the next page's cursor needs), or every field when it names none.
fn shown_fields<'a>(collection: &str, spec: &'a Collection, query: &Query) -> Result<Cow<'a, Collection>, String> {
    if query.fields.is_empty() {
        return Ok(Cow::Borrowed(spec));
    }
    for name in &query.fields {
        column(spec, name).ok_or_else(|| format!("'{name}' is not a field of '{collection}'"))?;
    }
    let named = |name: &String| query.fields.contains(name) || query.sort.iter().any(|key| key.field == *name);
    let fields = spec.fields.iter().filter(|(name, _)| named(name)).map(|(k, v)| (k.clone(), v.clone())).collect();
    Ok(Cow::Owned(Collection { fields, ..Collection::default() }))
}

pub(crate) fn list<'a>(
    table: &str,
    collection: &str,
    spec: &'a Collection,
    company_id: &str,
    query: &Query,
) -> Result<List<'a>, String> {
    let limit = match query.limit {
        Some(0) => return Err("limit must be at least 1".into()),
        Some(limit) => limit.min(MAX_PAGE),
        None => DEFAULT_PAGE,
    } as usize;
    let keys = sort_keys(collection, spec, &query.sort)?;
    let shown = shown_fields(collection, spec, query)?;
    let mut select = scoped(&record_columns(&shown), table, company_id);
    push_filters(&mut select, collection, spec, &query.filters)?;
    let count = if query.total { Some(count(table, collection, spec, company_id, &query.filters)?) } else { None };
    if let Some(cursor) = &query.cursor {
        let values = decode_cursor(&keys, cursor)?;
        push_after(&mut select, &keys, &values);
    }
    push_order(&mut select, &keys);
    select.push(" LIMIT ").bind(Param::Int(Some(limit as i64 + 1)));
    Ok(List { select, count, limit, keys, shown })
}

/// An aggregate's statement and how to read each result column (name, type).
#[derive(Debug)]
pub(crate) struct Grouped {
    pub sql: Sql,
    pub outputs: Vec<(String, Out)>,
}

/// The start of the UTC bucket holding `c` (unix seconds). Hours, days and weeks are
/// arithmetic (weeks start on Monday: 1970-01-01 was a Thursday, so Monday is 3 days
/// before the epoch); the remainder is taken so that times before 1970 round down too.
pub(crate) fn bucket_start(c: &str, bucket: Bucket, engine: Engine) -> String {
    let floor = |size: i64, shift: i64| {
        if shift == 0 {
            format!("({c} - ((({c} % {size}) + {size}) % {size}))")
        } else {
            format!("({c} - (((({c} + {shift}) % {size}) + {size}) % {size}))")
        }
    };
    match (bucket, engine) {
        (Bucket::Hour, _) => floor(3_600, 0),
        (Bucket::Day, _) => floor(86_400, 0),
        (Bucket::Week, _) => floor(604_800, 259_200),
        (Bucket::Month, Engine::Sqlite) => {
            format!("CAST(strftime('%s', {c}, 'unixepoch', 'start of month') AS INTEGER)")
        }
        (Bucket::Month, Engine::Postgres) => {
            format!("CAST(EXTRACT(EPOCH FROM date_trunc('month', to_timestamp({c}) AT TIME ZONE 'UTC')) AS BIGINT)")
        }
    }
}

/// ` GROUP BY 1, ..., n ORDER BY 1 ASC NULLS LAST, ... LIMIT $n`: an aggregate's groups by
/// their first `keys` columns, in key order.
pub(crate) fn push_groups_and_limit(sql: &mut Sql, keys: usize, limit: i64) {
    if keys > 0 {
        let ordinals: Vec<String> = (1..=keys).map(|i| i.to_string()).collect();
        sql.push(" GROUP BY ").push(&ordinals.join(", "));
        let order: Vec<String> = (1..=keys).map(|i| format!("{i} ASC NULLS LAST")).collect();
        sql.push(" ORDER BY ").push(&order.join(", "));
    }
    sql.push(" LIMIT ").bind(Param::Int(Some(limit)));
}

/// The bin `c` falls in (see `GroupKey::bins`). The bounds are checked finite numbers,
/// written as numeric literals so the expression can be grouped by position.
pub(crate) fn bin_of(c: &str, bounds: &[f64]) -> Result<String, String> {
    let increasing = bounds.windows(2).all(|pair| pair[0] < pair[1]);
    if bounds.is_empty() || bounds.len() > MAX_BINS || !increasing || bounds.iter().any(|b| !b.is_finite()) {
        return Err(format!("bins need 1 to {MAX_BINS} increasing numbers"));
    }
    let mut case = format!("CASE WHEN {c} IS NULL THEN NULL");
    for (i, bound) in bounds.iter().enumerate() {
        case.push_str(&format!(" WHEN {c} < {bound:?} THEN {i}"));
    }
    case.push_str(&format!(" ELSE {} END", bounds.len()));
    Ok(case)
}

pub(crate) fn aggregate(
    engine: Engine,
    table: &str,
    collection: &str,
    spec: &Collection,
    company_id: &str,
    aggregate: &Aggregate,
) -> Result<Grouped, String> {
    let limit = match aggregate.limit {
        Some(0) => return Err("limit must be at least 1".into()),
        Some(limit) => limit.min(MAX_GROUPS),
        None => MAX_GROUPS,
    };
    if aggregate.group_by.is_empty() && aggregate.metrics.is_empty() {
        return Err("an aggregate needs a metric or a group key".into());
    }
    let mut outputs: Vec<(String, Out)> = Vec::new();
    let mut expressions: Vec<String> = Vec::new();
    for key in &aggregate.group_by {
        let column = filter_column(collection, spec, &key.field, "grouped by")?;
        let c = quoted(column.name);
        let (expression, out) = match (key.bucket, &key.bins) {
            (Some(_), Some(_)) => return Err(format!("group key '{}' takes a bucket or bins, not both", column.name)),
            (None, Some(bounds)) if matches!(column.kind, FieldType::Integer | FieldType::Number) => {
                (bin_of(&c, bounds)?, Out::Int)
            }
            (None, Some(_)) => {
                return Err(format!("'{}' is {}; bins apply to numbers only", column.name, type_name(column.kind)));
            }
            (None, None) => (c, Out::of(column.kind)),
            (Some(bucket), None) if column.kind == FieldType::Timestamp => (bucket_start(&c, bucket, engine), Out::Int),
            (Some(_), None) => {
                return Err(format!(
                    "'{}' is {}; time buckets apply to timestamps only",
                    column.name,
                    type_name(column.kind)
                ));
            }
        };
        outputs.push((key.alias.clone().unwrap_or_else(|| column.name.to_string()), out));
        expressions.push(expression);
    }
    for metric in &aggregate.metrics {
        let name = &metric.alias;
        let function = match metric.function {
            MetricFn::Count => "count",
            MetricFn::Sum => "sum",
            MetricFn::Avg => "avg",
            MetricFn::Min => "min",
            MetricFn::Max => "max",
        };
        let column = match &metric.field {
            None if metric.function == MetricFn::Count => None,
            None => return Err(format!("metric '{name}': {function} needs a field")),
            Some(field) => {
                Some(column(spec, field).ok_or_else(|| format!("'{field}' is not a field of '{collection}'"))?)
            }
        };
        let (expression, out) = match (metric.function, column) {
            (MetricFn::Count, None) => ("COUNT(*)".to_string(), Out::Int),
            (MetricFn::Count, Some(column)) => (format!("COUNT({})", quoted(column.name)), Out::Int),
            (MetricFn::Sum, Some(column)) if column.kind == FieldType::Integer => {
                (format!("CAST(SUM({}) AS BIGINT)", quoted(column.name)), Out::Int)
            }
            (MetricFn::Sum, Some(column)) if column.kind == FieldType::Number => {
                (format!("SUM({})", quoted(column.name)), Out::Float)
            }
            (MetricFn::Avg, Some(column)) if matches!(column.kind, FieldType::Integer | FieldType::Number) => {
                (format!("CAST(AVG({}) AS DOUBLE PRECISION)", quoted(column.name)), Out::Float)
            }
            (MetricFn::Min | MetricFn::Max, Some(column))
                if matches!(
                    column.kind,
                    FieldType::Integer | FieldType::Number | FieldType::Timestamp | FieldType::Text
                ) =>
            {
                let sql_fn = if metric.function == MetricFn::Min { "MIN" } else { "MAX" };
                (format!("{sql_fn}({})", quoted(column.name)), Out::of(column.kind))
            }
            (_, Some(column)) => {
                return Err(format!(
                    "metric '{name}': {function} does not apply to '{}', which is {}",
                    column.name,
                    type_name(column.kind)
                ));
            }
            (_, None) => unreachable!("only count goes without a field"),
        };
        outputs.push((name.clone(), out));
        expressions.push(expression);
    }
    for (i, (name, _)) in outputs.iter().enumerate() {
        if name.is_empty() {
            return Err("every group key and metric needs a name".into());
        }
        if outputs[..i].iter().any(|(other, _)| other == name) {
            return Err(format!("two results are named '{name}'; give one another name with \"as\""));
        }
    }
    let mut sql = scoped(&expressions.join(", "), table, company_id);
    push_filters(&mut sql, collection, spec, &aggregate.filters)?;
    push_groups_and_limit(&mut sql, aggregate.group_by.len(), i64::from(limit));
    Ok(Grouped { sql, outputs })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde_json::json;

    use super::*;
    use crate::modules::manifest::Field;

    fn spec() -> Collection {
        let field = Field::of;
        Collection {
            fields: BTreeMap::from([
                ("title".into(), field(FieldType::Text)),
                ("qty".into(), field(FieldType::Integer)),
                ("price".into(), field(FieldType::Number)),
                ("done".into(), field(FieldType::Boolean)),
                ("due".into(), field(FieldType::Timestamp)),
                ("meta".into(), field(FieldType::Json)),
            ]),
            indexes: vec![],
            drop_fields: vec![],
            ..Collection::default()
        }
    }

    fn filters(value: Value) -> Vec<Filter> {
        serde_json::from_value(value).unwrap()
    }

    fn query(value: Value) -> Query {
        serde_json::from_value(value).unwrap()
    }

    fn where_clause(value: Value) -> Result<Sql, String> {
        let mut sql = Sql::default();
        push_filters(&mut sql, "items", &spec(), &filters(value))?;
        Ok(sql)
    }

    const COLUMNS: &str =
        r#""id", "created_at", "updated_at", "version", "done", "due", "meta", "price", "qty", "title""#;

    #[test]
    fn every_filter_op_has_its_condition() {
        let sql = where_clause(json!([
            {"field": "qty", "op": "eq", "value": 1},
            {"field": "qty", "op": "ne", "value": 2},
            {"field": "id", "op": "ne", "value": "x"},
            {"field": "price", "op": "lt", "value": 3},
            {"field": "price", "op": "lte", "value": 3.5},
            {"field": "due", "op": "gt", "value": 10},
            {"field": "created_at", "op": "gte", "value": 11},
            {"field": "title", "op": "in", "value": ["a", "b"]},
            {"field": "qty", "op": "in", "value": []},
            {"field": "title", "op": "contains", "value": "50%_Off"},
            {"field": "title", "op": "prefix", "value": "Ab"},
            {"field": "done", "op": "is_null"},
            {"field": "updated_at", "op": "not_null"},
        ]))
        .unwrap();
        assert_eq!(
            sql.text,
            concat!(
                r#" AND "qty" = $1 AND ("qty" <> $2 OR "qty" IS NULL) AND "id" <> $3 AND "price" < $4"#,
                r#" AND "price" <= $5 AND "due" > $6 AND "created_at" >= $7 AND "title" IN ($8, $9) AND 1 = 0"#,
                r#" AND LOWER("title") LIKE $10 ESCAPE '\' AND SUBSTR("title", 1, LENGTH($11)) = $11"#,
                r#" AND "done" IS NULL AND "updated_at" IS NOT NULL"#
            )
        );
        assert_eq!(sql.params[3], Param::Float(Some(3.0)));
        assert_eq!(sql.params[9], Param::Text(Some(r"%50\%\_off%".into())));
        assert_eq!(sql.params[10], Param::Text(Some("Ab".into())));
    }

    #[test]
    fn bad_filters_are_refused_with_a_reason() {
        let refuse = |value| where_clause(value).unwrap_err();
        assert_eq!(refuse(json!([{"field": "nope", "op": "eq", "value": 1}])), "'nope' is not a field of 'items'");
        assert_eq!(
            refuse(json!([{"field": "company_id", "op": "eq", "value": "c"}])),
            "'company_id' is not a field of 'items'"
        );
        assert_eq!(
            refuse(json!([{"field": "meta", "op": "is_null"}])),
            "'meta' is a json field; json fields cannot be filtered"
        );
        assert_eq!(
            refuse(json!([{"field": "qty", "op": "in", "value": 3}])),
            "filter on 'qty': in needs an array of values"
        );
        assert_eq!(
            refuse(json!([{"field": "qty", "op": "contains", "value": "3"}])),
            "filter on 'qty': contains applies to text fields only"
        );
        assert_eq!(
            refuse(json!([{"field": "qty", "op": "gt", "value": "3"}])),
            "filter on 'qty': the value must be an integer"
        );
        assert!(refuse(json!([{"field": "qty", "op": "eq"}])).contains("use is_null or not_null"));
        assert!(refuse(json!([{"field": "qty", "op": "in", "value": [1, null]}])).contains("use is_null"));
    }

    #[test]
    fn a_list_is_one_statement_scoped_to_the_company() {
        let spec = spec();
        let list = list(
            "mod_shop__items",
            "items",
            &spec,
            "c1",
            &query(json!({"filters": [{"field": "qty", "op": "gt", "value": 0}], "sort": [{"field": "title"}], "total": true})),
        )
        .unwrap();
        assert_eq!(
            list.select.text,
            format!(
                r#"SELECT {COLUMNS} FROM "mod_shop__items" WHERE "company_id" = $1 AND "qty" > $2 ORDER BY "title" ASC NULLS LAST, "id" ASC LIMIT $3"#
            )
        );
        assert_eq!(list.select.params, [Param::Text(Some("c1".into())), Param::Int(Some(0)), Param::Int(Some(51))]);
        assert_eq!(
            list.count.unwrap().text,
            r#"SELECT COUNT(*) FROM "mod_shop__items" WHERE "company_id" = $1 AND "qty" > $2"#
        );
        assert_eq!(list.limit, 50);
    }

    #[test]
    fn distinct_values_of_a_text_field_are_read_within_the_company() {
        let sql = distinct_text(
            "mod_shop__items",
            "items",
            &spec(),
            "c1",
            &filters(json!([{"field": "qty", "op": "eq", "value": 2}])),
            "title",
            11,
        )
        .unwrap();
        assert_eq!(
            sql.text,
            r#"SELECT DISTINCT "title" FROM "mod_shop__items" WHERE "company_id" = $1 AND "qty" = $2 AND "title" IS NOT NULL LIMIT $3"#
        );
        assert_eq!(sql.params, [Param::Text(Some("c1".into())), Param::Int(Some(2)), Param::Int(Some(11))]);
        let refused = |field: &str| distinct_text("t", "items", &spec(), "c1", &[], field, 1).unwrap_err();
        assert_eq!(refused("qty"), "'qty' is not a text field of 'items'");
        assert_eq!(refused("nope"), "'nope' is not a field of 'items'");
    }

    #[test]
    fn a_list_selects_the_fields_it_names_and_those_it_sorts_by() {
        let spec = spec();
        let picked = query(json!({"fields": ["qty"], "sort": [{"field": "title"}]}));
        let list = list("t", "items", &spec, "c1", &picked).unwrap();
        assert!(
            list.select.text.starts_with(r#"SELECT "id", "created_at", "updated_at", "version", "qty", "title" FROM"#),
            "{}",
            list.select.text
        );
        assert_eq!(list.shown.fields.keys().collect::<Vec<_>>(), ["qty", "title"]);
        let unknown = list_error(&spec, json!({"fields": ["nope"]}));
        assert_eq!(unknown, "'nope' is not a field of 'items'");
    }

    fn list_error(spec: &Collection, q: Value) -> String {
        list("t", "items", spec, "c1", &query(q)).err().unwrap()
    }

    fn page_after(sort: Value, last: Value) -> Sql {
        let spec = spec();
        let keys = sort_keys("items", &spec, &serde_json::from_value::<Vec<Sort>>(sort.clone()).unwrap()).unwrap();
        let cursor = encode_cursor(&keys, last.as_object().unwrap());
        let list =
            list("t", "items", &spec, "c1", &query(json!({"sort": sort, "cursor": cursor, "limit": 10}))).unwrap();
        list.select
    }

    #[test]
    fn a_cursor_starts_strictly_after_the_last_row() {
        let sql = page_after(json!([{"field": "created_at", "desc": true}]), json!({"created_at": 5, "id": "k"}));
        assert!(sql.text.contains(r#"WHERE "company_id" = $1 AND ("created_at", "id") < ($2, $3) ORDER BY "created_at" DESC, "id" DESC LIMIT $4"#), "{}", sql.text);
        assert_eq!(sql.params[3], Param::Int(Some(11)));

        let sql = page_after(
            json!([{"field": "title"}, {"field": "qty", "desc": true}]),
            json!({"title": "b", "qty": 3, "id": "k"}),
        );
        assert!(
            sql.text.contains(concat!(
                r#" AND (("title" > $2 OR "title" IS NULL) OR "title" = $2 AND "qty" < $3"#,
                r#" OR "title" = $2 AND "qty" = $3 AND "id" < $4) ORDER BY "title" ASC NULLS LAST, "qty" DESC NULLS FIRST, "id" DESC"#
            )),
            "{}",
            sql.text
        );

        // NULL is the largest value: after a NULL title only NULL titles follow; after a
        // NULL qty (descending) every non-NULL qty follows.
        let sql = page_after(
            json!([{"field": "title"}, {"field": "qty", "desc": true}]),
            json!({"title": null, "qty": null, "id": "k"}),
        );
        assert!(
            sql.text.contains(
                r#" AND ("title" IS NULL AND "qty" IS NOT NULL OR "title" IS NULL AND "qty" IS NULL AND "id" < $2)"#
            ),
            "{}",
            sql.text
        );
        assert_eq!(sql.params[1], Param::Text(Some("k".into())));
    }

    #[test]
    fn cursors_are_checked_and_keep_floats_exact() {
        let spec = spec();
        let sort: Vec<Sort> = serde_json::from_value(json!([{"field": "price"}])).unwrap();
        let keys = sort_keys("items", &spec, &sort).unwrap();
        let price = 0.1 + 0.2;
        let cursor = encode_cursor(&keys, json!({"price": price, "id": "k"}).as_object().unwrap());
        assert_eq!(decode_cursor(&keys, &cursor).unwrap(), [json!(price), json!("k")]);
        let other = sort_keys("items", &spec, &[]).unwrap();
        assert!(decode_cursor(&other, &cursor).unwrap_err().contains("another sort"));
        assert!(decode_cursor(&keys, "not a cursor!").unwrap_err().contains("not valid"));
        let forged = URL_SAFE_NO_PAD.encode(json!({"s": "price,id", "v": ["zz", "k"]}).to_string());
        assert!(decode_cursor(&keys, &forged).is_err());
        let forged = URL_SAFE_NO_PAD.encode(json!({"s": "price,id", "v": [null, null]}).to_string());
        assert!(decode_cursor(&keys, &forged).is_err(), "ids are never NULL");
    }

    #[test]
    fn sorts_and_limits_are_checked() {
        let spec = spec();
        let refuse = |value| list("t", "items", &spec, "c1", &query(value)).unwrap_err();
        assert_eq!(refuse(json!({"limit": 0})), "limit must be at least 1");
        assert_eq!(
            refuse(json!({"sort": [{"field": "meta"}]})),
            "'meta' is a json field; json fields cannot be sorted"
        );
        assert_eq!(refuse(json!({"sort": [{"field": "qty"}, {"field": "qty"}]})), "the sort names 'qty' twice");
        let capped = list("t", "items", &spec, "c1", &query(json!({"limit": 100000}))).unwrap();
        assert_eq!(capped.limit, MAX_PAGE as usize);
        let by_id = sort_keys(
            "items",
            &spec,
            &serde_json::from_value::<Vec<Sort>>(json!([{"field": "id", "desc": true}, {"field": "qty"}])).unwrap(),
        )
        .unwrap();
        assert_eq!(by_id.len(), 1, "nothing sorts after the id");
    }

    fn grouped(engine: Engine, value: Value) -> Result<Grouped, String> {
        aggregate(engine, "t", "items", &spec(), "c1", &serde_json::from_value(value).unwrap())
    }

    #[test]
    fn aggregates_group_by_ordinal_and_type_their_results() {
        let grouped = grouped(
            Engine::Postgres,
            json!({
                "filters": [{"field": "done", "op": "eq", "value": true}],
                "group_by": [{"field": "due", "bucket": "week", "as": "week"}, {"field": "title"}],
                "metrics": [
                    {"fn": "count", "as": "n"}, {"fn": "sum", "field": "qty", "as": "qty"},
                    {"fn": "avg", "field": "price", "as": "mean"}, {"fn": "max", "field": "title", "as": "last"}
                ],
                "limit": 20
            }),
        )
        .unwrap();
        assert_eq!(
            grouped.sql.text,
            concat!(
                r#"SELECT ("due" - (((("due" + 259200) % 604800) + 604800) % 604800)), "title", COUNT(*), CAST(SUM("qty") AS BIGINT),"#,
                r#" CAST(AVG("price") AS DOUBLE PRECISION), MAX("title") FROM "t" WHERE "company_id" = $1 AND "done" = $2"#,
                r#" GROUP BY 1, 2 ORDER BY 1 ASC NULLS LAST, 2 ASC NULLS LAST LIMIT $3"#
            )
        );
        let names: Vec<(&str, Out)> = grouped.outputs.iter().map(|(n, o)| (n.as_str(), *o)).collect();
        assert_eq!(
            names,
            [
                ("week", Out::Int),
                ("title", Out::Text),
                ("n", Out::Int),
                ("qty", Out::Int),
                ("mean", Out::Float),
                ("last", Out::Text)
            ]
        );
        assert_eq!(grouped.sql.params[1], Param::Bool(Some(true)));
    }

    #[test]
    fn months_follow_the_calendar_on_each_engine() {
        let month = json!({"group_by": [{"field": "created_at", "bucket": "month"}], "metrics": []});
        assert!(
            grouped(Engine::Sqlite, month.clone())
                .unwrap()
                .sql
                .text
                .contains("strftime('%s', \"created_at\", 'unixepoch', 'start of month')")
        );
        assert!(
            grouped(Engine::Postgres, month)
                .unwrap()
                .sql
                .text
                .contains("date_trunc('month', to_timestamp(\"created_at\") AT TIME ZONE 'UTC')")
        );
    }

    #[test]
    fn bad_aggregates_are_refused() {
        let refuse = |value| grouped(Engine::Sqlite, value).unwrap_err();
        assert_eq!(refuse(json!({"metrics": []})), "an aggregate needs a metric or a group key");
        assert_eq!(
            refuse(json!({"group_by": [{"field": "qty", "bucket": "day"}], "metrics": []})),
            "'qty' is integer; time buckets apply to timestamps only"
        );
        assert_eq!(refuse(json!({"metrics": [{"fn": "sum", "as": "s"}]})), "metric 's': sum needs a field");
        assert_eq!(
            refuse(json!({"metrics": [{"fn": "avg", "field": "title", "as": "a"}]})),
            "metric 'a': avg does not apply to 'title', which is text"
        );
        assert_eq!(
            refuse(json!({"metrics": [{"fn": "min", "field": "done", "as": "a"}]})),
            "metric 'a': min does not apply to 'done', which is boolean"
        );
        assert_eq!(
            refuse(json!({"group_by": [{"field": "qty"}], "metrics": [{"fn": "count", "as": "qty"}]})),
            "two results are named 'qty'; give one another name with \"as\""
        );
        assert_eq!(refuse(json!({"metrics": [{"fn": "count", "as": "n"}], "limit": 0})), "limit must be at least 1");
        assert_eq!(
            refuse(json!({"group_by": [{"field": "meta"}], "metrics": []})),
            "'meta' is a json field; json fields cannot be grouped by"
        );
    }

    #[test]
    fn buckets_round_down_to_their_start() {
        // The SQL arithmetic is a Euclidean remainder, so times before 1970 round down too.
        let week = |t: i64| t - (t + 259_200).rem_euclid(604_800);
        let monday = 1_709_510_400; // 2024-03-04 00:00:00 UTC
        assert_eq!(week(monday), monday);
        assert_eq!(week(monday - 1), monday - 604_800);
        assert_eq!(week(0), -259_200, "1970-01-01 is in the week of Monday 1969-12-29");
        assert_eq!(-1 - (-1_i64).rem_euclid(86_400), -86_400);
    }
}
