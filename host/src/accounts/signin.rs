//! Sign-in with e-mail and password, and logout.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::SignedIn;
use crate::auth::{ClientAddr, CurrentUser, password_guesses};
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, RequestId};
use crate::logs;
use crate::storage::{sessions, users};

/// A failed sign-in: no token.
pub const INVALID_CREDENTIALS: &str = "Invalid Credentials!";
pub const SIGNED_IN: &str = "Login Successfully!";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(sign_in)).routes(routes!(logout))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SignInRequest {
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub password: String,
}

/// Signs in with e-mail and password: a bearer token and the user's rights.
#[utoipa::path(post, path = "/users/signin", tag = "accounts", request_body = SignInRequest,
    responses((status = 200, body = SignedIn), (status = 400, body = Message, description = "The body is not a JSON sign-in request"),
        (status = 401, body = Message, description = "Invalid Credentials! (no token)"), (status = 429, body = Message)))]
async fn sign_in(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    RequestId(request_id): RequestId,
    Json(body): Json<SignInRequest>,
) -> Result<Json<SignedIn>> {
    let user = authenticate(&state, &body, addr, request_id.as_deref()).await?;
    let seat = super::sign_in_seat(&state, &user).await?;
    let (token, userdata) = super::open_session(&state, &user, &seat).await?;
    logs::record(
        &state,
        logs::Event::info("signin", format!("{} signed in", user.email))
            .company(&seat.company_id)
            .user(&user.id)
            .request(request_id.as_deref())
            .from(Some(addr)),
    )
    .await;
    Ok(Json(SignedIn { message: SIGNED_IN.into(), token, userdata }))
}

/// The enabled account whose password matches, as the throttling of password guesses
/// allows. An unknown e-mail costs one password verification too, so timing does not tell
/// it apart.
async fn authenticate(
    state: &AppState,
    body: &SignInRequest,
    addr: std::net::IpAddr,
    request_id: Option<&str>,
) -> Result<users::User> {
    let email = users::email_key(&body.email);
    let user = users::find_by_email(&state.db, &email).await?;
    let stored = user.as_ref().and_then(|u| u.password_hash.clone());
    let guess = password_guesses::Guess { action: "signin", account: &email, addr };
    let matches = password_guesses::check(state, guess, body.password.clone(), stored).await?;
    match user {
        Some(user) if matches && !user.disabled => Ok(user),
        other => {
            if let Some(user) = other {
                logs::record(
                    state,
                    logs::Event::warn("signin.failed", format!("failed sign-in for {} from {addr}", user.email))
                        .user(&user.id)
                        .request(request_id)
                        .from(Some(addr)),
                )
                .await;
            }
            Err(Error::Unauthorized(INVALID_CREDENTIALS.into()))
        }
    }
}

/// Ends this session: its token stops working at once.
#[utoipa::path(post, path = "/users/logout", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Message), (status = 401, body = Message)))]
async fn logout(State(state): State<AppState>, current: CurrentUser) -> Result<Json<Message>> {
    sessions::revoke(&state.db, &current.session_id, state.clock.now()).await?;
    Ok(Message::new("Logged out"))
}
