use sqlx::FromRow;

use super::Db;

#[derive(Debug, Clone, FromRow)]
pub struct Notification {
    pub id: String,
    pub message: String,
    pub link: Option<String>,
    pub created_at: i64,
    pub read_at: Option<i64>,
}

/// Adds an unread notification for one user, with the page it opens; returns its id.
pub async fn insert(
    db: &Db,
    company_id: &str,
    user_id: &str,
    message: &str,
    link: Option<&str>,
    now: i64,
) -> sqlx::Result<String> {
    let id = super::new_id();
    sqlx::query(
        "INSERT INTO notifications (id, company_id, user_id, message, link, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(company_id)
    .bind(user_id)
    .bind(message)
    .bind(link)
    .bind(now)
        .execute(db.pool())
        .await?;
    Ok(id)
}

/// The user's newest notifications first, at most `limit`.
pub async fn list_for_user(db: &Db, company_id: &str, user_id: &str, limit: i64) -> sqlx::Result<Vec<Notification>> {
    sqlx::query_as(
        "SELECT id, message, link, created_at, read_at FROM notifications
         WHERE company_id = $1 AND user_id = $2
         ORDER BY created_at DESC, id DESC LIMIT $3",
    )
    .bind(company_id)
    .bind(user_id)
    .bind(limit)
    .fetch_all(db.pool())
    .await
}

/// Marks the user's own notifications among `ids` read (others' ids change nothing);
/// returns how many changed.
pub async fn mark_read(db: &Db, company_id: &str, user_id: &str, ids: &[String], now: i64) -> sqlx::Result<u64> {
    let mut tx = db.pool().begin().await?;
    let mut changed = 0;
    for id in ids {
        let done = sqlx::query(
            "UPDATE notifications SET read_at = $1
             WHERE id = $2 AND company_id = $3 AND user_id = $4 AND read_at IS NULL",
        )
        .bind(now)
        .bind(id)
        .bind(company_id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        changed += done.rows_affected();
    }
    tx.commit().await?;
    Ok(changed)
}
