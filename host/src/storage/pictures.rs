use sqlx::FromRow;

use super::Db;

#[derive(Debug, Clone, FromRow)]
pub struct Picture {
    pub mimetype: String,
    pub data: Vec<u8>,
}

/// Sets (or replaces) the user's picture.
pub async fn put(db: &Db, company_id: &str, user_id: &str, mimetype: &str, data: &[u8], now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO profile_pictures (user_id, company_id, mimetype, data, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id) DO UPDATE SET company_id = excluded.company_id, mimetype = excluded.mimetype,
             data = excluded.data, updated_at = excluded.updated_at",
    )
    .bind(user_id)
    .bind(company_id)
    .bind(mimetype)
    .bind(data)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The picture of a user of `company_id`; another company's user reads as absent.
pub async fn get_in_company(db: &Db, company_id: &str, user_id: &str) -> sqlx::Result<Option<Picture>> {
    sqlx::query_as("SELECT mimetype, data FROM profile_pictures WHERE company_id = $1 AND user_id = $2")
        .bind(company_id)
        .bind(user_id)
        .fetch_optional(db.pool())
        .await
}
