//! Changing one's e-mail address: a code mailed to the new address confirms it (as the
//! sign-up's codes do: 6 digits kept as a keyed digest, 10 minutes, 5 tries, a new one after
//! a minute). The switch ends the person's other sessions and tells the old address.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::signup::{
    CODE_EXPIRED, CODE_LIFE_SECS, CODE_NOT_VALID, MAX_WRONG_TRIES, RESEND_AFTER_SECS, WAIT_BEFORE_RESEND,
};
use super::{UserData, validate};
use crate::auth::{ClientAddr, CurrentUser, rate_limit};
use crate::crypto;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, RequestId};
use crate::logs;
use crate::mail::templates;
use crate::storage::email_codes::{self, EmailCode};
use crate::storage::{sessions, users};

pub const CODE_SENT: &str = "We have sent a code to your new email address.";
pub const EMAIL_TAKEN: &str = "This email address is already used by another account";
pub const SAME_EMAIL: &str = "This is already your email address";
pub const CODE_REQUIRED: &str = "Please enter the code sent to your new email address";

const PURPOSE: &str = "email_change";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(change_email)).routes(routes!(confirm_email_change))
}

/// The digest of a code for the person's change to `email`: a code mailed for one address
/// does not confirm another.
fn digest(state: &AppState, user_id: &str, email: &str, code: &str) -> String {
    crypto::code_hash(state.config.secret.expose(), PURPOSE, &format!("{user_id}\n{email}\n{code}"))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailChange {
    #[serde(default)]
    pub email: String,
}

/// Mails a 6-digit code to the new address (10 minutes, 5 tries, a new code after a
/// minute); the address changes once the code is confirmed.
#[utoipa::path(post, path = "/users/changeEmail", tag = "accounts", security(("bearer" = [])), request_body = EmailChange,
    responses((status = 200, body = Message), (status = 400, body = Message, description = "Not an address, the caller's own, or another account's"),
        (status = 401, body = Message), (status = 429, body = Message)))]
async fn change_email(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    current: CurrentUser,
    Json(body): Json<EmailChange>,
) -> Result<Json<Message>> {
    let email = validate::email(&body.email, "Please enter valid Email")?;
    let (user, _) = super::signed_in(&state, &current).await?;
    if email == user.email {
        return Err(Error::bad_request(SAME_EMAIL));
    }
    let now = state.clock.now();
    rate_limit::enforce_action(&state.db, now, "code", &state.config.rate_limits.code, &email, addr).await?;
    if users::find_by_email(&state.db, &email).await?.is_some() {
        return Err(Error::bad_request(EMAIL_TAKEN));
    }
    if let Some(previous) = email_codes::get(&state.db, &user.id).await?
        && now < previous.sent_at + RESEND_AFTER_SECS
    {
        return Err(Error::TooManyRequests(WAIT_BEFORE_RESEND.into()));
    }
    let code = crypto::random_digits(6);
    email_codes::put(
        &state.db,
        &EmailCode {
            user_id: user.id.clone(),
            new_email: email.clone(),
            code_hash: digest(&state, &user.id, &email, &code),
            attempts: 0,
            sent_at: now,
            expires_at: now + CODE_LIFE_SECS,
        },
    )
    .await?;
    if let Err(err) =
        state.mailer.send(&state.db, now, &templates::email_change_code(&email, &user.firstname, &code)).await
    {
        // A code nobody received must not hold back the next request for a minute.
        email_codes::delete(&state.db, &user.id).await?;
        return Err(err.into());
    }
    Ok(Message::new(CODE_SENT))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailCodeOffer {
    #[serde(default)]
    pub code: String,
}

/// Confirms the new address with the mailed code: the address changes, the old one gets a
/// notice, every other session of the person ends; answers the caller's data.
#[utoipa::path(post, path = "/users/confirmEmailChange", tag = "accounts", security(("bearer" = [])), request_body = EmailCodeOffer,
    responses((status = 200, body = UserData), (status = 400, body = Message, description = "The code is wrong or expired, or the address was taken meanwhile"),
        (status = 401, body = Message), (status = 429, body = Message)))]
async fn confirm_email_change(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    current: CurrentUser,
    RequestId(request_id): RequestId,
    Json(body): Json<EmailCodeOffer>,
) -> Result<Json<UserData>> {
    let code = validate::required(&body.code, CODE_REQUIRED)?;
    let (user, _) = super::signed_in(&state, &current).await?;
    let now = state.clock.now();
    rate_limit::enforce_action(&state.db, now, "verify", &state.config.rate_limits.verify, &user.email, addr).await?;
    let Some(pending) = email_codes::get(&state.db, &user.id).await? else {
        return Err(Error::bad_request(CODE_NOT_VALID));
    };
    if now >= pending.expires_at {
        email_codes::delete(&state.db, &user.id).await?;
        return Err(Error::bad_request(CODE_EXPIRED));
    }
    let offered = digest(&state, &user.id, &pending.new_email, code);
    if !crypto::constant_time_eq(offered.as_bytes(), pending.code_hash.as_bytes()) {
        if email_codes::count_failed_attempt(&state.db, &user.id).await? >= MAX_WRONG_TRIES {
            email_codes::void(&state.db, &user.id).await?;
        }
        return Err(Error::bad_request(CODE_NOT_VALID));
    }
    email_codes::delete(&state.db, &user.id).await?;
    if !users::set_email(&state.db, &user.id, &pending.new_email).await? {
        return Err(Error::bad_request(EMAIL_TAKEN));
    }
    sessions::revoke_others_of_user(&state.db, &user.id, &current.session_id, now).await?;
    logs::record(
        &state,
        logs::Event::info(
            "user.email_changed",
            format!("{} changed their e-mail to {}", user.email, pending.new_email),
        )
        .company(&current.company_id)
        .user(&user.id)
        .request(request_id.as_deref()),
    )
    .await;
    let notice = templates::email_changed_notice(&user.email, &user.firstname, &pending.new_email);
    if let Err(err) = state.mailer.send(&state.db, now, &notice).await {
        // The change is done; a notice that could not go out must not undo it.
        tracing::warn!(error = %err, "the old address's notice of an e-mail change was not sent");
    }
    crate::realtime::person_changed(&state, &user.id).await?;
    Ok(Json(super::current_user_data(&state, &current).await?))
}
