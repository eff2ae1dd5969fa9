//! Memberships: which companies a person belongs to, with the role, company-admin flag and
//! status they have in each. A session opens on one active membership.

use sqlx::FromRow;

use super::Db;

/// A membership's status: only an active member may open a session in the company; a
/// deactivated member may be reactivated; a removed one stays as a former member.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Active,
    Deactivated,
    Removed,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Active => "active",
            Self::Deactivated => "deactivated",
            Self::Removed => "removed",
        }
    }
}

/// What a session in one company needs: the company, the member's role and rights. Only a
/// company that is not deactivated gives a seat.
#[derive(Debug, Clone, FromRow)]
pub struct Seat {
    pub company_id: String,
    pub companyname: String,
    pub edition: String,
    pub currency_name: String,
    pub currency_symbol: String,
    pub role_name: String,
    pub rights: String,
    #[sqlx(try_from = "super::flag::Flag")]
    pub company_admin: bool,
}

const SELECT_SEAT: &str = "SELECT m.company_id, c.name AS companyname, c.edition, c.currency_name, c.currency_symbol,
        r.name AS role_name, r.rights, m.company_admin
    FROM memberships m JOIN companies c ON c.id = m.company_id AND c.deactivated_at IS NULL
        JOIN roles r ON r.id = m.role_id";

/// Adds `user_id` to the company with a role, on `conn` (a transaction or a pool connection).
pub(crate) async fn insert(
    conn: &mut sqlx::AnyConnection,
    company_id: &str,
    user_id: &str,
    role_id: &str,
    company_admin: bool,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO memberships (company_id, user_id, role_id, company_admin, status, joined_at)
         VALUES ($1, $2, $3, $4, 'active', $5)",
    )
    .bind(company_id)
    .bind(user_id)
    .bind(role_id)
    .bind(company_admin)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Adds an existing person to the company; false when they already have a membership
/// there (of any status).
pub async fn join(db: &Db, company_id: &str, user_id: &str, role_id: &str, now: i64) -> sqlx::Result<bool> {
    let mut conn = db.pool().acquire().await?;
    match insert(&mut conn, company_id, user_id, role_id, false, now).await {
        Ok(()) => Ok(true),
        Err(err) if super::is_unique_violation(&err) => Ok(false),
        Err(err) => Err(err),
    }
}

/// Changes a member's status; false when the person is no member of the company.
pub async fn set_status(db: &Db, company_id: &str, user_id: &str, status: Status) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE memberships SET status = $1 WHERE company_id = $2 AND user_id = $3")
        .bind(status.as_str())
        .bind(company_id)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The person's active seat in `company_id`, when they are an active member of it.
pub async fn active_seat(db: &Db, company_id: &str, user_id: &str) -> sqlx::Result<Option<Seat>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT_SEAT} WHERE m.company_id = $1 AND m.user_id = $2 AND m.status = 'active'"
    )))
    .bind(company_id)
    .bind(user_id)
    .fetch_optional(db.pool())
    .await
}

/// Every company the person is an active member of: the one they signed in to last first,
/// then by when they joined.
pub async fn active_seats(db: &Db, user_id: &str) -> sqlx::Result<Vec<Seat>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT_SEAT} WHERE m.user_id = $1 AND m.status = 'active'
         ORDER BY COALESCE(m.last_signin_at, 0) DESC, m.joined_at, m.company_id"
    )))
    .bind(user_id)
    .fetch_all(db.pool())
    .await
}

/// Notes that the person opened a session in the company (the next sign-in opens it again).
pub async fn touch_signin(db: &Db, company_id: &str, user_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE memberships SET last_signin_at = $1 WHERE company_id = $2 AND user_id = $3")
        .bind(now)
        .bind(company_id)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// A member as the team sees them.
#[derive(Debug, Clone, FromRow)]
pub struct Member {
    pub user_id: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub department: String,
    pub job_title: String,
    pub role_id: String,
    pub role: String,
    #[sqlx(try_from = "super::flag::Flag")]
    pub company_admin: bool,
    pub status: String,
    pub joined_at: i64,
    pub last_signin_at: Option<i64>,
    #[sqlx(try_from = "super::flag::Flag")]
    pub has_picture: bool,
}

const SELECT_MEMBER: &str = "SELECT u.id AS user_id, u.email, u.firstname, u.lastname, u.department, u.job_title,
        m.role_id, r.name AS role, m.company_admin, m.status, m.joined_at, m.last_signin_at,
        EXISTS (SELECT 1 FROM profile_pictures p WHERE p.user_id = u.id) AS has_picture
    FROM memberships m JOIN users u ON u.id = m.user_id JOIN roles r ON r.id = m.role_id";

/// Every member of the company, former ones included, by name.
pub async fn members(db: &Db, company_id: &str) -> sqlx::Result<Vec<Member>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT_MEMBER} WHERE m.company_id = $1 ORDER BY u.firstname, u.lastname, u.id"
    )))
    .bind(company_id)
    .fetch_all(db.pool())
    .await
}

pub async fn member(db: &Db, company_id: &str, user_id: &str) -> sqlx::Result<Option<Member>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT_MEMBER} WHERE m.company_id = $1 AND m.user_id = $2")))
        .bind(company_id)
        .bind(user_id)
        .fetch_optional(db.pool())
        .await
}

/// Active members of the company (what the community edition counts, with pending
/// invitations).
pub async fn count_active(db: &Db, company_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM memberships WHERE company_id = $1 AND status = 'active'")
        .bind(company_id)
        .fetch_one(db.pool())
        .await
}

/// Changes a member's role, admin flag and status (what is given) in one statement that
/// keeps at least one active admin: false when the change would leave none (or the person
/// is no member).
pub async fn change(
    db: &Db,
    company_id: &str,
    user_id: &str,
    role_id: Option<&str>,
    company_admin: Option<bool>,
    status: Option<Status>,
) -> sqlx::Result<bool> {
    let mut tx = db.pool().begin().await?;
    if db.engine() == super::Engine::Postgres {
        // Two admins demoting each other at once would each see the other still an admin
        // under READ COMMITTED: the company's row makes their checks take turns. (SQLite
        // runs one writer at a time already.)
        sqlx::query("SELECT id FROM companies WHERE id = $1 FOR UPDATE").bind(company_id).execute(&mut *tx).await?;
    }
    // The member stays an active admin after the change, or another active admin remains.
    let done = sqlx::query(
        "UPDATE memberships SET role_id = COALESCE($1, role_id), company_admin = COALESCE($2, company_admin),
             status = COALESCE($3, status)
         WHERE company_id = $4 AND user_id = $5
           AND ((COALESCE($2, company_admin) = TRUE AND COALESCE($3, status) = 'active')
                OR EXISTS (SELECT 1 FROM memberships o WHERE o.company_id = $4 AND o.user_id <> $5
                           AND o.company_admin = TRUE AND o.status = 'active'))",
    )
    .bind(role_id)
    .bind(company_admin)
    .bind(status.map(Status::as_str))
    .bind(company_id)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(done.rows_affected() == 1)
}
