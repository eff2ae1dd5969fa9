//! Accounts: sign-up by e-mailed code, sign-in into one of the person's companies, switching
//! company, sessions' end, password reset and social sign-in, on the product's `/users/...`
//! paths and with the exact messages the person sees.

pub mod deletion;
pub mod email_change;
pub mod new_company;
pub mod oidc;
pub mod profile;
pub mod register;
pub mod reset;
pub mod signin;
pub mod signup;
pub mod social;
pub mod switch;
#[cfg(test)]
mod typescript;
pub mod validate;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::auth::{CurrentUser, session};
use crate::error::{Error, Result};
use crate::http::AppState;
use crate::rights::{self, Rights};
use crate::storage::memberships::{self, Seat};
use crate::storage::users::{self, User};

/// Sign-in of a person who is an active member of no company (all left, removed or
/// deactivated).
pub const NO_COMPANY: &str = "You are not an active member of any company";
/// Sign-in of a person whose only companies were deactivated by the platform administrators.
pub const COMPANY_DEACTIVATED: &str = "Your company has been deactivated: contact the Autoscope administrators";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(signup::routes())
        .merge(signin::routes())
        .merge(profile::routes())
        .merge(reset::routes())
        .merge(social::routes())
        .merge(switch::routes())
        .merge(new_company::routes())
        .merge(email_change::routes())
        .merge(deletion::routes())
}

/// `userdata` of the sign-in answer: the session's user, company and rights.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct UserData {
    pub user_id: String,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub companyname: String,
    pub job_title: String,
    pub gender: String,
    pub country: String,
    pub department: String,
    /// False for an account made by social sign-in that has not set a password yet.
    pub has_password: bool,
    pub company_id: String,
    pub edition: String,
    /// The company's currency: its ISO code and symbol.
    pub currency_name: String,
    pub currency_symbol: String,
    /// The profile's time zone (IANA); null until the person chooses one, when their
    /// browser's zone applies.
    pub time_zone: Option<String>,
    /// Administers the session's company.
    pub company_admin: bool,
    pub is_admin: bool,
    pub userrole: Vec<UserRole>,
    /// The passphrase that opens the encrypted user list of `GET /users/all_users`.
    pub user_list_key: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct UserRole {
    pub role: String,
    pub rights: Rights,
}

impl UserData {
    /// The person as a member of `seat`'s company.
    pub fn of(user: &User, seat: &Seat, state: &AppState) -> Self {
        Self {
            user_id: user.id.clone(),
            firstname: user.firstname.clone(),
            lastname: user.lastname.clone(),
            email: user.email.clone(),
            companyname: seat.companyname.clone(),
            job_title: user.job_title.clone(),
            gender: user.gender.clone(),
            country: user.country.clone(),
            department: user.department.clone(),
            has_password: user.password_hash.is_some(),
            company_id: seat.company_id.clone(),
            edition: seat.edition.clone(),
            currency_name: seat.currency_name.clone(),
            currency_symbol: seat.currency_symbol.clone(),
            time_zone: user.time_zone.clone(),
            company_admin: seat.company_admin,
            is_admin: user.is_admin,
            userrole: vec![UserRole {
                role: seat.role_name.clone(),
                rights: rights::effective_from_stored(&seat.rights, &seat.edition),
            }],
            user_list_key: String::from_utf8_lossy(state.config.user_list_key.expose()).into_owned(),
        }
    }
}

/// A successful sign-in: the bearer token and who it belongs to.
#[derive(Debug, Serialize, ToSchema)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SignedIn {
    pub message: String,
    pub token: String,
    pub userdata: UserData,
}

/// The caller's account, and their seat in the session's company.
pub async fn signed_in(state: &AppState, current: &CurrentUser) -> Result<(User, Seat)> {
    let gone = || Error::Unauthorized(session::SESSION_REQUIRED.into());
    let user = users::get(&state.db, &current.user_id).await?.ok_or_else(gone)?;
    let seat = memberships::active_seat(&state.db, &current.company_id, &current.user_id).await?.ok_or_else(gone)?;
    Ok((user, seat))
}

/// The caller's data as of now (their rights change with role and edition).
pub async fn current_user_data(state: &AppState, current: &CurrentUser) -> Result<UserData> {
    let (user, seat) = signed_in(state, current).await?;
    Ok(UserData::of(&user, &seat, state))
}

/// The company a sign-in opens: the one the person signed in to last, among those they are
/// an active member of.
pub async fn sign_in_seat(state: &AppState, user: &User) -> Result<Seat> {
    if let Some(seat) = memberships::active_seats(&state.db, &user.id).await?.into_iter().next() {
        return Ok(seat);
    }
    let deactivated = crate::storage::companies::active_member_of_deactivated(&state.db, &user.id).await?;
    Err(Error::Forbidden(if deactivated { COMPANY_DEACTIVATED } else { NO_COMPANY }.into()))
}

/// Opens a session for the person in `seat`'s company (the next sign-in opens that company
/// again) and answers its token with the person's data there.
pub async fn open_session(state: &AppState, user: &User, seat: &Seat) -> Result<(String, UserData)> {
    let token = session::open(state, &user.id, &seat.company_id).await?;
    memberships::touch_signin(&state.db, &seat.company_id, &user.id, state.clock.now()).await?;
    Ok((token, UserData::of(user, seat, state)))
}
