//! Social sign-in and sign-up (a social network, a search-engine account, a professional
//! network). The browser hands over what the provider gave it; the host believes only
//! what it verifies with the provider itself: the ID token (signature, issuer, audience,
//! expiry, and a nonce the host issued) or, without one, the provider's userinfo answer
//! to the access token. The e-mail, name and user id the browser sends are ignored.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::UserData;
use super::oidc::{self, Identity, Provider};
use super::register::{self, CompanyProfile, Owner, REGISTERED};
use super::signup::EMAIL_EXISTS;
use super::validate;
use crate::auth::ClientAddr;
use crate::auth::rate_limit::{self, Check};
use crate::crypto;
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, RequestId};
use crate::logs;
use crate::storage::social_nonces;
use crate::storage::users::{self, User};

pub const NEW_USER: &str = "New user detected";
pub const LOGIN_USER: &str = "Login User";
pub const UNKNOWN_PROVIDER: &str = "This sign-in provider is not available";
/// No token (or code) from the provider at all.
pub const PROVIDER_FIRST: &str = "Please sign in with the provider first";
pub const NO_EMAIL: &str = "The provider did not share a verified email address";

/// How long the web has to finish a sign-in (and the sign-up form after it).
pub const NONCE_LIFE_SECS: i64 = 10 * 60;
const NONCE_PURPOSE: &str = "social-nonce";
/// The provider the spec's `/users/linkedinSignIn` talks to.
const PROFESSIONAL_NETWORK: &str = "linkedin";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(social_nonce))
        .routes(routes!(social_providers))
        .routes(routes!(social_sign_in))
        .routes(routes!(social_sign_up))
        .routes(routes!(linkedin_sign_in))
}

/// Every call here reaches out to a provider: one per-address limit covers them.
async fn limit(state: &AppState, addr: &std::net::IpAddr) -> Result<()> {
    let limit = state.config.rate_limits.signin.per_address;
    rate_limit::enforce(
        &state.db,
        state.clock.now(),
        [Check { scope: "social:address", key: &addr.to_string(), limit }],
    )
    .await
}

fn provider<'a>(state: &'a AppState, name: &str) -> Result<&'a Provider> {
    state.social.get(name.trim()).ok_or_else(|| Error::bad_request(UNKNOWN_PROVIDER))
}

/// Nonces are bound to their provider: one issued for another provider does not count.
fn nonce_hash(state: &AppState, provider: &str, nonce: &str) -> String {
    crypto::code_hash(state.config.secret.expose(), NONCE_PURPOSE, &format!("{provider}\n{nonce}"))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NonceRequest {
    #[serde(default)]
    pub provider_name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NonceAnswer {
    pub nonce: String,
}

/// A single-use nonce (10 minutes) for the provider's authorization request: the ID
/// token must carry it back.
#[utoipa::path(post, path = "/users/socialNonce", tag = "accounts", request_body = NonceRequest,
    responses((status = 200, body = NonceAnswer), (status = 400, body = Message, description = "Unknown or unconfigured provider"), (status = 429, body = Message)))]
async fn social_nonce(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Json(body): Json<NonceRequest>,
) -> Result<Json<NonceAnswer>> {
    let provider = provider(&state, &body.provider_name)?;
    limit(&state, &addr).await?;
    let nonce = crypto::random_token(16);
    let now = state.clock.now();
    social_nonces::insert(&state.db, &nonce_hash(&state, &provider.config.name, &nonce), now, now + NONCE_LIFE_SECS)
        .await?;
    Ok(Json(NonceAnswer { nonce }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderInfo {
    pub name: String,
    pub issuer: String,
    pub client_id: String,
    /// Null while the provider cannot be reached.
    pub authorization_endpoint: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProvidersAnswer {
    pub providers: Vec<ProviderInfo>,
}

/// The configured providers; the web disables the buttons of the others.
#[utoipa::path(get, path = "/users/socialProviders", tag = "accounts", responses((status = 200, body = ProvidersAnswer)))]
async fn social_providers(State(state): State<AppState>) -> Json<ProvidersAnswer> {
    let mut providers = Vec::new();
    for provider in state.social.all() {
        // A provider that is down must not hide the others; its failure is logged.
        let authorization_endpoint = provider.discovery().await.ok().and_then(|d| d.authorization_endpoint.clone());
        providers.push(ProviderInfo {
            name: provider.config.name.clone(),
            issuer: provider.config.issuer.clone(),
            client_id: provider.config.client_id.clone(),
            authorization_endpoint,
        });
    }
    Json(ProvidersAnswer { providers })
}

struct Verified<'a> {
    provider: &'a Provider,
    identity: Identity,
    nonce_hash: String,
}

/// The provider's word on who signs in, for a sign-in that holds a live nonce.
async fn verify<'a>(state: &'a AppState, proof: &SocialSignIn) -> Result<Verified<'a>> {
    let provider = provider(state, &proof.provider_name)?;
    let now = state.clock.now();
    let nonce = proof.nonce.trim();
    let nonce_hash = nonce_hash(state, &provider.config.name, nonce);
    if nonce.is_empty() || !social_nonces::is_live(&state.db, &nonce_hash, now).await? {
        return Err(Error::Unauthorized(oidc::INVALID_SIGN_IN.into()));
    }
    let identity = match (proof.token_id.trim(), proof.access_token.trim()) {
        ("", "") => return Err(Error::bad_request(PROVIDER_FIRST)),
        ("", access_token) => provider.userinfo(access_token).await?,
        (token_id, _) => provider.verify_id_token(token_id, nonce, now).await?,
    };
    Ok(Verified { provider, identity, nonce_hash })
}

/// The social sign-in payload, plus the nonce: what the browser got
/// from the provider. `name`, `email`, `userId`, `expiresIn` and `imageURL` are accepted
/// and ignored: only the tokens count, and the provider's values.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SocialSignIn {
    #[serde(default)]
    pub provider_name: String,
    #[serde(default)]
    pub token_id: String,
    #[serde(default)]
    pub access_token: String,
    #[serde(default)]
    pub nonce: String,
}

/// `data` of a sign-in that opened a session.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionData {
    pub token: String,
    pub userdata: UserData,
}

/// `data` of 'New user detected': the provider's values for the sign-up form.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewUserData {
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub provider_name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum SocialData {
    // Boxed: a session's data is several times the size of the new user's.
    Session(Box<SessionData>),
    NewUser(NewUserData),
}

/// The social login response: message and data.
#[derive(Debug, Serialize, ToSchema)]
pub struct SocialAnswer {
    pub message: String,
    pub data: SocialData,
}

/// Signs in with a provider: 'Login User' with a session for a known identity, or 'New
/// user detected' with the provider's name and e-mail for the sign-up form (the nonce
/// then stays valid for `socialSignUp`).
#[utoipa::path(post, path = "/users/socialSignIn", tag = "accounts", request_body = SocialSignIn,
    responses((status = 200, body = SocialAnswer, description = "'Login User' or 'New user detected'"),
        (status = 400, body = Message, description = "Email already exists, or an unknown provider"),
        (status = 401, body = Message, description = "Invalid social sign-in"),
        (status = 429, body = Message), (status = 502, body = Message, description = "Connection Error")))]
async fn social_sign_in(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    RequestId(request_id): RequestId,
    Json(body): Json<SocialSignIn>,
) -> Result<Json<SocialAnswer>> {
    limit(&state, &addr).await?;
    let Verified { provider, identity, nonce_hash } = verify(&state, &body).await?;
    let name = &provider.config.name;
    if let Some(user) = users::find_by_social(&state.db, name, &identity.subject).await? {
        // A disabled account and a replayed nonce look the same as a bad token.
        if user.disabled || !social_nonces::consume(&state.db, &nonce_hash, state.clock.now()).await? {
            return Err(Error::Unauthorized(oidc::INVALID_SIGN_IN.into()));
        }
        let data = open_session(&state, &user, name, request_id.as_deref()).await?;
        return Ok(Json(SocialAnswer { message: LOGIN_USER.into(), data: SocialData::Session(Box::new(data)) }));
    }
    let email = identity.email.ok_or_else(|| Error::bad_request(NO_EMAIL))?;
    if users::find_by_email(&state.db, &email).await?.is_some() {
        return Err(Error::bad_request(EMAIL_EXISTS));
    }
    Ok(Json(SocialAnswer {
        message: NEW_USER.into(),
        data: SocialData::NewUser(NewUserData {
            firstname: identity.firstname,
            lastname: identity.lastname,
            email,
            provider_name: name.clone(),
        }),
    }))
}

async fn open_session(state: &AppState, user: &User, provider: &str, request_id: Option<&str>) -> Result<SessionData> {
    let seat = super::sign_in_seat(state, user).await?;
    let (token, userdata) = super::open_session(state, user, &seat).await?;
    logs::record(
        state,
        logs::Event::info("signin", format!("{} signed in with {provider}", user.email))
            .company(&seat.company_id)
            .user(&user.id)
            .request(request_id),
    )
    .await;
    Ok(SessionData { token, userdata })
}

/// The provider's name parts win; the form fills only what the provider left empty
/// (a one-word name leaves the last name to the user).
pub fn merge_names(provider: (&str, &str), form: (&str, &str)) -> (String, String) {
    let pick = |ours: &str, theirs: &str| {
        if ours.trim().is_empty() { theirs.trim().to_string() } else { ours.trim().to_string() }
    };
    (pick(provider.0, form.0), pick(provider.1, form.1))
}

/// The social sign-up payload, plus the nonce. `email`, `userId`,
/// `expiresIn` and `imageUrl` are accepted and ignored.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SocialSignUp {
    #[serde(flatten)]
    pub proof: SocialSignIn,
    #[serde(default)]
    pub firstname: String,
    #[serde(default)]
    pub lastname: String,
    #[serde(flatten)]
    pub profile: CompanyProfile,
}

/// Creates the company and its first user (role `communityuser`, no password) for a
/// verified provider identity with the provider's e-mail, and signs them in.
#[utoipa::path(post, path = "/users/socialSignUp", tag = "accounts", request_body = SocialSignUp,
    responses((status = 200, body = SocialAnswer, description = "'User registered successfully' with a session"),
        (status = 400, body = Message, description = "Email or Company name already exists, or a field is invalid"),
        (status = 401, body = Message, description = "Invalid social sign-in"),
        (status = 429, body = Message), (status = 502, body = Message, description = "Connection Error")))]
async fn social_sign_up(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    RequestId(request_id): RequestId,
    Json(body): Json<SocialSignUp>,
) -> Result<Json<SocialAnswer>> {
    limit(&state, &addr).await?;
    // The form is checked before the provider is asked anything.
    body.profile.check(&state.db).await?;
    let Verified { provider, identity, nonce_hash } = verify(&state, &body.proof).await?;
    let email = identity.email.as_deref().ok_or_else(|| Error::bad_request(NO_EMAIL))?;
    let (firstname, lastname) =
        merge_names((&identity.firstname, &identity.lastname), (&body.firstname, &body.lastname));
    validate::required(&firstname, "Please enter First Name")?;
    validate::required(&lastname, "Please enter Last Name")?;
    let owner = Owner {
        email,
        firstname: &firstname,
        lastname: &lastname,
        password_hash: None,
        social: Some((&provider.config.name, &identity.subject)),
    };
    let user = register::register(&state, &body.profile, &owner, request_id.as_deref()).await?;
    // The nonce was live when checked; the unique e-mail and identity already stop a
    // second account, so whether this call or a racing one marks it used does not matter.
    social_nonces::consume(&state.db, &nonce_hash, state.clock.now()).await?;
    let data = open_session(&state, &user, &provider.config.name, request_id.as_deref()).await?;
    Ok(Json(SocialAnswer { message: REGISTERED.into(), data: SocialData::Session(Box::new(data)) }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LinkedinRequest {
    #[serde(default)]
    pub code: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfilePicture {
    pub display_image: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NameData {
    pub localized_first_name: String,
    pub localized_last_name: String,
    pub id: String,
    pub profile_picture: ProfilePicture,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EmailData {
    pub email: Option<String>,
}

/// The answer to `/users/linkedinSignIn`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkedinAnswer {
    pub name_data: NameData,
    pub email_data: EmailData,
    pub token: String,
    pub expires_in: Option<i64>,
}

/// Exchanges the professional network's authorization code (returned to `/linkedin`)
/// and reads the profile. The web then calls `socialSignIn` with the access token.
#[utoipa::path(post, path = "/users/linkedinSignIn", tag = "accounts", request_body = LinkedinRequest,
    responses((status = 200, body = LinkedinAnswer), (status = 400, body = Message, description = "No code, or the provider is not configured"),
        (status = 401, body = Message, description = "Invalid social sign-in: the provider refused the code"),
        (status = 429, body = Message), (status = 502, body = Message, description = "Connection Error")))]
async fn linkedin_sign_in(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Json(body): Json<LinkedinRequest>,
) -> Result<Json<LinkedinAnswer>> {
    let provider = provider(&state, PROFESSIONAL_NETWORK)?;
    let code = validate::required(&body.code, PROVIDER_FIRST)?;
    limit(&state, &addr).await?;
    let redirect_uri = format!("{}/linkedin", state.config.public_url);
    let tokens = provider.exchange_code(code, &redirect_uri).await?;
    let identity = provider.userinfo(&tokens.access_token).await?;
    Ok(Json(LinkedinAnswer {
        name_data: NameData {
            localized_first_name: identity.firstname,
            localized_last_name: identity.lastname,
            id: identity.subject,
            profile_picture: ProfilePicture { display_image: identity.picture },
        },
        email_data: EmailData { email: identity.email },
        token: tokens.access_token,
        expires_in: tokens.expires_in,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_provider_name_wins_and_the_form_fills_gaps() {
        assert_eq!(merge_names(("Ann", "Lee"), ("Eve", "Roe")), ("Ann".into(), "Lee".into()));
        assert_eq!(merge_names(("Ann", ""), ("Eve", " Roe ")), ("Ann".into(), "Roe".into()));
        assert_eq!(merge_names(("", ""), ("Eve", "Roe")), ("Eve".into(), "Roe".into()));
        assert_eq!(merge_names(("", ""), ("", "")), (String::new(), String::new()));
    }
}
