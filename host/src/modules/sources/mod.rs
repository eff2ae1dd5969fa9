//! Sources: outside databases (PostgreSQL, MySQL/MariaDB) that a company's administrators
//! connect to a module, and that the module reads through the `sources` host function.
//!
//! - Administrators keep the connections through the host (`api`): the password is sealed
//!   with a key derived from the host's secret, bound to its row, and never answered.
//! - The plugin names a connection, a table and columns; the host checks the names against
//!   the database's catalogue, builds the SQL (`sql`) and runs it (`engines`) read-only,
//!   with a statement timeout and a row cap. Only servers the operator allows
//!   (`AUTOSCOPE_SOURCE_HOSTS`) are reached.
//! - Connections are per company and module: a module reaches only its own.

pub mod api;
pub mod connections;
mod engines;
pub mod sql;

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use autoscope_wire::sources::{ServerVersion, SourceColumn, SourceRows, SourcesOp};
use serde_json::value::RawValue;

use crate::error::{Error, Result};
use crate::http::AppState;
use crate::storage::source_connections::ConnectionRow;
use connections::Sealer;
use engines::Pool;

/// The most bytes of JSON one read answers.
const MAX_ANSWER_BYTES: usize = 8 << 20;
/// How long a table's columns are taken from the last look at the catalogue: a sync reads
/// page after page of the same tables.
const CATALOGUE_KEPT: Duration = Duration::from_secs(60);

/// A table's columns by connection and table, and when they were read.
type Catalogues = HashMap<(String, String), (Instant, Arc<Vec<sql::Column>>)>;

/// The open pools, one per connection, replaced when the connection changes, and the
/// columns of the tables read lately.
pub struct Sources {
    pools: Mutex<HashMap<String, (i64, Pool)>>,
    catalogues: Mutex<Catalogues>,
    sealer: Sealer,
}

impl Sources {
    pub fn new(secret: &[u8]) -> Self {
        Self { pools: Mutex::new(HashMap::new()), catalogues: Mutex::new(HashMap::new()), sealer: Sealer::new(secret) }
    }

    pub fn sealer(&self) -> &Sealer {
        &self.sealer
    }

    /// The pool of `row`, opened when there is none for its current version.
    async fn pool(&self, state: &AppState, company_id: &str, row: &ConnectionRow) -> Result<Pool> {
        let cached =
            self.lock().get(&row.id).filter(|(version, _)| *version == row.updated_at).map(|(_, pool)| pool.clone());
        if let Some(pool) = cached {
            return Ok(pool);
        }
        let pool = engines::open(&self.target(state, company_id, row)?).await?;
        if let Some((_, replaced)) = self.lock().insert(row.id.clone(), (row.updated_at, pool.clone())) {
            tokio::spawn(async move { replaced.close().await });
        }
        Ok(pool)
    }

    /// Where and how to reach `row`, its password opened, when the operator allows its server.
    fn target(&self, state: &AppState, company_id: &str, row: &ConnectionRow) -> Result<engines::Target> {
        let target = self.sealer.target(company_id, row)?;
        if !state.config.modules.source_hosts.allows(&target.host, target.port) {
            return Err(Error::Forbidden(connections::not_allowed(&target.host, target.port)));
        }
        Ok(target)
    }

    /// Closes the pool of a connection that changed, failed or was deleted, and drops the
    /// columns read through it.
    pub fn forget(&self, id: &str) {
        if let Some((_, pool)) = self.lock().remove(id) {
            tokio::spawn(async move { pool.close().await });
        }
        unpoisoned(&self.catalogues).retain(|(connection, _), _| connection != id);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (i64, Pool)>> {
        unpoisoned(&self.pools)
    }

    /// The catalogue's columns of `table`, read again after [`CATALOGUE_KEPT`]; 404 when
    /// the database has no such table or view.
    async fn columns(
        &self,
        connection: &str,
        pool: &Pool,
        table: &str,
        budget: Duration,
    ) -> Result<Arc<Vec<sql::Column>>> {
        let key = (connection.to_string(), table.to_string());
        let kept = unpoisoned(&self.catalogues)
            .get(&key)
            .filter(|(read, _)| read.elapsed() < CATALOGUE_KEPT)
            .map(|(_, columns)| columns.clone());
        if let Some(columns) = kept {
            return Ok(columns);
        }
        let columns = pool.columns(table, budget).await?;
        if columns.is_empty() {
            return Err(missing_table(table));
        }
        let columns = Arc::new(columns);
        unpoisoned(&self.catalogues).insert(key, (Instant::now(), columns.clone()));
        Ok(columns)
    }
}

/// A map behind a lock: a panic while holding it leaves it consistent (every entry whole).
fn unpoisoned<T>(lock: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    lock.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn missing_table(table: &str) -> Error {
    Error::NotFound(format!("There is no table or view '{table}' in the database"))
}

/// Runs `op` for `module` in `company_id` within `budget`: the `sources` host function.
pub async fn run(
    state: &AppState,
    company_id: &str,
    module: &str,
    op: SourcesOp,
    budget: Duration,
) -> Result<Box<RawValue>> {
    let db = &state.db;
    let sources = &state.sources;
    match op {
        SourcesOp::List => answer(connections::list(db, company_id, module).await),
        SourcesOp::Test { connection } => {
            let row = connections::find(db, company_id, module, &connection).await?;
            let target = sources.target(state, company_id, &row)?;
            answer(engines::test(&target).await.map(|version| ServerVersion { version }))
        }
        SourcesOp::Tables { connection } => {
            let row = connections::find(db, company_id, module, &connection).await?;
            let pool = sources.pool(state, company_id, &row).await?;
            answer(forget_on_failure(sources, &row, pool.tables(budget).await))
        }
        SourcesOp::Columns { connection, table } => {
            let row = connections::find(db, company_id, module, &connection).await?;
            let pool = sources.pool(state, company_id, &row).await?;
            let columns = forget_on_failure(sources, &row, sources.columns(&row.id, &pool, &table, budget).await)?;
            answer(Ok(columns.iter().map(|column| column.info.clone()).collect::<Vec<SourceColumn>>()))
        }
        SourcesOp::Read { connection, read } => {
            let row = connections::find(db, company_id, module, &connection).await?;
            let zone = chrono_tz::Tz::from_str(&row.time_zone)
                .map_err(|_| Error::Internal(anyhow::anyhow!("a stored connection has an unknown time zone")))?;
            let pool = sources.pool(state, company_id, &row).await?;
            let rows = forget_on_failure(sources, &row, read_rows(sources, &row.id, &pool, read, zone, budget).await)?;
            let json = answer(Ok(rows))?;
            if json.get().len() > MAX_ANSWER_BYTES {
                return Err(Error::PayloadTooLarge(format!(
                    "The rows are over {} MB of JSON; read fewer at a time",
                    MAX_ANSWER_BYTES >> 20
                )));
            }
            Ok(json)
        }
    }
}

/// The answer as JSON text, encoded once (a page of rows is megabytes).
fn answer<T: serde::Serialize>(value: Result<T>) -> Result<Box<RawValue>> {
    value.and_then(|value| serde_json::value::to_raw_value(&value).map_err(|err| Error::Internal(err.into())))
}

/// A failed read may mean the server restarted, the pool went bad or a table changed: the
/// next call connects afresh and reads the catalogue again, and so reports its own error.
fn forget_on_failure<T>(sources: &Sources, row: &ConnectionRow, result: Result<T>) -> Result<T> {
    if matches!(result, Err(Error::BadGateway(_) | Error::NotFound(_))) {
        sources.forget(&row.id);
    }
    result
}

async fn read_rows(
    sources: &Sources,
    connection: &str,
    pool: &Pool,
    read: autoscope_wire::sources::SourceRead,
    zone: chrono_tz::Tz,
    budget: Duration,
) -> Result<SourceRows> {
    let columns = sources.columns(connection, pool, &read.table, budget).await?;
    let dialect = pool.dialect();
    // The catalogue found the table, so a PostgreSQL name has its schema.
    let reference = match (dialect, read.table.split_once('.')) {
        (sql::Dialect::Postgres, Some((schema, name))) => sql::table_reference(dialect, Some(schema), name),
        _ => sql::table_reference(dialect, None, &read.table),
    };
    let statement = sql::select(dialect, &reference, &columns, &read, zone)?;
    // A table dropped since its columns were read.
    let rows = pool.rows(&statement, zone, budget).await.map_err(|err| match err {
        Error::NotFound(_) => missing_table(&read.table),
        other => other,
    })?;
    Ok(SourceRows { columns: statement.columns.into_iter().map(|column| column.info).collect(), rows })
}
