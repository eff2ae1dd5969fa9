use sqlx::FromRow;

use super::Db;
use super::flag::Flag;

/// An entry of a pick list (departments, ticket categories, ticket priorities...).
#[derive(Debug, Clone, FromRow)]
pub struct Master {
    pub id: String,
    pub kind: String,
    pub name: String,
}

/// The defaults every company shares plus the company's own, active ones only, by kind
/// and sort order; only the entries of `kind` when given.
pub async fn list(db: &Db, company_id: &str, kind: Option<&str>) -> sqlx::Result<Vec<Master>> {
    match kind {
        Some(kind) => {
            sqlx::query_as(
                "SELECT id, kind, name FROM masters
                 WHERE (company_id IS NULL OR company_id = $1) AND kind = $2 AND active = TRUE
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
                 WHERE (company_id IS NULL OR company_id = $1) AND active = TRUE
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

/// An entry of the default lists (no company), as platform admins edit them.
#[derive(Debug, Clone, FromRow)]
pub struct Entry {
    pub id: String,
    pub kind: String,
    pub name: String,
    pub code: Option<String>,
    pub symbol: Option<String>,
    #[sqlx(try_from = "Flag")]
    pub active: bool,
    pub sort: i64,
}

/// The default entries of `kind`, inactive ones included, in sort order.
pub async fn defaults_of(db: &Db, kind: &str) -> sqlx::Result<Vec<Entry>> {
    sqlx::query_as(
        "SELECT id, kind, name, code, symbol, active, sort FROM masters
         WHERE company_id IS NULL AND kind = $1 ORDER BY sort, name, id",
    )
    .bind(kind)
    .fetch_all(db.pool())
    .await
}

/// Every active default entry, by kind and sort order.
pub async fn active_defaults(db: &Db) -> sqlx::Result<Vec<Entry>> {
    sqlx::query_as(
        "SELECT id, kind, name, code, symbol, active, sort FROM masters
         WHERE company_id IS NULL AND active = TRUE ORDER BY kind, sort, name, id",
    )
    .fetch_all(db.pool())
    .await
}

/// One default entry.
pub async fn get_default(db: &Db, id: &str) -> sqlx::Result<Option<Entry>> {
    sqlx::query_as(
        "SELECT id, kind, name, code, symbol, active, sort FROM masters WHERE company_id IS NULL AND id = $1",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await
}

/// True when an active default entry of `kind` has `value` as its code (`by_code`) or
/// its name.
pub async fn is_active_default(db: &Db, kind: &str, value: &str, by_code: bool) -> sqlx::Result<bool> {
    let sql = if by_code {
        "SELECT COUNT(*) FROM masters WHERE company_id IS NULL AND kind = $1 AND code = $2 AND active = TRUE"
    } else {
        "SELECT COUNT(*) FROM masters WHERE company_id IS NULL AND kind = $1 AND name = $2 AND active = TRUE"
    };
    let (found,): (i64,) = sqlx::query_as(sql).bind(kind).bind(value).fetch_one(db.pool()).await?;
    Ok(found > 0)
}

/// What another default entry of `kind` (not `except_id`) already has: its name (any
/// case) or its code.
pub enum Clash {
    Name,
    Code,
}

pub async fn clash(
    db: &Db,
    kind: &str,
    name: &str,
    code: Option<&str>,
    except_id: Option<&str>,
) -> sqlx::Result<Option<Clash>> {
    let (names, codes): (i64, i64) = sqlx::query_as(
        "SELECT
           COALESCE(SUM(CASE WHEN LOWER(name) = LOWER($2) THEN 1 ELSE 0 END), 0),
           COALESCE(SUM(CASE WHEN code = $3 THEN 1 ELSE 0 END), 0)
         FROM masters WHERE company_id IS NULL AND kind = $1 AND id <> $4",
    )
    .bind(kind)
    .bind(name)
    .bind(code)
    .bind(except_id.unwrap_or(""))
    .fetch_one(db.pool())
    .await?;
    Ok(if names > 0 {
        Some(Clash::Name)
    } else if codes > 0 {
        Some(Clash::Code)
    } else {
        None
    })
}

/// A new default entry of `kind`, active, after the kind's last one.
pub struct NewEntry<'a> {
    pub kind: &'a str,
    pub name: &'a str,
    pub code: Option<&'a str>,
    pub symbol: Option<&'a str>,
}

pub async fn insert_default(db: &Db, entry: &NewEntry<'_>) -> sqlx::Result<String> {
    let id = super::new_id();
    sqlx::query(
        "INSERT INTO masters (id, company_id, kind, name, code, symbol, sort)
         SELECT $1, NULL, $2, $3, $4, $5, COALESCE(MAX(sort), 0) + 1
         FROM masters WHERE company_id IS NULL AND kind = $2",
    )
    .bind(&id)
    .bind(entry.kind)
    .bind(entry.name)
    .bind(entry.code)
    .bind(entry.symbol)
    .execute(db.pool())
    .await?;
    Ok(id)
}

/// A default entry's name and symbol; false when there is no such entry.
pub async fn update_default(db: &Db, id: &str, name: &str, symbol: Option<&str>) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE masters SET name = $1, symbol = $2 WHERE company_id IS NULL AND id = $3")
        .bind(name)
        .bind(symbol)
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Deactivates or reactivates a default entry; false when there is no such entry.
pub async fn set_default_active(db: &Db, id: &str, active: bool) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE masters SET active = $1 WHERE company_id IS NULL AND id = $2")
        .bind(active)
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Gives each default entry (by id) its sort place, in one transaction.
pub async fn set_default_sorts(db: &Db, sorts: &[(&str, i64)]) -> sqlx::Result<()> {
    let mut tx = db.pool().begin().await?;
    for (id, sort) in sorts {
        sqlx::query("UPDATE masters SET sort = $1 WHERE company_id IS NULL AND id = $2")
            .bind(sort)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}
