//! Forgot and reset password: an e-mailed single-use link (128-bit code, stored hashed,
//! 30 minutes, voided by a newer one), its check, and the new password.

use std::net::IpAddr;

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::rate_limit;
use crate::auth::{ClientAddr, password};
use crate::crypto;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, RequestId};
use crate::logs;
use crate::mail::templates;
use crate::storage::reset_codes::{self, ResetCode};
use crate::storage::sessions;
use crate::storage::users::{self, User};

pub const USER_NOT_FOUND: &str = "User not found.";
pub const SOCIAL_ACCOUNT: &str = "This user already login with social account.";
pub const LINK_SENT: &str = "A link to reset the password has been sent on your registered email address.";
pub const LINK_VALID: &str = "Link is valid";
pub const LINK_EXPIRED: &str = "Link is expired.";
pub const LINK_INVALID: &str = "Link is invalid.";
pub const USER_UNAVAILABLE: &str = "User is not available.";
pub const PASSWORD_REQUIRED: &str = "Please enter a password to reset";
pub const PASSWORD_RULES: &str = "Please enter a password which follows conditions mentioned below";
pub const PASSWORD_UPDATED: &str = "Password Updated succesfully";

pub const LINK_LIFE_SECS: i64 = 30 * 60;
/// 16 bytes: 128 bits of randomness.
const CODE_BYTES: usize = 16;
const PURPOSE: &str = "reset";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(forgot_password)).routes(routes!(verify_link)).routes(routes!(reset_password))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ForgotRequest {
    #[serde(default)]
    pub email: String,
}

/// E-mails a single-use link to `/resetPassword` (30 minutes; voids earlier links).
#[utoipa::path(post, path = "/users/forgot_password", tag = "accounts", request_body = ForgotRequest,
    responses((status = 200, body = Message), (status = 400, body = Message, description = "This user already login with social account."),
        (status = 404, body = Message, description = "User not found."), (status = 429, body = Message)))]
async fn forgot_password(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Json(body): Json<ForgotRequest>,
) -> Result<Json<Message>> {
    let email = users::email_key(&body.email);
    let now = state.clock.now();
    rate_limit::enforce_action(&state.db, now, "forgot", &state.config.rate_limits.forgot, &email, addr).await?;
    let Some(user) = users::find_by_email(&state.db, &email).await? else {
        return Err(Error::NotFound(USER_NOT_FOUND.into()));
    };
    send_link(&state, &user).await?;
    Ok(Message::new(LINK_SENT))
}

/// Mails the person a reset link (voiding earlier ones); refused for an account that signs
/// in only with a social provider. Also what platform administrators send.
pub async fn send_link(state: &AppState, user: &User) -> Result<()> {
    if user.password_hash.is_none() && user.social_provider.is_some() {
        return Err(Error::bad_request(SOCIAL_ACCOUNT));
    }
    let now = state.clock.now();
    let code = crypto::random_token(CODE_BYTES);
    reset_codes::replace(&state.db, &user.id, &hash_code(state, &code), now, now + LINK_LIFE_SECS).await?;
    let link = reset_link(&state.config.public_url, &user.email, &code);
    state.mailer.send(&state.db, now, &templates::reset_link(&user.email, &user.firstname, &link)).await?;
    Ok(())
}

/// `{public_url}/resetPassword?email=...&code=...`, both values URL-encoded.
fn reset_link(public_url: &str, email: &str, code: &str) -> String {
    let query = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("email", email)
        .append_pair("code", code)
        .finish();
    format!("{public_url}/resetPassword?{query}")
}

fn hash_code(state: &AppState, code: &str) -> String {
    crypto::code_hash(state.config.secret.expose(), PURPOSE, code)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LinkRequest {
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub code: String,
}

/// Says whether a reset link can still be used.
#[utoipa::path(post, path = "/users/resetPasswordCodeVerification", tag = "accounts", request_body = LinkRequest,
    responses((status = 200, body = Message, description = "Link is valid"),
        (status = 400, body = Message, description = "Link is expired., User is not available. or Link is invalid."),
        (status = 429, body = Message)))]
async fn verify_link(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Json(body): Json<LinkRequest>,
) -> Result<Json<Message>> {
    check_link(&state, &body.email, &body.code, addr).await?;
    Ok(Message::new(LINK_VALID))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetRequest {
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub password: String,
}

/// Sets a new password through a valid link, uses the link up and ends every session
/// of the user.
#[utoipa::path(post, path = "/users/reset_password", tag = "accounts", request_body = ResetRequest,
    responses((status = 200, body = Message, description = "Password Updated succesfully"),
        (status = 400, body = Message, description = "The link is not usable, or the password is refused"),
        (status = 429, body = Message)))]
async fn reset_password(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    RequestId(request_id): RequestId,
    Json(body): Json<ResetRequest>,
) -> Result<Json<Message>> {
    let (user, code_hash) = check_link(&state, &body.email, &body.code, addr).await?;
    if body.password.is_empty() {
        return Err(Error::bad_request(PASSWORD_REQUIRED));
    }
    password::check_policy(&body.password).map_err(|message| Error::bad_request(reset_policy_message(message)))?;
    // Hashed before the link is used up, so a failure here leaves the link usable.
    let password_hash = password::hash(body.password).await?;
    let now = state.clock.now();
    // The single atomic step: of two concurrent resets with one link, one wins.
    if !reset_codes::consume(&state.db, &code_hash, now).await? {
        return Err(Error::bad_request(LINK_INVALID));
    }
    users::set_password_hash(&state.db, &user.id, &password_hash).await?;
    sessions::revoke_all_of_user(&state.db, &user.id, now).await?;
    logs::record(
        &state,
        // The account, not one company: a platform event.
        logs::Event::info("password.reset", format!("{} reset their password by e-mailed link", user.email))
            .user(&user.id)
            .request(request_id.as_deref()),
    )
    .await;
    Ok(Message::new(PASSWORD_UPDATED))
}

/// The reset form words the spec's strength rule its own way; the other refusals keep
/// their text.
fn reset_policy_message(message: &'static str) -> &'static str {
    if message == password::POLICY_MESSAGE { PASSWORD_RULES } else { message }
}

/// The check shared by verification and reset: the link's user and the code's hash, or
/// 400 with the spec's message.
/// Each look at a link counts under the code checks' limits (per address and per e-mail),
/// so links cannot be tried by the thousand.
async fn check_link(state: &AppState, email: &str, code: &str, addr: IpAddr) -> Result<(User, String)> {
    let limits = &state.config.rate_limits.verify;
    rate_limit::enforce_action(&state.db, state.clock.now(), "reset_link", limits, email.trim(), addr).await?;
    let code_hash = hash_code(state, code.trim());
    let stored = reset_codes::find(&state.db, &code_hash).await?;
    let owner = match &stored {
        Some(stored) => users::get(&state.db, &stored.user_id).await?,
        None => None,
    };
    match judge_link(stored.as_ref(), owner, email, state.clock.now()) {
        Ok(user) => Ok((user, code_hash)),
        Err(message) => Err(Error::bad_request(message)),
    }
}

/// Decides on a link from the stored code (looked up by hash) and its owner: usable
/// only unused, for the owner's own e-mail, in time, and for an enabled account.
fn judge_link(stored: Option<&ResetCode>, owner: Option<User>, email: &str, now: i64) -> Result<User, &'static str> {
    let Some(stored) = stored.filter(|code| code.used_at.is_none()) else { return Err(LINK_INVALID) };
    // The owner is gone only if deleted after the lookup (codes go with their user).
    let Some(owner) = owner else { return Err(USER_UNAVAILABLE) };
    if owner.email != users::email_key(email) {
        return Err(LINK_INVALID);
    }
    if now >= stored.expires_at {
        return Err(LINK_EXPIRED);
    }
    if owner.disabled {
        return Err(USER_UNAVAILABLE);
    }
    Ok(owner)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(email: &str, disabled: bool) -> User {
        User {
            id: "u1".into(),
            email: email.into(),
            firstname: "Ann".into(),
            lastname: "Lee".into(),
            password_hash: Some("hash".into()),
            gender: String::new(),
            country: String::new(),
            department: String::new(),
            job_title: "Lead".into(),
            social_provider: None,
            time_zone: None,
            is_admin: false,
            disabled,
        }
    }

    fn code(expires_at: i64, used_at: Option<i64>) -> ResetCode {
        ResetCode { user_id: "u1".into(), expires_at, used_at }
    }

    #[test]
    fn an_unused_code_of_the_owner_in_time_is_valid() {
        let judged = judge_link(Some(&code(100, None)), Some(user("ann@acme.com", false)), " Ann@Acme.com ", 99);
        assert_eq!(judged.map(|u| u.id), Ok("u1".to_string()));
    }

    #[test]
    fn unknown_used_or_other_users_codes_are_invalid() {
        assert_eq!(judge_link(None, None, "ann@acme.com", 0).err(), Some(LINK_INVALID));
        let used = judge_link(Some(&code(100, Some(50))), Some(user("ann@acme.com", false)), "ann@acme.com", 60);
        assert_eq!(used.err(), Some(LINK_INVALID));
        let other = judge_link(Some(&code(100, None)), Some(user("bob@acme.com", false)), "ann@acme.com", 60);
        assert_eq!(other.err(), Some(LINK_INVALID));
    }

    #[test]
    fn a_code_expires_at_its_deadline() {
        let judged = judge_link(Some(&code(100, None)), Some(user("ann@acme.com", false)), "ann@acme.com", 100);
        assert_eq!(judged.err(), Some(LINK_EXPIRED));
    }

    #[test]
    fn a_disabled_or_gone_owner_is_not_available() {
        let disabled = judge_link(Some(&code(100, None)), Some(user("ann@acme.com", true)), "ann@acme.com", 60);
        assert_eq!(disabled.err(), Some(USER_UNAVAILABLE));
        assert_eq!(judge_link(Some(&code(100, None)), None, "ann@acme.com", 60).err(), Some(USER_UNAVAILABLE));
    }

    #[test]
    fn the_link_encodes_the_email() {
        assert_eq!(reset_link("http://h", "a+b@c.co", "x-Y_z"), "http://h/resetPassword?email=a%2Bb%40c.co&code=x-Y_z");
    }

    #[test]
    fn only_the_strength_rule_is_reworded() {
        assert_eq!(reset_policy_message(password::POLICY_MESSAGE), PASSWORD_RULES);
        assert_eq!(reset_policy_message(password::COMMON_MESSAGE), password::COMMON_MESSAGE);
        assert_eq!(reset_policy_message(password::TOO_LONG_MESSAGE), password::TOO_LONG_MESSAGE);
    }
}
