//! Creating a company with its first user: the end of the e-mail sign-up and of the
//! social sign-up alike.

use serde::Deserialize;
use utoipa::ToSchema;

use super::validate::{self, Profile};
use crate::error::{Error, Result};
use crate::http::AppState;
use crate::logs;
use crate::rights;
use crate::storage::Db;
use crate::storage::companies::{self, NewCompany, Taken};
use crate::storage::users::{self, NewUser, User};

/// A sign-up whose e-mail or company name is taken (400).
pub const TAKEN_MESSAGE: &str = "Email or Company name already exists";
pub const AGREEMENT_REQUIRED: &str = "Please accept the agreement to sign up";
pub const REGISTERED: &str = "User registered successfully";

/// The company and profile part shared by both sign-up payloads.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyProfile {
    #[serde(default)]
    pub companyname: String,
    #[serde(default)]
    pub country: String,
    #[serde(default)]
    pub department: String,
    #[serde(default)]
    pub gender: String,
    #[serde(default, rename = "job_title")]
    pub job_title: String,
    #[serde(default, rename = "currency_name")]
    pub currency_name: String,
    #[serde(default, rename = "currency_symbol")]
    pub currency_symbol: String,
    /// Must be `communityuser` (or absent): sign-up never grants another role.
    #[serde(default)]
    pub userrole: String,
    #[serde(default)]
    pub agreed_to_terms_and_conditions: bool,
}

impl CompanyProfile {
    /// The step 3 fields in form order, the agreement, and the role.
    pub async fn check(&self, db: &Db) -> Result<()> {
        Profile {
            gender: &self.gender,
            country: &self.country,
            companyname: &self.companyname,
            job_title: &self.job_title,
            currency_name: &self.currency_name,
            department: &self.department,
        }
        .check(db)
        .await?;
        if !self.agreed_to_terms_and_conditions {
            return Err(Error::bad_request(AGREEMENT_REQUIRED));
        }
        if !self.userrole.is_empty() && self.userrole != rights::COMMUNITY_ROLE {
            return Err(Error::bad_request("Sign-up creates community users only"));
        }
        Ok(())
    }
}

/// The company's first user: who they are and how they sign in.
pub struct Owner<'a> {
    pub email: &'a str,
    pub firstname: &'a str,
    pub lastname: &'a str,
    pub password_hash: Option<&'a str>,
    /// (provider, subject) for an account made by social sign-up.
    pub social: Option<(&'a str, &'a str)>,
}

/// Creates the company (community edition, `communityuser` role) and its first user from
/// a checked profile.
pub async fn register(
    state: &AppState,
    profile: &CompanyProfile,
    owner: &Owner<'_>,
    request_id: Option<&str>,
) -> Result<User> {
    let now = state.clock.now();
    let rights_json = serde_json::to_string(&rights::default_role_rights()).map_err(anyhow::Error::from)?;
    let company = NewCompany {
        name: &profile.companyname,
        country: profile.country.trim(),
        currency_name: profile.currency_name.trim(),
        currency_symbol: validate::currency_symbol(&profile.currency_symbol),
    };
    let user = NewUser {
        email: owner.email,
        firstname: owner.firstname,
        lastname: owner.lastname,
        password_hash: owner.password_hash,
        gender: profile.gender.trim(),
        country: profile.country.trim(),
        department: profile.department.trim(),
        job_title: &profile.job_title,
        social_provider: owner.social.map(|(provider, _)| provider),
        social_subject: owner.social.map(|(_, subject)| subject),
        is_admin: false,
    };
    let created =
        companies::create_with_owner(&state.db, &company, rights::COMMUNITY_ROLE, &rights_json, &user, now).await?;
    let (company_id, user_id) = match created {
        Ok(ids) => ids,
        Err(Taken::CompanyName | Taken::Email) => return Err(Error::bad_request(TAKEN_MESSAGE)),
    };
    let user = users::find_by_email(&state.db, owner.email)
        .await?
        .filter(|u| u.id == user_id)
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("the new user {user_id} cannot be read back")))?;
    logs::record(
        state,
        logs::Event::info(
            "company.created",
            format!("{} signed up and created the company {}", user.email, company.name),
        )
        .company(&company_id)
        .user(&user.id)
        .request(request_id),
    )
    .await;
    Ok(user)
}
