//! The drivers: connecting to PostgreSQL or MySQL/MariaDB, the catalogue queries, and
//! running a read inside a read-only transaction with a statement timeout, its rows
//! decoded to JSON.

use std::time::Duration;

use autoscope_wire::sources::{ColumnKind, SourceColumn, SourceEngine, SourceTable, TlsMode};
use chrono::{DateTime, NaiveDateTime, Utc};
use serde_json::Value;
use sqlx::mysql::{MySqlConnectOptions, MySqlPoolOptions, MySqlSslMode};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions, PgSslMode};
use sqlx::{AssertSqlSafe, Connection as _, Row};

use super::sql::{self, Bind, Column, Dialect, Statement, TimeBasis};
use crate::error::{Error, Result};

/// How long connecting may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections kept per source: reads of one sync run one after another.
const POOL_SIZE: u32 = 2;
/// An idle connection to a source is closed after this long.
const IDLE: Duration = Duration::from_secs(60);

/// Where and how to connect, with the opened password (never logged: no `Debug`).
pub struct Target {
    pub engine: SourceEngine,
    pub host: String,
    pub port: u16,
    pub database: String,
    pub user: String,
    pub password: Option<String>,
    pub tls: TlsMode,
}

/// Open connections to one source.
#[derive(Clone)]
pub enum Pool {
    Postgres(sqlx::PgPool),
    Mysql { pool: sqlx::MySqlPool, mariadb: bool },
}

fn postgres_options(target: &Target) -> PgConnectOptions {
    let options = PgConnectOptions::new_without_pgpass()
        .host(&target.host)
        .port(target.port)
        .database(&target.database)
        .username(&target.user)
        .application_name("autoscope")
        .ssl_mode(match target.tls {
            TlsMode::Disable => PgSslMode::Disable,
            TlsMode::Prefer => PgSslMode::Prefer,
            TlsMode::Require => PgSslMode::Require,
            TlsMode::Verify => PgSslMode::VerifyFull,
        });
    match &target.password {
        Some(password) => options.password(password),
        None => options,
    }
}

fn mysql_options(target: &Target) -> MySqlConnectOptions {
    // The driver's session is `+00:00`, so a `timestamp` column reads as UTC.
    let options = MySqlConnectOptions::new()
        .host(&target.host)
        .port(target.port)
        .database(&target.database)
        .username(&target.user)
        .ssl_mode(match target.tls {
            TlsMode::Disable => MySqlSslMode::Disabled,
            TlsMode::Prefer => MySqlSslMode::Preferred,
            TlsMode::Require => MySqlSslMode::Required,
            TlsMode::Verify => MySqlSslMode::VerifyIdentity,
        });
    match &target.password {
        Some(password) => options.password(password),
        None => options,
    }
}

/// Connects once, for a test: the server's version, or why not.
pub async fn test(target: &Target) -> Result<String> {
    let connected = tokio::time::timeout(CONNECT_TIMEOUT, async {
        match target.engine {
            SourceEngine::Postgres => {
                let mut conn = sqlx::PgConnection::connect_with(&postgres_options(target)).await?;
                let version: String = sqlx::query_scalar("SELECT version()").fetch_one(&mut conn).await?;
                conn.close().await?;
                Ok(version)
            }
            SourceEngine::Mysql => {
                let mut conn = sqlx::MySqlConnection::connect_with(&mysql_options(target)).await?;
                let version: String = sqlx::query_scalar("SELECT CAST(VERSION() AS CHAR)").fetch_one(&mut conn).await?;
                conn.close().await?;
                Ok(version)
            }
        }
    })
    .await;
    connected.map_err(|_| unreachable_in_time(target))?.map_err(|err| connect_failed(target, &err))
}

/// A pool with one connection open, so that a wrong password or an unreachable server
/// answers its own error rather than a pool timeout.
pub async fn open(target: &Target) -> Result<Pool> {
    let opened = tokio::time::timeout(CONNECT_TIMEOUT + Duration::from_secs(1), async {
        match target.engine {
            SourceEngine::Postgres => PgPoolOptions::new()
                .max_connections(POOL_SIZE)
                .idle_timeout(IDLE)
                .acquire_timeout(CONNECT_TIMEOUT)
                .connect_with(postgres_options(target))
                .await
                .map(Pool::Postgres),
            SourceEngine::Mysql => {
                let pool = MySqlPoolOptions::new()
                    .max_connections(POOL_SIZE)
                    .idle_timeout(IDLE)
                    .acquire_timeout(CONNECT_TIMEOUT)
                    .connect_with(mysql_options(target))
                    .await?;
                let version: String = sqlx::query_scalar("SELECT CAST(VERSION() AS CHAR)").fetch_one(&pool).await?;
                Ok(Pool::Mysql { pool, mariadb: version.contains("MariaDB") })
            }
        }
    })
    .await;
    opened.map_err(|_| unreachable_in_time(target))?.map_err(|err| connect_failed(target, &err))
}

impl Pool {
    pub async fn close(&self) {
        match self {
            Self::Postgres(pool) => pool.close().await,
            Self::Mysql { pool, .. } => pool.close().await,
        }
    }

    pub fn dialect(&self) -> Dialect {
        match self {
            Self::Postgres(_) => Dialect::Postgres,
            Self::Mysql { .. } => Dialect::Mysql,
        }
    }

    /// The tables and views the user can read (PostgreSQL's system schemas left out).
    pub async fn tables(&self, budget: Duration) -> Result<Vec<SourceTable>> {
        let rows: Vec<(String, String)> = match self {
            Self::Postgres(pool) => {
                within(budget, async {
                    let mut tx = read_only_postgres(pool, budget).await?;
                    sqlx::query_as(
                        "SELECT table_schema || '.' || table_name, table_type FROM information_schema.tables
                         WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
                         ORDER BY table_schema, table_name",
                    )
                    .fetch_all(&mut *tx)
                    .await
                })
                .await?
            }
            Self::Mysql { pool, .. } => {
                within(budget, async {
                    let mut tx = pool.begin_with("START TRANSACTION READ ONLY").await?;
                    sqlx::query_as(
                        "SELECT CAST(table_name AS CHAR), CAST(table_type AS CHAR) FROM information_schema.tables
                         WHERE table_schema = DATABASE() ORDER BY table_name",
                    )
                    .fetch_all(&mut *tx)
                    .await
                })
                .await?
            }
        };
        Ok(rows.into_iter().map(|(name, kind)| SourceTable { name, view: kind.contains("VIEW") }).collect())
    }

    /// The columns of `table` as `tables` names it, in their order; empty when there is
    /// no such table.
    pub async fn columns(&self, table: &str, budget: Duration) -> Result<Vec<Column>> {
        let dialect = self.dialect();
        let rows: Vec<(String, String, String)> = match self {
            Self::Postgres(pool) => {
                let Some((schema, name)) = table.split_once('.') else {
                    return Ok(Vec::new());
                };
                within(budget, async {
                    let mut tx = read_only_postgres(pool, budget).await?;
                    sqlx::query_as(
                        "SELECT column_name, data_type, is_nullable FROM information_schema.columns
                         WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position",
                    )
                    .bind(schema)
                    .bind(name)
                    .fetch_all(&mut *tx)
                    .await
                })
                .await?
            }
            Self::Mysql { pool, .. } => {
                within(budget, async {
                    let mut tx = pool.begin_with("START TRANSACTION READ ONLY").await?;
                    sqlx::query_as(
                        "SELECT CAST(column_name AS CHAR), CAST(data_type AS CHAR), CAST(is_nullable AS CHAR)
                         FROM information_schema.columns
                         WHERE table_schema = DATABASE() AND table_name = ? ORDER BY ordinal_position",
                    )
                    .bind(table)
                    .fetch_all(&mut *tx)
                    .await
                })
                .await?
            }
        };
        Ok(rows
            .into_iter()
            .map(|(name, db_type, nullable)| {
                let (kind, time) = sql::classify(dialect, &db_type);
                Column { info: SourceColumn { name, kind, db_type, nullable: nullable == "YES" }, time }
            })
            .collect())
    }

    /// The rows of `statement`, each value decoded as its column's kind.
    pub async fn rows(&self, statement: &Statement, zone: chrono_tz::Tz, budget: Duration) -> Result<Vec<Vec<Value>>> {
        let columns = &statement.columns;
        match self {
            Self::Postgres(pool) => {
                within(budget, async {
                    let mut tx = read_only_postgres(pool, budget).await?;
                    let rows = bound(statement.sql.clone(), &statement.binds).fetch_all(&mut *tx).await?;
                    rows.iter().map(|row| decode(row, columns, zone)).collect()
                })
                .await
            }
            Self::Mysql { pool, mariadb } => {
                let limit = statement_ms(budget);
                // MariaDB's limit is in seconds; MySQL's is an optimizer hint in milliseconds.
                let sql = if *mariadb {
                    format!("SET STATEMENT max_statement_time = {} FOR {}", limit as f64 / 1000.0, statement.sql)
                } else {
                    statement.sql.replacen("SELECT ", &format!("SELECT /*+ MAX_EXECUTION_TIME({limit}) */ "), 1)
                };
                within(budget, async {
                    let mut tx = pool.begin_with("START TRANSACTION READ ONLY").await?;
                    let rows = bound(sql, &statement.binds).fetch_all(&mut *tx).await?;
                    rows.iter().map(|row| decode(row, columns, zone)).collect()
                })
                .await
            }
        }
    }
}

/// The query `sql` with `binds` bound in order.
fn bound<DB: sqlx::Database>(sql: String, binds: &[Bind]) -> sqlx::query::Query<'static, DB, DB::Arguments>
where
    for<'t> i64: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    for<'t> f64: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    for<'t> String: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    for<'t> bool: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    for<'t> DateTime<Utc>: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    for<'t> NaiveDateTime: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
{
    binds.iter().fold(sqlx::query(AssertSqlSafe(sql)), |query, bind| match bind {
        Bind::Int(value) => query.bind(*value),
        Bind::Float(value) => query.bind(*value),
        Bind::Text(value) => query.bind(value.clone()),
        Bind::Bool(value) => query.bind(*value),
        Bind::Instant(value) => query.bind(*value),
        Bind::Wall(value) => query.bind(*value),
    })
}

/// A statement's time limit: the budget less a margin to answer in.
fn statement_ms(budget: Duration) -> u64 {
    (budget.as_millis() as u64).saturating_sub(250).max(1_000)
}

async fn read_only_postgres(
    pool: &sqlx::PgPool,
    budget: Duration,
) -> std::result::Result<sqlx::Transaction<'static, sqlx::Postgres>, sqlx::Error> {
    let mut tx = pool.begin_with("BEGIN READ ONLY").await?;
    sqlx::query(AssertSqlSafe(format!("SET LOCAL statement_timeout = {}", statement_ms(budget))))
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}

/// Runs `work` within `budget`, its errors said as the caller may read them.
async fn within<T>(budget: Duration, work: impl Future<Output = std::result::Result<T, sqlx::Error>>) -> Result<T> {
    match tokio::time::timeout(budget, work).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(err)) => Err(query_failed(&err, budget)),
        Err(_) => Err(too_slow(budget)),
    }
}

fn too_slow(budget: Duration) -> Error {
    Error::GatewayTimeout(format!("The query took longer than {} seconds, its limit", budget.as_secs().max(1)))
}

fn query_failed(err: &sqlx::Error, budget: Duration) -> Error {
    match err {
        sqlx::Error::Database(db) => match db.code().as_deref() {
            // PostgreSQL's query_canceled; MariaDB's and MySQL's interrupted statements.
            Some("57014" | "70100") => too_slow(budget),
            // PostgreSQL's undefined_table; MySQL's and MariaDB's no such table (the caller
            // names it).
            Some("42P01" | "42S02") => Error::NotFound("The table is gone from the database".into()),
            _ if db.message().contains("max_statement_time")
                || db.message().contains("maximum statement execution time") =>
            {
                too_slow(budget)
            }
            _ => Error::BadGateway(format!("The database answered: {}", db.message())),
        },
        sqlx::Error::PoolTimedOut => Error::BadGateway("The database did not give a connection in time".into()),
        sqlx::Error::ColumnDecode { source, .. } => Error::BadGateway(format!("A value could not be read: {source}")),
        other => Error::BadGateway(format!("The database connection failed: {other}")),
    }
}

fn unreachable_in_time(target: &Target) -> Error {
    Error::BadGateway(format!(
        "Cannot connect to {}:{}: no answer within {} seconds",
        target.host,
        target.port,
        CONNECT_TIMEOUT.as_secs()
    ))
}

fn connect_failed(target: &Target, err: &sqlx::Error) -> Error {
    let why = match err {
        sqlx::Error::Database(db) => db.message().to_string(),
        other => other.to_string(),
    };
    Error::BadGateway(format!("Cannot connect to {}:{}: {why}", target.host, target.port))
}

/// One row as JSON values, by the kinds of `columns` (the SELECT casts each to its kind).
fn decode<R: Row>(row: &R, columns: &[Column], zone: chrono_tz::Tz) -> std::result::Result<Vec<Value>, sqlx::Error>
where
    usize: sqlx::ColumnIndex<R>,
    for<'r> Option<i64>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<f64>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<String>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<bool>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<DateTime<Utc>>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    for<'r> Option<NaiveDateTime>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    columns
        .iter()
        .enumerate()
        .map(|(at, column)| {
            Ok(match (column.info.kind, column.time) {
                (ColumnKind::Integer, _) => row.try_get::<Option<i64>, _>(at)?.map_or(Value::Null, Value::from),
                (ColumnKind::Number, _) => row.try_get::<Option<f64>, _>(at)?.map_or(Value::Null, Value::from),
                (ColumnKind::Boolean, _) => row.try_get::<Option<bool>, _>(at)?.map_or(Value::Null, Value::from),
                (ColumnKind::Timestamp, Some(TimeBasis::Zoned)) => {
                    row.try_get::<Option<DateTime<Utc>>, _>(at)?.map_or(Value::Null, |time| time.timestamp().into())
                }
                (ColumnKind::Timestamp, Some(TimeBasis::Local)) => row
                    .try_get::<Option<NaiveDateTime>, _>(at)?
                    .map_or(Value::Null, |wall| sql::wall_to_unix(wall, zone).into()),
                (ColumnKind::Timestamp, _) => row
                    .try_get::<Option<NaiveDateTime>, _>(at)?
                    .map_or(Value::Null, |wall| wall.and_utc().timestamp().into()),
                (ColumnKind::Json, _) => row
                    .try_get::<Option<String>, _>(at)?
                    .map_or(Value::Null, |text| serde_json::from_str(&text).unwrap_or(Value::String(text))),
                (ColumnKind::Text | ColumnKind::Binary, _) => {
                    row.try_get::<Option<String>, _>(at)?.map_or(Value::Null, Value::String)
                }
            })
        })
        .collect()
}
