//! A company's roles: a name and a rights map (JSON, by rights key), held by members.

use sqlx::FromRow;

use super::Db;

#[derive(Debug, Clone, FromRow)]
pub struct Role {
    pub id: String,
    pub name: String,
    /// JSON map: rights key -> { view, disabled }.
    pub rights: String,
    /// Members holding it, former members included (a role stays while any holds it).
    pub members: i64,
}

const SELECT: &str = "SELECT r.id, r.name, r.rights,
        (SELECT COUNT(*) FROM memberships m WHERE m.role_id = r.id) AS members
    FROM roles r";

/// The company's roles by name.
pub async fn list(db: &Db, company_id: &str) -> sqlx::Result<Vec<Role>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE r.company_id = $1 ORDER BY r.name, r.id")))
        .bind(company_id)
        .fetch_all(db.pool())
        .await
}

pub async fn get(db: &Db, company_id: &str, role_id: &str) -> sqlx::Result<Option<Role>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE r.company_id = $1 AND r.id = $2")))
        .bind(company_id)
        .bind(role_id)
        .fetch_optional(db.pool())
        .await
}

/// A new role; `None` when the company has a role of that name.
pub async fn create(db: &Db, company_id: &str, name: &str, rights: &str, now: i64) -> sqlx::Result<Option<String>> {
    let id = super::new_id();
    let inserted =
        sqlx::query("INSERT INTO roles (id, company_id, name, rights, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(&id)
            .bind(company_id)
            .bind(name)
            .bind(rights)
            .bind(now)
            .execute(db.pool())
            .await;
    match inserted {
        Ok(_) => Ok(Some(id)),
        Err(err) if super::is_unique_violation(&err) => Ok(None),
        Err(err) => Err(err),
    }
}

/// What a change of a role did.
#[derive(Debug, PartialEq, Eq)]
pub enum Changed {
    Done,
    NotFound,
    NameTaken,
}

pub async fn rename(db: &Db, company_id: &str, role_id: &str, name: &str) -> sqlx::Result<Changed> {
    let done = sqlx::query("UPDATE roles SET name = $1 WHERE company_id = $2 AND id = $3")
        .bind(name)
        .bind(company_id)
        .bind(role_id)
        .execute(db.pool())
        .await;
    match done {
        Ok(done) if done.rows_affected() == 1 => Ok(Changed::Done),
        Ok(_) => Ok(Changed::NotFound),
        Err(err) if super::is_unique_violation(&err) => Ok(Changed::NameTaken),
        Err(err) => Err(err),
    }
}

pub async fn set_rights(db: &Db, company_id: &str, role_id: &str, rights: &str) -> sqlx::Result<Changed> {
    let done = sqlx::query("UPDATE roles SET rights = $1 WHERE company_id = $2 AND id = $3")
        .bind(rights)
        .bind(company_id)
        .bind(role_id)
        .execute(db.pool())
        .await?;
    Ok(if done.rows_affected() == 1 { Changed::Done } else { Changed::NotFound })
}

/// What deleting a role did.
#[derive(Debug, PartialEq, Eq)]
pub enum Deleted {
    Done,
    NotFound,
    /// A member, a former member or an open invitation holds it.
    InUse,
}

/// Deletes the role unless a member (former ones included: their membership names it) or
/// an open invitation (not accepted nor revoked) holds it; used invitations go with it.
pub async fn delete(db: &Db, company_id: &str, role_id: &str) -> sqlx::Result<Deleted> {
    let done = sqlx::query(
        "DELETE FROM roles WHERE company_id = $1 AND id = $2
           AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.role_id = roles.id)
           AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.role_id = roles.id
                           AND i.accepted_at IS NULL AND i.revoked_at IS NULL)",
    )
    .bind(company_id)
    .bind(role_id)
    .execute(db.pool())
    .await?;
    if done.rows_affected() == 1 {
        return Ok(Deleted::Done);
    }
    Ok(if get(db, company_id, role_id).await?.is_some() { Deleted::InUse } else { Deleted::NotFound })
}

/// Members whose role is `role_id` (not removed ones): whom a change of its rights reaches.
pub async fn holders(db: &Db, company_id: &str, role_id: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT user_id FROM memberships WHERE company_id = $1 AND role_id = $2 AND status = 'active'")
        .bind(company_id)
        .bind(role_id)
        .fetch_all(db.pool())
        .await
}
