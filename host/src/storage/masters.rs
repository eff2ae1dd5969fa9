use sqlx::FromRow;

use super::Db;

/// An entry of a pick list (departments, ticket categories, ticket priorities...).
#[derive(Debug, Clone, FromRow)]
pub struct Master {
    pub id: String,
    pub kind: String,
    pub name: String,
}

/// The defaults every company shares plus the company's own, by kind and sort order;
/// only the entries of `kind` when given.
pub async fn list(db: &Db, company_id: &str, kind: Option<&str>) -> sqlx::Result<Vec<Master>> {
    match kind {
        Some(kind) => {
            sqlx::query_as(
                "SELECT id, kind, name FROM masters
                 WHERE (company_id IS NULL OR company_id = $1) AND kind = $2
                 ORDER BY kind, sort, name, id",
            )
            .bind(company_id)
            .bind(kind)
            .fetch_all(db.pool())
            .await
        }
        None => {
            sqlx::query_as(
                "SELECT id, kind, name FROM masters
                 WHERE company_id IS NULL OR company_id = $1
                 ORDER BY kind, sort, name, id",
            )
            .bind(company_id)
            .fetch_all(db.pool())
            .await
        }
    }
}

/// Adds an entry of the company's own; returns its id.
pub async fn insert(db: &Db, company_id: &str, kind: &str, name: &str, sort: i64) -> sqlx::Result<String> {
    let id = super::new_id();
    sqlx::query("INSERT INTO masters (id, company_id, kind, name, sort) VALUES ($1, $2, $3, $4, $5)")
        .bind(&id)
        .bind(company_id)
        .bind(kind)
        .bind(name)
        .bind(sort)
        .execute(db.pool())
        .await?;
    Ok(id)
}
