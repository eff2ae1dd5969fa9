use super::Db;

/// Stores a new nonce (hash only) and drops the expired ones, so the table stays small.
pub async fn insert(db: &Db, nonce_hash: &str, now: i64, expires_at: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM social_nonces WHERE expires_at <= $1").bind(now).execute(db.pool()).await?;
    sqlx::query("INSERT INTO social_nonces (nonce_hash, expires_at, used_at) VALUES ($1, $2, NULL)")
        .bind(nonce_hash)
        .bind(expires_at)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// True when the nonce was issued, has not expired and was not used.
pub async fn is_live(db: &Db, nonce_hash: &str, now: i64) -> sqlx::Result<bool> {
    let found: Option<(String,)> = sqlx::query_as(
        "SELECT nonce_hash FROM social_nonces WHERE nonce_hash = $1 AND expires_at > $2 AND used_at IS NULL",
    )
    .bind(nonce_hash)
    .bind(now)
    .fetch_optional(db.pool())
    .await?;
    Ok(found.is_some())
}

/// Marks a live nonce used; false when it was not live (expired, unknown, or a
/// concurrent request used it first).
pub async fn consume(db: &Db, nonce_hash: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE social_nonces SET used_at = $1 WHERE nonce_hash = $2 AND expires_at > $3 AND used_at IS NULL",
    )
    .bind(now)
    .bind(nonce_hash)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}
