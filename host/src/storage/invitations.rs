//! Invitations to join a company: a link token kept as a keyed digest, valid until
//! `expires_at`, used once.

use sqlx::FromRow;

use super::Db;

/// An invitation as the team sees it, with the names of its role and inviter.
#[derive(Debug, Clone, FromRow)]
pub struct Invitation {
    pub id: String,
    pub company_id: String,
    pub email: String,
    pub role_id: String,
    pub role: String,
    pub invited_by: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub revoked_at: Option<i64>,
    pub accepted_at: Option<i64>,
    /// Accepting makes the person a company admin (a company's first admin).
    #[sqlx(try_from = "super::flag::Flag")]
    pub company_admin: bool,
}

const SELECT: &str = "SELECT i.id, i.company_id, i.email, i.role_id, r.name AS role,
        COALESCE(u.firstname || ' ' || u.lastname, '') AS invited_by,
        i.created_at, i.expires_at, i.revoked_at, i.accepted_at, i.company_admin
    FROM invitations i JOIN roles r ON r.id = i.role_id LEFT JOIN users u ON u.id = i.invited_by";

pub struct NewInvitation<'a> {
    pub company_id: &'a str,
    pub email: &'a str,
    pub role_id: &'a str,
    pub token_hash: &'a str,
    pub invited_by: &'a str,
    pub company_admin: bool,
    pub now: i64,
    pub expires_at: i64,
}

pub async fn insert(db: &Db, invitation: &NewInvitation<'_>) -> sqlx::Result<String> {
    let id = super::new_id();
    sqlx::query(
        "INSERT INTO invitations (id, company_id, email, role_id, token_hash, invited_by, created_at, expires_at,
            company_admin)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&id)
    .bind(invitation.company_id)
    .bind(invitation.email)
    .bind(invitation.role_id)
    .bind(invitation.token_hash)
    .bind(invitation.invited_by)
    .bind(invitation.now)
    .bind(invitation.expires_at)
    .bind(invitation.company_admin)
    .execute(db.pool())
    .await?;
    Ok(id)
}

/// The company's invitations not accepted, newest first.
pub async fn list_open(db: &Db, company_id: &str) -> sqlx::Result<Vec<Invitation>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE i.company_id = $1 AND i.accepted_at IS NULL ORDER BY i.created_at DESC, i.id DESC"
    )))
    .bind(company_id)
    .fetch_all(db.pool())
    .await
}

pub async fn get(db: &Db, company_id: &str, id: &str) -> sqlx::Result<Option<Invitation>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE i.company_id = $1 AND i.id = $2")))
        .bind(company_id)
        .bind(id)
        .fetch_optional(db.pool())
        .await
}

/// The invitation a link's token opens, in whichever company it is.
pub async fn find_by_token(db: &Db, token_hash: &str) -> sqlx::Result<Option<Invitation>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE i.token_hash = $1")))
        .bind(token_hash)
        .fetch_optional(db.pool())
        .await
}

/// Pending invitations (neither accepted, revoked nor expired at `now`) of the company.
pub async fn count_pending(db: &Db, company_id: &str, now: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM invitations
         WHERE company_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2",
    )
    .bind(company_id)
    .bind(now)
    .fetch_one(db.pool())
    .await
}

/// A pending invitation to `email` in the company, if any.
pub async fn pending_for(db: &Db, company_id: &str, email: &str, now: i64) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(
        "SELECT id FROM invitations
         WHERE company_id = $1 AND email = $2 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $3",
    )
    .bind(company_id)
    .bind(email)
    .bind(now)
    .fetch_optional(db.pool())
    .await
}

/// A new link for an open invitation (the old one stops working); false when it was
/// accepted meanwhile.
pub async fn renew(
    db: &Db,
    company_id: &str,
    id: &str,
    token_hash: &str,
    now: i64,
    expires_at: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE invitations SET token_hash = $1, created_at = $2, expires_at = $3, revoked_at = NULL
         WHERE company_id = $4 AND id = $5 AND accepted_at IS NULL",
    )
    .bind(token_hash)
    .bind(now)
    .bind(expires_at)
    .bind(company_id)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// False when the invitation was accepted or revoked already.
pub async fn revoke(db: &Db, company_id: &str, id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE invitations SET revoked_at = $1
         WHERE company_id = $2 AND id = $3 AND accepted_at IS NULL AND revoked_at IS NULL",
    )
    .bind(now)
    .bind(company_id)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks the invitation used by `user_id` and makes them a member with its role (a former
/// member comes back, joining again), in one transaction; false when it was no longer
/// pending (used, revoked or expired) or the person is a member already.
pub async fn accept(db: &Db, invitation: &Invitation, user_id: &str, now: i64) -> sqlx::Result<bool> {
    let mut tx = db.pool().begin().await?;
    if !mark_used(&mut tx, &invitation.id, user_id, now).await? {
        return Ok(false);
    }
    let joined = sqlx::query(
        "INSERT INTO memberships (company_id, user_id, role_id, company_admin, status, joined_at)
         VALUES ($1, $2, $3, $5, 'active', $4)
         ON CONFLICT (company_id, user_id) DO UPDATE
             SET role_id = excluded.role_id, company_admin = excluded.company_admin, status = 'active',
                 joined_at = excluded.joined_at
             WHERE memberships.status = 'removed'",
    )
    .bind(&invitation.company_id)
    .bind(user_id)
    .bind(&invitation.role_id)
    .bind(now)
    .bind(invitation.company_admin)
    .execute(&mut *tx)
    .await?;
    if joined.rows_affected() != 1 {
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

/// What accepting as a new person did.
#[derive(Debug, PartialEq, Eq)]
pub enum NewAccount {
    Created(String),
    /// The e-mail (or social identity) has an account already: accept by signing in.
    Exists,
    /// Used, revoked or expired meanwhile.
    NotPending,
}

/// Creates the invited person's account as a member with the invitation's role and marks
/// the invitation used, in one transaction.
pub async fn accept_as_new(
    db: &Db,
    invitation: &Invitation,
    user: &super::users::NewUser<'_>,
    now: i64,
) -> sqlx::Result<NewAccount> {
    let mut tx = db.pool().begin().await?;
    let Some(user_id) =
        super::users::insert(&mut tx, &invitation.company_id, &invitation.role_id, invitation.company_admin, user, now)
            .await?
    else {
        return Ok(NewAccount::Exists);
    };
    if !mark_used(&mut tx, &invitation.id, &user_id, now).await? {
        return Ok(NewAccount::NotPending);
    }
    tx.commit().await?;
    Ok(NewAccount::Created(user_id))
}

/// Marks a pending invitation used by `user_id`; false when it was used, revoked or
/// expired meanwhile.
async fn mark_used(conn: &mut sqlx::AnyConnection, id: &str, user_id: &str, now: i64) -> sqlx::Result<bool> {
    let taken = sqlx::query(
        "UPDATE invitations SET accepted_at = $1, accepted_by = $2
         WHERE id = $3 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $1",
    )
    .bind(now)
    .bind(user_id)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(taken.rows_affected() == 1)
}
