use sqlx::FromRow;

use super::Db;

pub async fn create(db: &Db, id: &str, user_id: &str, company_id: &str, now: i64, expires_at: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO sessions (id, user_id, company_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(id)
        .bind(user_id)
        .bind(company_id)
        .bind(now)
        .bind(expires_at)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The session's user, when the session is live, the account enabled, the company not
/// deactivated and the person an active member of it (deactivation ends sessions at once).
#[derive(Debug, Clone, FromRow)]
pub struct LiveSession {
    pub session_id: String,
    pub user_id: String,
    pub company_id: String,
    pub email: String,
    #[sqlx(try_from = "super::flag::Flag")]
    pub is_admin: bool,
    #[sqlx(try_from = "super::flag::Flag")]
    pub company_admin: bool,
    pub edition: String,
    pub currency_name: String,
    pub currency_symbol: String,
    pub time_zone: Option<String>,
    pub rights: String,
}

pub async fn find_live(db: &Db, session_id: &str, user_id: &str, now: i64) -> sqlx::Result<Option<LiveSession>> {
    sqlx::query_as(
        "SELECT s.id AS session_id, u.id AS user_id, s.company_id, u.email, u.is_admin, m.company_admin,
                c.edition, c.currency_name, c.currency_symbol, u.time_zone, r.rights
         FROM sessions s
         JOIN users u ON u.id = s.user_id
         JOIN memberships m ON m.company_id = s.company_id AND m.user_id = s.user_id AND m.status = 'active'
         JOIN companies c ON c.id = s.company_id
         JOIN roles r ON r.id = m.role_id
         WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > $3
           AND u.disabled = FALSE AND c.deactivated_at IS NULL",
    )
    .bind(session_id)
    .bind(user_id)
    .bind(now)
    .fetch_optional(db.pool())
    .await
}

pub async fn revoke(db: &Db, session_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL")
        .bind(now)
        .bind(session_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

pub async fn revoke_all_of_user(db: &Db, user_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL")
        .bind(now)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Ends the person's sessions in one company (their membership was deactivated or ended).
pub async fn revoke_all_of_user_in_company(db: &Db, user_id: &str, company_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND company_id = $3 AND revoked_at IS NULL")
        .bind(now)
        .bind(user_id)
        .bind(company_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The sessions revoked at or after `since`, as `(company id, session id)`: the realtime
/// hub ends their streams.
pub async fn revoked_since(db: &Db, since: i64) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("SELECT company_id, id FROM sessions WHERE revoked_at >= $1").bind(since).fetch_all(db.pool()).await
}

/// Ends every session opened in the company (it was deactivated).
pub async fn revoke_all_in_company(db: &Db, company_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE company_id = $2 AND revoked_at IS NULL")
        .bind(now)
        .bind(company_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

pub async fn revoke_others_of_user(db: &Db, user_id: &str, keep_session_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND id <> $3 AND revoked_at IS NULL")
        .bind(now)
        .bind(user_id)
        .bind(keep_session_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Removes sessions that ended more than a day ago.
pub async fn purge_ended(db: &Db, now: i64) -> sqlx::Result<u64> {
    let done = sqlx::query("DELETE FROM sessions WHERE expires_at < $1 OR revoked_at < $1")
        .bind(now - 86_400)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected())
}
