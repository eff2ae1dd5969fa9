//! Which modules hold sample data a company administrator loaded (`sample_data`). The
//! records themselves are the modules', marked by their `sample` field.

use super::Db;

/// Records that `module` holds sample data of the company, loaded at `now`.
pub async fn record(db: &Db, company_id: &str, module: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sample_data (company_id, module, loaded_at) VALUES ($1, $2, $3)
         ON CONFLICT (company_id, module) DO UPDATE SET loaded_at = excluded.loaded_at",
    )
    .bind(company_id)
    .bind(module)
    .bind(now)
    .execute(db.pool())
    .await
    .map(drop)
}

/// Forgets the company's sample data in `module` (removed).
pub async fn forget(db: &Db, company_id: &str, module: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sample_data WHERE company_id = $1 AND module = $2")
        .bind(company_id)
        .bind(module)
        .execute(db.pool())
        .await
        .map(drop)
}

/// The modules holding sample data of the company, in key order.
pub async fn modules(db: &Db, company_id: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT module FROM sample_data WHERE company_id = $1 ORDER BY module")
        .bind(company_id)
        .fetch_all(db.pool())
        .await
}
