//! Sign-up by e-mailed code: ask for a code, verify it, then create the company and user.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::register::{self, CompanyProfile, Owner, REGISTERED};
use super::validate;
use crate::auth::ClientAddr;
use crate::auth::password;
use crate::auth::rate_limit;
use crate::crypto;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, RequestId};
use crate::mail::templates;
use crate::storage::signup_codes::{self, SignupCode};
use crate::storage::users;

pub const CODE_SENT: &str = "We have sent an OTP to your given email address.";
pub const EMAIL_EXISTS: &str = "Email already exists";
pub const TOKEN_VERIFIED: &str = "Token verified";
pub const CODE_NOT_VALID: &str = "Otp Code not valid";
pub const CODE_EXPIRED: &str = "Otp Code has expired";
pub const WAIT_BEFORE_RESEND: &str = "Please wait a minute before asking for a new code";
pub const NOT_VERIFIED: &str = "Please verify your email with the Otp sent to it";

pub const CODE_LIFE_SECS: i64 = 10 * 60;
pub const RESEND_AFTER_SECS: i64 = 60;
pub const MAX_WRONG_TRIES: i64 = 5;
/// How long a verified code lets the wizard finish.
pub const VERIFIED_LIFE_SECS: i64 = 60 * 60;

const PURPOSE: &str = "signup";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(new_user_sign_up))
        .routes(routes!(verify_code))
        .routes(routes!(community_sign_up))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeRequest {
    #[serde(default)]
    pub firstname: String,
    #[serde(default)]
    pub lastname: String,
    #[serde(default)]
    pub email: String,
}

/// E-mails a 6-digit sign-up code (10 minutes, 5 tries, resend after 60 s).
#[utoipa::path(post, path = "/users/newUserSignUp", tag = "accounts", request_body = CodeRequest,
    responses((status = 200, body = Message), (status = 400, body = Message, description = "Email already exists, or a field is missing"), (status = 429, body = Message)))]
async fn new_user_sign_up(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Json(body): Json<CodeRequest>,
) -> Result<Json<Message>> {
    let firstname = validate::required(&body.firstname, "Please enter First Name")?;
    let lastname = validate::required(&body.lastname, "Please enter Last Name")?;
    let email = validate::email(&body.email, "Please enter valid Email")?;
    let now = state.clock.now();
    rate_limit::enforce_action(&state.db, now, "code", &state.config.rate_limits.code, &email, addr).await?;
    if users::find_by_email(&state.db, &email).await?.is_some() {
        return Err(Error::bad_request(EMAIL_EXISTS));
    }
    if let Some(previous) = signup_codes::get(&state.db, &email).await?
        && now < previous.sent_at + RESEND_AFTER_SECS
    {
        return Err(Error::TooManyRequests(WAIT_BEFORE_RESEND.into()));
    }
    let code = crypto::random_digits(6);
    signup_codes::put(
        &state.db,
        &SignupCode {
            email: email.clone(),
            code_hash: crypto::code_hash(state.config.secret.expose(), PURPOSE, &format!("{email}\n{code}")),
            firstname: firstname.to_string(),
            lastname: lastname.to_string(),
            attempts: 0,
            sent_at: now,
            expires_at: now + CODE_LIFE_SECS,
            verified_at: None,
        },
    )
    .await?;
    if let Err(err) = state.mailer.send(&state.db, now, &templates::signup_code(&email, firstname, &code)).await {
        // A code nobody received must not hold back the next request for a minute.
        signup_codes::delete(&state.db, &email).await?;
        return Err(err.into());
    }
    Ok(Message::new(CODE_SENT))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyRequest {
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub verification_code: String,
}

/// Checks the e-mailed code. Five wrong tries void it.
#[utoipa::path(post, path = "/users/userSignUpTokenVerification", tag = "accounts", request_body = VerifyRequest,
    responses((status = 200, body = Message, description = "message is 'Token verified'"), (status = 400, body = Message), (status = 429, body = Message)))]
async fn verify_code(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Json(body): Json<VerifyRequest>,
) -> Result<Json<Message>> {
    let email = validate::email(&body.email, "Please enter valid Email")?;
    let code = validate::required(&body.verification_code, "Please enter Otp sent to your email")?;
    let now = state.clock.now();
    rate_limit::enforce_action(&state.db, now, "verify", &state.config.rate_limits.verify, &email, addr).await?;
    let Some(pending) = signup_codes::get(&state.db, &email).await? else {
        return Err(Error::bad_request(CODE_NOT_VALID));
    };
    if now >= pending.expires_at && pending.verified_at.is_none() {
        signup_codes::delete(&state.db, &email).await?;
        return Err(Error::bad_request(CODE_EXPIRED));
    }
    let offered = crypto::code_hash(state.config.secret.expose(), PURPOSE, &format!("{email}\n{code}"));
    if !crypto::constant_time_eq(offered.as_bytes(), pending.code_hash.as_bytes()) {
        if signup_codes::count_failed_attempt(&state.db, &email).await? >= MAX_WRONG_TRIES {
            signup_codes::void(&state.db, &email).await?;
        }
        return Err(Error::bad_request(CODE_NOT_VALID));
    }
    if pending.verified_at.is_none() {
        signup_codes::mark_verified(&state.db, &email, now).await?;
    }
    Ok(Message::new(TOKEN_VERIFIED))
}

/// The sign-up payload.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CommunitySignUp {
    #[serde(default)]
    pub firstname: String,
    #[serde(default)]
    pub lastname: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub password: String,
    #[serde(flatten)]
    pub profile: CompanyProfile,
}

/// Creates the company and its first user (role `communityuser`); needs the e-mail
/// verified by the code first.
#[utoipa::path(post, path = "/users/communitySignUp", tag = "accounts", request_body = CommunitySignUp,
    responses((status = 200, body = Message), (status = 400, body = Message, description = "Email or Company name already exists, or a field is invalid")))]
async fn community_sign_up(
    State(state): State<AppState>,
    RequestId(request_id): RequestId,
    Json(body): Json<CommunitySignUp>,
) -> Result<Json<Message>> {
    let firstname = validate::required(&body.firstname, "Please enter First Name")?;
    let lastname = validate::required(&body.lastname, "Please enter Last Name")?;
    let email = validate::email(&body.email, "Please enter valid Email")?;
    body.profile.check(&state.db).await?;
    if body.password.is_empty() {
        return Err(Error::bad_request("Please enter a password"));
    }
    password::check_policy(&body.password).map_err(Error::bad_request)?;
    let now = state.clock.now();
    let verified = signup_codes::get(&state.db, &email)
        .await?
        .and_then(|code| code.verified_at)
        .is_some_and(|at| now < at + VERIFIED_LIFE_SECS);
    if !verified {
        return Err(Error::bad_request(NOT_VERIFIED));
    }
    let password_hash = password::hash(body.password.clone()).await?;
    let owner = Owner { email: &email, firstname, lastname, password_hash: Some(&password_hash), social: None };
    register::register(&state, &body.profile, &owner, request_id.as_deref()).await?;
    signup_codes::delete(&state.db, &email).await?;
    Ok(Message::new(REGISTERED))
}
