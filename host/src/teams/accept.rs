//! The invitation link's page: what the invitation is, and accepting it. A new person
//! fills in the sign-up step-3 fields and a password; a person with an account gives their
//! password. Either way they become a member with the invitation's role and are signed in
//! to that company.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::invitations::{self, LINK_USED};
use crate::accounts::validate::{self, Person};
use crate::accounts::{SignedIn, open_session};
use crate::auth::{ClientAddr, password, password_guesses};
use crate::error::{Error, Result};
use crate::http::{AppState, Json, Message, RequestId};
use crate::logs;
use crate::storage::invitations::{Invitation, NewAccount};
use crate::storage::memberships;
use crate::storage::users::{self, NewUser};

pub const JOINED: &str = "Welcome to the team";
/// A person with an account gave a wrong password.
pub const WRONG_PASSWORD: &str = "The password is not right";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(open_invitation)).routes(routes!(accept_invitation))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenRequest {
    #[serde(default)]
    pub token: String,
}

/// What the link's page shows.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct InvitationInfo {
    pub email: String,
    pub companyname: String,
    pub invited_by: String,
    pub role: String,
    /// The address has an account: accepting asks for its password only.
    pub has_account: bool,
}

/// The invitation a link's token opens.
#[utoipa::path(post, path = "/invitations/open", tag = "teams", request_body = TokenRequest,
    responses((status = 200, body = InvitationInfo),
        (status = 400, body = Message, description = "The body is not a JSON object with the token"),
        (status = 404, body = Message, description = "This invitation link is not valid"),
        (status = 410, body = Message, description = "Used, withdrawn or expired")))]
async fn open_invitation(
    State(state): State<AppState>,
    Json(body): Json<TokenRequest>,
) -> Result<Json<InvitationInfo>> {
    let invitation = invitations::open(&state, &body.token).await?;
    let company = crate::storage::companies::get(&state.db, &invitation.company_id).await?;
    Ok(Json(InvitationInfo {
        has_account: users::find_by_email(&state.db, &invitation.email).await?.is_some(),
        companyname: company.map(|company| company.name).unwrap_or_default(),
        email: invitation.email,
        invited_by: invitation.invited_by,
        role: invitation.role,
    }))
}

/// The answer to an invitation: the password (and, for a new person, their step-3 fields).
#[derive(Debug, Deserialize, ToSchema)]
pub struct AcceptRequest {
    #[serde(default)]
    pub token: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub firstname: String,
    #[serde(default)]
    pub lastname: String,
    #[serde(default)]
    pub gender: String,
    #[serde(default)]
    pub country: String,
    #[serde(default)]
    pub department: String,
    #[serde(default)]
    pub job_title: String,
}

/// Accepts the invitation and signs in to its company.
#[utoipa::path(post, path = "/invitations/accept", tag = "teams", request_body = AcceptRequest,
    responses((status = 200, body = SignedIn), (status = 400, body = Message), (status = 401, body = Message),
        (status = 403, body = Message, description = "The community edition's 5 users are taken"),
        (status = 404, body = Message), (status = 410, body = Message), (status = 429, body = Message)))]
async fn accept_invitation(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    RequestId(request_id): RequestId,
    Json(body): Json<AcceptRequest>,
) -> Result<Json<SignedIn>> {
    let invitation = invitations::open(&state, &body.token).await?;
    let user = match users::find_by_email(&state.db, &invitation.email).await? {
        Some(user) => {
            let guess = password_guesses::Guess { action: "signin", account: &user.email, addr };
            let matches =
                password_guesses::check(&state, guess, body.password.clone(), user.password_hash.clone()).await?;
            if user.disabled || !matches {
                return Err(Error::Unauthorized(WRONG_PASSWORD.into()));
            }
            join(&state, &invitation, &user.id).await?;
            user
        }
        None => create(&state, &invitation, &body).await?,
    };
    let seat = memberships::active_seat(&state.db, &invitation.company_id, &user.id)
        .await?
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("the new member {} has no seat", user.id)))?;
    let (token, userdata) = open_session(&state, &user, &seat).await?;
    logs::record(
        &state,
        logs::Event::info("member.joined", format!("{} accepted the invitation as {}", user.email, seat.role_name))
            .company(&seat.company_id)
            .user(&user.id)
            .request(request_id.as_deref())
            .from(Some(addr)),
    )
    .await;
    state.realtime.directory_changed(&seat.company_id);
    Ok(Json(SignedIn { message: JOINED.into(), token, userdata }))
}

/// An existing account joins (a former member comes back with the invitation's role).
async fn join(state: &AppState, invitation: &Invitation, user_id: &str) -> Result<()> {
    if !crate::storage::invitations::accept(&state.db, invitation, user_id, state.clock.now()).await? {
        return Err(Error::Gone(LINK_USED.into()));
    }
    Ok(())
}

/// A new person's account, member of the invitation's company.
async fn create(state: &AppState, invitation: &Invitation, body: &AcceptRequest) -> Result<users::User> {
    let firstname = validate::required(&body.firstname, "Please enter First Name")?;
    let lastname = validate::required(&body.lastname, "Please enter Last Name")?;
    Person { gender: &body.gender, country: &body.country, job_title: &body.job_title, department: &body.department }
        .check(&state.db)
        .await?;
    if body.password.is_empty() {
        return Err(Error::bad_request("Please enter a password"));
    }
    password::check_policy(&body.password).map_err(Error::bad_request)?;
    let hash = password::hash(body.password.clone()).await?;
    let person = NewUser {
        email: &invitation.email,
        firstname,
        lastname,
        password_hash: Some(&hash),
        gender: body.gender.trim(),
        country: body.country.trim(),
        department: body.department.trim(),
        job_title: body.job_title.trim(),
        social_provider: None,
        social_subject: None,
        is_admin: false,
    };
    match crate::storage::invitations::accept_as_new(&state.db, invitation, &person, state.clock.now()).await? {
        NewAccount::Created(user_id) => {
            users::get(&state.db, &user_id).await?.ok_or_else(|| Error::Internal(anyhow::anyhow!("no user {user_id}")))
        }
        // Made at the same time by another request: the person signs in with it.
        NewAccount::Exists => Err(Error::Conflict("An account with this e-mail exists: give its password".into())),
        NewAccount::NotPending => Err(Error::Gone(LINK_USED.into())),
    }
}
