//! The platform administrators' API (every route needs the server-side admin role):
//! companies, people across companies, enterprise requests and the system log of every
//! company; and `autoscope user create-admin`.

mod companies;
mod enterprise_requests;
mod logs;
mod people;
#[cfg(test)]
mod typescript;

use anyhow::{Context, bail};
use utoipa_axum::router::OpenApiRouter;

use crate::auth::password;
use crate::crypto;
use crate::enterprise;
use crate::error::{Error, Result};
use crate::http::AppState;
use crate::rights;
use crate::storage::companies::{self as company_store, NewCompany, Taken};
use crate::storage::users::{self, NewUser};

/// The company that holds administrators created from the command line.
pub const ADMIN_COMPANY: &str = "Autoscope Administration";
pub const BAD_PAGE: &str = "page must be 1 or more";
pub const BAD_PAGE_SIZE: &str = "pageSize must be between 1 and 100";
pub const DEFAULT_PAGE_SIZE: i64 = 20;
pub const MAX_PAGE_SIZE: i64 = 100;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(companies::routes())
        .merge(people::routes())
        .merge(enterprise_requests::routes())
        .merge(logs::routes())
}

/// Which page of a list: 1-based, `page_size` items each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub page: i64,
    pub page_size: i64,
}

impl Window {
    /// The query's `page` (1 when absent) and `pageSize` (20 when absent, at most 100).
    pub fn of(page: Option<i64>, page_size: Option<i64>) -> Result<Self> {
        let page = page.unwrap_or(1);
        if page < 1 {
            return Err(Error::bad_request(BAD_PAGE));
        }
        let page_size = page_size.unwrap_or(DEFAULT_PAGE_SIZE);
        if !(1..=MAX_PAGE_SIZE).contains(&page_size) {
            return Err(Error::bad_request(BAD_PAGE_SIZE));
        }
        Ok(Self { page, page_size })
    }

    /// How many items come before the page.
    pub fn offset(&self) -> i64 {
        (self.page - 1).saturating_mul(self.page_size)
    }
}

/// A query's text filter: trimmed, `None` when blank.
fn given(text: &Option<String>) -> Option<String> {
    text.as_deref().map(str::trim).filter(|text| !text.is_empty()).map(str::to_string)
}

/// `autoscope user create-admin`: makes `email` a platform administrator, creating the
/// account in the administration company when it does not exist. Running it again
/// changes nothing. The answer says what happened, with a generated password once.
pub async fn create_admin(state: &AppState, email: &str, password: Option<String>) -> anyhow::Result<String> {
    let email = users::email_key(email);
    if !enterprise::is_simple_email(&email) {
        bail!("{email} is not an e-mail address");
    }
    if let Some(user) = users::find_by_email(&state.db, &email).await? {
        if user.is_admin {
            return Ok(format!("{email} is already an administrator"));
        }
        users::set_admin(&state.db, &user.id, true).await?;
        record_admin(state, &user.id, &email).await;
        return Ok(format!("{email} is now an administrator (password unchanged)"));
    }
    let (password, generated) = match password {
        Some(given) => (given, false),
        None => (generate_password(), true),
    };
    password::check_policy(&password).map_err(|message| anyhow::anyhow!("the password is refused: {message}"))?;
    let hash = password::hash(password.clone()).await?;
    let owner = NewUser {
        email: &email,
        firstname: "Autoscope",
        lastname: "Administrator",
        password_hash: Some(&hash),
        gender: "",
        country: "",
        department: "",
        job_title: "Administrator",
        social_provider: None,
        social_subject: None,
        is_admin: true,
    };
    let now = state.clock.now();
    let user_id = match company_store::find_by_name(&state.db, ADMIN_COMPANY).await? {
        Some(company) => {
            let (role_id, _) = company_store::find_role(&state.db, &company.id, rights::COMMUNITY_ROLE)
                .await?
                .with_context(|| format!("the company {ADMIN_COMPANY} has no {} role", rights::COMMUNITY_ROLE))?;
            users::create(&state.db, &company.id, &role_id, &owner, now).await?
        }
        None => {
            let rights_json = serde_json::to_string(&rights::default_role_rights())?;
            let company = NewCompany { name: ADMIN_COMPANY, country: "", currency_name: "USD", currency_symbol: "$" };
            match company_store::create_with_owner(
                &state.db,
                &company,
                rights::COMMUNITY_ROLE,
                &rights_json,
                &owner,
                now,
            )
            .await?
            {
                Ok((_, user_id)) => Some(user_id),
                Err(Taken::Email) => None,
                Err(Taken::CompanyName) => bail!("{ADMIN_COMPANY} was created at the same time; run the command again"),
            }
        }
    };
    let user_id = user_id.with_context(|| format!("{email} was created at the same time; run the command again"))?;
    let user = users::get(&state.db, &user_id).await?.context("the new administrator cannot be read back")?;
    record_admin(state, &user.id, &email).await;
    Ok(if generated {
        format!("Created the administrator {email} in {ADMIN_COMPANY}. Password (shown only now): {password}")
    } else {
        format!("Created the administrator {email} in {ADMIN_COMPANY} with the given password")
    })
}

/// A random password that always meets the policy (the suffix brings the required
/// classes; the random part carries the strength).
fn generate_password() -> String {
    format!("{}-Aa1", crypto::random_token(12))
}

async fn record_admin(state: &AppState, user_id: &str, email: &str) {
    crate::logs::record(
        state,
        crate::logs::Event::warn(
            "admin.granted",
            format!("{email} was made a platform administrator from the command line"),
        )
        .user(user_id),
    )
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_passwords_meet_the_policy_and_vary() {
        let first = generate_password();
        assert_eq!(password::check_policy(&first), Ok(()));
        assert!(first.chars().count() >= 20);
        assert_ne!(first, generate_password());
    }

    #[test]
    fn pages_start_at_1_and_hold_1_to_100() {
        assert_eq!(Window::of(None, None).unwrap(), Window { page: 1, page_size: 20 });
        assert_eq!(Window::of(Some(3), Some(100)).unwrap().offset(), 200);
        for bad in [0, -1] {
            assert_eq!(Window::of(Some(bad), None).unwrap_err().to_string(), BAD_PAGE);
        }
        for bad in [0, 101] {
            assert_eq!(Window::of(None, Some(bad)).unwrap_err().to_string(), BAD_PAGE_SIZE);
        }
    }

    #[test]
    fn blank_filters_are_absent() {
        assert_eq!(given(&None), None);
        assert_eq!(given(&Some("  ".into())), None);
        assert_eq!(given(&Some(" Ann ".into())), Some("Ann".into()));
    }
}
