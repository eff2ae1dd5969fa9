use sqlx::FromRow;

use super::Db;

/// A request for the enterprise edition (the enterprise subscriber payload).
#[derive(Debug, Clone, FromRow)]
pub struct Subscriber {
    pub id: String,
    pub company_id: String,
    pub user_id: String,
    pub community_user_email: String,
    pub community_user_company: String,
    pub username: String,
    pub email: String,
    pub country: String,
    pub contact_number: String,
    pub created_at: i64,
}

pub async fn insert(db: &Db, subscriber: &Subscriber) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO enterprise_subscribers (id, company_id, user_id, community_user_email, community_user_company,
            username, email, country, contact_number, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(&subscriber.id)
    .bind(&subscriber.company_id)
    .bind(&subscriber.user_id)
    .bind(&subscriber.community_user_email)
    .bind(&subscriber.community_user_company)
    .bind(&subscriber.username)
    .bind(&subscriber.email)
    .bind(&subscriber.country)
    .bind(&subscriber.contact_number)
    .bind(subscriber.created_at)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The company's requests, newest first.
pub async fn list_for_company(db: &Db, company_id: &str) -> sqlx::Result<Vec<Subscriber>> {
    sqlx::query_as(
        "SELECT id, company_id, user_id, community_user_email, community_user_company, username, email, country,
                contact_number, created_at
         FROM enterprise_subscribers WHERE company_id = $1 ORDER BY created_at DESC, id DESC",
    )
    .bind(company_id)
    .fetch_all(db.pool())
    .await
}

/// A request as the platform administrators see it: with its company's name and current
/// edition, and who handled it.
#[derive(Debug, Clone, FromRow)]
pub struct Request {
    pub id: String,
    pub company_id: String,
    pub companyname: String,
    pub edition: String,
    pub community_user_email: String,
    pub username: String,
    pub email: String,
    pub country: String,
    pub contact_number: String,
    pub created_at: i64,
    pub handled_at: Option<i64>,
    /// The handling administrator's e-mail (empty once their account is gone).
    pub handled_by: Option<String>,
}

const SELECT_REQUEST: &str = "SELECT s.id, s.company_id, c.name AS companyname, c.edition, s.community_user_email,
        s.username, s.email, s.country, s.contact_number, s.created_at, s.handled_at, h.email AS handled_by
    FROM enterprise_subscribers s JOIN companies c ON c.id = s.company_id LEFT JOIN users h ON h.id = s.handled_by";

/// One page of every company's requests, newest first.
pub async fn page(db: &Db, limit: i64, offset: i64) -> sqlx::Result<Vec<Request>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT_REQUEST} ORDER BY s.created_at DESC, s.id DESC LIMIT $1 OFFSET $2"
    )))
    .bind(limit)
    .bind(offset)
    .fetch_all(db.pool())
    .await
}

pub async fn count(db: &Db) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM enterprise_subscribers").fetch_one(db.pool()).await
}

pub async fn get(db: &Db, id: &str) -> sqlx::Result<Option<Request>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT_REQUEST} WHERE s.id = $1")))
        .bind(id)
        .fetch_optional(db.pool())
        .await
}

/// Marks the request handled by `user_id`; false when it was handled already.
pub async fn mark_handled(db: &Db, id: &str, user_id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE enterprise_subscribers SET handled_at = $1, handled_by = $2 WHERE id = $3 AND handled_at IS NULL",
    )
    .bind(now)
    .bind(user_id)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}
