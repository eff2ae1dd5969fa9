//! `autoscope module dev`: rebuilds a module and reinstalls it into a running local portal
//! each time its sources change, so an author sees a change in the portal seconds after
//! saving it. Each build is installed as `<version>+dev.<millis>`: the registry refuses new
//! content under an installed version, and build metadata sorts after the release and in
//! the order of the builds.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{Context, bail};
use serde_json::{Value, json};

use crate::modules::manifest::Manifest;
use crate::modules::registry::package::SigningKey;

/// How often the sources are looked at. Polling a module's few files costs nothing and,
/// unlike change events, works on every file system (network mounts, containers' bind
/// mounts) and with every editor's way of saving.
const POLL: Duration = Duration::from_millis(500);
/// How long the sources must stay unchanged before a build: an editor saving several
/// files, or a formatter rewriting them, causes one build.
const SETTLE: Duration = Duration::from_millis(300);

/// The portal to install into, and its platform administrator's credentials.
pub struct Portal {
    /// e.g. `http://127.0.0.1:8080`.
    pub url: String,
    pub email: String,
    pub password: String,
}

/// The version a development build is installed as: `version` with the build metadata
/// `dev.<millis>` (replacing any it had).
pub fn dev_version(version: &semver::Version, millis: u128) -> anyhow::Result<semver::Version> {
    let mut dev = version.clone();
    dev.build = semver::BuildMetadata::new(&format!("dev.{millis}"))?;
    Ok(dev)
}

/// The files a build reads, each with its modification time: module.toml, the crate
/// (Cargo.toml, src/) and the remote's sources and configuration.
fn sources(dir: &Path) -> BTreeMap<PathBuf, SystemTime> {
    let mut found = BTreeMap::new();
    let files = ["module.toml", "Cargo.toml", "remote/package.json", "remote/rspack.config.mjs"];
    let mut pending: Vec<PathBuf> = files.iter().chain(&["src", "remote/src"]).map(|path| dir.join(path)).collect();
    while let Some(path) = pending.pop() {
        let Ok(meta) = std::fs::metadata(&path) else { continue };
        if meta.is_dir() {
            if let Ok(entries) = std::fs::read_dir(&path) {
                pending.extend(entries.filter_map(|entry| entry.ok().map(|entry| entry.path())));
            }
        } else if let Ok(modified) = meta.modified() {
            found.insert(path, modified);
        }
    }
    found
}

/// Builds and installs the module in `dir` into `portal` now, then again after each change
/// of its sources, until the future is dropped. A failed build or a refused package is
/// printed and waits for the next change.
pub async fn run(dir: &Path, portal: &Portal, signing_key: Option<&SigningKey>) -> anyhow::Result<()> {
    crate::install_crypto_provider();
    let client = reqwest::Client::builder().timeout(Duration::from_secs(120)).build()?;
    let mut token = sign_in(&client, portal).await?;
    let mut built: Option<BTreeMap<PathBuf, SystemTime>> = None;
    loop {
        let now = sources(dir);
        if built.as_ref() != Some(&now) {
            tokio::time::sleep(SETTLE).await;
            if sources(dir) != now {
                continue;
            }
            // Taken before the build: a change saved during it triggers another.
            built = Some(now);
            match build_and_install(&client, portal, &mut token, dir, signing_key).await {
                Ok(installed) => println!("installed {installed}; watching {} for changes", dir.display()),
                Err(err) => eprintln!("{err:#}\nwatching {} for changes", dir.display()),
            }
        }
        tokio::time::sleep(POLL).await;
    }
}

async fn build_and_install(
    client: &reqwest::Client,
    portal: &Portal,
    token: &mut String,
    dir: &Path,
    signing_key: Option<&SigningKey>,
) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(dir.join("module.toml")).context("cannot read module.toml")?;
    let manifest = Manifest::parse(&text).map_err(anyhow::Error::msg)?;
    let millis = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_millis();
    let version = dev_version(&manifest.version, millis)?;
    let (dir, out, key) = (dir.to_path_buf(), dir.join("dist/dev"), signing_key.cloned());
    let archive = tokio::task::spawn_blocking(move || super::build(&dir, &out, key.as_ref(), Some(&version))).await??;
    let archive = std::fs::read(&archive).with_context(|| format!("cannot read {}", archive.display()))?;
    let mut reply = install(client, portal, token, &archive).await?;
    if reply.status() == reqwest::StatusCode::UNAUTHORIZED {
        // The session ended (12 hours, or a sign-out): once more with a new one.
        *token = sign_in(client, portal).await?;
        reply = install(client, portal, token, &archive).await?;
    }
    let status = reply.status();
    let body: Value = reply.json().await.unwrap_or(Value::Null);
    if !status.is_success() {
        bail!("the portal refused the package ({status}): {}", body["message"].as_str().unwrap_or("no message"));
    }
    Ok(format!("{} {}", body["key"].as_str().unwrap_or("?"), body["version"].as_str().unwrap_or("?")))
}

async fn install(
    client: &reqwest::Client,
    portal: &Portal,
    token: &str,
    archive: &[u8],
) -> anyhow::Result<reqwest::Response> {
    client
        .post(format!("{}/api/admin/modules?grants=declared", portal.url))
        .bearer_auth(token)
        .header(reqwest::header::CONTENT_TYPE, "application/gzip")
        .body(archive.to_vec())
        .send()
        .await
        .with_context(|| format!("cannot reach the portal at {}", portal.url))
}

async fn sign_in(client: &reqwest::Client, portal: &Portal) -> anyhow::Result<String> {
    let reply = client
        .post(format!("{}/api/users/signin", portal.url))
        .json(&json!({ "email": portal.email, "password": portal.password }))
        .send()
        .await
        .with_context(|| format!("cannot reach the portal at {}", portal.url))?;
    let status = reply.status();
    let body: Value = reply.json().await.unwrap_or(Value::Null);
    match body["token"].as_str() {
        Some(token) if status.is_success() => Ok(token.to_string()),
        _ => bail!("cannot sign in as {} ({status}): {}", portal.email, body["message"].as_str().unwrap_or("")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dev_builds_sort_after_the_release_and_in_build_order() {
        let release = semver::Version::new(1, 2, 0);
        let first = dev_version(&release, 1_700_000_000_000).unwrap();
        let second = dev_version(&first, 1_700_000_000_500).unwrap();
        assert_eq!(first.to_string(), "1.2.0+dev.1700000000000");
        assert_eq!(second.to_string(), "1.2.0+dev.1700000000500", "the earlier build's metadata is replaced");
        assert!(release < first && first < second);
        assert!(second < semver::Version::new(1, 2, 1), "the next release is newer than any dev build");
    }

    #[test]
    fn the_sources_are_the_manifest_the_crate_and_the_remote_not_build_output() {
        let dir = std::env::temp_dir().join(format!("autoscope-dev-{}", uuid::Uuid::new_v4()));
        for file in ["module.toml", "src/lib.rs", "remote/src/Page.tsx", "remote/dist/x.js", "target/x", "README.md"] {
            std::fs::create_dir_all(dir.join(file).parent().unwrap()).unwrap();
            std::fs::write(dir.join(file), "").unwrap();
        }
        let found: Vec<_> = sources(&dir).into_keys().map(|path| path.strip_prefix(&dir).unwrap().to_owned()).collect();
        let expected: Vec<PathBuf> = ["module.toml", "remote/src/Page.tsx", "src/lib.rs"].map(PathBuf::from).into();
        assert_eq!(found, expected);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
