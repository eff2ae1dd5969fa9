//! Rollups: per-company, per-UTC-day tables of counts and sums that a collection's
//! manifest declares, so dashboards over millions of rows read thousands.
//!
//! A rollup is never stale when read: every write to the collection marks the days it
//! touched in `rollup_dirty` (in the write's own transaction), and an aggregate answered
//! from a rollup first rebuilds the company's marked days from the rows. The rebuild's
//! first statement takes the marks (a write), so two readers never rebuild one day
//! twice, and a mark set by a writer that has not committed yet outlives the rebuild
//! (PostgreSQL makes the taker wait for the marker's row lock; SQLite has one writer).
//!
//! Column names of a rollup table start with `__`, which field names cannot, so they
//! never meet a group field's name.

use std::collections::{BTreeMap, BTreeSet};

use autoscope_wire::storage::{Aggregate, Bucket, FilterOp, MetricFn};
use sha2::{Digest, Sha256};
use sqlx::Row;

use super::read::{Grouped, bin_of, bucket_start, push_filters, push_groups_and_limit};
use super::sql::{Param, Sql, column_type, quoted, table_name};
use crate::modules::manifest::{Collection, FieldType, Rollup};
use crate::storage::{Db, Engine};

pub const DAY: i64 = 86_400;
/// The mark that asks for every day of a company (an update or delete may have moved
/// rows between days); never a day start, which are multiples of [`DAY`].
pub const ALL_DAYS: i64 = -1;

/// The table of a rollup: a digest, so the name stays within PostgreSQL's 63 characters.
pub fn table(module: &str, collection: &str, name: &str) -> String {
    let digest = Sha256::digest(format!("{module}.{collection}.{name}").as_bytes());
    format!("rollup_{}", &hex::encode(digest)[..16])
}

/// The kinds of the fields a rollup stores (group fields and measures), as a migration
/// records them.
pub type Kinds = BTreeMap<String, FieldType>;

pub(crate) fn kinds(spec: &Collection, rollup: &Rollup) -> Kinds {
    rollup
        .group
        .iter()
        .chain(&rollup.measures)
        .filter_map(|f| spec.fields.get(f).map(|s| (f.clone(), s.kind)))
        .collect()
}

fn kind(kinds: &Kinds, field: &str) -> FieldType {
    kinds.get(field).copied().unwrap_or(FieldType::Integer)
}

fn sum_type(kind: FieldType, engine: Engine) -> &'static str {
    match kind {
        FieldType::Number => column_type(FieldType::Number, engine),
        _ => "BIGINT",
    }
}

/// The statements creating a rollup's table and index and filling it from every stored
/// row (all companies).
pub(crate) fn create(module: &str, collection: &str, kinds: &Kinds, rollup: &Rollup, engine: Engine) -> Vec<Sql> {
    let table = table(module, collection, &rollup.name);
    let mut columns = vec![
        format!("\"company_id\" {} NOT NULL", column_type(FieldType::Text, engine)),
        "\"__day\" BIGINT NOT NULL".to_string(),
    ];
    for group in &rollup.group {
        columns.push(format!("{} {}", quoted(group), column_type(kind(kinds, group), engine)));
    }
    if rollup.bins.is_some() {
        columns.push("\"__bin\" BIGINT".into());
    }
    columns.push("\"__n\" BIGINT NOT NULL".into());
    for measure in &rollup.measures {
        let k = kind(kinds, measure);
        columns.push(format!("{} {}", quoted(&format!("__s_{measure}")), sum_type(k, engine)));
        columns.push(format!("{} BIGINT NOT NULL", quoted(&format!("__c_{measure}"))));
        columns.push(format!("{} {}", quoted(&format!("__lo_{measure}")), column_type(k, engine)));
        columns.push(format!("{} {}", quoted(&format!("__hi_{measure}")), column_type(k, engine)));
    }
    columns.push("\"__tlo\" BIGINT NOT NULL".into());
    columns.push("\"__thi\" BIGINT NOT NULL".into());
    vec![
        Sql::new(&format!("CREATE TABLE {} ({})", quoted(&table), columns.join(", "))),
        Sql::new(&format!(
            "CREATE INDEX {} ON {} (\"company_id\", \"__day\")",
            quoted(&format!("{table}_day")),
            quoted(&table)
        )),
        build(module, collection, rollup, engine, None),
    ]
}

pub(crate) fn drop(module: &str, collection: &str, name: &str) -> Vec<Sql> {
    let table = table(module, collection, name);
    let mut forget = Sql::new("DELETE FROM rollup_dirty WHERE rollup_table = ");
    forget.bind(Param::Text(Some(table.clone())));
    vec![Sql::new(&format!("DROP TABLE IF EXISTS {}", quoted(&table))), forget]
}

/// `INSERT INTO <rollup> SELECT ... GROUP BY ...` over every row, or over one company's
/// rows whose day lies in `[from, to]` (day starts).
fn build(module: &str, collection: &str, rollup: &Rollup, engine: Engine, scope: Option<(&str, i64, i64)>) -> Sql {
    let time = quoted(&rollup.time);
    let mut targets = vec!["\"company_id\"".to_string(), "\"__day\"".to_string()];
    let mut selects = vec!["\"company_id\"".to_string(), bucket_start(&time, Bucket::Day, engine)];
    for group in &rollup.group {
        targets.push(quoted(group));
        selects.push(quoted(group));
    }
    if let Some(bins) = &rollup.bins {
        targets.push("\"__bin\"".into());
        // Bounds were checked when the manifest was validated.
        selects.push(bin_of(&quoted(&bins.field), &bins.bounds).unwrap_or_else(|_| "NULL".into()));
    }
    let keys = targets.len();
    targets.push("\"__n\"".into());
    selects.push("COUNT(*)".into());
    for measure in &rollup.measures {
        let m = quoted(measure);
        for (prefix, select) in [
            ("__s_", format!("SUM({m})")),
            ("__c_", format!("COUNT({m})")),
            ("__lo_", format!("MIN({m})")),
            ("__hi_", format!("MAX({m})")),
        ] {
            targets.push(quoted(&format!("{prefix}{measure}")));
            selects.push(select);
        }
    }
    targets.push("\"__tlo\"".into());
    selects.push(format!("MIN({time})"));
    targets.push("\"__thi\"".into());
    selects.push(format!("MAX({time})"));
    let mut sql = Sql::new(&format!(
        "INSERT INTO {} ({}) SELECT {} FROM {}",
        quoted(&table(module, collection, &rollup.name)),
        targets.join(", "),
        selects.join(", "),
        quoted(&table_name(module, collection))
    ));
    if let Some((company_id, from, to)) = scope {
        sql.push(" WHERE \"company_id\" = ").bind(Param::Text(Some(company_id.to_string())));
        if from != ALL_DAYS {
            sql.push(&format!(" AND {time} >= ")).bind(Param::Int(Some(from)));
            sql.push(&format!(" AND {time} < ")).bind(Param::Int(Some(to + DAY)));
        }
    }
    let ordinals: Vec<String> = (1..=keys).map(|i| i.to_string()).collect();
    sql.push(" GROUP BY ").push(&ordinals.join(", "));
    sql
}

/// The day starts (UTC) of `times`.
pub fn days(times: impl IntoIterator<Item = i64>) -> BTreeSet<i64> {
    times.into_iter().map(|t| t.div_euclid(DAY) * DAY).collect()
}

/// Marks the days of `company_id` that `days` gives for each rollup's time field stale
/// ([`ALL_DAYS`] for every day); none when nothing is marked. Runs in the writer's
/// transaction.
pub(crate) fn mark(
    module: &str,
    collection: &str,
    spec: &Collection,
    company_id: &str,
    days: impl Fn(&str) -> BTreeSet<i64>,
) -> Option<Sql> {
    let marked: Vec<(&Rollup, BTreeSet<i64>)> =
        spec.rollups.iter().map(|rollup| (rollup, days(&rollup.time))).filter(|(_, days)| !days.is_empty()).collect();
    if marked.is_empty() {
        return None;
    }
    let mut sql = Sql::new("INSERT INTO rollup_dirty (rollup_table, company_id, day, seq) VALUES ");
    let company = sql.placeholder(Param::Text(Some(company_id.to_string())));
    let mut first = true;
    for (rollup, days) in &marked {
        let table = sql.placeholder(Param::Text(Some(table(module, collection, &rollup.name))));
        for day in days {
            let day = sql.placeholder(Param::Int(Some(*day)));
            sql.push(if first { "(" } else { ", (" });
            sql.push(&format!("{table}, {company}, {day}, 0)"));
            first = false;
        }
    }
    // Updating the mark a concurrent rebuild is taking makes that rebuild wait for this
    // transaction, so it reads these rows (see the module comment).
    sql.push(" ON CONFLICT (rollup_table, company_id, day) DO UPDATE SET seq = rollup_dirty.seq + 1");
    Some(sql)
}

/// Rebuilds the days of `company_id` marked stale in `rollup`. A clean rollup costs one
/// indexed read.
pub(crate) async fn refresh(
    db: &Db,
    module: &str,
    collection: &str,
    rollup: &Rollup,
    company_id: &str,
) -> Result<(), sqlx::Error> {
    let table = table(module, collection, &rollup.name);
    let pending = sqlx::query("SELECT 1 FROM rollup_dirty WHERE rollup_table = $1 AND company_id = $2 LIMIT 1")
        .bind(&table)
        .bind(company_id)
        .fetch_optional(db.pool())
        .await?;
    if pending.is_none() {
        return Ok(());
    }
    let mut tx = db.pool().begin().await?;
    let taken = sqlx::query("DELETE FROM rollup_dirty WHERE rollup_table = $1 AND company_id = $2 RETURNING day")
        .bind(&table)
        .bind(company_id)
        .fetch_all(&mut *tx)
        .await?;
    let mut days = Vec::with_capacity(taken.len());
    for row in &taken {
        days.push(row.try_get::<i64, _>(0)?);
    }
    let (Some(&from), Some(&to)) = (days.iter().min(), days.iter().max()) else {
        return tx.commit().await;
    };
    let mut clear = Sql::new(&format!("DELETE FROM {} WHERE \"company_id\" = ", quoted(&table)));
    clear.bind(Param::Text(Some(company_id.to_string())));
    if from != ALL_DAYS {
        clear.push(" AND \"__day\" >= ").bind(Param::Int(Some(from)));
        clear.push(" AND \"__day\" <= ").bind(Param::Int(Some(to)));
    }
    clear.query().execute(&mut *tx).await?;
    build(module, collection, rollup, db.engine(), Some((company_id, from, to))).query().execute(&mut *tx).await?;
    tx.commit().await
}

/// Rebuilds the marked days of every (rollup, company) pair pending, at most `limit`
/// pairs; `rollups` are the installed ones as (module, collection, rollup). The host's
/// worker calls it every few seconds, so a dashboard rarely waits for a rebuild; reads
/// rebuild what is left. Answers how many pairs it rebuilt.
pub async fn refresh_pending(db: &Db, rollups: &[(String, String, Rollup)], limit: i64) -> Result<usize, sqlx::Error> {
    let pending = sqlx::query("SELECT DISTINCT rollup_table, company_id FROM rollup_dirty LIMIT $1")
        .bind(limit)
        .fetch_all(db.pool())
        .await?;
    let mut rebuilt = 0;
    for row in &pending {
        let (table_name, company_id): (String, String) = (row.try_get(0)?, row.try_get(1)?);
        let installed =
            rollups.iter().find(|(module, collection, rollup)| table(module, collection, &rollup.name) == table_name);
        if let Some((module, collection, rollup)) = installed {
            refresh(db, module, collection, rollup, &company_id).await?;
            rebuilt += 1;
        }
    }
    Ok(rebuilt)
}

/// The rollup of `spec` that answers `aggregate` exactly (see the module format: filters
/// on group fields or whole UTC days of the time field; keys that are group fields,
/// day/week/month of the time field or the declared bins; metrics kept by the rollup)
/// with the fewest groups, so the fewest rows: the first declared of those.
pub(crate) fn fitting<'a>(spec: &'a Collection, aggregate: &Aggregate) -> Option<&'a Rollup> {
    spec.rollups.iter().filter(|rollup| fits(rollup, aggregate)).min_by_key(|rollup| rollup.group.len())
}

fn fits(rollup: &Rollup, aggregate: &Aggregate) -> bool {
    let grouped = |field: &str| rollup.group.iter().any(|g| g == field);
    let filters = aggregate.filters.iter().all(|filter| {
        grouped(&filter.field)
            || (filter.field == rollup.time
                && matches!(filter.op, FilterOp::Gte | FilterOp::Lt)
                && filter.value.as_i64().is_some_and(|t| t.rem_euclid(DAY) == 0))
    });
    let keys = aggregate.group_by.iter().all(|key| match (&key.bucket, &key.bins) {
        (None, None) => grouped(&key.field),
        (Some(bucket), None) => key.field == rollup.time && *bucket != Bucket::Hour,
        (None, Some(bounds)) => {
            rollup.bins.as_ref().is_some_and(|bins| bins.field == key.field && &bins.bounds == bounds)
        }
        (Some(_), Some(_)) => false,
    });
    let metrics = aggregate.metrics.iter().all(|metric| match (&metric.field, metric.function) {
        (None, MetricFn::Count) => true,
        (None, _) => false,
        (Some(field), MetricFn::Min | MetricFn::Max) if *field == rollup.time => true,
        (Some(field), _) => rollup.measures.contains(field),
    });
    filters && keys && metrics
}

/// The statement answering `aggregate` from `rollup`, with the outputs of the same
/// aggregate over the rows (`rows`, already validated): same names, types and order.
pub(crate) fn aggregate_sql(
    engine: Engine,
    target: &super::Target,
    rollup: &Rollup,
    company_id: &str,
    aggregate: &Aggregate,
    rows: Grouped,
) -> Result<Grouped, String> {
    let (module, collection, spec) = (target.module.as_str(), target.collection.as_str(), &target.spec);
    let mut expressions = Vec::with_capacity(rows.outputs.len());
    for key in &aggregate.group_by {
        expressions.push(match (&key.bucket, &key.bins) {
            (Some(Bucket::Day), _) => "\"__day\"".to_string(),
            (Some(bucket), _) => bucket_start("\"__day\"", *bucket, engine),
            (None, Some(_)) => "\"__bin\"".to_string(),
            (None, None) => quoted(&key.field),
        });
    }
    for metric in &aggregate.metrics {
        let integer = |field: &str| spec.fields.get(field).is_none_or(|f| f.kind != FieldType::Number);
        expressions.push(match (&metric.field, metric.function) {
            (None, _) => "CAST(COALESCE(SUM(\"__n\"), 0) AS BIGINT)".to_string(),
            (Some(field), MetricFn::Min) if *field == rollup.time => "MIN(\"__tlo\")".to_string(),
            (Some(field), MetricFn::Max) if *field == rollup.time => "MAX(\"__thi\")".to_string(),
            (Some(field), MetricFn::Count) => {
                format!("CAST(COALESCE(SUM({}), 0) AS BIGINT)", quoted(&format!("__c_{field}")))
            }
            (Some(field), MetricFn::Sum) if integer(field) => {
                format!("CAST(SUM({}) AS BIGINT)", quoted(&format!("__s_{field}")))
            }
            (Some(field), MetricFn::Sum) => format!("SUM({})", quoted(&format!("__s_{field}"))),
            (Some(field), MetricFn::Avg) => format!(
                "CAST(SUM({}) AS DOUBLE PRECISION) / NULLIF(SUM({}), 0)",
                quoted(&format!("__s_{field}")),
                quoted(&format!("__c_{field}"))
            ),
            (Some(field), MetricFn::Min) => format!("MIN({})", quoted(&format!("__lo_{field}"))),
            (Some(field), MetricFn::Max) => format!("MAX({})", quoted(&format!("__hi_{field}"))),
        });
    }
    let mut sql = Sql::new("SELECT ");
    sql.push(&expressions.join(", ")).push(" FROM ").ident(&table(module, collection, &rollup.name));
    sql.push(" WHERE \"company_id\" = ").bind(Param::Text(Some(company_id.to_string())));
    // The group fields keep their names and types in the rollup, so filters on them are
    // built exactly as on the rows.
    let groups = Collection {
        fields: spec
            .fields
            .iter()
            .filter(|(name, _)| rollup.group.contains(name))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
        ..Collection::default()
    };
    let (on_time, on_groups): (Vec<_>, Vec<_>) =
        aggregate.filters.iter().cloned().partition(|f| f.field == rollup.time);
    push_filters(&mut sql, collection, &groups, &on_groups)?;
    for filter in on_time {
        let op = if filter.op == FilterOp::Gte { ">=" } else { "<" };
        sql.push(&format!(" AND \"__day\" {op} ")).bind(Param::Int(filter.value.as_i64()));
    }
    // The same limit as over the rows: its last bind.
    let limit = match rows.sql.params.last() {
        Some(Param::Int(Some(limit))) => *limit,
        _ => i64::from(autoscope_wire::storage::MAX_GROUPS),
    };
    push_groups_and_limit(&mut sql, aggregate.group_by.len(), limit);
    Ok(Grouped { sql, outputs: rows.outputs })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::modules::manifest::Manifest;

    fn runs() -> Collection {
        let manifest = Manifest::parse(
            r#"
key = "bots"
name = "Bots"
version = "1.0.0"
host_api = 1
rights_key = "bot_profile"
[capabilities]
storage = true
[collections.runs]
key = "external_id"
[collections.runs.fields]
external_id = { type = "text", required = true }
bot = { type = "text" }
status = { type = "text" }
started_at = { type = "timestamp", required = true }
ended_at = { type = "timestamp" }
items = { type = "integer" }
duration_s = { type = "integer", difference = ["ended_at", "started_at"] }
[[collections.runs.rollups]]
name = "daily"
time = "started_at"
group = ["bot", "status"]
measures = ["items", "duration_s"]
[[collections.runs.rollups]]
name = "durations"
time = "started_at"
group = ["bot"]
bins = { field = "duration_s", bounds = [60, 600] }
"#,
        )
        .unwrap();
        manifest.validate().unwrap();
        manifest.collections["runs"].clone()
    }

    fn fit(aggregate: serde_json::Value) -> Option<String> {
        let aggregate: Aggregate = serde_json::from_value(aggregate).unwrap();
        fitting(&runs(), &aggregate).map(|rollup| rollup.name.clone())
    }

    #[test]
    fn aggregates_fit_the_first_rollup_that_answers_them_exactly() {
        let range = json!([{ "field": "started_at", "op": "gte", "value": 86_400 * 3 }, { "field": "started_at", "op": "lt", "value": 86_400 * 5 }]);
        assert_eq!(
            fit(
                json!({ "filters": range, "group_by": [{ "field": "started_at", "bucket": "week" }, { "field": "status" }],
                "metrics": [{ "fn": "count", "as": "n" }, { "fn": "avg", "field": "duration_s", "as": "d" }, { "fn": "max", "field": "started_at", "as": "last" }] })
            ),
            Some("daily".into())
        );
        assert_eq!(
            fit(
                json!({ "filters": [{ "field": "bot", "op": "in", "value": ["a"] }], "group_by": [{ "field": "duration_s", "bins": [60.0, 600.0] }], "metrics": [{ "fn": "count", "as": "n" }] })
            ),
            Some("durations".into())
        );
        for misfit in [
            json!({ "group_by": [{ "field": "started_at", "bucket": "hour" }], "metrics": [{ "fn": "count", "as": "n" }] }),
            json!({ "filters": [{ "field": "started_at", "op": "gte", "value": 86_401 }], "metrics": [{ "fn": "count", "as": "n" }] }),
            json!({ "filters": [{ "field": "started_at", "op": "gt", "value": 86_400 }], "metrics": [{ "fn": "count", "as": "n" }] }),
            json!({ "filters": [{ "field": "external_id", "op": "eq", "value": "x" }], "metrics": [{ "fn": "count", "as": "n" }] }),
            json!({ "group_by": [{ "field": "ended_at" }], "metrics": [{ "fn": "count", "as": "n" }] }),
            json!({ "metrics": [{ "fn": "max", "field": "ended_at", "as": "m" }] }),
            json!({ "group_by": [{ "field": "duration_s", "bins": [60.0, 601.0] }], "metrics": [{ "fn": "count", "as": "n" }] }),
            json!({ "group_by": [{ "field": "started_at" }], "metrics": [{ "fn": "count", "as": "n" }] }),
        ] {
            assert_eq!(fit(misfit.clone()), None, "{misfit}");
        }
    }

    #[test]
    fn the_fitting_rollup_with_the_fewest_groups_answers() {
        let mut spec = runs();
        let mut all = spec.rollups[0].clone();
        all.name = "all".into();
        all.group = vec!["status".into()];
        spec.rollups.push(all);
        let pick = |aggregate: serde_json::Value| {
            let aggregate: Aggregate = serde_json::from_value(aggregate).unwrap();
            fitting(&spec, &aggregate).map(|rollup| rollup.name.clone())
        };
        assert_eq!(
            pick(json!({ "group_by": [{ "field": "status" }], "metrics": [{ "fn": "count", "as": "n" }] })),
            Some("all".into())
        );
        assert_eq!(
            pick(
                json!({ "filters": [{ "field": "bot", "op": "eq", "value": "b" }], "metrics": [{ "fn": "count", "as": "n" }] })
            ),
            Some("durations".into()),
            "a count by bot fits the bins rollup grouped by bot alone"
        );
        assert_eq!(
            pick(
                json!({ "filters": [{ "field": "bot", "op": "eq", "value": "b" }], "metrics": [{ "fn": "sum", "field": "items", "as": "n" }] })
            ),
            Some("daily".into())
        );
    }

    #[test]
    fn writes_mark_each_rollup_on_the_days_of_its_time_field() {
        assert_eq!(days([-1, 0, 86_399, 86_400, 200_000]), BTreeSet::from([-86_400, 0, 86_400, 172_800]));
        let spec = runs();
        let sql = mark("bots", "runs", &spec, "c1", |time| {
            assert_eq!(time, "started_at");
            BTreeSet::from([0, 86_400])
        })
        .unwrap();
        assert_eq!(
            sql.text,
            "INSERT INTO rollup_dirty (rollup_table, company_id, day, seq) VALUES ($2, $1, $3, 0), ($2, $1, $4, 0), \
             ($5, $1, $6, 0), ($5, $1, $7, 0) ON CONFLICT (rollup_table, company_id, day) DO UPDATE SET seq = rollup_dirty.seq + 1"
        );
        assert_eq!(sql.params[1], Param::Text(Some(table("bots", "runs", "daily"))));
        assert!(mark("bots", "runs", &spec, "c1", |_| BTreeSet::new()).is_none());
        assert!(
            table("bots", "runs", "daily").len() <= 63
                && table("bots", "runs", "daily") != table("bots", "runs", "durations")
        );
    }

    #[test]
    fn a_rollup_is_built_per_company_day_and_group() {
        let spec = runs();
        let rollup = &spec.rollups[1];
        let statements = create("bots", "runs", &kinds(&spec, rollup), rollup, Engine::Postgres);
        assert!(
            statements[0].text.contains(r#""bot" TEXT COLLATE "C", "__bin" BIGINT, "__n" BIGINT NOT NULL"#),
            "{}",
            statements[0].text
        );
        let build = &statements[2].text;
        assert!(build.contains(r#"CASE WHEN "duration_s" IS NULL THEN NULL WHEN "duration_s" < 60.0 THEN 0 WHEN "duration_s" < 600.0 THEN 1 ELSE 2 END"#), "{build}");
        assert!(build.ends_with("GROUP BY 1, 2, 3, 4"), "{build}");
    }
}
