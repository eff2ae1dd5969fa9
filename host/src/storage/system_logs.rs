use sqlx::FromRow;

use super::Db;

#[derive(Debug, Clone, FromRow)]
pub struct LogEntry {
    pub id: String,
    pub company_id: Option<String>,
    pub user_id: Option<String>,
    pub level: String,
    pub event: String,
    pub message: String,
    pub request_id: Option<String>,
    pub created_at: i64,
}

pub async fn insert(db: &Db, entry: &LogEntry) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO system_logs (id, company_id, user_id, level, event, message, request_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&entry.id)
    .bind(&entry.company_id)
    .bind(&entry.user_id)
    .bind(&entry.level)
    .bind(&entry.event)
    .bind(&entry.message)
    .bind(&entry.request_id)
    .bind(entry.created_at)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// One page of a company's log, newest first; `before` is the created_at/id cursor.
pub async fn list_for_company(
    db: &Db,
    company_id: &str,
    before: Option<(i64, &str)>,
    limit: i64,
) -> sqlx::Result<Vec<LogEntry>> {
    let (before_ts, before_id) = before.unwrap_or((i64::MAX, ""));
    sqlx::query_as(
        "SELECT id, company_id, user_id, level, event, message, request_id, created_at FROM system_logs
         WHERE company_id = $1 AND (created_at < $2 OR (created_at = $2 AND id < $3))
         ORDER BY created_at DESC, id DESC LIMIT $4",
    )
    .bind(company_id)
    .bind(before_ts)
    .bind(before_id)
    .bind(limit)
    .fetch_all(db.pool())
    .await
}

/// The latest entries of a company about one person (what they did, and what was done to
/// their membership), newest first.
pub async fn list_for_company_user(
    db: &Db,
    company_id: &str,
    user_id: &str,
    limit: i64,
) -> sqlx::Result<Vec<LogEntry>> {
    sqlx::query_as(
        "SELECT id, company_id, user_id, level, event, message, request_id, created_at FROM system_logs
         WHERE company_id = $1 AND user_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3",
    )
    .bind(company_id)
    .bind(user_id)
    .bind(limit)
    .fetch_all(db.pool())
    .await
}

/// A person's latest entries, in any company or none (their account's events are the
/// platform's), newest first.
pub async fn list_for_user(db: &Db, user_id: &str, limit: i64) -> sqlx::Result<Vec<LogEntry>> {
    sqlx::query_as(
        "SELECT id, company_id, user_id, level, event, message, request_id, created_at FROM system_logs
         WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2",
    )
    .bind(user_id)
    .bind(limit)
    .fetch_all(db.pool())
    .await
}
