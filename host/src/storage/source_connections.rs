//! Modules' connections to outside databases (`sources`), per company and module. The
//! password is stored sealed (see `modules::sources`); nothing here opens it.

use sqlx::FromRow;

use super::Db;

const COLUMNS: &str = "id, module, name, engine, host, port, database_name, username, password_sealed, tls, \
                       time_zone, created_at, updated_at";

#[derive(Debug, Clone, FromRow)]
pub struct ConnectionRow {
    pub id: String,
    pub module: String,
    pub name: String,
    pub engine: String,
    pub host: String,
    pub port: i64,
    pub database_name: String,
    pub username: String,
    pub password_sealed: Option<String>,
    pub tls: String,
    pub time_zone: String,
    pub created_at: i64,
    pub updated_at: i64,
}

/// Inserts `row` for `company_id`; false when the module already has a connection of
/// that name in the company.
pub async fn insert(db: &Db, company_id: &str, row: &ConnectionRow, created_by: &str) -> sqlx::Result<bool> {
    let inserted = sqlx::query(
        "INSERT INTO source_connections (id, company_id, module, name, engine, host, port, database_name, username,
             password_sealed, tls, time_zone, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
    )
    .bind(&row.id)
    .bind(company_id)
    .bind(&row.module)
    .bind(&row.name)
    .bind(&row.engine)
    .bind(&row.host)
    .bind(row.port)
    .bind(&row.database_name)
    .bind(&row.username)
    .bind(&row.password_sealed)
    .bind(&row.tls)
    .bind(&row.time_zone)
    .bind(created_by)
    .bind(row.created_at)
    .bind(row.updated_at)
    .execute(db.pool())
    .await;
    super::written_unless_taken(inserted)
}

/// Replaces every field of the stored row but its id, module and creation; `None` when
/// there is no such connection, `Some(false)` when the new name is taken.
pub async fn update(db: &Db, company_id: &str, row: &ConnectionRow) -> sqlx::Result<Option<bool>> {
    let updated = sqlx::query(
        "UPDATE source_connections SET name = $1, engine = $2, host = $3, port = $4, database_name = $5,
             username = $6, password_sealed = $7, tls = $8, time_zone = $9, updated_at = $10
         WHERE company_id = $11 AND module = $12 AND id = $13",
    )
    .bind(&row.name)
    .bind(&row.engine)
    .bind(&row.host)
    .bind(row.port)
    .bind(&row.database_name)
    .bind(&row.username)
    .bind(&row.password_sealed)
    .bind(&row.tls)
    .bind(&row.time_zone)
    .bind(row.updated_at)
    .bind(company_id)
    .bind(&row.module)
    .bind(&row.id)
    .execute(db.pool())
    .await;
    match updated {
        Ok(done) => Ok((done.rows_affected() > 0).then_some(true)),
        Err(err) if super::is_unique_violation(&err) => Ok(Some(false)),
        Err(err) => Err(err),
    }
}

/// The module's connections in the company, by name.
pub async fn list(db: &Db, company_id: &str, module: &str) -> sqlx::Result<Vec<ConnectionRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM source_connections WHERE company_id = $1 AND module = $2 ORDER BY name, id"
    )))
    .bind(company_id)
    .bind(module)
    .fetch_all(db.pool())
    .await
}

pub async fn get(db: &Db, company_id: &str, module: &str, id: &str) -> sqlx::Result<Option<ConnectionRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM source_connections WHERE company_id = $1 AND module = $2 AND id = $3"
    )))
    .bind(company_id)
    .bind(module)
    .bind(id)
    .fetch_optional(db.pool())
    .await
}

/// True when a connection was deleted.
pub async fn delete(db: &Db, company_id: &str, module: &str, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM source_connections WHERE company_id = $1 AND module = $2 AND id = $3")
        .bind(company_id)
        .bind(module)
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() > 0)
}
