use sqlx::FromRow;

use super::Db;

#[derive(Debug, Clone, FromRow)]
pub struct ResetCode {
    pub user_id: String,
    pub expires_at: i64,
    pub used_at: Option<i64>,
}

/// Stores a new reset code and voids every earlier one of the user.
pub async fn replace(db: &Db, user_id: &str, code_hash: &str, now: i64, expires_at: i64) -> sqlx::Result<()> {
    let mut tx = db.pool().begin().await?;
    sqlx::query("DELETE FROM reset_codes WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
    sqlx::query("INSERT INTO reset_codes (code_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(code_hash)
        .bind(user_id)
        .bind(now)
        .bind(expires_at)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

pub async fn find(db: &Db, code_hash: &str) -> sqlx::Result<Option<ResetCode>> {
    sqlx::query_as("SELECT user_id, expires_at, used_at FROM reset_codes WHERE code_hash = $1")
        .bind(code_hash)
        .fetch_optional(db.pool())
        .await
}

/// Marks the code used; false when it was already used (a concurrent reset won).
pub async fn consume(db: &Db, code_hash: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE reset_codes SET used_at = $1 WHERE code_hash = $2 AND used_at IS NULL")
        .bind(now)
        .bind(code_hash)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() == 1)
}
