//! `autoscope-demo`: a demo company with a few users, so a fresh `make run` has someone to
//! sign in as, and its modules filled with a realistic catalogue and 90 days of run
//! history ([`modules`]), so the dashboards have something to show. Idempotent: running
//! it again changes nothing.
//!
//! Product data lives here, not in the host binary: the host knows no product module. This
//! binary opens the host's database with the host's configuration (the same environment
//! as `autoscope serve`), migrating it like the host does, and fills it through the host's
//! own code paths.

mod bodies;
mod catalogue;
mod generate;
mod modules;

use anyhow::Context;
use autoscope::Config;
use autoscope::auth::password;
use autoscope::http::AppState;
use autoscope::rights::{self, Edition};
use autoscope::storage::companies::{self, NewCompany};
use autoscope::storage::memberships;
use autoscope::storage::users::{self, NewUser};
use clap::Parser;
use tracing_subscriber::EnvFilter;

/// Fill a local Autoscope with a demo company, its users and its modules' data
/// (idempotent). Reads the host's configuration (DATABASE_URL, AUTOSCOPE_DATA_DIR, ...)
/// and AUTOSCOPE_DEMO_PASSWORD; never run it against a public server.
#[derive(Parser)]
#[command(version, about)]
struct Cli {}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    Cli::parse();
    let config = Config::from_env()?;
    let filter = EnvFilter::try_new(&config.log).context("AUTOSCOPE_LOG is not a valid filter")?;
    tracing_subscriber::fmt().with_env_filter(filter).init();
    let state = autoscope::prepare(config).await?;
    let summary = seed(&state).await?;
    println!("{summary}");
    Ok(())
}

const COMPANY: &str = "Autoscope Demo";
/// The demo users' password unless AUTOSCOPE_DEMO_PASSWORD says otherwise. Demo data is
/// for a local machine; never seed it on a public server.
const DEFAULT_PASSWORD: &str = "Demo#Portal-2026";
const ADMIN_EMAIL: &str = "admin@autoscope.test";

/// (e-mail, first name, last name, job title, department)
const PEOPLE: &[(&str, &str, &str, &str, &str)] = &[
    ("demo@autoscope.test", "Dana", "Reyes", "Head of Automation", "Information Technology"),
    ("analyst@autoscope.test", "Ravi", "Menon", "Process Analyst", "Finance & Accounting"),
    ("developer@autoscope.test", "Mia", "Schulz", "RPA Developer", "Information Technology"),
    ("support@autoscope.test", "Tom", "Okafor", "Support Agent", "Human Resources"),
];

async fn seed(state: &AppState) -> anyhow::Result<String> {
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
    let admin = autoscope::admin::create_admin(state, ADMIN_EMAIL, Some(password.clone())).await?;
    let mut user_ids = Vec::with_capacity(PEOPLE.len());
    for (email, ..) in PEOPLE {
        let user = users::find_by_email(db, email).await?.with_context(|| format!("{email} was not created"))?;
        let member = memberships::active_seat(db, &company.id, &user.id).await?.is_some();
        anyhow::ensure!(member, "{email} is not a member of the demo company");
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
