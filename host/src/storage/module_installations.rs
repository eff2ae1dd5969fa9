//! The installed modules (a platform table, not a company's): each one's running version,
//! grants and package archive, shared by every host instance on the database.

use sqlx::FromRow;

use super::Db;

/// An installation without its archive: what an instance compares with what it serves.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct Installation {
    pub module_key: String,
    pub version: String,
    /// SHA-256 of the package's digests file.
    pub digest: String,
    /// The granted capabilities, as a JSON array.
    pub grants: String,
    pub format: i32,
}

/// Records the installation of `installation.module_key` (replacing its previous one).
pub async fn put(db: &Db, installation: &Installation, archive: &[u8]) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO module_installations (module_key, version, digest, grants, format, archive)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (module_key) DO UPDATE SET version = excluded.version, digest = excluded.digest,
             grants = excluded.grants, format = excluded.format, archive = excluded.archive",
    )
    .bind(&installation.module_key)
    .bind(&installation.version)
    .bind(&installation.digest)
    .bind(&installation.grants)
    .bind(installation.format)
    .bind(archive)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Every installation, by key.
pub async fn all(db: &Db) -> sqlx::Result<Vec<Installation>> {
    sqlx::query_as("SELECT module_key, version, digest, grants, format FROM module_installations ORDER BY module_key")
        .fetch_all(db.pool())
        .await
}

pub async fn get(db: &Db, module_key: &str) -> sqlx::Result<Option<Installation>> {
    sqlx::query_as("SELECT module_key, version, digest, grants, format FROM module_installations WHERE module_key = $1")
        .bind(module_key)
        .fetch_optional(db.pool())
        .await
}

/// The package archive of the installation of `module_key` with this `digest`; `None` when
/// it was replaced or removed meanwhile.
pub async fn archive(db: &Db, module_key: &str, digest: &str) -> sqlx::Result<Option<Vec<u8>>> {
    let row: Option<(Vec<u8>,)> =
        sqlx::query_as("SELECT archive FROM module_installations WHERE module_key = $1 AND digest = $2")
            .bind(module_key)
            .bind(digest)
            .fetch_optional(db.pool())
            .await?;
    Ok(row.map(|(archive,)| archive))
}

/// Forgets the installation of `module_key`; answers whether there was one.
pub async fn delete(db: &Db, module_key: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM module_installations WHERE module_key = $1")
        .bind(module_key)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() > 0)
}
