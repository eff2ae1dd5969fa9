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
mod schema;
mod sql;
mod validate;
mod write;

use autoscope_wire::host::HostError;
use autoscope_wire::storage::{Record, StorageOp};
use serde_json::{Value, json};
use sqlx::Row;

pub use migrate::{applied, check, migrate};
pub use read::MAX_IN;
pub use schema::{Change, index_name, plan};
pub use sql::table_name;

use super::Db;
use crate::registry::manifest::Collection;

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

fn bad_request(message: String) -> HostError {
    HostError::new(400, message)
}

/// Runs one storage operation on `target` for `company_id` (always from the call
/// context, never from the input) at `now` (unix seconds). Answers the JSON the wire
/// type documents, or a [`HostError`]: 400 invalid input, 404 no such record, 409 a
/// stale version, 500 anything else (logged, never described).
pub async fn execute(db: &Db, target: &Target, company_id: &str, now: i64, op: StorageOp) -> Result<Value, HostError> {
    let table = target.table();
    let spec = &target.spec;
    let name = target.collection.as_str();
    let internal = |err: sqlx::Error| {
        tracing::error!(module = %target.module, collection = name, error = %err, "storage operation failed");
        HostError::new(500, crate::error::INTERNAL_MESSAGE)
    };
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
            let (fields, mut answer) = validate::new_record(name, spec, &record).map_err(bad_request)?;
            let id = super::new_id();
            let row = write::NewRow { id: id.clone(), fields };
            write::insert(&table, spec, company_id, now, vec![row]).query().execute(pool).await.map_err(internal)?;
            with_system_fields(&mut answer, id, now);
            Ok(Value::Object(answer))
        }
        StorageOp::InsertMany { records, .. } => {
            if records.len() > MAX_INSERT_MANY {
                return Err(bad_request(format!("insert_many takes at most {MAX_INSERT_MANY} records")));
            }
            let mut rows = Vec::with_capacity(records.len());
            let mut answers = Vec::with_capacity(records.len());
            for (i, record) in records.iter().enumerate() {
                let (fields, mut answer) = validate::new_record(name, spec, record)
                    .map_err(|message| bad_request(format!("record {i}: {message}")))?;
                let id = super::new_id();
                with_system_fields(&mut answer, id.clone(), now);
                rows.push(write::NewRow { id, fields });
                answers.push(Value::Object(answer));
            }
            if !rows.is_empty() {
                let mut tx = pool.begin().await.map_err(internal)?;
                let per_statement = write::rows_per_insert(spec);
                let mut rows = rows.into_iter().peekable();
                while rows.peek().is_some() {
                    let chunk: Vec<write::NewRow> = rows.by_ref().take(per_statement).collect();
                    write::insert(&table, spec, company_id, now, chunk)
                        .query()
                        .execute(&mut *tx)
                        .await
                        .map_err(internal)?;
                }
                tx.commit().await.map_err(internal)?;
            }
            Ok(Value::Array(answers))
        }
        StorageOp::Update { id, version, changes, .. } => {
            let changes = validate::changes(name, spec, &changes).map_err(bad_request)?;
            let sql = write::update(&table, spec, company_id, &id, version, now, changes);
            match sql.query().fetch_optional(pool).await.map_err(internal)? {
                Some(row) => Ok(Value::Object(decode::record(&row, spec).map_err(internal)?)),
                None => Err(missing_or_conflict(db, &table, company_id, &id).await.map_err(internal)?),
            }
        }
        StorageOp::Delete { id, version, .. } => {
            let done = write::delete(&table, company_id, &id, version).query().execute(pool).await.map_err(internal)?;
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
        StorageOp::Count { filters, .. } => {
            let sql = read::count(&table, name, spec, company_id, &filters).map_err(bad_request)?;
            Ok(json!(count_of(sql.query().fetch_one(pool).await.map_err(internal)?).map_err(internal)?))
        }
        StorageOp::Aggregate { aggregate, .. } => {
            let grouped =
                read::aggregate(db.engine(), &table, name, spec, company_id, &aggregate).map_err(bad_request)?;
            let rows = grouped.sql.query().fetch_all(pool).await.map_err(internal)?;
            let mut groups = Vec::with_capacity(rows.len());
            for row in &rows {
                groups.push(Value::Object(decode::named(row, &grouped.outputs).map_err(internal)?));
            }
            Ok(Value::Array(groups))
        }
    }
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

/// After a write matched no row: 409 when the record exists (another version), else 404.
async fn missing_or_conflict(db: &Db, table: &str, company_id: &str, id: &str) -> Result<HostError, sqlx::Error> {
    let found = write::exists(table, company_id, id).query().fetch_optional(db.pool()).await?;
    Ok(match found {
        Some(_) => HostError::new(409, CONFLICT_MESSAGE),
        None => HostError::new(404, "The record does not exist"),
    })
}
