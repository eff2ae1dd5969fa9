//! Accounts: sign-up by e-mailed code, sign-in, sessions' end, password reset and social
//! sign-in, with the paths and messages of the spec (sections 7 and 8).

pub mod oidc;
pub mod profile;
pub mod register;
pub mod reset;
pub mod signin;
pub mod signup;
pub mod social;
pub mod validate;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::http::AppState;
use crate::rights::{self, Rights};
use crate::storage::users::User;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(signup::routes())
        .merge(signin::routes())
        .merge(profile::routes())
        .merge(reset::routes())
        .merge(social::routes())
}

/// `userdata` of the sign-in answer: the session's user, company and rights.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserData {
    pub user_id: String,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub companyname: String,
    pub job_title: String,
    pub company_id: String,
    pub edition: String,
    pub is_admin: bool,
    pub userrole: Vec<UserRole>,
    /// The passphrase that opens the encrypted user list of `GET /users/all_users`.
    pub user_list_key: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserRole {
    pub role: String,
    pub rights: Rights,
}

impl UserData {
    pub fn of(user: &User, state: &AppState) -> Self {
        Self {
            user_id: user.id.clone(),
            firstname: user.firstname.clone(),
            lastname: user.lastname.clone(),
            email: user.email.clone(),
            companyname: user.companyname.clone(),
            job_title: user.job_title.clone(),
            company_id: user.company_id.clone(),
            edition: user.edition.clone(),
            is_admin: user.is_admin,
            userrole: vec![UserRole {
                role: user.role_name.clone(),
                rights: rights::effective_from_stored(&user.rights, &user.edition),
            }],
            user_list_key: String::from_utf8_lossy(state.config.user_list_key.expose()).into_owned(),
        }
    }
}

/// A successful sign-in: the bearer token and who it belongs to.
#[derive(Debug, Serialize, ToSchema)]
pub struct SignedIn {
    pub message: String,
    pub token: String,
    pub userdata: UserData,
}
