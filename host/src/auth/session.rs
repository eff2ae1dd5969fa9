//! Sessions are signed JWT bearer tokens that name a server-side session row, so logout,
//! a password reset or a disabled account end them at once.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::http::AppState;
use crate::rights::{self, Rights};
use crate::storage::{self, sessions};

/// The answer to a request without a valid session.
pub const SESSION_REQUIRED: &str = "Please login to continue";

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    /// User id.
    sub: String,
    /// Company id.
    cid: String,
    /// Session id.
    sid: String,
    iat: i64,
    exp: i64,
}

/// Signing keys, derived once from the configured secret.
pub struct Keys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl Keys {
    pub fn new(secret: &[u8]) -> Self {
        let key = crate::crypto::derive_key(secret, "session");
        Self { encoding: EncodingKey::from_secret(&key), decoding: DecodingKey::from_secret(&key) }
    }
}

/// Opens a session for the user and returns its bearer token.
pub async fn open(state: &AppState, user_id: &str, company_id: &str) -> Result<String> {
    let now = state.clock.now();
    let expires_at = now + state.config.session_ttl.as_secs() as i64;
    let session_id = storage::new_id();
    sessions::create(&state.db, &session_id, user_id, company_id, now, expires_at).await?;
    let claims =
        Claims { sub: user_id.to_string(), cid: company_id.to_string(), sid: session_id, iat: now, exp: expires_at };
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &state.keys.encoding)
        .map_err(|err| Error::Internal(err.into()))
}

/// The signed-in caller. Extracting it checks the token's signature and expiry, and that
/// the session is live and the account enabled.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub user_id: String,
    pub company_id: String,
    pub session_id: String,
    pub email: String,
    pub is_admin: bool,
    /// Administers the company (the user who created it is the first).
    pub company_admin: bool,
    pub rights: Rights,
    /// The company's currency: ISO code and symbol.
    pub currency_code: String,
    pub currency_symbol: String,
    /// The person's profile time zone (IANA), when they chose one.
    pub time_zone: Option<String>,
    /// When the session expires (unix seconds).
    pub expires_at: i64,
}

/// The credential of an `Authorization: Bearer <credential>` header (a session token, or
/// an ingestion API key).
pub fn bearer(headers: &axum::http::HeaderMap) -> Option<&str> {
    headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer ")))
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self> {
        let unauthorized = || Error::Unauthorized(SESSION_REQUIRED.into());
        let token = bearer(&parts.headers).ok_or_else(unauthorized)?;
        let mut validation = Validation::new(Algorithm::HS256);
        // Expiry is checked against the host's clock below.
        validation.validate_exp = false;
        let claims = jsonwebtoken::decode::<Claims>(token.trim(), &state.keys.decoding, &validation)
            .map_err(|_| unauthorized())?
            .claims;
        let now = state.clock.now();
        if claims.exp <= now {
            return Err(unauthorized());
        }
        let live = sessions::find_live(&state.db, &claims.sid, &claims.sub, now).await?.ok_or_else(unauthorized)?;
        Ok(Self {
            rights: rights::effective_from_stored(&live.rights, &live.edition),
            user_id: live.user_id,
            company_id: live.company_id,
            session_id: live.session_id,
            email: live.email,
            is_admin: live.is_admin,
            company_admin: live.company_admin,
            currency_code: live.currency_name,
            currency_symbol: live.currency_symbol,
            time_zone: live.time_zone,
            expires_at: claims.exp,
        })
    }
}

/// A signed-in platform administrator (server-side role; the web's admin flag only
/// picks a layout).
#[derive(Debug, Clone)]
pub struct Admin(pub CurrentUser);

impl FromRequestParts<AppState> for Admin {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self> {
        let user = CurrentUser::from_request_parts(parts, state).await?;
        if !user.is_admin {
            return Err(Error::Forbidden("This needs an administrator".into()));
        }
        Ok(Self(user))
    }
}
