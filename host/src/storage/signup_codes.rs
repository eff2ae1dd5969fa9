use sqlx::FromRow;

use super::Db;

/// The pending sign-up code of one e-mail address (hash only).
#[derive(Debug, Clone, FromRow)]
pub struct SignupCode {
    pub email: String,
    pub code_hash: String,
    pub firstname: String,
    pub lastname: String,
    pub attempts: i64,
    pub sent_at: i64,
    pub expires_at: i64,
    pub verified_at: Option<i64>,
}

pub async fn get(db: &Db, email: &str) -> sqlx::Result<Option<SignupCode>> {
    sqlx::query_as(
        "SELECT email, code_hash, firstname, lastname, attempts, sent_at, expires_at, verified_at
         FROM signup_codes WHERE email = $1",
    )
    .bind(email)
    .fetch_optional(db.pool())
    .await
}

/// Replaces any earlier code of the address: the newest code is the only valid one.
pub async fn put(db: &Db, code: &SignupCode) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO signup_codes (email, code_hash, firstname, lastname, attempts, sent_at, expires_at, verified_at)
         VALUES ($1, $2, $3, $4, 0, $5, $6, NULL)
         ON CONFLICT (email) DO UPDATE SET code_hash = excluded.code_hash, firstname = excluded.firstname,
            lastname = excluded.lastname, attempts = 0, sent_at = excluded.sent_at,
            expires_at = excluded.expires_at, verified_at = NULL",
    )
    .bind(&code.email)
    .bind(&code.code_hash)
    .bind(&code.firstname)
    .bind(&code.lastname)
    .bind(code.sent_at)
    .bind(code.expires_at)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Counts one wrong try and returns the new count.
pub async fn count_failed_attempt(db: &Db, email: &str) -> sqlx::Result<i64> {
    let (attempts,): (i64,) =
        sqlx::query_as("UPDATE signup_codes SET attempts = attempts + 1 WHERE email = $1 RETURNING attempts")
            .bind(email)
            .fetch_one(db.pool())
            .await?;
    Ok(attempts)
}

pub async fn mark_verified(db: &Db, email: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE signup_codes SET verified_at = $1 WHERE email = $2")
        .bind(now)
        .bind(email)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Voids the code after too many wrong tries: no code matches an empty hash, and the row
/// stays, so the wait before a new code still counts from when this one was sent.
pub async fn void(db: &Db, email: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE signup_codes SET code_hash = '', verified_at = NULL WHERE email = $1")
        .bind(email)
        .execute(db.pool())
        .await?;
    Ok(())
}

pub async fn delete(db: &Db, email: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM signup_codes WHERE email = $1").bind(email).execute(db.pool()).await?;
    Ok(())
}
