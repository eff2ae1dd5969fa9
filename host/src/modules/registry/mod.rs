//! The module registry: which module versions are installed, loading them at start,
//! and installing, upgrading and removing them at run time.
//!
//! On disk, the modules directory holds one folder per module: `<key>/<version>/` is
//! the package, and `<key>/installation.toml` names the version that runs and the
//! capabilities the installation granted. The installation file is replaced last and
//! atomically, so a refused or interrupted install leaves the previous version serving.

pub mod api;
pub mod package;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crate::config::ModulesConfig;
use crate::modules::manifest::{Capability, Limits, Manifest};
use crate::modules::runtime::{Loaded, Runtime};
use crate::modules::{capabilities, collections};
use crate::storage::Db;
use package::{Package, Refused, Trust};

const INSTALLATION_FILE: &str = "installation.toml";
const STAGING_DIR: &str = ".staging";

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

/// What the installation file records.
#[derive(Debug, Serialize, Deserialize)]
struct Installation {
    version: semver::Version,
    grants: BTreeSet<Capability>,
    /// [`INSTALLATION_FORMAT`] when written; files without it were written before routes
    /// were capabilities, when every declared route was served.
    #[serde(default = "routes_granted_implicitly")]
    format: u32,
}

/// The installation file's format: 2 since routes are granted like any capability.
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
    /// One install or removal at a time.
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

    /// Loads every installed module. One that fails is logged and skipped; the others
    /// still load.
    pub async fn load_installed(&self, db: &Db) -> anyhow::Result<()> {
        let dir = &self.config.dir;
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the modules directory {}", dir.display()))?;
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            let key = entry.file_name().to_string_lossy().to_string();
            if !entry.path().join(INSTALLATION_FILE).is_file() {
                continue;
            }
            match self.load_one(db, &entry.path()).await {
                Ok(module) => {
                    tracing::info!(module = %key, version = %module.manifest().version, "module loaded");
                    self.replace(&key, Some(module));
                }
                Err(err) => tracing::error!(module = %key, error = format!("{err:#}"), "module not loaded"),
            }
        }
        Ok(())
    }

    async fn load_one(&self, db: &Db, module_dir: &Path) -> anyhow::Result<Arc<Installed>> {
        let text = std::fs::read_to_string(module_dir.join(INSTALLATION_FILE))?;
        let installation: Installation = toml::from_str(&text).context("installation.toml is not valid")?;
        let package_dir = module_dir.join(installation.version.to_string());
        let trust = self.trust.clone();
        let package = tokio::task::spawn_blocking(move || package::read(&package_dir, &trust))
            .await?
            .map_err(|refused| anyhow::anyhow!("{refused}"))?;
        let mut grants = installation.grants;
        // A policy tightened since the install stops the module until an administrator
        // grants it more.
        let above_policy = package.manifest.limits.above(&self.policy);
        anyhow::ensure!(grants.contains(&Capability::Limits) || above_policy.is_empty(), above_policy.join("; "));
        collections::migrate(db, &package.manifest).await.map_err(|problems| anyhow::anyhow!(problems.join("; ")))?;
        if installation.format < INSTALLATION_FORMAT {
            // Keep serving what this installation served before routes were capabilities.
            let manifest = &package.manifest;
            grants.extend(manifest.legacy_routes.iter().map(|route| route.capability()));
            grants.extend(manifest.public_routes.iter().map(|route| route.capability()));
        }
        self.compile(package, grants).await
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
        if let Some(current) = self.get(&manifest.key) {
            let current_version = &current.manifest().version;
            if manifest.version < *current_version {
                return Err(Refused::one(format!(
                    "version {} is older than the installed {current_version}",
                    manifest.version
                )));
            }
            if manifest.version == *current_version && package.digest != current.digest {
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
        let record =
            Installation { version: installed.manifest().version.clone(), grants, format: INSTALLATION_FORMAT };
        write_atomically(
            &module_dir.join(INSTALLATION_FILE),
            &toml::to_string(&record).map_err(|e| internal(e.into()))?,
        )
        .map_err(internal)?;
        self.replace(&key, Some(installed.clone()));
        if let Some(previous) = previous.filter(|p| p.dir != installed.dir) {
            // Calls in flight hold the compiled previous version; its files are not needed.
            let _ = std::fs::remove_dir_all(&previous.dir);
        }
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
        if self.get(key).is_none() {
            let kept = collections::applied(db, key).await.map_err(|problems| anyhow::anyhow!(problems.join("; ")))?;
            if data == ModuleData::Keep || kept.is_empty() {
                return Ok(Removed::NotFound);
            }
            purge(db, key).await?;
            return Ok(Removed::KeptDataPurged);
        }
        let module_dir = self.config.dir.join(key);
        std::fs::remove_file(module_dir.join(INSTALLATION_FILE))?;
        self.replace(key, None);
        std::fs::remove_dir_all(&module_dir)?;
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

/// Writes through a temporary file and a rename, so readers see the old or the new
/// content, never a part.
fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    let temporary = path.with_extension("tmp");
    std::fs::write(&temporary, text)?;
    std::fs::rename(&temporary, path)?;
    Ok(())
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
        let old: Installation = toml::from_str("version = \"1.0.0\"\ngrants = [\"storage\"]\n").unwrap();
        assert_eq!(old.format, 1);
        let record = Installation { version: old.version, grants: old.grants, format: INSTALLATION_FORMAT };
        let again: Installation = toml::from_str(&toml::to_string(&record).unwrap()).unwrap();
        assert_eq!(again.format, INSTALLATION_FORMAT);
    }
}
