use sqlx::FromRow;

use super::Db;

#[derive(Debug, Clone, FromRow)]
pub struct Picture {
    pub mimetype: String,
    pub data: Vec<u8>,
}

/// Sets (or replaces) the person's picture, seen in every company they belong to.
pub async fn put(db: &Db, user_id: &str, mimetype: &str, data: &[u8], now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO profile_pictures (user_id, mimetype, data, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET mimetype = excluded.mimetype,
             data = excluded.data, updated_at = excluded.updated_at",
    )
    .bind(user_id)
    .bind(mimetype)
    .bind(data)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The picture of a member of `company_id`; another company's person reads as absent.
pub async fn get_in_company(db: &Db, company_id: &str, user_id: &str) -> sqlx::Result<Option<Picture>> {
    sqlx::query_as(
        "SELECT p.mimetype, p.data FROM profile_pictures p JOIN memberships m ON m.user_id = p.user_id
         WHERE m.company_id = $1 AND p.user_id = $2",
    )
    .bind(company_id)
    .bind(user_id)
    .fetch_optional(db.pool())
    .await
}
