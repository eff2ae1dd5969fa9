//! Modules' outbound webhooks (see migration 0016 and `modules::webhooks`).

use sqlx::FromRow;

use super::Db;

const COLUMNS: &str = "id, company_id, module, url, secret_sealed, payload, status, attempts, last_status, \
                       last_error, next_at, created_at, delivered_at";

#[derive(Debug, Clone, FromRow)]
pub struct WebhookRow {
    pub id: String,
    pub company_id: String,
    pub module: String,
    pub url: String,
    pub secret_sealed: String,
    /// JSON text: the body as sent.
    pub payload: String,
    /// `pending`, `delivered` or `failed`.
    pub status: String,
    /// Attempts made so far (one running is counted when it ends).
    pub attempts: i64,
    pub last_status: Option<i64>,
    pub last_error: Option<String>,
    pub next_at: i64,
    pub created_at: i64,
    pub delivered_at: Option<i64>,
}

/// What an attempt left of a delivery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub status: &'static str,
    /// Attempts made, this one included.
    pub attempts: i64,
    pub last_status: Option<i64>,
    pub last_error: Option<String>,
    pub next_at: i64,
    pub delivered_at: Option<i64>,
}

pub async fn insert(db: &Db, row: &WebhookRow) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO module_webhooks (id, company_id, module, url, secret_sealed, payload, status, attempts,
             next_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(&row.id)
    .bind(&row.company_id)
    .bind(&row.module)
    .bind(&row.url)
    .bind(&row.secret_sealed)
    .bind(&row.payload)
    .bind(&row.status)
    .bind(row.attempts)
    .bind(row.next_at)
    .bind(row.created_at)
    .execute(db.pool())
    .await?;
    Ok(())
}

pub async fn get(db: &Db, company_id: &str, module: &str, id: &str) -> sqlx::Result<Option<WebhookRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM module_webhooks WHERE company_id = $1 AND module = $2 AND id = $3"
    )))
    .bind(company_id)
    .bind(module)
    .bind(id)
    .fetch_optional(db.pool())
    .await
}

/// The deliveries due at `now`, across companies, oldest first: none is claimed yet.
pub async fn due(db: &Db, now: i64, limit: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT id FROM module_webhooks WHERE status = 'pending' AND next_at <= $1 ORDER BY next_at LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(db.pool())
    .await
}

/// Claims the delivery `id` for one attempt until `lease_until` if it is still due at `now`
/// (as `module_events::claim` claims a delivery: a concurrent claimer's update wins).
pub async fn claim(db: &Db, id: &str, now: i64, lease_until: i64) -> sqlx::Result<Option<WebhookRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE module_webhooks SET next_at = $1
         WHERE id = $2 AND status = 'pending' AND next_at <= $3
         RETURNING {COLUMNS}"
    )))
    .bind(lease_until)
    .bind(id)
    .bind(now)
    .fetch_optional(db.pool())
    .await
}

/// Writes what an attempt of the module's delivery in the company came to.
pub async fn record(db: &Db, company_id: &str, module: &str, id: &str, outcome: &Outcome) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE module_webhooks SET status = $1, attempts = $2, last_status = $3, last_error = $4, next_at = $5,
             delivered_at = $6
         WHERE company_id = $7 AND module = $8 AND id = $9",
    )
    .bind(outcome.status)
    .bind(outcome.attempts)
    .bind(outcome.last_status)
    .bind(&outcome.last_error)
    .bind(outcome.next_at)
    .bind(outcome.delivered_at)
    .bind(company_id)
    .bind(module)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Drops up to `limit` deliveries made before `before` that are settled (sent or given up;
/// a pending one is never dropped); answers how many.
pub async fn purge_settled_before(db: &Db, before: i64, limit: i64) -> sqlx::Result<u64> {
    super::delete_before(
        db,
        "DELETE FROM module_webhooks WHERE id IN
           (SELECT id FROM module_webhooks WHERE created_at < $1 AND status <> 'pending' ORDER BY created_at LIMIT $2)",
        before,
        limit,
    )
    .await
}
