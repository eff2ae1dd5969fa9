use sqlx::FromRow;

use super::Db;

#[derive(Debug, Clone, FromRow)]
pub struct StoredMail {
    pub id: String,
    pub recipient: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
    pub created_at: i64,
}

pub async fn insert(db: &Db, recipient: &str, subject: &str, text: &str, html: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO mail_outbox (id, recipient, subject, text_body, html_body, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(super::new_id())
    .bind(recipient)
    .bind(subject)
    .bind(text)
    .bind(html)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Mail sent to `recipient`, newest first.
pub async fn for_recipient(db: &Db, recipient: &str) -> sqlx::Result<Vec<StoredMail>> {
    sqlx::query_as(
        "SELECT id, recipient, subject, text_body, html_body, created_at FROM mail_outbox
         WHERE recipient = $1 ORDER BY created_at DESC, id DESC",
    )
    .bind(recipient)
    .fetch_all(db.pool())
    .await
}

/// Drops up to `limit` mails written before `before`; answers how many.
pub async fn purge_before(db: &Db, before: i64, limit: i64) -> sqlx::Result<u64> {
    super::delete_before(
        db,
        "DELETE FROM mail_outbox WHERE id IN
           (SELECT id FROM mail_outbox WHERE created_at < $1 ORDER BY created_at LIMIT $2)",
        before,
        limit,
    )
    .await
}
