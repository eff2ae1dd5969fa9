//! The host's bookkeeping of one module, deleted when an administrator removes the module
//! with its data. Unlike every other query here these span companies: the module is gone
//! for all of them. Its collection tables are dropped by `modules::collections::purge`.

use super::Db;

/// Deletes, in one transaction, the deliveries waiting for the module, its schedule runs,
/// its jobs and webhooks, the outside-database connections companies made for it, and the
/// record of their sample data in it.
/// Events it published stay: they belong to the modules subscribed to them.
pub async fn purge(db: &Db, module_key: &str) -> sqlx::Result<()> {
    let mut tx = db.pool().begin().await?;
    for statement in [
        "DELETE FROM module_deliveries WHERE module_key = $1",
        "DELETE FROM module_schedule_runs WHERE module_key = $1",
        "DELETE FROM module_jobs WHERE module = $1",
        "DELETE FROM module_webhooks WHERE module = $1",
        "DELETE FROM source_connections WHERE module = $1",
        "DELETE FROM sample_data WHERE module = $1",
    ] {
        sqlx::query(statement).bind(module_key).execute(&mut *tx).await?;
    }
    tx.commit().await
}
