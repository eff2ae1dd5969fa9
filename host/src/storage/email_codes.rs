use sqlx::FromRow;

use super::Db;

/// A person's pending change of e-mail address (the code's keyed digest only).
#[derive(Debug, Clone, FromRow)]
pub struct EmailCode {
    pub user_id: String,
    pub new_email: String,
    pub code_hash: String,
    pub attempts: i64,
    pub sent_at: i64,
    pub expires_at: i64,
}

pub async fn get(db: &Db, user_id: &str) -> sqlx::Result<Option<EmailCode>> {
    sqlx::query_as(
        "SELECT user_id, new_email, code_hash, attempts, sent_at, expires_at
         FROM email_change_codes WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(db.pool())
    .await
}

/// Replaces any earlier code of the person: the newest code (and address) is the only valid one.
pub async fn put(db: &Db, code: &EmailCode) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO email_change_codes (user_id, new_email, code_hash, attempts, sent_at, expires_at)
         VALUES ($1, $2, $3, 0, $4, $5)
         ON CONFLICT (user_id) DO UPDATE SET new_email = excluded.new_email, code_hash = excluded.code_hash,
            attempts = 0, sent_at = excluded.sent_at, expires_at = excluded.expires_at",
    )
    .bind(&code.user_id)
    .bind(&code.new_email)
    .bind(&code.code_hash)
    .bind(code.sent_at)
    .bind(code.expires_at)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Counts one wrong try and returns the new count.
pub async fn count_failed_attempt(db: &Db, user_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("UPDATE email_change_codes SET attempts = attempts + 1 WHERE user_id = $1 RETURNING attempts")
        .bind(user_id)
        .fetch_one(db.pool())
        .await
}

/// Voids the code after too many wrong tries: no code matches an empty hash, and the row
/// stays, so the wait before a new code still counts from when this one was sent.
pub async fn void(db: &Db, user_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE email_change_codes SET code_hash = '' WHERE user_id = $1")
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

pub async fn delete(db: &Db, user_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM email_change_codes WHERE user_id = $1").bind(user_id).execute(db.pool()).await?;
    Ok(())
}
