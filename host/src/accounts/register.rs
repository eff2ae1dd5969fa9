//! Creating a company with its first user: the end of the e-mail sign-up and of the
//! social sign-up alike.

use crate::error::{Error, Result};
use crate::http::AppState;
use crate::logs;
use crate::rights;
use crate::storage::companies::{self, NewCompany, Taken};
use crate::storage::users::{self, NewUser, User};

/// Spec section 8, "Sign-up, 400".
pub const TAKEN_MESSAGE: &str = "Email or Company name already exists";

pub struct Registration<'a> {
    pub company: NewCompany<'a>,
    pub owner: NewUser<'a>,
}

/// Creates the company (community edition, `communityuser` role) and its first user.
pub async fn register(state: &AppState, registration: &Registration<'_>, request_id: Option<&str>) -> Result<User> {
    let now = state.clock.now();
    let rights_json = serde_json::to_string(&rights::default_role_rights()).map_err(anyhow::Error::from)?;
    let created = companies::create_with_owner(
        &state.db,
        &registration.company,
        rights::COMMUNITY_ROLE,
        &rights_json,
        &registration.owner,
        now,
    )
    .await?;
    let user_id = match created {
        Ok(user_id) => user_id,
        Err(Taken::CompanyName | Taken::Email) => return Err(Error::bad_request(TAKEN_MESSAGE)),
    };
    let user = users::find_by_email(&state.db, registration.owner.email)
        .await?
        .filter(|u| u.id == user_id)
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("the new user {user_id} cannot be read back")))?;
    logs::record(
        state,
        logs::Event {
            company_id: Some(&user.company_id),
            user_id: Some(&user.id),
            level: "info",
            event: "company.created",
            message: format!("{} signed up and created the company {}", user.email, user.companyname),
            request_id,
        },
    )
    .await;
    Ok(user)
}
