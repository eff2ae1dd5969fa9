use sqlx::FromRow;

use super::Db;

/// A person's account. What they may do depends on the company a session opens in: see
/// [`super::memberships::Seat`].
#[derive(Debug, Clone, FromRow)]
pub struct User {
    pub id: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub password_hash: Option<String>,
    pub gender: String,
    pub country: String,
    pub department: String,
    pub job_title: String,
    pub social_provider: Option<String>,
    /// An IANA name; `None` until the person chooses one.
    pub time_zone: Option<String>,
    #[sqlx(try_from = "super::flag::Flag")]
    pub is_admin: bool,
    #[sqlx(try_from = "super::flag::Flag")]
    pub disabled: bool,
}

const SELECT_USER: &str = "SELECT u.id, u.email, u.firstname, u.lastname, u.password_hash,
        u.gender, u.country, u.department, u.job_title, u.social_provider, u.time_zone, u.is_admin, u.disabled
    FROM users u";

pub struct NewUser<'a> {
    pub email: &'a str,
    pub firstname: &'a str,
    pub lastname: &'a str,
    pub password_hash: Option<&'a str>,
    pub gender: &'a str,
    pub country: &'a str,
    pub department: &'a str,
    pub job_title: &'a str,
    pub social_provider: Option<&'a str>,
    pub social_subject: Option<&'a str>,
    pub is_admin: bool,
}

impl<'a> NewUser<'a> {
    /// A user with a name and nothing else: no password, profile details or provider
    /// (tests, benchmarks).
    pub fn named(email: &'a str, firstname: &'a str, lastname: &'a str) -> Self {
        Self {
            email,
            firstname,
            lastname,
            password_hash: None,
            gender: "",
            country: "",
            department: "",
            job_title: "",
            social_provider: None,
            social_subject: None,
            is_admin: false,
        }
    }
}

/// E-mail addresses are compared lower-cased.
pub fn email_key(email: &str) -> String {
    email.trim().to_lowercase()
}

/// Inserts the account and its membership of `company_id` on `conn` (a transaction);
/// `Ok(None)` when the e-mail (or the social identity) already has an account.
pub(crate) async fn insert(
    conn: &mut sqlx::AnyConnection,
    company_id: &str,
    role_id: &str,
    company_admin: bool,
    user: &NewUser<'_>,
    now: i64,
) -> sqlx::Result<Option<String>> {
    let id = super::new_id();
    let inserted = sqlx::query(
        "INSERT INTO users (id, email, firstname, lastname, password_hash, gender,
            country, department, job_title, social_provider, social_subject, is_admin, disabled, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, FALSE, $13)",
    )
    .bind(&id)
    .bind(email_key(user.email))
    .bind(user.firstname.trim())
    .bind(user.lastname.trim())
    .bind(user.password_hash)
    .bind(user.gender)
    .bind(user.country)
    .bind(user.department)
    .bind(user.job_title.trim())
    .bind(user.social_provider)
    .bind(user.social_subject)
    .bind(user.is_admin)
    .bind(now)
    .execute(&mut *conn)
    .await;
    match inserted {
        Ok(_) => {}
        Err(err) if super::is_unique_violation(&err) => return Ok(None),
        Err(err) => return Err(err),
    }
    super::memberships::insert(conn, company_id, &id, role_id, company_admin, now).await?;
    Ok(Some(id))
}

/// A new account, member of an existing company with the given role.
pub async fn create(
    db: &Db,
    company_id: &str,
    role_id: &str,
    user: &NewUser<'_>,
    now: i64,
) -> sqlx::Result<Option<String>> {
    let mut tx = db.pool().begin().await?;
    let id = insert(&mut tx, company_id, role_id, false, user, now).await?;
    tx.commit().await?;
    Ok(id)
}

pub async fn find_by_email(db: &Db, email: &str) -> sqlx::Result<Option<User>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT_USER} WHERE u.email = $1")))
        .bind(email_key(email))
        .fetch_optional(db.pool())
        .await
}

pub async fn find_by_social(db: &Db, provider: &str, subject: &str) -> sqlx::Result<Option<User>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT_USER} WHERE u.social_provider = $1 AND u.social_subject = $2")))
        .bind(provider)
        .bind(subject)
        .fetch_optional(db.pool())
        .await
}

/// A member (of any status) of `company_id` only: another company's person reads as absent.
pub async fn get_in_company(db: &Db, company_id: &str, user_id: &str) -> sqlx::Result<Option<User>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT_USER} JOIN memberships m ON m.user_id = u.id WHERE m.company_id = $1 AND u.id = $2"
    )))
    .bind(company_id)
    .bind(user_id)
    .fetch_optional(db.pool())
    .await
}

/// Any user by id (platform admin use only).
pub async fn get(db: &Db, user_id: &str) -> sqlx::Result<Option<User>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT_USER} WHERE u.id = $1")))
        .bind(user_id)
        .fetch_optional(db.pool())
        .await
}

/// What a user may change of their own profile.
pub struct ProfileDetails<'a> {
    pub firstname: &'a str,
    pub lastname: &'a str,
    pub gender: &'a str,
    pub country: &'a str,
    pub department: &'a str,
    pub job_title: &'a str,
}

/// Sets or clears (`None`) the person's time zone.
pub async fn set_time_zone(db: &Db, user_id: &str, time_zone: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET time_zone = $1 WHERE id = $2")
        .bind(time_zone)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

pub async fn update_profile(
    db: &Db,
    company_id: &str,
    user_id: &str,
    details: &ProfileDetails<'_>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE users SET firstname = $1, lastname = $2, job_title = $3, gender = $6, country = $7, department = $8
         WHERE id = $5 AND EXISTS (SELECT 1 FROM memberships m WHERE m.company_id = $4 AND m.user_id = users.id)",
    )
    .bind(details.firstname)
    .bind(details.lastname)
    .bind(details.job_title)
    .bind(company_id)
    .bind(user_id)
    .bind(details.gender)
    .bind(details.country)
    .bind(details.department)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Gives the person a new e-mail address: false when another account has it.
pub async fn set_email(db: &Db, user_id: &str, email: &str) -> sqlx::Result<bool> {
    match sqlx::query("UPDATE users SET email = $1 WHERE id = $2")
        .bind(email_key(email))
        .bind(user_id)
        .execute(db.pool())
        .await
    {
        Ok(_) => Ok(true),
        Err(err) if super::is_unique_violation(&err) => Ok(false),
        Err(err) => Err(err),
    }
}

/// Sets a first password: false when the account already has one.
pub async fn set_first_password_hash(db: &Db, user_id: &str, hash: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash IS NULL")
        .bind(hash)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn set_password_hash(db: &Db, user_id: &str, hash: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(hash)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Returns false when no such user exists.
pub async fn set_disabled(db: &Db, user_id: &str, disabled: bool) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE users SET disabled = $1 WHERE id = $2")
        .bind(disabled)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn set_admin(db: &Db, user_id: &str, is_admin: bool) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET is_admin = $1 WHERE id = $2").bind(is_admin).bind(user_id).execute(db.pool()).await?;
    Ok(())
}

/// A row of the company directory.
#[derive(Debug, Clone, FromRow, serde::Serialize)]
pub struct DirectoryEntry {
    pub id: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub job_title: String,
    pub time_zone: Option<String>,
    #[sqlx(try_from = "super::flag::Flag")]
    pub has_picture: bool,
    #[sqlx(try_from = "super::flag::Flag")]
    pub company_admin: bool,
}

/// An account as platform administrators see it.
#[derive(Debug, Clone, FromRow)]
pub struct Account {
    pub id: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub job_title: String,
    #[sqlx(try_from = "super::flag::Flag")]
    pub disabled: bool,
    #[sqlx(try_from = "super::flag::Flag")]
    pub is_admin: bool,
}

/// Every member's account of one company, disabled ones included, by name.
pub async fn accounts_in_company(db: &Db, company_id: &str) -> sqlx::Result<Vec<Account>> {
    sqlx::query_as(
        "SELECT u.id, u.email, u.firstname, u.lastname, u.job_title, u.disabled, u.is_admin
         FROM users u JOIN memberships m ON m.user_id = u.id
         WHERE m.company_id = $1 ORDER BY u.firstname, u.lastname, u.id",
    )
    .bind(company_id)
    .fetch_all(db.pool())
    .await
}

/// The active members of one company, by name.
pub async fn list_in_company(db: &Db, company_id: &str) -> sqlx::Result<Vec<DirectoryEntry>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{DIRECTORY} ORDER BY u.firstname, u.lastname, u.id")))
        .bind(company_id)
        .fetch_all(db.pool())
        .await
}

/// The directory's columns and rows of the company `$1`: its active members whose account is
/// enabled.
const DIRECTORY: &str = "SELECT u.id, u.email, u.firstname, u.lastname, u.job_title, u.time_zone,
        EXISTS (SELECT 1 FROM profile_pictures p WHERE p.user_id = u.id) AS has_picture, m.company_admin
    FROM users u JOIN memberships m ON m.user_id = u.id
    WHERE m.company_id = $1 AND m.status = 'active' AND u.disabled = FALSE";

/// Ids bound per query of [`list_among`], well under every engine's limit of parameters.
const IDS_PER_QUERY: usize = 500;

/// [`list_in_company`]'s entries of `user_ids` only, by name: a module asking for a few
/// people reads those rows, not the whole company.
pub async fn list_among(db: &Db, company_id: &str, user_ids: &[String]) -> sqlx::Result<Vec<DirectoryEntry>> {
    let mut found = Vec::with_capacity(user_ids.len());
    for chunk in user_ids.chunks(IDS_PER_QUERY) {
        let placeholders: Vec<String> = (2..chunk.len() + 2).map(|n| format!("${n}")).collect();
        // Only numbered placeholders are formatted in; the ids are bound.
        let sql = format!("{DIRECTORY} AND u.id IN ({})", placeholders.join(", "));
        let mut query = sqlx::query_as::<_, DirectoryEntry>(sqlx::AssertSqlSafe(sql)).bind(company_id);
        for id in chunk {
            query = query.bind(id);
        }
        found.extend(query.fetch_all(db.pool()).await?);
    }
    found.sort_by(|a, b| (&a.firstname, &a.lastname, &a.id).cmp(&(&b.firstname, &b.lastname, &b.id)));
    found.dedup_by(|a, b| a.id == b.id);
    Ok(found)
}

// People whose name or e-mail contains the pattern ($1, from `super::contains_pattern`);
// NULL matches everyone.
const PEOPLE_MATCHING: &str = "FROM users u
    WHERE $1 IS NULL OR LOWER(u.email) LIKE $1 ESCAPE '\\'
       OR LOWER(u.firstname || ' ' || u.lastname) LIKE $1 ESCAPE '\\'";

/// One page of every account (platform admin use), by name, narrowed to `search`.
pub async fn search_accounts(db: &Db, search: Option<&str>, limit: i64, offset: i64) -> sqlx::Result<Vec<Account>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT u.id, u.email, u.firstname, u.lastname, u.job_title, u.disabled, u.is_admin {PEOPLE_MATCHING}
         ORDER BY LOWER(u.firstname), LOWER(u.lastname), u.email LIMIT $2 OFFSET $3"
    )))
    .bind(search.map(super::contains_pattern))
    .bind(limit)
    .bind(offset)
    .fetch_all(db.pool())
    .await
}

pub async fn count_accounts(db: &Db, search: Option<&str>) -> sqlx::Result<i64> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) {PEOPLE_MATCHING}")))
        .bind(search.map(super::contains_pattern))
        .fetch_one(db.pool())
        .await
}
