//! The test module packages: plugins built by `make modules` (from `tests/modules/`),
//! packed per test with the host's own packer so a test can edit the manifest first.

use std::path::PathBuf;

use autoscope::modules::registry::package::{self, PackSource};
use serde_json::Value;

use super::{Answer, TempDir, TestApp};

/// The workspace root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("target"))
}

pub fn compile_cache_dir() -> PathBuf {
    target_dir().join("test-compile-cache")
}

/// The built plugin of test module `name` (`crud`, `faults`).
pub fn wasm(name: &str) -> PathBuf {
    let path = target_dir().join(format!("wasm32-unknown-unknown/plugin/test_module_{name}.wasm"));
    assert!(path.is_file(), "{} is missing: run `make modules` first", path.display());
    path
}

/// The manifest text of test module `name`.
pub fn manifest(name: &str) -> String {
    std::fs::read_to_string(root().join(format!("tests/modules/{name}/module.toml"))).unwrap()
}

/// A package archive of test module `name` with its manifest as `manifest_text`,
/// signed with `signing_key` (base64) when given.
pub fn archive_with(name: &str, manifest_text: &str, signing_key: Option<&str>) -> Vec<u8> {
    let work = TempDir::new();
    let manifest_path = work.0.join("module.toml");
    std::fs::write(&manifest_path, manifest_text).unwrap();
    let mut web = root().join(format!("tests/modules/{name}/web"));
    if !web.is_dir() {
        web = work.0.join("web");
        autoscope::testing::stand_in_web(&manifest_path, &web).unwrap();
    }
    let wasm = wasm(name);
    let source = PackSource { manifest: &manifest_path, wasm: &wasm, web: web.is_dir().then_some(web.as_path()) };
    let out = work.0.join("package");
    let key = signing_key.map(|key| package::parse_signing_key(key).unwrap());
    package::pack(&source, &out, key.as_ref()).unwrap();
    package::archive(&out).unwrap()
}

/// A package of test module `name` whose files `edit` changed after packing; with
/// `redigest`, the digests are computed again (a consistent package with, say, a manifest
/// the packer would refuse), otherwise they are stale (a tampered package).
pub fn archive_edited(name: &str, redigest: bool, edit: impl FnOnce(&std::path::Path)) -> Vec<u8> {
    let work = TempDir::new();
    let dir = work.0.join("package");
    std::fs::create_dir_all(&dir).unwrap();
    package::unpack(&archive(name), &dir).unwrap();
    edit(&dir);
    if redigest {
        let mut digests = String::new();
        let mut files: Vec<String> = walk(&dir, &dir);
        files.sort();
        for path in files.iter().filter(|p| !p.starts_with("digests.")) {
            digests.push_str(&format!("{}  {path}\n", package::sha256_hex(&std::fs::read(dir.join(path)).unwrap())));
        }
        std::fs::write(dir.join(package::DIGESTS_FILE), digests).unwrap();
    }
    package::archive(&dir).unwrap()
}

fn walk(root: &std::path::Path, dir: &std::path::Path) -> Vec<String> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(root, &path));
        } else {
            files.push(path.strip_prefix(root).unwrap().to_string_lossy().to_string());
        }
    }
    files
}

/// The package archive of product module `key` as `make modules` built its plugin, with a
/// stand-in for its web build (no page is loaded).
pub fn product_archive(key: &str) -> Vec<u8> {
    let work = TempDir::new();
    let manifest = root().join(format!("plugins/{key}/module.toml"));
    let wasm = target_dir().join(format!("wasm32-unknown-unknown/plugin/module_{key}.wasm"));
    assert!(wasm.is_file(), "{} is missing: run `make modules` first", wasm.display());
    let web = work.0.join("web");
    let has_pages = autoscope::testing::stand_in_web(&manifest, &web).unwrap();
    let source = PackSource { manifest: &manifest, wasm: &wasm, web: has_pages.then_some(web.as_path()) };
    let out = work.0.join("package");
    package::pack(&source, &out, None).unwrap();
    package::archive(&out).unwrap()
}

/// The package archive of test module `name` as it is.
pub fn archive(name: &str) -> Vec<u8> {
    archive_with(name, &manifest(name), None)
}

/// The manifest of `name` at another version.
pub fn manifest_at(name: &str, version: &str) -> String {
    manifest(name).replace("version = \"1.0.0\"", &format!("version = \"{version}\""))
}

impl TestApp {
    /// A platform administrator's session.
    pub async fn admin_token(&self) -> String {
        let email = format!("admin-{}@autoscope.test", uuid::Uuid::new_v4().simple());
        autoscope::admin::create_admin(&self.state, &email, Some(super::PASSWORD.into())).await.unwrap();
        self.sign_in(&email, super::PASSWORD).await
    }

    /// `POST /api/admin/modules?grants=...` with a package archive.
    pub async fn install(&self, admin: &str, archive: Vec<u8>, grants: &str) -> Answer {
        let (status, body) = post_package(&self.client, &self.base, admin, archive, grants).await;
        Answer { status, body }
    }

    /// Installs test module `name` with everything it declares granted.
    pub async fn install_test_module(&self, name: &str) {
        let admin = self.admin_token().await;
        let answer = self.install(&admin, archive(name), "declared").await;
        assert_eq!(answer.status, 200, "{answer:?}");
    }
}

/// Posts a package archive to the host at `base` (`POST /api/admin/modules?grants=...`) as
/// the administrator `admin`: the status and the JSON answer.
pub async fn post_package(
    client: &reqwest::Client,
    base: &str,
    admin: &str,
    archive: Vec<u8>,
    grants: &str,
) -> (u16, Value) {
    let response = client
        .post(format!("{base}/api/admin/modules?grants={grants}"))
        .bearer_auth(admin)
        .header("content-type", "application/gzip")
        .body(archive)
        .send()
        .await
        .expect("the host answers");
    let status = response.status().as_u16();
    (status, response.json::<Value>().await.unwrap_or(Value::Null))
}
