//! The host as the module test harnesses drive it — in the test's process (`sdk/testing`),
//! or over HTTP through [`harness`], the `autoscope module harness` portal that
//! `sdk/harness` starts: one small surface, so tests of modules depend on what a module can
//! observe, not on the host's internals.
//! Every function acts like the host's own path for the same thing (a session as sign-in
//! opens it, a delivery as the worker makes it).

use std::path::Path;

use anyhow::{Context, anyhow};
use autoscope_wire::storage::StorageOp;
use autoscope_wire::{Envelope, Reply};
use serde_json::Value;

pub use crate::clock::Clock;
pub use crate::http::{AppState, app, call_in_process};
pub use crate::modules::manifest::Capability;
pub use crate::modules::registry::Grants;
pub use crate::modules::registry::package::PackSource;
pub use crate::rights::{COMMUNITY_ROLE, Edition, Right, Rights, default_role_rights};
pub use crate::storage::mail_outbox::StoredMail;
pub use crate::storage::notifications::Notification;
pub use crate::storage::{Engine, new_id};
pub use crate::{Config, prepare};

use crate::storage::companies::{self, NewCompany, Taken};
use crate::storage::users::{self, NewUser};
use crate::storage::{mail_outbox, notifications};

pub mod harness;

/// The configuration of a host for tests: its data in `dir`, its database at
/// `database_url`, compiled plugins cached in `compile_cache` (shared between hosts, so
/// repeated runs skip compilation), unsigned packages allowed, webhooks to loopback
/// receivers allowed, no web shell.
pub fn config(dir: &Path, database_url: &str, compile_cache: &Path) -> anyhow::Result<Config> {
    let vars = std::collections::HashMap::from([
        ("AUTOSCOPE_SECRET", "autoscope-module-test-secret-0123456789".to_string()),
        ("AUTOSCOPE_DATA_DIR", dir.display().to_string()),
        ("DATABASE_URL", database_url.to_string()),
        ("AUTOSCOPE_WEB_DIR", dir.join("no-web-shell").display().to_string()),
        ("AUTOSCOPE_ALLOW_UNSIGNED_MODULES", "true".to_string()),
        ("AUTOSCOPE_COMPILE_CACHE_DIR", compile_cache.display().to_string()),
        // A test's own receiver listens on loopback.
        ("AUTOSCOPE_WEBHOOK_HOSTS", "127.0.0.1,localhost,[::1]".to_string()),
    ]);
    Config::from_lookup(|key| vars.get(key).cloned())
}

/// The database engine the host runs on.
pub fn engine(state: &AppState) -> Engine {
    state.db.engine()
}

/// A company made for a test, with its first user (its administrator).
pub struct NewTestCompany {
    pub company_id: String,
    pub user_id: String,
}

/// Creates a company with the community role (`rights`) and its first user `email`.
pub async fn create_company(
    state: &AppState,
    name: &str,
    email: &str,
    rights: &Rights,
) -> anyhow::Result<NewTestCompany> {
    let rights = serde_json::to_string(rights)?;
    let company = NewCompany { name, country: "US", currency_name: "USD", currency_symbol: "$" };
    let (db, now) = (&state.db, state.clock.now());
    match companies::create_with_owner(db, &company, COMMUNITY_ROLE, &rights, &test_user(email), now).await? {
        Ok((company_id, user_id)) => Ok(NewTestCompany { company_id, user_id }),
        Err(Taken::CompanyName) => anyhow::bail!("a company named {name} already exists"),
        Err(Taken::Email) => anyhow::bail!("a user with the e-mail {email} already exists"),
    }
}

/// Adds `email` to the company with its community role; answers the user's id.
pub async fn add_user(state: &AppState, company_id: &str, email: &str) -> anyhow::Result<String> {
    let (role_id, _) = companies::find_role(&state.db, company_id, COMMUNITY_ROLE)
        .await?
        .with_context(|| format!("the company {company_id} has no {COMMUNITY_ROLE} role"))?;
    users::create(&state.db, company_id, &role_id, &test_user(email), state.clock.now())
        .await?
        .with_context(|| format!("a user with the e-mail {email} already exists"))
}

/// Makes an existing person a member of the company too, with its community role.
pub async fn join_company(state: &AppState, company_id: &str, user_id: &str) -> anyhow::Result<()> {
    let (role_id, _) = companies::find_role(&state.db, company_id, COMMUNITY_ROLE)
        .await?
        .with_context(|| format!("the company {company_id} has no {COMMUNITY_ROLE} role"))?;
    let joined = crate::storage::memberships::join(&state.db, company_id, user_id, &role_id, state.clock.now()).await?;
    anyhow::ensure!(joined, "{user_id} is a member of {company_id} already");
    Ok(())
}

fn test_user(email: &str) -> NewUser<'_> {
    NewUser::named(email, "Test", "User")
}

/// A new session of the user in the company: its bearer token.
pub async fn open_session(state: &AppState, user_id: &str, company_id: &str) -> anyhow::Result<String> {
    Ok(crate::auth::session::open(state, user_id, company_id).await?)
}

/// Replaces the rights of the company's community role.
pub async fn set_rights(state: &AppState, company_id: &str, rights: &Rights) -> anyhow::Result<()> {
    let rights = serde_json::to_string(rights)?;
    let updated = companies::set_role_rights(&state.db, company_id, COMMUNITY_ROLE, &rights).await?;
    anyhow::ensure!(updated, "the company {company_id} has no {COMMUNITY_ROLE} role");
    Ok(())
}

pub async fn set_edition(state: &AppState, company_id: &str, edition: Edition) -> anyhow::Result<()> {
    companies::set_edition(&state.db, company_id, edition.as_str()).await?;
    Ok(())
}

/// Packs `source` into `out` (unsigned) and installs it; answers the module's key. A
/// refused package fails with every reason the registry gave. A module with pages packed
/// without its remote's build gets [`stand_in_web`].
pub async fn install(state: &AppState, source: &PackSource<'_>, out: &Path, grants: Grants) -> anyhow::Result<String> {
    let manifest = source.manifest.display();
    let stand_in = out.with_extension("web");
    let source = match source.web {
        Some(_) => *source,
        None => PackSource { web: stand_in_web(source.manifest, &stand_in)?.then_some(stand_in.as_path()), ..*source },
    };
    crate::modules::registry::package::pack(&source, out, None).with_context(|| format!("cannot pack {manifest}"))?;
    let archive = crate::modules::registry::package::archive(out)?;
    install_archive(state, &archive, grants).await.map_err(|err| anyhow!("{manifest}: {err}"))
}

/// Installs a package archive (`.tar.gz`, as `autoscope module build` writes it); answers
/// the module's key. A refused package fails with every reason the registry gave.
pub async fn install_archive(state: &AppState, archive: &[u8], grants: Grants) -> anyhow::Result<String> {
    let installed = state
        .modules
        .install(&state.db, archive, grants)
        .await
        .map_err(|refused| anyhow!("the package was refused:\n- {}", refused.0.join("\n- ")))?;
    Ok(installed.manifest().key.clone())
}

/// Writes into `dir` a stand-in for the remote's build of the module whose manifest is at
/// `manifest`: an `mf-manifest.json` exposing its pages' components and widgets, and an
/// empty entry. Tests of a module's backend pack it, since a package with pages needs a
/// web build and they never load it. Answers false, writing nothing, for a module
/// without pages.
pub fn stand_in_web(manifest: &Path, dir: &Path) -> anyhow::Result<bool> {
    use crate::modules::registry::package::REMOTE_MANIFEST_FILE;
    let text = std::fs::read_to_string(manifest).with_context(|| format!("cannot read {}", manifest.display()))?;
    let manifest = crate::modules::manifest::Manifest::parse(&text).map_err(anyhow::Error::msg)?;
    if manifest.pages.is_empty() {
        return Ok(false);
    }
    let exposes: Vec<Value> = manifest.exposed_components().map(|path| serde_json::json!({ "path": path })).collect();
    std::fs::create_dir_all(dir)?;
    let remote = serde_json::json!({ "name": manifest.remote, "exposes": exposes });
    std::fs::write(dir.join(REMOTE_MANIFEST_FILE), remote.to_string())?;
    std::fs::write(dir.join("remoteEntry.js"), "")?;
    Ok(true)
}

/// Delivers the events that are due, as the host's worker does; answers how many succeeded.
pub async fn deliver_events(state: &AppState) -> anyhow::Result<usize> {
    crate::modules::events::deliver_due(state).await
}

/// Runs the module jobs that are due here, until none is; answers how many runs it took.
pub async fn run_jobs(state: &AppState) -> anyhow::Result<usize> {
    crate::modules::jobs::run_due_here(state).await
}

/// Runs the schedules that are due; answers how many runs succeeded.
pub async fn run_schedules(state: &AppState) -> anyhow::Result<usize> {
    crate::modules::schedules::run_due(state).await
}

/// Sends every webhook that is due, as the host's worker does, until none is; answers how
/// many receivers accepted. A failed one is due again only after its backoff.
pub async fn deliver_webhooks(state: &AppState) -> anyhow::Result<usize> {
    let mut delivered = 0;
    // Each attempt moves its delivery past now: the loop ends unless the clock outruns it.
    for _ in 0..100 {
        let sent = crate::modules::webhooks::deliver_due(state).await?;
        delivered += sent.delivered;
        if sent.attempted == 0 {
            break;
        }
    }
    Ok(delivered)
}

/// Publishes an event as module `source` in the company, as its `publish` host call
/// does; answers how many subscribers will receive it.
pub async fn publish(
    state: &AppState,
    source: &str,
    company_id: &str,
    event: &autoscope_wire::host::Publish,
) -> anyhow::Result<u64> {
    crate::modules::events::publish(state, source, company_id, event).await
}

/// Calls the installed module `module` with `envelope` directly (an event delivered
/// again, say), bypassing the gateway.
pub async fn call(state: &AppState, module: &str, envelope: &Envelope) -> anyhow::Result<Reply> {
    let installed = state.modules.get(module).with_context(|| format!("{module} is not installed"))?;
    Ok(crate::modules::runtime::call(state, &installed.loaded, envelope, None).await?)
}

/// A storage operation on `<module>.<collection>` in the company, straight to the
/// collection's table: what no route shows any more (the data a deletion removed, say).
pub async fn storage(state: &AppState, collection: &str, company_id: &str, op: StorageOp) -> anyhow::Result<Value> {
    let (module, name) = collection.split_once('.').context("name the collection as <module>.<collection>")?;
    let target = state.modules.target(module, name).with_context(|| format!("{collection} is not declared"))?;
    crate::modules::collections::execute(&state.db, &target, company_id, state.clock.now(), op)
        .await
        .map_err(|err| anyhow!(err.message))
}

/// The notifications of the user, newest first.
pub async fn notifications(state: &AppState, company_id: &str, user_id: &str) -> anyhow::Result<Vec<Notification>> {
    Ok(notifications::list_for_user(&state.db, company_id, user_id, 1000).await?)
}

/// The mail kept in the outbox for `email`, newest first.
pub async fn mails_to(state: &AppState, email: &str) -> anyhow::Result<Vec<StoredMail>> {
    Ok(mail_outbox::for_recipient(&state.db, email).await?)
}
