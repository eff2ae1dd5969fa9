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
