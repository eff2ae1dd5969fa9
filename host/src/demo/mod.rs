//! `autoscope seed-demo`: a demo company with a few users, so a fresh `make run` has
//! someone to sign in as, and its modules filled with a realistic catalogue and 90 days
//! of run history ([`modules`]), so the dashboards have something to show. Idempotent:
//! running it again changes nothing.

mod bodies;
mod catalogue;
mod generate;
mod modules;

use anyhow::Context;

use crate::auth::password;
use crate::http::AppState;
use crate::rights::{self, Edition};
use crate::storage::companies::{self, NewCompany};
use crate::storage::users::{self, NewUser};

pub const COMPANY: &str = "Autoscope Demo";
/// The demo users' password unless AUTOSCOPE_DEMO_PASSWORD says otherwise. Demo data is
/// for a local machine; never seed it on a public server.
pub const DEFAULT_PASSWORD: &str = "Demo#Portal-2026";
pub const ADMIN_EMAIL: &str = "admin@autoscope.test";

/// (e-mail, first name, last name, job title, department)
const PEOPLE: &[(&str, &str, &str, &str, &str)] = &[
    ("demo@autoscope.test", "Dana", "Reyes", "Head of Automation", "Information Technology"),
    ("analyst@autoscope.test", "Ravi", "Menon", "Process Analyst", "Finance & Accounting"),
    ("developer@autoscope.test", "Mia", "Schulz", "RPA Developer", "Information Technology"),
    ("support@autoscope.test", "Tom", "Okafor", "Support Agent", "Human Resources"),
];

pub async fn seed(state: &AppState) -> anyhow::Result<String> {
    let password = std::env::var("AUTOSCOPE_DEMO_PASSWORD").unwrap_or_else(|_| DEFAULT_PASSWORD.to_string());
    password::check_policy(&password).map_err(|message| anyhow::anyhow!("AUTOSCOPE_DEMO_PASSWORD: {message}"))?;
    let hash = password::hash(password.clone()).await?;
    let now = state.clock.now();
    let db = &state.db;

    let mut created = 0;
    for (email, firstname, lastname, job_title, department) in PEOPLE {
        if users::find_by_email(db, email).await?.is_some() {
            continue;
        }
        let person = NewUser {
            email,
            firstname,
            lastname,
            password_hash: Some(&hash),
            gender: "Others",
            country: "US",
            department,
            job_title,
            social_provider: None,
            social_subject: None,
            is_admin: false,
        };
        match companies::find_by_name(db, COMPANY).await? {
            Some(company) => {
                let (role_id, _) = companies::find_role(db, &company.id, rights::COMMUNITY_ROLE)
                    .await?
                    .context("the demo company has no communityuser role")?;
                users::create(db, &company.id, &role_id, &person, now).await?;
            }
            None => {
                let rights_json = serde_json::to_string(&rights::default_role_rights())?;
                let company = NewCompany { name: COMPANY, country: "US", currency_name: "USD", currency_symbol: "$" };
                companies::create_with_owner(db, &company, rights::COMMUNITY_ROLE, &rights_json, &person, now)
                    .await?
                    .map_err(|taken| anyhow::anyhow!("cannot create the demo company: {taken:?} taken"))?;
            }
        }
        created += 1;
    }
    // The demo shows every module, premium ones included.
    let company = companies::find_by_name(db, COMPANY).await?.context("the demo company was not created")?;
    companies::set_edition(db, &company.id, Edition::Enterprise.as_str()).await?;
    let admin = crate::admin::create_admin(state, ADMIN_EMAIL, Some(password.clone())).await?;
    let mut user_ids = Vec::with_capacity(PEOPLE.len());
    for (email, ..) in PEOPLE {
        let user = users::find_by_email(db, email).await?.with_context(|| format!("{email} was not created"))?;
        anyhow::ensure!(user.company_id == company.id, "{email} belongs to another company than the demo's");
        user_ids.push(user.id);
    }
    let modules = modules::seed(state, &company.id, user_ids).await?;

    Ok(format!(
        "demo company '{COMPANY}' (enterprise): {created} user(s) added, {} in all.\n{}\n\
         Sign in as demo@autoscope.test (or analyst@, developer@, support@) with the demo password.\n{admin}",
        PEOPLE.len(),
        modules.join("\n")
    ))
}
