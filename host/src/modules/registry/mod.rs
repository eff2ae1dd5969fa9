//! The module registry: which module versions are installed, loading them at start,
//! and installing, upgrading and removing them at run time.
//!
//! The database holds the installations (`module_installations`: the version that runs,
//! the capabilities granted, the package archive), so every host instance on it serves the
//! same modules: each one follows the table ([`Registry::follow`], every
//! [`FOLLOW_EVERY`]) and loads what another instance installed, upgraded or removed. An
//! install writes its row last, so a refused or interrupted install leaves the previous
//! version serving everywhere.
//!
//! The modules directory is each instance's unpacked copy: `<key>/<version>/` is the
//! package, checked again (digests, signature, manifest) before it is compiled.

pub mod api;
pub mod package;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use anyhow::Context;
use serde::Deserialize;

use crate::config::ModulesConfig;
use crate::modules::manifest::{Capability, Limits, Manifest};
use crate::modules::runtime::{Loaded, Runtime};
use crate::modules::{capabilities, collections};
use crate::storage::Db;
use crate::storage::module_installations::{self, Installation as Listed};
use package::{Package, Refused, Trust};

/// Written before installations moved into the database; imported once at start.
const INSTALLATION_FILE: &str = "installation.toml";
const STAGING_DIR: &str = ".staging";
/// How often an instance looks for installations made through another one.
pub const FOLLOW_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

/// One installed module.
pub struct Installed {
    pub loaded: Arc<Loaded>,
    /// SHA-256 of the package's digests file.
    pub digest: String,
    pub signed_by: Option<String>,
    pub dir: PathBuf,
}

impl Installed {
    pub fn manifest(&self) -> &Manifest {
        &self.loaded.manifest
    }

    /// Whether the module works for a company of this edition: premium modules need the
    /// enterprise edition (for calls without a user too: public routes, events, schedules).
    pub fn serves_edition(&self, edition: &str) -> bool {
        !self.manifest().premium || crate::rights::Edition::parse(edition) == Some(crate::rights::Edition::Enterprise)
    }
}

/// What an installation file recorded.
#[derive(Debug, Deserialize)]
struct InstallationFile {
    version: semver::Version,
    grants: BTreeSet<Capability>,
    /// [`INSTALLATION_FORMAT`] when written; files without it were written before routes
    /// were capabilities, when every declared route was served.
    #[serde(default = "routes_granted_implicitly")]
    format: u32,
}

/// An installation's format: 2 since routes are granted like any capability.
const INSTALLATION_FORMAT: u32 = 2;

fn routes_granted_implicitly() -> u32 {
    1
}

/// What removing a module does with its data; the administrator says which.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ModuleData {
    /// Keep its collections, jobs, schedules and connections for a reinstall.
    Keep,
    /// Delete them for every company; cannot be undone.
    Purge,
}

/// What an install grants: everything the manifest declares, or a subset. Limits above
/// the operator's policy are granted only by name (`declared,limits`).
#[derive(Debug, Clone)]
pub enum Grants {
    Declared,
    DeclaredAndLimits,
    Only(BTreeSet<Capability>),
}

impl Grants {
    /// `declared` (with `,limits` for limits above the policy), or comma-separated
    /// capabilities (`storage,notify,read:support.tickets`); empty grants nothing.
    pub fn parse(text: &str) -> Result<Self, String> {
        let parts: BTreeSet<&str> = text.split(',').map(str::trim).filter(|part| !part.is_empty()).collect();
        if parts.contains("declared") {
            return match parts.len() {
                1 => Ok(Self::Declared),
                2 if parts.contains("limits") => Ok(Self::DeclaredAndLimits),
                _ => Err("'declared' combines only with 'limits'".into()),
            };
        }
        parts
            .into_iter()
            .map(|part| Capability::parse(part).ok_or_else(|| format!("Unknown capability '{part}'")))
            .collect::<Result<BTreeSet<_>, _>>()
            .map(Self::Only)
    }
}

pub struct Registry {
    config: ModulesConfig,
    trust: Trust,
    /// The most a package may declare per call without the `limits` grant.
    policy: Limits,
    installed: RwLock<Arc<BTreeMap<String, Arc<Installed>>>>,
    /// The installations this instance last loaded (or failed to load) from the database.
    followed: std::sync::Mutex<BTreeMap<String, Listed>>,
    /// One install, removal or follow at a time.
    changing: tokio::sync::Mutex<()>,
    pub runtime: Runtime,
    /// Wakes the event worker when something was published.
    wake: tokio::sync::Notify,
}

impl Registry {
    pub fn new(config: &ModulesConfig) -> anyhow::Result<Self> {
        Ok(Self {
            trust: Trust::new(&config.trusted_keys, config.allow_unsigned)?,
            policy: Limits::policy(&config.limits_policy)
                .map_err(|problem| anyhow::anyhow!("AUTOSCOPE_MODULE_LIMITS: {problem}"))?,
            config: config.clone(),
            installed: RwLock::new(Arc::new(BTreeMap::new())),
            followed: std::sync::Mutex::new(BTreeMap::new()),
            changing: tokio::sync::Mutex::new(()),
            runtime: Runtime::new(),
            wake: tokio::sync::Notify::new(),
        })
    }

    pub fn get(&self, key: &str) -> Option<Arc<Installed>> {
        self.snapshot().get(key).cloned()
    }

    /// An installed module's collection, for the host's own writers (ingestion, tools
    /// built on the host); plugins reach collections through the storage host function only.
    pub fn target(&self, module: &str, collection: &str) -> Option<crate::modules::collections::Target> {
        let installed = self.get(module)?;
        let spec = installed.manifest().collections.get(collection)?.clone();
        Some(crate::modules::collections::Target { module: module.into(), collection: collection.into(), spec })
    }

    pub fn all(&self) -> Vec<Arc<Installed>> {
        self.snapshot().values().cloned().collect()
    }

    fn snapshot(&self) -> Arc<BTreeMap<String, Arc<Installed>>> {
        self.installed.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    fn replace(&self, key: &str, module: Option<Arc<Installed>>) {
        let mut installed = self.installed.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut next = BTreeMap::clone(&installed);
        match module {
            Some(module) => next.insert(key.to_string(), module),
            None => next.remove(key),
        };
        *installed = Arc::new(next);
    }

    /// The installed modules subscribed to the event `name` that serve a company of
    /// this edition.
    pub fn subscribers(&self, name: &str, edition: &str) -> Vec<String> {
        self.snapshot()
            .values()
            .filter(|module| {
                module.loaded.granted(&Capability::Subscribe)
                    && module.serves_edition(edition)
                    && module.manifest().subscriptions.iter().any(|s| s.event == name)
            })
            .map(|module| module.manifest().key.clone())
            .collect()
    }

    /// The module granted the spec path `path` for `method`, with its module path.
    pub fn legacy_route(&self, method: &str, path: &str) -> Option<(Arc<Installed>, String)> {
        self.snapshot().values().find_map(|module| {
            let route = module.manifest().legacy_routes.iter().find(|route| {
                route.method == method && route.path == path && module.loaded.granted(&route.capability())
            })?;
            Some((module.clone(), route.to.clone()))
        })
    }

    pub fn wake_workers(&self) {
        self.wake.notify_one();
    }

    pub async fn woken(&self) {
        self.wake.notified().await;
    }

    /// Loads every installed module at start, after importing the installation files of
    /// earlier versions. One that fails is logged and skipped; the others still load.
    pub async fn load_installed(&self, db: &Db) -> anyhow::Result<()> {
        let dir = &self.config.dir;
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the modules directory {}", dir.display()))?;
        self.import_installation_files(db).await?;
        self.follow(db).await
    }

    /// Serves what the database lists: loads the installations that are new or changed
    /// since this instance last looked (made through another instance, or before it
    /// started) and stops serving the removed ones. The previous version serves until its
    /// successor is compiled.
    pub async fn follow(&self, db: &Db) -> anyhow::Result<()> {
        let _one_at_a_time = self.changing.lock().await;
        // Read under the lock: an install of this instance between the read and the lock
        // would otherwise look like a change back to the version it replaced.
        let listed = module_installations::all(db).await?;
        for installation in &listed {
            let key = &installation.module_key;
            if self.followed_as(key).as_ref() == Some(installation) {
                continue;
            }
            match self.load_listed(db, installation).await {
                Ok(module) => {
                    tracing::info!(module = %key, version = %installation.version, "module loaded");
                    let previous = self.get(key);
                    self.replace(key, Some(module.clone()));
                    remove_replaced(previous, &module);
                }
                // Logged once per installation: it is tried again when it changes or at a restart.
                Err(err) => tracing::error!(module = %key, error = format!("{err:#}"), "module not loaded"),
            }
            self.follow_as(key, Some(installation.clone()));
        }
        for module in self.all() {
            let key = &module.manifest().key;
            if !listed.iter().any(|installation| installation.module_key == *key) {
                tracing::info!(module = %key, "module removed through another instance");
                self.replace(key, None);
                self.follow_as(key, None);
                let _ = std::fs::remove_dir_all(self.config.dir.join(key));
            }
        }
        Ok(())
    }

    fn followed_as(&self, key: &str) -> Option<Listed> {
        self.followed.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).get(key).cloned()
    }

    fn follow_as(&self, key: &str, installation: Option<Listed>) {
        let mut followed = self.followed.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        match installation {
            Some(installation) => followed.insert(key.to_string(), installation),
            None => followed.remove(key),
        };
    }

    /// Compiles a listed installation from its package in the modules directory, unpacked
    /// from the database first when this instance does not have that exact package.
    async fn load_listed(&self, db: &Db, installation: &Listed) -> anyhow::Result<Arc<Installed>> {
        let key = &installation.module_key;
        let target = self.config.dir.join(key).join(&installation.version);
        let package = match self.read_package(&target).await {
            Ok(package) if package.digest == installation.digest => package,
            _ => {
                let archive = module_installations::archive(db, key, &installation.digest)
                    .await?
                    .context("the installation changed while it was read")?;
                let staging = self.config.dir.join(STAGING_DIR).join(crate::storage::new_id());
                let placed = self.place(&archive, &staging, &target).await;
                let _ = std::fs::remove_dir_all(&staging);
                placed?
            }
        };
        anyhow::ensure!(
            package.digest == installation.digest && package.manifest.key == *key,
            "the package in the database is not the one installed"
        );
        let mut grants: BTreeSet<Capability> =
            serde_json::from_str(&installation.grants).context("the installation's grants are not valid")?;
        // A policy tightened since the install stops the module until an administrator
        // grants it more.
        let above_policy = package.manifest.limits.above(&self.policy);
        anyhow::ensure!(grants.contains(&Capability::Limits) || above_policy.is_empty(), above_policy.join("; "));
        collections::migrate(db, &package.manifest).await.map_err(|problems| anyhow::anyhow!(problems.join("; ")))?;
        if (installation.format as u32) < INSTALLATION_FORMAT {
            // Keep serving what this installation served before routes were capabilities.
            let manifest = &package.manifest;
            grants.extend(manifest.legacy_routes.iter().map(|route| route.capability()));
            grants.extend(manifest.public_routes.iter().map(|route| route.capability()));
        }
        self.compile(package, grants).await
    }

    /// Unpacks `archive` into `staging`, checks it and moves it to `target` (replacing
    /// what is there): the package to serve.
    async fn place(&self, archive: &[u8], staging: &Path, target: &Path) -> anyhow::Result<Package> {
        std::fs::create_dir_all(staging)?;
        package::unpack(archive, staging).map_err(|refused| anyhow::anyhow!("{refused}"))?;
        let package = self.read_package(staging).await?;
        if target.exists() {
            std::fs::remove_dir_all(target)?;
        }
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::rename(staging, target)?;
        Ok(Package { dir: target.to_path_buf(), ..package })
    }

    async fn read_package(&self, dir: &Path) -> anyhow::Result<Package> {
        let (dir, trust) = (dir.to_path_buf(), self.trust.clone());
        tokio::task::spawn_blocking(move || package::read(&dir, &trust))
            .await?
            .map_err(|refused| anyhow::anyhow!("{refused}"))
    }

    /// Moves the installations recorded in files (before they moved into the database) into
    /// the database, once; a database that lists the module already wins.
    async fn import_installation_files(&self, db: &Db) -> anyhow::Result<()> {
        for entry in std::fs::read_dir(&self.config.dir)? {
            let module_dir = entry?.path();
            let file = module_dir.join(INSTALLATION_FILE);
            if !file.is_file() {
                continue;
            }
            let key = module_dir.file_name().unwrap_or_default().to_string_lossy().to_string();
            if module_installations::get(db, &key).await?.is_none() {
                match self.import_installation_file(&file, &key).await {
                    Ok((installation, archive)) => module_installations::put(db, &installation, &archive).await?,
                    Err(err) => {
                        tracing::error!(module = %key, error = format!("{err:#}"), "module not loaded");
                        continue;
                    }
                }
            }
            std::fs::remove_file(&file)?;
        }
        Ok(())
    }

    async fn import_installation_file(&self, file: &Path, key: &str) -> anyhow::Result<(Listed, Vec<u8>)> {
        let text = std::fs::read_to_string(file)?;
        let installation: InstallationFile = toml::from_str(&text).context("installation.toml is not valid")?;
        let package_dir = self.config.dir.join(key).join(installation.version.to_string());
        let package = self.read_package(&package_dir).await?;
        let archive = package::archive(&package_dir)?;
        let listed = Listed {
            module_key: key.to_string(),
            version: installation.version.to_string(),
            digest: package.digest,
            grants: serde_json::to_string(&installation.grants)?,
            format: installation.format as i32,
        };
        Ok((listed, archive))
    }

    async fn compile(&self, package: Package, grants: BTreeSet<Capability>) -> anyhow::Result<Arc<Installed>> {
        let cache = self.config.compile_cache_dir.clone();
        let slots = self.runtime.module_slots(&package.manifest.limits);
        tokio::task::spawn_blocking(move || {
            let loaded =
                Loaded::compile(package.manifest, grants, &package.wasm, &cache, capabilities::register, slots)?;
            Ok(Arc::new(Installed {
                loaded: Arc::new(loaded),
                digest: package.digest,
                signed_by: package.signed_by,
                dir: package.dir,
            }))
        })
        .await?
    }

    /// Installs or upgrades from a `.tar.gz` package. Everything is checked (package,
    /// grants, version order, compilation, schema changes) before anything changes; the
    /// previous version serves until the new one replaces it.
    pub async fn install(&self, db: &Db, archive: &[u8], grants: Grants) -> Result<Arc<Installed>, Refused> {
        let _one_at_a_time = self.changing.lock().await;
        let staging = self.config.dir.join(STAGING_DIR).join(crate::storage::new_id());
        let outcome = self.install_staged(db, archive, grants, &staging).await;
        let _ = std::fs::remove_dir_all(&staging);
        outcome
    }

    async fn install_staged(
        &self,
        db: &Db,
        archive: &[u8],
        grants: Grants,
        staging: &Path,
    ) -> Result<Arc<Installed>, Refused> {
        let internal = |err: anyhow::Error| {
            tracing::error!(error = format!("{err:#}"), "module install failed");
            Refused::one(format!("the host could not install the package: {err}"))
        };
        std::fs::create_dir_all(staging).map_err(|err| internal(err.into()))?;
        package::unpack(archive, staging)?;
        let trust = self.trust.clone();
        let staged = staging.to_path_buf();
        let package = tokio::task::spawn_blocking(move || package::read(&staged, &trust))
            .await
            .map_err(|err| internal(err.into()))??;
        let manifest = &package.manifest;
        let declared = manifest.declared_capabilities();
        let mut grants = match grants {
            Grants::Declared => declared.clone(),
            Grants::DeclaredAndLimits => declared.iter().cloned().chain([Capability::Limits]).collect(),
            Grants::Only(grants) => {
                let extra: Vec<String> = grants
                    .iter()
                    .filter(|grant| !declared.contains(grant) && **grant != Capability::Limits)
                    .map(ToString::to_string)
                    .collect();
                if !extra.is_empty() {
                    return Err(Refused::one(format!("module.toml does not declare {}", extra.join(", "))));
                }
                grants
            }
        };
        let above_policy = manifest.limits.above(&self.policy);
        if above_policy.is_empty() {
            // Recorded only while needed, so a later, tighter version does not carry it.
            grants.remove(&Capability::Limits);
        } else if !grants.contains(&Capability::Limits) {
            return Err(Refused(above_policy));
        }
        // The database's installation, which another instance may have changed since this
        // one last looked.
        let current = module_installations::get(db, &manifest.key).await.map_err(|err| internal(err.into()))?;
        if let Some(current) = current {
            let current_version = semver::Version::parse(&current.version).map_err(|err| internal(err.into()))?;
            if manifest.version < current_version {
                return Err(Refused::one(format!(
                    "version {} is older than the installed {current_version}",
                    manifest.version
                )));
            }
            if manifest.version == current_version && package.digest != current.digest {
                return Err(Refused::one(format!(
                    "version {} is installed with different content; give the new package a new version",
                    manifest.version
                )));
            }
        }
        let taken = self.taken_routes(manifest);
        if !taken.is_empty() {
            return Err(Refused(taken));
        }
        collections::check(db, manifest).await.map_err(Refused)?;
        let key = manifest.key.clone();
        let module_dir = self.config.dir.join(&key);
        let target = module_dir.join(manifest.version.to_string());
        let previous = self.get(&key);
        let installed = self
            .compile(Package { dir: target.clone(), ..package }, grants.clone())
            .await
            .map_err(|err| Refused::one(format!("{err:#}")))?;
        // A folder left by an earlier, failed install of this version is replaced: the
        // files on disk must be the ones just checked.
        if target.exists() {
            std::fs::remove_dir_all(&target).map_err(|err| internal(err.into()))?;
        }
        std::fs::create_dir_all(&module_dir).map_err(|err| internal(err.into()))?;
        std::fs::rename(staging, &target).map_err(|err| internal(err.into()))?;
        collections::migrate(db, installed.manifest()).await.map_err(Refused)?;
        let listed = Listed {
            module_key: key.clone(),
            version: installed.manifest().version.to_string(),
            digest: installed.digest.clone(),
            grants: serde_json::to_string(&grants).map_err(|err| internal(err.into()))?,
            format: INSTALLATION_FORMAT as i32,
        };
        // The commit point: from here every instance serves this version.
        module_installations::put(db, &listed, archive).await.map_err(|err| internal(err.into()))?;
        self.follow_as(&key, Some(listed));
        self.replace(&key, Some(installed.clone()));
        remove_replaced(previous, &installed);
        Ok(installed)
    }

    /// The legacy routes of `manifest` that the portal or another installed module
    /// answers already, each as a reason to refuse it: a path has one owner, so no module
    /// can take over another's calls (and the tokens in them).
    fn taken_routes(&self, manifest: &Manifest) -> Vec<String> {
        let others: Vec<Arc<Installed>> = self.all().into_iter().filter(|m| m.manifest().key != manifest.key).collect();
        manifest
            .legacy_routes
            .iter()
            .filter_map(|route| {
                let path = format!("/api{}", route.path);
                if crate::http::host_api_paths().iter().any(|template| matches_template(template, &path)) {
                    return Some(format!("{} {path} is the portal's own path", route.method));
                }
                let owner = others.iter().map(|other| other.manifest()).find(|other| {
                    other.legacy_routes.iter().any(|theirs| theirs.method == route.method && theirs.path == route.path)
                })?;
                Some(format!(
                    "{} {path} is answered by the installed module {} ({})",
                    route.method, owner.name, owner.key
                ))
            })
            .collect()
    }

    /// Stops serving the module and deletes its package. With [`ModuleData::Keep`] its
    /// collections and the host's bookkeeping stay, so reinstalling it finds them again;
    /// with [`ModuleData::Purge`] they are deleted for every company. A module removed
    /// earlier with its data kept has that data purged.
    pub async fn remove(&self, db: &Db, key: &str, data: ModuleData) -> anyhow::Result<Removed> {
        let _one_at_a_time = self.changing.lock().await;
        // The commit point: every instance stops serving it when it next looks.
        if !module_installations::delete(db, key).await? {
            let kept = collections::applied(db, key).await.map_err(|problems| anyhow::anyhow!(problems.join("; ")))?;
            if data == ModuleData::Keep || kept.is_empty() {
                return Ok(Removed::NotFound);
            }
            purge(db, key).await?;
            return Ok(Removed::KeptDataPurged);
        }
        self.replace(key, None);
        self.follow_as(key, None);
        let module_dir = self.config.dir.join(key);
        if module_dir.exists() {
            std::fs::remove_dir_all(&module_dir)?;
        }
        if data == ModuleData::Purge {
            purge(db, key).await?;
        }
        Ok(Removed::Removed)
    }
}

/// What a removal did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removed {
    /// No module of that key is installed (nor, for a purge, is its data kept).
    NotFound,
    Removed,
    /// The module was removed before; the data it kept is deleted now.
    KeptDataPurged,
}

/// Deletes module `key`'s collections and the host's bookkeeping of it, for every company.
async fn purge(db: &Db, key: &str) -> anyhow::Result<()> {
    collections::purge(db, key).await.map_err(|problems| anyhow::anyhow!(problems.join("; ")))?;
    crate::storage::module_purge::purge(db, key).await?;
    Ok(())
}

/// Whether `path` is one the route `template` answers: the same segments, where a
/// template's `{name}` stands for any one segment.
fn matches_template(template: &str, path: &str) -> bool {
    let (template, path): (Vec<&str>, Vec<&str>) = (template.split('/').collect(), path.split('/').collect());
    template.len() == path.len()
        && template.iter().zip(&path).all(|(want, got)| want == got || (want.starts_with('{') && want.ends_with('}')))
}

/// Deletes the files of the version `current` replaced: calls in flight hold its compiled
/// code, not its files.
fn remove_replaced(previous: Option<Arc<Installed>>, current: &Installed) {
    if let Some(previous) = previous.filter(|previous| previous.dir != current.dir) {
        let _ = std::fs::remove_dir_all(&previous.dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_template_segment_in_braces_matches_any_one_segment() {
        assert!(matches_template("/api/users/{id}", "/api/users/42"));
        assert!(matches_template("/api/users/signin", "/api/users/signin"));
        assert!(!matches_template("/api/users/{id}", "/api/users/42/picture"));
        assert!(!matches_template("/api/users/{id}", "/api/teams/42"));
    }

    #[test]
    fn the_portals_own_paths_include_its_documented_routes_and_the_document() {
        let paths = crate::http::host_api_paths();
        for path in ["/api/users/signin", "/api/admin/modules", "/api/openapi.json", "/api/docs"] {
            assert!(paths.iter().any(|template| matches_template(template, path)), "{path}");
        }
        assert!(!paths.iter().any(|template| matches_template(template, "/api/support/approve_request")));
    }

    #[test]
    fn an_installation_written_before_routes_were_capabilities_reads_as_format_1() {
        let old: InstallationFile = toml::from_str("version = \"1.0.0\"\ngrants = [\"storage\"]\n").unwrap();
        assert_eq!(old.format, 1);
        let current: InstallationFile =
            toml::from_str("version = \"1.0.0\"\ngrants = [\"storage\"]\nformat = 2\n").unwrap();
        assert_eq!(current.format, INSTALLATION_FORMAT);
    }
}
