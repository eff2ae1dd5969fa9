use sqlx::FromRow;

use super::Db;
use super::users::NewUser;

#[derive(Debug, Clone, FromRow)]
pub struct Company {
    pub id: String,
    pub name: String,
    pub edition: String,
    pub country: String,
    pub currency_name: String,
    pub currency_symbol: String,
    pub created_at: i64,
    /// When a platform administrator deactivated it: nobody may open a session in it.
    pub deactivated_at: Option<i64>,
}

pub struct NewCompany<'a> {
    pub name: &'a str,
    pub country: &'a str,
    pub currency_name: &'a str,
    pub currency_symbol: &'a str,
}

/// Company names are unique ignoring case and surrounding spaces.
pub fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// Why a new company could not be created.
#[derive(Debug, PartialEq, Eq)]
pub enum Taken {
    CompanyName,
    Email,
}

/// Creates the company, its default role and its first user (its company admin) in one
/// transaction, so a clash leaves nothing behind. Returns the company's and the user's ids.
pub async fn create_with_owner(
    db: &Db,
    company: &NewCompany<'_>,
    role_name: &str,
    rights_json: &str,
    owner: &NewUser<'_>,
    now: i64,
) -> sqlx::Result<Result<(String, String), Taken>> {
    let mut tx = db.pool().begin().await?;
    let Some((company_id, role_id)) =
        insert_with_role(&mut tx, company, "community", role_name, rights_json, now).await?
    else {
        return Ok(Err(Taken::CompanyName));
    };
    let Some(user_id) = super::users::insert(&mut tx, &company_id, &role_id, true, owner, now).await? else {
        return Ok(Err(Taken::Email));
    };
    tx.commit().await?;
    Ok(Ok((company_id, user_id)))
}

/// Creates the company and its default role with an existing person as its company admin,
/// in one transaction; `None` when the name is taken.
pub async fn create_for_member(
    db: &Db,
    company: &NewCompany<'_>,
    role_name: &str,
    rights_json: &str,
    user_id: &str,
    now: i64,
) -> sqlx::Result<Option<String>> {
    let mut tx = db.pool().begin().await?;
    let Some((company_id, role_id)) =
        insert_with_role(&mut tx, company, "community", role_name, rights_json, now).await?
    else {
        return Ok(None);
    };
    super::memberships::insert(&mut tx, &company_id, user_id, &role_id, true, now).await?;
    tx.commit().await?;
    Ok(Some(company_id))
}

/// Creates a company of `edition` and its default role, with no member yet (a platform
/// administrator invites its first company admin); `None` when the name is taken.
pub async fn create_empty(
    db: &Db,
    company: &NewCompany<'_>,
    edition: &str,
    role_name: &str,
    rights_json: &str,
    now: i64,
) -> sqlx::Result<Option<(String, String)>> {
    let mut tx = db.pool().begin().await?;
    let created = insert_with_role(&mut tx, company, edition, role_name, rights_json, now).await?;
    tx.commit().await?;
    Ok(created)
}

/// A company of `edition` and its role `role_name`: their ids, or `None` when the name is taken.
async fn insert_with_role(
    conn: &mut sqlx::AnyConnection,
    company: &NewCompany<'_>,
    edition: &str,
    role_name: &str,
    rights_json: &str,
    now: i64,
) -> sqlx::Result<Option<(String, String)>> {
    let company_id = super::new_id();
    let inserted = sqlx::query(
        "INSERT INTO companies (id, name, name_key, edition, country, currency_name, currency_symbol, created_at)
         VALUES ($1, $2, $3, $8, $4, $5, $6, $7)",
    )
    .bind(&company_id)
    .bind(company.name.trim())
    .bind(name_key(company.name))
    .bind(company.country)
    .bind(company.currency_name)
    .bind(company.currency_symbol)
    .bind(now)
    .bind(edition)
    .execute(&mut *conn)
    .await;
    match inserted {
        Err(err) if super::is_unique_violation(&err) => return Ok(None),
        other => other?,
    };
    let role_id = super::new_id();
    sqlx::query("INSERT INTO roles (id, company_id, name, rights, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(&role_id)
        .bind(&company_id)
        .bind(role_name)
        .bind(rights_json)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(Some((company_id, role_id)))
}

const SELECT_COMPANY: &str =
    "SELECT id, name, edition, country, currency_name, currency_symbol, created_at, deactivated_at FROM companies";

pub async fn get(db: &Db, company_id: &str) -> sqlx::Result<Option<Company>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT_COMPANY} WHERE id = $1")))
        .bind(company_id)
        .fetch_optional(db.pool())
        .await
}

pub async fn find_by_name(db: &Db, name: &str) -> sqlx::Result<Option<Company>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT_COMPANY} WHERE name_key = $1")))
        .bind(name_key(name))
        .fetch_optional(db.pool())
        .await
}

/// Returns false when no such company exists.
pub async fn set_edition(db: &Db, company_id: &str, edition: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE companies SET edition = $1 WHERE id = $2")
        .bind(edition)
        .bind(company_id)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn set_currency(db: &Db, company_id: &str, currency_name: &str, currency_symbol: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE companies SET currency_name = $1, currency_symbol = $2 WHERE id = $3")
        .bind(currency_name)
        .bind(currency_symbol)
        .bind(company_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The role named `name` in the company, as (id, rights JSON).
pub async fn find_role(db: &Db, company_id: &str, name: &str) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as("SELECT id, rights FROM roles WHERE company_id = $1 AND name = $2")
        .bind(company_id)
        .bind(name)
        .fetch_optional(db.pool())
        .await
}

/// Replaces the rights (JSON map) of the company's role `name`; false when no such role.
pub async fn set_role_rights(db: &Db, company_id: &str, name: &str, rights: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE roles SET rights = $1 WHERE company_id = $2 AND name = $3")
        .bind(rights)
        .bind(company_id)
        .bind(name)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() == 1)
}

/// A company with how many users it has (platform admin view).
#[derive(Debug, Clone, FromRow)]
pub struct CompanySummary {
    pub id: String,
    pub name: String,
    pub edition: String,
    pub country: String,
    pub currency_name: String,
    pub created_at: i64,
    pub deactivated_at: Option<i64>,
    pub users: i64,
}

/// Every company with its user count, newest first.
pub async fn list_with_user_counts(db: &Db) -> sqlx::Result<Vec<CompanySummary>> {
    sqlx::query_as(
        "SELECT c.id, c.name, c.edition, c.country, c.currency_name, c.created_at, c.deactivated_at,
                COUNT(m.user_id) AS users
         FROM companies c LEFT JOIN memberships m ON m.company_id = c.id AND m.status = 'active'
         GROUP BY c.id, c.name, c.edition, c.country, c.currency_name, c.created_at, c.deactivated_at
         ORDER BY c.created_at DESC, c.id",
    )
    .fetch_all(db.pool())
    .await
}

/// Every company as (id, edition): scheduled module runs go to each that may use the module.
pub async fn all_with_edition(db: &Db) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("SELECT id, edition FROM companies ORDER BY id").fetch_all(db.pool()).await
}

/// The company's edition, when it exists.
pub async fn edition_of(db: &Db, company_id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT edition FROM companies WHERE id = $1").bind(company_id).fetch_optional(db.pool()).await
}

/// What a rename did.
#[derive(Debug, PartialEq, Eq)]
pub enum Renamed {
    Done,
    NoSuchCompany,
    /// Another company has the name (ignoring case).
    Taken,
}

pub async fn rename(db: &Db, company_id: &str, name: &str) -> sqlx::Result<Renamed> {
    let done = sqlx::query("UPDATE companies SET name = $1, name_key = $2 WHERE id = $3")
        .bind(name.trim())
        .bind(name_key(name))
        .bind(company_id)
        .execute(db.pool())
        .await;
    match done {
        Ok(done) if done.rows_affected() == 1 => Ok(Renamed::Done),
        Ok(_) => Ok(Renamed::NoSuchCompany),
        Err(err) if super::is_unique_violation(&err) => Ok(Renamed::Taken),
        Err(err) => Err(err),
    }
}

/// Deactivates the company (`Some(now)`) or reactivates it (`None`); false when no such company.
pub async fn set_deactivated(db: &Db, company_id: &str, at: Option<i64>) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE companies SET deactivated_at = $1 WHERE id = $2")
        .bind(at)
        .bind(company_id)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Whether the person is an active member of a deactivated company (why a sign-in that
/// finds no company is refused).
pub async fn active_member_of_deactivated(db: &Db, user_id: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM memberships m JOIN companies c ON c.id = m.company_id
                        WHERE m.user_id = $1 AND m.status = 'active' AND c.deactivated_at IS NOT NULL)",
    )
    .bind(user_id)
    .fetch_one(db.pool())
    .await
    .map(|found: super::flag::Flag| found.0)
}

/// One company of a person, as the administrators' people list shows it.
#[derive(Debug, Clone, FromRow)]
pub struct PersonCompany {
    pub user_id: String,
    pub company_id: String,
    pub name: String,
    /// The membership's status: active, deactivated or removed.
    pub status: String,
    #[sqlx(try_from = "super::flag::Flag")]
    pub company_admin: bool,
    #[sqlx(try_from = "super::flag::Flag")]
    pub company_deactivated: bool,
}

/// The companies of each of `user_ids`, by name.
pub async fn of_people(db: &Db, user_ids: &[String]) -> sqlx::Result<Vec<PersonCompany>> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (1..=user_ids.len()).map(|n| format!("${n}")).collect();
    // Only numbered placeholders are formatted in; the ids are bound.
    let sql = format!(
        "SELECT m.user_id, c.id AS company_id, c.name, m.status, m.company_admin,
                (c.deactivated_at IS NOT NULL) AS company_deactivated
         FROM memberships m JOIN companies c ON c.id = m.company_id
         WHERE m.user_id IN ({}) ORDER BY c.name_key, c.id",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_as::<_, PersonCompany>(sqlx::AssertSqlSafe(sql));
    for id in user_ids {
        query = query.bind(id);
    }
    query.fetch_all(db.pool()).await
}
