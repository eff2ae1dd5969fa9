//! Module collections: the tables behind the `storage` host function.
//!
//! Each collection a module declares is a real table `mod_<module>__<collection>` with
//! `company_id`, `id`, `created_at`, `updated_at`, `version` and one typed column per
//! field (`schema`), evolved by a planner that refuses destructive changes the manifest
//! did not list (`migrate`). Plugins send typed operations ([`StorageOp`]); the host
//! builds every statement from validated names and placeholders (`read`, `write`),
//! always binding the company of the call, and reads rows straight into JSON
//! (`decode`). SQL building is pure and unit-tested; [`execute`] only runs it.

mod decode;
mod migrate;
mod read;
pub mod rollup;
mod schema;
mod sql;
pub mod upsert;
mod validate;
mod write;

use autoscope_wire::host::HostError;
use autoscope_wire::storage::{Record, StorageOp};
use serde_json::{Value, json};
use sqlx::Row;

pub use migrate::{applied, check, migrate, purge};
pub use read::MAX_IN;
pub use schema::{Change, index_name, plan};
pub use sql::table_name;
pub use write::rows_per_insert;

use crate::modules::manifest::Collection;
use crate::storage::Db;

/// The most records one `insert_many` takes.
pub const MAX_INSERT_MANY: usize = 1_000;

/// The message of a 409.
pub const CONFLICT_MESSAGE: &str = "The record was changed by someone else; reload it and try again";

/// The collection an operation runs on, as the runtime resolved it (which module's
/// collection, and that the caller may use it). The operation's own collection name is
/// not read again.
#[derive(Debug, Clone)]
pub struct Target {
    pub module: String,
    pub collection: String,
    pub spec: Collection,
}

impl Target {
    pub fn table(&self) -> String {
        table_name(&self.module, &self.collection)
    }
}

/// A database failure: logged, never described to the plugin.
fn failed(target: &Target, err: sqlx::Error) -> HostError {
    tracing::error!(module = %target.module, collection = %target.collection, error = %err, "storage operation failed");
    HostError::new(500, crate::error::INTERNAL_MESSAGE)
}

fn bad_request(message: String) -> HostError {
    HostError::new(400, message)
}

/// Runs one storage operation on `target` for `company_id` (always from the call
/// context, never from the input) at `now` (unix seconds). Answers the JSON the wire
/// type documents, or a [`HostError`]: 400 invalid input, 404 no such record, 409 a
/// stale version or a taken key, 500 anything else (logged, never described).
pub async fn execute(db: &Db, target: &Target, company_id: &str, now: i64, op: StorageOp) -> Result<Value, HostError> {
    let table = target.table();
    let spec = &target.spec;
    let name = target.collection.as_str();
    let internal = |err: sqlx::Error| failed(target, err);
    let pool = db.pool();
    match op {
        StorageOp::Get { id, .. } => {
            let row = read::get(&table, spec, company_id, &id).query().fetch_optional(pool).await.map_err(internal)?;
            Ok(row
                .map(|row| decode::record(&row, spec))
                .transpose()
                .map_err(internal)?
                .map_or(Value::Null, Value::Object))
        }
        StorageOp::List { query, .. } => {
            let list = read::list(&table, name, spec, company_id, &query).map_err(bad_request)?;
            let rows = list.select.query().fetch_all(pool).await.map_err(internal)?;
            let more = rows.len() > list.limit;
            let mut items = Vec::with_capacity(rows.len().min(list.limit));
            for row in rows.iter().take(list.limit) {
                items.push(decode::record(row, &list.shown).map_err(internal)?);
            }
            let next_cursor = match items.last() {
                Some(last) if more => Value::String(read::encode_cursor(&list.keys, last)),
                _ => Value::Null,
            };
            let total = match list.count {
                Some(count) => {
                    json!(count_of(count.query().fetch_one(pool).await.map_err(internal)?).map_err(internal)?)
                }
                None => Value::Null,
            };
            // The shape of `Page`, built in place rather than copied through serde.
            let mut page = serde_json::Map::with_capacity(3);
            page.insert("items".into(), Value::Array(items.into_iter().map(Value::Object).collect()));
            page.insert("next_cursor".into(), next_cursor);
            page.insert("total".into(), total);
            Ok(Value::Object(page))
        }
        StorageOp::Insert { record, .. } => {
            let mut stored = insert_all(db, target, company_id, now, std::slice::from_ref(&record), false).await?;
            Ok(Value::Object(stored.pop().unwrap_or_default()))
        }
        StorageOp::InsertMany { records, .. } => {
            if records.len() > MAX_INSERT_MANY {
                return Err(bad_request(format!("insert_many takes at most {MAX_INSERT_MANY} records")));
            }
            let stored = insert_all(db, target, company_id, now, &records, true).await?;
            Ok(Value::Array(stored.into_iter().map(Value::Object).collect()))
        }
        StorageOp::Update { id, version, changes, .. } => {
            let changes = validate::changes(name, spec, &changes).map_err(bad_request)?;
            let sql = write::update(&table, spec, company_id, &id, version, now, changes);
            // A change may move a record to another day: its rollups rebuild every day.
            let marks = rollup::mark(&target.module, name, spec, company_id, |_| [rollup::ALL_DAYS].into());
            let mut writer = Writer::start(pool, marks.is_some()).await.map_err(internal)?;
            let row = sql
                .query()
                .fetch_optional(writer.connection())
                .await
                .map_err(|err| key_taken_or_failed(target, err))?;
            if let (Some(_), Some(marks)) = (&row, marks) {
                marks.query().execute(writer.connection()).await.map_err(internal)?;
            }
            writer.finish().await.map_err(internal)?;
            match row {
                Some(row) => Ok(Value::Object(decode::record(&row, spec).map_err(internal)?)),
                None => Err(missing_or_conflict(db, &table, company_id, &id).await.map_err(internal)?),
            }
        }
        StorageOp::Delete { id, version, .. } => {
            let marks = rollup::mark(&target.module, name, spec, company_id, |_| [rollup::ALL_DAYS].into());
            let mut writer = Writer::start(pool, marks.is_some()).await.map_err(internal)?;
            let done = write::delete(&table, company_id, &id, version)
                .query()
                .execute(writer.connection())
                .await
                .map_err(internal)?;
            if let (true, Some(marks)) = (done.rows_affected() > 0, marks) {
                marks.query().execute(writer.connection()).await.map_err(internal)?;
            }
            writer.finish().await.map_err(internal)?;
            if done.rows_affected() > 0 {
                return Ok(Value::Bool(true));
            }
            match version {
                Some(_) => match missing_or_conflict(db, &table, company_id, &id).await.map_err(internal)? {
                    conflict if conflict.status == 409 => Err(conflict),
                    _ => Ok(Value::Bool(false)),
                },
                None => Ok(Value::Bool(false)),
            }
        }
        StorageOp::DeleteMatching { filters, .. } => {
            let sql = write::delete_matching(&table, name, spec, company_id, &filters).map_err(bad_request)?;
            let marks = rollup::mark(&target.module, name, spec, company_id, |_| [rollup::ALL_DAYS].into());
            let mut writer = Writer::start(pool, marks.is_some()).await.map_err(internal)?;
            let done = sql.query().execute(writer.connection()).await.map_err(internal)?;
            if let (true, Some(marks)) = (done.rows_affected() > 0, marks) {
                marks.query().execute(writer.connection()).await.map_err(internal)?;
            }
            writer.finish().await.map_err(internal)?;
            Ok(json!(done.rows_affected()))
        }
        StorageOp::Count { filters, .. } => {
            let sql = read::count(&table, name, spec, company_id, &filters).map_err(bad_request)?;
            Ok(json!(count_of(sql.query().fetch_one(pool).await.map_err(internal)?).map_err(internal)?))
        }
        StorageOp::Aggregate { aggregate, .. } => {
            let mut grouped =
                read::aggregate(db.engine(), &table, name, spec, company_id, &aggregate).map_err(bad_request)?;
            if let Some(fitting) = rollup::fitting(spec, &aggregate) {
                rollup::refresh(db, &target.module, name, fitting, company_id).await.map_err(internal)?;
                grouped = rollup::aggregate_sql(db.engine(), target, fitting, company_id, &aggregate, grouped)
                    .map_err(bad_request)?;
            }
            let rows = grouped.sql.query().fetch_all(pool).await.map_err(internal)?;
            let mut groups = Vec::with_capacity(rows.len());
            for row in &rows {
                groups.push(Value::Object(decode::named(row, &grouped.outputs).map_err(internal)?));
            }
            Ok(Value::Array(groups))
        }
    }
}

/// The distinct values of the text field `field` in `target`'s records of `company_id`
/// that match `filters`, at most `limit` of them.
pub async fn distinct_text(
    db: &Db,
    target: &Target,
    company_id: &str,
    filters: &[autoscope_wire::storage::Filter],
    field: &str,
    limit: usize,
) -> Result<Vec<String>, HostError> {
    let name = target.collection.as_str();
    let sql = read::distinct_text(&target.table(), name, &target.spec, company_id, filters, field, limit)
        .map_err(bad_request)?;
    let rows = sql.query().fetch_all(db.pool()).await.map_err(|err| failed(target, err))?;
    Ok(rows.iter().filter_map(|row| row.try_get::<String, _>(0).ok()).collect())
}

/// Stores `records` (all or none) with their rollup marks and answers them as stored;
/// `numbered` names a refused record by its position.
async fn insert_all(
    db: &Db,
    target: &Target,
    company_id: &str,
    now: i64,
    records: &[Record],
    numbered: bool,
) -> Result<Vec<Record>, HostError> {
    let (spec, name) = (&target.spec, target.collection.as_str());
    let internal = |err: sqlx::Error| failed(target, err);
    let mut rows = Vec::with_capacity(records.len());
    let mut answers = Vec::with_capacity(records.len());
    for (i, record) in records.iter().enumerate() {
        let (fields, mut answer) = validate::new_record(name, spec, record)
            .map_err(|message| bad_request(if numbered { format!("record {i}: {message}") } else { message }))?;
        let id = crate::storage::new_id();
        with_system_fields(&mut answer, id.clone(), now);
        rows.push(write::NewRow { id, fields });
        answers.push(answer);
    }
    if rows.is_empty() {
        return Ok(answers);
    }
    let marks = rollup::mark(&target.module, name, spec, company_id, |time| {
        rollup::days(answers.iter().filter_map(|answer| day_of(answer, time)))
    });
    let per_statement = write::rows_per_insert(spec, db.engine());
    let mut writer = Writer::start(db.pool(), marks.is_some() || rows.len() > per_statement).await.map_err(internal)?;
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<write::NewRow> = rows.by_ref().take(per_statement).collect();
        let statement = write::insert(&target.table(), spec, company_id, now, chunk, None);
        statement.query().execute(writer.connection()).await.map_err(|err| key_taken_or_failed(target, err))?;
    }
    if let Some(marks) = marks {
        marks.query().execute(writer.connection()).await.map_err(internal)?;
    }
    writer.finish().await.map_err(internal)?;
    Ok(answers)
}

/// A write's refusal when another record of the company has its `key`: a claim a plugin
/// makes with a unique key (a reminder sent once) learns it lost the race, and a change
/// to a taken key is refused by name.
fn key_taken_or_failed(target: &Target, err: sqlx::Error) -> HostError {
    match crate::storage::is_unique_violation(&err) {
        true => {
            let key = target.spec.key.as_deref().unwrap_or("key");
            HostError::new(409, format!("A record with this {key} already exists"))
        }
        false => failed(target, err),
    }
}

/// The timestamp `field` of a validated record.
fn day_of(record: &Record, field: &str) -> Option<i64> {
    record.get(field).and_then(Value::as_i64)
}

fn with_system_fields(record: &mut Record, id: String, now: i64) {
    record.insert("id".into(), Value::String(id));
    record.insert("created_at".into(), now.into());
    record.insert("updated_at".into(), now.into());
    record.insert("version".into(), 1.into());
}

fn count_of(row: sqlx::any::AnyRow) -> Result<u64, sqlx::Error> {
    Ok(row.try_get::<i64, _>(0)?.max(0) as u64)
}

/// Where a write runs: in a transaction when it is several statements (its rollups' marks,
/// an insert of more rows than one statement takes), alone otherwise: one statement is
/// atomic by itself, and BEGIN and COMMIT would be two more round trips to the database
/// (on SQLite, to its worker thread) for every write a module makes.
enum Writer {
    Alone(sqlx::pool::PoolConnection<sqlx::Any>),
    Together(sqlx::Transaction<'static, sqlx::Any>),
}

impl Writer {
    async fn start(pool: &sqlx::AnyPool, together: bool) -> Result<Self, sqlx::Error> {
        Ok(match together {
            true => Self::Together(pool.begin().await?),
            false => Self::Alone(pool.acquire().await?),
        })
    }

    fn connection(&mut self) -> &mut sqlx::AnyConnection {
        match self {
            Self::Alone(connection) => connection,
            Self::Together(transaction) => transaction,
        }
    }

    async fn finish(self) -> Result<(), sqlx::Error> {
        match self {
            Self::Alone(_) => Ok(()),
            Self::Together(transaction) => transaction.commit().await,
        }
    }
}

/// After a write matched no row: 409 when the record exists (another version), else 404.
async fn missing_or_conflict(db: &Db, table: &str, company_id: &str, id: &str) -> Result<HostError, sqlx::Error> {
    let found = write::exists(table, company_id, id).query().fetch_optional(db.pool()).await?;
    Ok(match found {
        Some(_) => HostError::new(409, CONFLICT_MESSAGE),
        None => HostError::new(404, "The record does not exist"),
    })
}
