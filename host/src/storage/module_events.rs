//! Module events, their deliveries, and schedule runs (see migration 0003).

use sqlx::FromRow;

use super::Db;

/// A delivery claimed for one attempt, with its event.
#[derive(Debug, Clone, FromRow)]
pub struct Claimed {
    pub event_id: String,
    pub module_key: String,
    pub company_id: String,
    pub source: String,
    pub name: String,
    pub payload: String,
    pub published_at: i64,
    pub attempts: i32,
}

pub struct NewEvent<'a> {
    pub id: &'a str,
    pub company_id: &'a str,
    pub source: &'a str,
    pub name: &'a str,
    /// JSON text.
    pub payload: &'a str,
    pub published_at: i64,
}

/// Stores the event and one pending delivery per subscriber, in one transaction.
pub async fn insert(db: &Db, event: &NewEvent<'_>, subscribers: &[String]) -> sqlx::Result<()> {
    let mut tx = db.pool().begin().await?;
    sqlx::query(
        "INSERT INTO module_events (id, company_id, source, name, payload, published_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(event.id)
    .bind(event.company_id)
    .bind(event.source)
    .bind(event.name)
    .bind(event.payload)
    .bind(event.published_at)
    .execute(&mut *tx)
    .await?;
    for module_key in subscribers {
        sqlx::query(
            "INSERT INTO module_deliveries (event_id, module_key, company_id, attempts, next_at) VALUES ($1, $2, $3, 0, $4)",
        )
        .bind(event.id)
        .bind(module_key)
        .bind(event.company_id)
        .bind(event.published_at)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}

/// Up to `limit` due deliveries (event and module), the longest due first.
pub async fn due(db: &Db, now: i64, max_attempts: i32, limit: i64) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as(
        "SELECT event_id, module_key FROM module_deliveries
         WHERE delivered_at IS NULL AND next_at <= $1 AND attempts < $2
         ORDER BY next_at LIMIT $3",
    )
    .bind(now)
    .bind(max_attempts)
    .bind(limit)
    .fetch_all(db.pool())
    .await
}

/// Claims one due delivery for one attempt: its `next_at` moves to `lease_until`, so
/// another worker (or instance) skips it until the lease ends; `None` when another claimed
/// it first. One statement: a transaction that reads and then writes is refused by SQLite
/// ("database is locked") when another writer is active.
pub async fn claim(
    db: &Db,
    (event_id, module_key): (&str, &str),
    now: i64,
    lease_until: i64,
) -> sqlx::Result<Option<Claimed>> {
    // Re-checking next_at makes a concurrent claimer's update win: the row is skipped.
    sqlx::query_as(
        "UPDATE module_deliveries SET next_at = $1, attempts = attempts + 1
         WHERE event_id = $2 AND module_key = $3 AND delivered_at IS NULL AND next_at <= $4
         RETURNING event_id, module_key, company_id,
             (SELECT source FROM module_events e WHERE e.id = event_id) AS source,
             (SELECT name FROM module_events e WHERE e.id = event_id) AS name,
             (SELECT payload FROM module_events e WHERE e.id = event_id) AS payload,
             (SELECT published_at FROM module_events e WHERE e.id = event_id) AS published_at,
             attempts",
    )
    .bind(lease_until)
    .bind(event_id)
    .bind(module_key)
    .bind(now)
    .fetch_optional(db.pool())
    .await
}

pub async fn mark_delivered(db: &Db, event_id: &str, module_key: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE module_deliveries SET delivered_at = $1, last_error = NULL WHERE event_id = $2 AND module_key = $3",
    )
    .bind(now)
    .bind(event_id)
    .bind(module_key)
    .execute(db.pool())
    .await?;
    Ok(())
}

pub async fn mark_failed(db: &Db, event_id: &str, module_key: &str, retry_at: i64, error: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE module_deliveries SET next_at = $1, last_error = $2 WHERE event_id = $3 AND module_key = $4")
        .bind(retry_at)
        .bind(error)
        .bind(event_id)
        .bind(module_key)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Deliveries not yet made (for operations and tests).
pub async fn pending_count(db: &Db, module_key: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM module_deliveries WHERE module_key = $1 AND delivered_at IS NULL")
        .bind(module_key)
        .fetch_one(db.pool())
        .await
}

/// Claims one schedule run: true when it was due at `now` for the company (and moves
/// its next run to `next_at`); a first sighting is due at once.
pub async fn claim_schedule(
    db: &Db,
    module_key: &str,
    schedule: &str,
    company_id: &str,
    now: i64,
    next_at: i64,
) -> sqlx::Result<bool> {
    sqlx::query(
        "INSERT INTO module_schedule_runs (module_key, schedule, company_id, next_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (module_key, schedule, company_id) DO NOTHING",
    )
    .bind(module_key)
    .bind(schedule)
    .bind(company_id)
    .bind(now)
    .execute(db.pool())
    .await?;
    let claimed = sqlx::query(
        "UPDATE module_schedule_runs SET next_at = $1
         WHERE module_key = $2 AND schedule = $3 AND company_id = $4 AND next_at <= $5",
    )
    .bind(next_at)
    .bind(module_key)
    .bind(schedule)
    .bind(company_id)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(claimed.rows_affected() == 1)
}

/// Drops up to `limit` events published before `before`, with their deliveries (delivered
/// or given up long since: retries end within hours); answers how many.
pub async fn purge_published_before(db: &Db, before: i64, limit: i64) -> sqlx::Result<u64> {
    super::delete_before(
        db,
        "DELETE FROM module_events WHERE id IN
           (SELECT id FROM module_events WHERE published_at < $1 ORDER BY published_at LIMIT $2)",
        before,
        limit,
    )
    .await
}
