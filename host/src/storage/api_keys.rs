//! Company API keys of the ingestion API: a digest of each secret, never the secret.

use sqlx::FromRow;

use super::Db;

#[derive(Debug, Clone, FromRow)]
pub struct ApiKey {
    pub id: String,
    pub name: String,
    pub created_by: Option<String>,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

/// A live key's company (and its edition) and secret digest.
#[derive(Debug, Clone, FromRow)]
pub struct LiveKey {
    pub company_id: String,
    pub edition: String,
    pub secret_hash: String,
    pub last_used_at: Option<i64>,
}

pub async fn insert(
    db: &Db,
    id: &str,
    company_id: &str,
    name: &str,
    secret_hash: &str,
    created_by: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO api_keys (id, company_id, name, secret_hash, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(company_id)
    .bind(name)
    .bind(secret_hash)
    .bind(created_by)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The company's keys, revoked ones too, newest first.
pub async fn list(db: &Db, company_id: &str) -> sqlx::Result<Vec<ApiKey>> {
    sqlx::query_as(
        "SELECT id, name, created_by, created_at, last_used_at, revoked_at FROM api_keys
         WHERE company_id = $1 ORDER BY created_at DESC, id DESC",
    )
    .bind(company_id)
    .fetch_all(db.pool())
    .await
}

/// Revokes one of the company's keys; false when it has no such live key.
pub async fn revoke(db: &Db, company_id: &str, id: &str, now: i64) -> sqlx::Result<bool> {
    let done =
        sqlx::query("UPDATE api_keys SET revoked_at = $1 WHERE company_id = $2 AND id = $3 AND revoked_at IS NULL")
            .bind(now)
            .bind(company_id)
            .bind(id)
            .execute(db.pool())
            .await?;
    Ok(done.rows_affected() > 0)
}

/// The key with this id unless revoked or its company deactivated.
pub async fn find_live(db: &Db, id: &str) -> sqlx::Result<Option<LiveKey>> {
    sqlx::query_as(
        "SELECT k.company_id, c.edition, k.secret_hash, k.last_used_at FROM api_keys k
         JOIN companies c ON c.id = k.company_id
         WHERE k.id = $1 AND k.revoked_at IS NULL AND c.deactivated_at IS NULL",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await
}

pub async fn touch(db: &Db, id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE api_keys SET last_used_at = $1 WHERE id = $2").bind(now).bind(id).execute(db.pool()).await?;
    Ok(())
}
