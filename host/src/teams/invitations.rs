//! Invitations by e-mail: an admin invites addresses with a role; each gets a mail with a
//! single-use link (random, kept as a keyed digest, valid 7 days). Opening the link tells
//! whose invitation it is; accepting creates the person's account (or, for a person who
//! has one, asks for their password) and makes them a member.

use autoscope_wire::members::Invitation;

use super::{Actor, SEATS_FULL, roles, seats_left};
use crate::crypto;
use crate::error::{Error, Result};
use crate::http::AppState;
use crate::mail::templates;
use crate::storage::invitations::{self, NewInvitation};
use crate::storage::{memberships, users};

/// How long a link is valid.
pub const LIFETIME_SECONDS: i64 = 7 * 86_400;
/// The addresses one invitation call may hold.
pub const MAX_EMAILS: usize = 50;
pub const NO_EMAILS: &str = "Please enter at least one e-mail address";
pub const TOO_MANY_EMAILS: &str = "Invite at most 50 addresses at once";
pub const NO_SUCH_INVITATION: &str = "No such invitation";
pub const ACCEPTED_ALREADY: &str = "This invitation was accepted already";
/// The link's answers.
pub const LINK_INVALID: &str = "This invitation link is not valid";
pub const LINK_EXPIRED: &str = "This invitation has expired: ask for a new one";
pub const LINK_REVOKED: &str = "This invitation was withdrawn";
pub const LINK_USED: &str = "This invitation has already been used";
/// The company was deactivated by the platform administrators since.
pub const LINK_COMPANY_DEACTIVATED: &str = "This company was deactivated";

/// The public page a link opens.
pub const ACCEPT_PATH: &str = "/acceptInvitation";
const TOKEN_PURPOSE: &str = "invitation";

fn token_hash(state: &AppState, token: &str) -> String {
    crypto::code_hash(state.config.secret.expose(), TOKEN_PURPOSE, token)
}

fn shown(row: invitations::Invitation, now: i64) -> Invitation {
    let status = if row.revoked_at.is_some() {
        "revoked"
    } else if row.expires_at <= now {
        "expired"
    } else {
        "pending"
    };
    Invitation {
        id: row.id,
        email: row.email,
        role_id: row.role_id,
        role: row.role,
        invited_by: row.invited_by,
        status: status.into(),
        created_at: row.created_at,
        expires_at: row.expires_at,
    }
}

/// Each address, trimmed and lower-cased, once; a clear error names the first bad one.
fn addresses(emails: &[String]) -> Result<Vec<String>> {
    let mut seen: Vec<String> = Vec::new();
    for email in emails {
        let email = users::email_key(email);
        if email.is_empty() {
            continue;
        }
        if !crate::enterprise::is_simple_email(&email) {
            return Err(Error::bad_request(format!("{email} is not a valid e-mail address")));
        }
        if !seen.contains(&email) {
            seen.push(email);
        }
    }
    match seen.len() {
        0 => Err(Error::bad_request(NO_EMAILS)),
        n if n > MAX_EMAILS => Err(Error::bad_request(TOO_MANY_EMAILS)),
        _ => Ok(seen),
    }
}

/// Invites every address with the role; refused as a whole when one is a member already,
/// has a pending invitation, or the community edition's seats would be exceeded.
pub async fn invite(state: &AppState, actor: &Actor, emails: &[String], role_id: &str) -> Result<Vec<Invitation>> {
    invite_as(state, actor, emails, role_id, false).await
}

/// Invites `email` to be a company admin with the role (a platform administrator names a
/// new company's first admin).
pub async fn invite_company_admin(state: &AppState, actor: &Actor, email: &str, role_id: &str) -> Result<Invitation> {
    let sent = invite_as(state, actor, &[email.to_string()], role_id, true).await?;
    sent.into_iter().next().ok_or_else(|| Error::Internal(anyhow::anyhow!("the invitation of {email} was not kept")))
}

async fn invite_as(
    state: &AppState,
    actor: &Actor,
    emails: &[String],
    role_id: &str,
    company_admin: bool,
) -> Result<Vec<Invitation>> {
    actor.must_manage()?;
    let emails = addresses(emails)?;
    let role = roles::find(state, actor, role_id).await?;
    let now = state.clock.now();
    for email in &emails {
        if let Some(person) = users::find_by_email(&state.db, email).await? {
            let member = memberships::member(&state.db, &actor.company_id, &person.id).await?;
            if member.is_some_and(|member| member.status != memberships::Status::Removed.as_str()) {
                return Err(Error::Conflict(format!("{email} is a member already")));
            }
        }
        if invitations::pending_for(&state.db, &actor.company_id, email, now).await?.is_some() {
            return Err(Error::Conflict(format!("{email} has a pending invitation already")));
        }
    }
    if seats_left(state, &actor.company_id, actor.edition).await?.is_some_and(|left| left < emails.len() as i64) {
        return Err(Error::Forbidden(SEATS_FULL.into()));
    }
    let companyname = company_name(state, &actor.company_id).await?;
    let mut sent = Vec::with_capacity(emails.len());
    for email in &emails {
        let token = crypto::random_token(32);
        let id = invitations::insert(
            &state.db,
            &NewInvitation {
                company_id: &actor.company_id,
                email,
                role_id: &role.id,
                token_hash: &token_hash(state, &token),
                invited_by: &actor.user_id,
                company_admin,
                now,
                expires_at: now + LIFETIME_SECONDS,
            },
        )
        .await?;
        send(state, actor, email, &companyname, &token).await?;
        let what = if company_admin { format!("{} and company admin", role.name) } else { role.name.clone() };
        actor.record(state, "invitation.sent", format!("invited {email} as {what}"), None).await;
        sent.push(id);
    }
    let open = invitations::list_open(&state.db, &actor.company_id).await?;
    Ok(open.into_iter().filter(|row| sent.contains(&row.id)).map(|row| shown(row, now)).collect())
}

async fn company_name(state: &AppState, company_id: &str) -> Result<String> {
    let company = crate::storage::companies::get(&state.db, company_id).await?;
    company.map(|company| company.name).ok_or_else(|| Error::Internal(anyhow::anyhow!("no company {company_id}")))
}

async fn send(state: &AppState, actor: &Actor, email: &str, companyname: &str, token: &str) -> Result<()> {
    let link = format!("{}{ACCEPT_PATH}?token={token}", state.config.public_url);
    let mail = templates::invitation(email, &actor.name, companyname, &link);
    state.mailer.send(&state.db, state.clock.now(), &mail).await.map_err(Error::Internal)
}

pub async fn list(state: &AppState, actor: &Actor) -> Result<Vec<Invitation>> {
    let now = state.clock.now();
    Ok(invitations::list_open(&state.db, &actor.company_id).await?.into_iter().map(|row| shown(row, now)).collect())
}

async fn find(state: &AppState, actor: &Actor, id: &str) -> Result<invitations::Invitation> {
    invitations::get(&state.db, &actor.company_id, id).await?.ok_or_else(|| Error::NotFound(NO_SUCH_INVITATION.into()))
}

/// A new link and mail; the old link stops working and the 7 days start again. An expired
/// or revoked invitation takes a seat again, so the limit is checked for it.
pub async fn resend(state: &AppState, actor: &Actor, id: &str) -> Result<Invitation> {
    actor.must_manage()?;
    let row = find(state, actor, id).await?;
    let now = state.clock.now();
    if row.accepted_at.is_some() {
        return Err(Error::Conflict(ACCEPTED_ALREADY.into()));
    }
    let pending = row.revoked_at.is_none() && row.expires_at > now;
    if !pending && seats_left(state, &actor.company_id, actor.edition).await? == Some(0) {
        return Err(Error::Forbidden(SEATS_FULL.into()));
    }
    let token = crypto::random_token(32);
    if !invitations::renew(&state.db, &actor.company_id, id, &token_hash(state, &token), now, now + LIFETIME_SECONDS)
        .await?
    {
        return Err(Error::Conflict(ACCEPTED_ALREADY.into()));
    }
    let companyname = company_name(state, &actor.company_id).await?;
    send(state, actor, &row.email, &companyname, &token).await?;
    actor.record(state, "invitation.resent", format!("sent the invitation of {} again", row.email), None).await;
    Ok(shown(find(state, actor, id).await?, now))
}

pub async fn revoke(state: &AppState, actor: &Actor, id: &str) -> Result<Invitation> {
    actor.must_manage()?;
    let row = find(state, actor, id).await?;
    let now = state.clock.now();
    if !invitations::revoke(&state.db, &actor.company_id, id, now).await? && row.accepted_at.is_some() {
        return Err(Error::Conflict(ACCEPTED_ALREADY.into()));
    }
    actor.record(state, "invitation.revoked", format!("withdrew the invitation of {}", row.email), None).await;
    Ok(shown(find(state, actor, id).await?, now))
}

/// The invitation a link opens while it is pending; otherwise why it cannot be used.
pub async fn open(state: &AppState, token: &str) -> Result<invitations::Invitation> {
    let invalid = || Error::NotFound(LINK_INVALID.into());
    if token.trim().is_empty() {
        return Err(invalid());
    }
    let row = invitations::find_by_token(&state.db, &token_hash(state, token.trim())).await?.ok_or_else(invalid)?;
    if row.accepted_at.is_some() {
        Err(Error::Gone(LINK_USED.into()))
    } else if row.revoked_at.is_some() {
        Err(Error::Gone(LINK_REVOKED.into()))
    } else if row.expires_at <= state.clock.now() {
        Err(Error::Gone(LINK_EXPIRED.into()))
    } else if crate::storage::companies::get(&state.db, &row.company_id)
        .await?
        .is_none_or(|company| company.deactivated_at.is_some())
    {
        Err(Error::Gone(LINK_COMPANY_DEACTIVATED.into()))
    } else {
        Ok(row)
    }
}
