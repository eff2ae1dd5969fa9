use sqlx::FromRow;

use super::Db;

/// A user with what a session needs to know: company, role and its rights, edition.
#[derive(Debug, Clone, FromRow)]
pub struct User {
    pub id: String,
    pub company_id: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub password_hash: Option<String>,
    pub job_title: String,
    pub social_provider: Option<String>,
    #[sqlx(try_from = "super::flag::Flag")]
    pub is_admin: bool,
    #[sqlx(try_from = "super::flag::Flag")]
    pub disabled: bool,
    pub companyname: String,
    pub edition: String,
    pub role_name: String,
    pub rights: String,
}

const SELECT_USER: &str = "SELECT u.id, u.company_id, u.email, u.firstname, u.lastname, u.password_hash,
        u.job_title, u.social_provider, u.is_admin, u.disabled,
        c.name AS companyname, c.edition, r.name AS role_name, r.rights
    FROM users u JOIN companies c ON c.id = u.company_id JOIN roles r ON r.id = u.role_id";

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

/// Inserts on `conn` (a transaction or a pool connection); `Ok(None)` when the e-mail
/// (or the social identity) already has an account.
pub(crate) async fn insert(
    conn: &mut sqlx::AnyConnection,
    company_id: &str,
    role_id: &str,
    user: &NewUser<'_>,
    now: i64,
) -> sqlx::Result<Option<String>> {
    let id = super::new_id();
    let inserted = sqlx::query(
        "INSERT INTO users (id, company_id, role_id, email, firstname, lastname, password_hash, gender,
            country, department, job_title, social_provider, social_subject, is_admin, disabled, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, FALSE, $15)",
    )
    .bind(&id)
    .bind(company_id)
    .bind(role_id)
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
    .execute(conn)
    .await;
    match inserted {
        Ok(_) => Ok(Some(id)),
        Err(err) if super::is_unique_violation(&err) => Ok(None),
        Err(err) => Err(err),
    }
}

/// Adds a user to an existing company with the given role.
pub async fn create(
    db: &Db,
    company_id: &str,
    role_id: &str,
    user: &NewUser<'_>,
    now: i64,
) -> sqlx::Result<Option<String>> {
    let mut conn = db.pool().acquire().await?;
    insert(&mut conn, company_id, role_id, user, now).await
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

/// A user of `company_id` only: another company's id reads as absent.
pub async fn get_in_company(db: &Db, company_id: &str, user_id: &str) -> sqlx::Result<Option<User>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT_USER} WHERE u.company_id = $1 AND u.id = $2")))
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
    pub job_title: &'a str,
}

pub async fn update_profile(
    db: &Db,
    company_id: &str,
    user_id: &str,
    details: &ProfileDetails<'_>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET firstname = $1, lastname = $2, job_title = $3 WHERE company_id = $4 AND id = $5")
        .bind(details.firstname)
        .bind(details.lastname)
        .bind(details.job_title)
        .bind(company_id)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(())
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
    #[sqlx(try_from = "super::flag::Flag")]
    pub has_picture: bool,
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

/// Every account of one company, disabled ones included, by name.
pub async fn accounts_in_company(db: &Db, company_id: &str) -> sqlx::Result<Vec<Account>> {
    sqlx::query_as(
        "SELECT id, email, firstname, lastname, job_title, disabled, is_admin
         FROM users WHERE company_id = $1 ORDER BY firstname, lastname, id",
    )
    .bind(company_id)
    .fetch_all(db.pool())
    .await
}

/// The users of one company, by name.
pub async fn list_in_company(db: &Db, company_id: &str) -> sqlx::Result<Vec<DirectoryEntry>> {
    sqlx::query_as(
        "SELECT u.id, u.email, u.firstname, u.lastname, u.job_title,
                EXISTS (SELECT 1 FROM profile_pictures p WHERE p.user_id = u.id) AS has_picture
         FROM users u WHERE u.company_id = $1 AND u.disabled = FALSE
         ORDER BY u.firstname, u.lastname, u.id",
    )
    .bind(company_id)
    .fetch_all(db.pool())
    .await
}
