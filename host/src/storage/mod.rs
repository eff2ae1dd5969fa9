//! The storage layer: the only place that holds SQL. One SQL text serves SQLite and
//! PostgreSQL (`$N` placeholders, unix-second times, BOOLEAN flags); where the engines
//! differ, `Db::engine` picks the dialect. Every query on company data binds the company.

pub mod api_keys;
pub mod companies;
pub mod deletion_requests;
pub mod email_codes;
pub mod enterprise;
pub(crate) mod flag;
pub mod invitations;
pub mod mail_outbox;
pub mod masters;
pub mod memberships;
pub mod module_events;
pub mod module_installations;
pub mod module_jobs;
pub mod module_purge;
pub mod module_webhooks;
pub mod notifications;
pub mod pictures;
pub mod rate_limits;
pub mod reset_codes;
pub mod roles;
pub mod sample_data;
pub mod sessions;
pub mod sign_in_locks;
pub mod signup_codes;
pub mod social_nonces;
pub mod source_connections;
pub mod system_logs;
pub mod users;

use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor};

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/postgres");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

impl Engine {
    pub fn of_url(url: &str) -> anyhow::Result<Self> {
        if url.starts_with("sqlite:") {
            Ok(Self::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Self::Postgres)
        } else {
            anyhow::bail!("DATABASE_URL must start with sqlite: or postgres://")
        }
    }
}

/// A pool on either engine. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Db {
    pool: AnyPool,
    engine: Engine,
}

impl Db {
    pub async fn connect(url: &str) -> anyhow::Result<Self> {
        sqlx::any::install_default_drivers();
        let engine = Engine::of_url(url)?;
        if engine == Engine::Sqlite {
            create_sqlite_parent_dir(url)?;
        }
        let options = AnyConnectOptions::from_str(url).context("DATABASE_URL is not a valid database URL")?;
        let pool = AnyPoolOptions::new()
            .max_connections(if engine == Engine::Sqlite { 8 } else { 16 })
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if engine == Engine::Sqlite {
                        // WAL + NORMAL loses nothing on a process crash; the busy timeout
                        // makes concurrent writers wait instead of failing.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                        conn.execute("PRAGMA busy_timeout = 5000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .with_context(|| format!("cannot open the {engine:?} database"))?;
        Ok(Self { pool, engine })
    }

    pub async fn migrate(&self) -> anyhow::Result<()> {
        let migrator = match self.engine {
            Engine::Sqlite => &SQLITE_MIGRATIONS,
            Engine::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&self.pool).await.context("database migration failed")
    }

    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// One round trip to the database: whether it answers.
    pub async fn ping(&self) -> sqlx::Result<()> {
        sqlx::query("SELECT 1").execute(self.pool()).await.map(|_| ())
    }

    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

fn create_sqlite_parent_dir(url: &str) -> anyhow::Result<()> {
    let path = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
    let path = path.split('?').next().unwrap_or_default();
    if path.is_empty() || path == ":memory:" {
        return Ok(());
    }
    if let Some(parent) = std::path::Path::new(path).parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
    }
    Ok(())
}

/// True when `err` is a unique-constraint violation (both engines).
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(db) if db.is_unique_violation())
}

/// True when a write ran, false when a unique constraint refused it (a name taken).
fn written_unless_taken<T>(result: sqlx::Result<T>) -> sqlx::Result<bool> {
    match result {
        Ok(_) => Ok(true),
        Err(err) if is_unique_violation(&err) => Ok(false),
        Err(err) => Err(err),
    }
}

pub fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

/// A `LIKE … ESCAPE '\'` pattern matching values that contain `text` lower-cased (compare
/// with `LOWER(column)`): its own `%`, `_` and `\` match only themselves.
pub fn contains_pattern(text: &str) -> String {
    let mut pattern = String::with_capacity(text.len() + 2);
    pattern.push('%');
    for c in text.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// Runs a batch `DELETE` of bookkeeping whose `$1` is the time before which rows go and
/// `$2` the most rows in one statement; answers how many went.
async fn delete_before(db: &Db, statement: &'static str, before: i64, limit: i64) -> sqlx::Result<u64> {
    let done = sqlx::query(statement).bind(before).bind(limit).execute(db.pool()).await?;
    Ok(done.rows_affected())
}
