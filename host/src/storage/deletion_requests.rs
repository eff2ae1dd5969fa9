use sqlx::FromRow;

use super::Db;

/// A person's request to delete their data.
#[derive(Debug, Clone, FromRow)]
pub struct DeletionRequest {
    pub user_id: String,
    pub requested_at: i64,
    pub due_at: i64,
    pub completed_at: Option<i64>,
}

/// A request as platform administrators list it, with the person as they are now
/// ("Deleted user" once it is carried out).
#[derive(Debug, Clone, FromRow)]
pub struct ListedRequest {
    pub user_id: String,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub requested_at: i64,
    pub due_at: i64,
    pub completed_at: Option<i64>,
}

pub async fn get(db: &Db, user_id: &str) -> sqlx::Result<Option<DeletionRequest>> {
    sqlx::query_as("SELECT user_id, requested_at, due_at, completed_at FROM deletion_requests WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(db.pool())
        .await
}

/// Records the request; an earlier one of the person stays as it was.
pub async fn create(db: &Db, user_id: &str, now: i64, due_at: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO deletion_requests (user_id, requested_at, due_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO NOTHING",
    )
    .bind(user_id)
    .bind(now)
    .bind(due_at)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Withdraws a pending request: false when there was none.
pub async fn cancel(db: &Db, user_id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM deletion_requests WHERE user_id = $1 AND completed_at IS NULL")
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Pending requests whose grace period is over, oldest first.
pub async fn due(db: &Db, now: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT user_id FROM deletion_requests WHERE completed_at IS NULL AND due_at <= $1 ORDER BY due_at, user_id",
    )
    .bind(now)
    .fetch_all(db.pool())
    .await
}

/// Every request, pending ones first, newest first.
pub async fn list(db: &Db) -> sqlx::Result<Vec<ListedRequest>> {
    sqlx::query_as(
        "SELECT d.user_id, u.firstname, u.lastname, u.email, d.requested_at, d.due_at, d.completed_at
         FROM deletion_requests d JOIN users u ON u.id = d.user_id
         ORDER BY CASE WHEN d.completed_at IS NULL THEN 0 ELSE 1 END, d.requested_at DESC, d.user_id",
    )
    .fetch_all(db.pool())
    .await
}

/// Whether the person is the only active admin of a company where other people are still
/// active members (such a company would be left without anyone to administer it).
pub async fn is_last_admin_of_a_team(db: &Db, user_id: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM memberships m
            WHERE m.user_id = $1 AND m.status = 'active' AND m.company_admin = TRUE
              AND NOT EXISTS (SELECT 1 FROM memberships o WHERE o.company_id = m.company_id AND o.user_id <> $1
                              AND o.status = 'active' AND o.company_admin = TRUE)
              AND EXISTS (SELECT 1 FROM memberships o WHERE o.company_id = m.company_id AND o.user_id <> $1
                          AND o.status = 'active'))",
    )
    .bind(user_id)
    .fetch_one(db.pool())
    .await
    .map(|found: super::flag::Flag| found.into())
}

/// Removes the person's personal data in one transaction: the name becomes "Deleted user",
/// the e-mail `placeholder` (in invitations, enterprise requests and log messages too), the
/// password, social identity, profile details, picture, codes, outbox mails, sessions and
/// the addresses logged for them go, the account is disabled and every membership becomes
/// a former one. The
/// user id stays, so the companies' records keep pointing at it. Answers the companies the
/// person was an active member of; `None` when the request is no longer pending.
pub async fn erase(db: &Db, user_id: &str, placeholder: &str, now: i64) -> sqlx::Result<Option<Vec<String>>> {
    let mut tx = db.pool().begin().await?;
    let completed =
        sqlx::query("UPDATE deletion_requests SET completed_at = $1 WHERE user_id = $2 AND completed_at IS NULL")
            .bind(now)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
    if completed.rows_affected() != 1 {
        return Ok(None);
    }
    let companies: Vec<String> =
        sqlx::query_scalar("SELECT company_id FROM memberships WHERE user_id = $1 AND status = 'active'")
            .bind(user_id)
            .fetch_all(&mut *tx)
            .await?;
    let old_email: Option<String> =
        sqlx::query_scalar("SELECT email FROM users WHERE id = $1").bind(user_id).fetch_optional(&mut *tx).await?;
    sqlx::query(
        "UPDATE users SET email = $1, firstname = 'Deleted', lastname = 'user', password_hash = NULL,
            gender = '', country = '', department = '', job_title = '', social_provider = NULL,
            social_subject = NULL, disabled = TRUE
         WHERE id = $2",
    )
    .bind(placeholder)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE memberships SET status = 'removed', company_admin = FALSE WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL")
        .bind(now)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    // An enterprise-edition request holds the contact details the person gave.
    sqlx::query(
        "UPDATE enterprise_subscribers SET username = 'Deleted user', email = $1, community_user_email = $1,
            contact_number = '', country = ''
         WHERE user_id = $2",
    )
    .bind(placeholder)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    // Where the person's requests came from is theirs too.
    sqlx::query("UPDATE system_logs SET client_addr = NULL WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
    for table in ["profile_pictures", "reset_codes", "email_change_codes"] {
        sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM {table} WHERE user_id = $1")))
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
    }
    if let Some(email) = old_email {
        sqlx::query("DELETE FROM signup_codes WHERE email = $1").bind(&email).execute(&mut *tx).await?;
        // The local outbox keeps whole mails (codes, links) to the address.
        sqlx::query("DELETE FROM mail_outbox WHERE recipient = $1").bind(&email).execute(&mut *tx).await?;
        // Log messages name people by address: the entries stay, with the placeholder.
        sqlx::query(
            "UPDATE system_logs SET message = REPLACE(message, $1, $2)
             WHERE LOWER(message) LIKE $3 ESCAPE '\\'",
        )
        .bind(&email)
        .bind(placeholder)
        .bind(super::contains_pattern(&email))
        .execute(&mut *tx)
        .await?;
        // Invitations name the address too; they keep their place in the company's history.
        sqlx::query("UPDATE invitations SET email = $1 WHERE email = $2")
            .bind(placeholder)
            .bind(&email)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(Some(companies))
}
