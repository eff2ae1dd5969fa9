//! A module package on disk: `module.toml`, `backend.wasm`, `web/` (the remote's build
//! output), `digests.txt` (the SHA-256 of every other file) and, optionally,
//! `digests.sig` (an ed25519 signature over `digests.txt`). Reading a package checks all
//! of it before anything is compiled; packing writes one. Archives are `.tar.gz` files
//! of the package folder's contents.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

use anyhow::Context;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
/// The key a package is signed with (`autoscope module keygen`'s secret).
pub use ed25519_dalek::SigningKey;
use ed25519_dalek::{Signature, Signer, Verifier, VerifyingKey};
use sha2::{Digest, Sha256};

use crate::modules::manifest::Manifest;

pub const MANIFEST_FILE: &str = "module.toml";
pub const BACKEND_FILE: &str = "backend.wasm";
pub const WEB_DIR: &str = "web";
/// The Module Federation manifest of a remote's build, which the shell loads.
pub const REMOTE_MANIFEST_FILE: &str = "mf-manifest.json";
pub const DIGESTS_FILE: &str = "digests.txt";
pub const SIGNATURE_FILE: &str = "digests.sig";

/// The host API versions this host serves.
pub const SUPPORTED_HOST_APIS: [u32; 1] = [autoscope_wire::HOST_API_VERSION];

/// Caps on an uploaded archive, so an upload cannot fill the disk.
pub const MAX_ARCHIVE_BYTES: u64 = 64 * 1024 * 1024;
const MAX_ARCHIVE_FILES: usize = 2_000;

/// Why a package was refused: every reason found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub Vec<String>);

impl Refused {
    pub fn one(reason: impl Into<String>) -> Self {
        Self(vec![reason.into()])
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.join("; "))
    }
}

/// Which packages the host runs: signed by a trusted key, or unsigned when allowed.
#[derive(Debug, Clone)]
pub struct Trust {
    keys: Vec<VerifyingKey>,
    allow_unsigned: bool,
}

impl Trust {
    pub fn new(public_keys: &[String], allow_unsigned: bool) -> anyhow::Result<Self> {
        let keys = public_keys
            .iter()
            .map(|text| parse_public_key(text).with_context(|| format!("trusted module key '{text}' is not valid")))
            .collect::<anyhow::Result<_>>()?;
        Ok(Self { keys, allow_unsigned })
    }
}

/// A package that passed every check.
#[derive(Debug, Clone)]
pub struct Package {
    pub manifest: Manifest,
    pub wasm: Vec<u8>,
    pub dir: PathBuf,
    /// SHA-256 of `digests.txt`: names the exact content.
    pub digest: String,
    /// The trusted key (base64) that signed it; `None` when unsigned.
    pub signed_by: Option<String>,
}

/// Reads and checks the package in `dir`: file digests, signature, manifest, and the
/// wasm's host API version, exports and imports.
pub fn read(dir: &Path, trust: &Trust) -> Result<Package, Refused> {
    let digests_text = std::fs::read(dir.join(DIGESTS_FILE)).map_err(|_| {
        Refused::one(format!("{DIGESTS_FILE} is missing: pack the module with `autoscope module pack`"))
    })?;
    let listed = parse_digests(&digests_text)?;
    let present = list_files(dir).map_err(|err| Refused::one(format!("cannot read the package: {err}")))?;
    let mut problems = Vec::new();
    for (path, expected) in &listed {
        match std::fs::read(dir.join(path)) {
            Ok(bytes) if &sha256_hex(&bytes) == expected => {}
            Ok(_) => problems.push(format!("{path} does not match its digest")),
            Err(_) => problems.push(format!("{path} is listed in {DIGESTS_FILE} but missing")),
        }
    }
    for path in present.iter().filter(|p| !listed.contains_key(*p) && *p != DIGESTS_FILE && *p != SIGNATURE_FILE) {
        problems.push(format!("{path} is not listed in {DIGESTS_FILE}"));
    }
    for required in [MANIFEST_FILE, BACKEND_FILE] {
        if !listed.contains_key(required) {
            problems.push(format!("{required} is missing"));
        }
    }
    if !problems.is_empty() {
        return Err(Refused(problems));
    }
    let signed_by = check_signature(dir, &digests_text, trust)?;
    let manifest_text = std::fs::read_to_string(dir.join(MANIFEST_FILE))
        .map_err(|_| Refused::one(format!("{MANIFEST_FILE} is not UTF-8 text")))?;
    let manifest = Manifest::parse(&manifest_text).map_err(Refused::one)?;
    manifest.validate().map_err(Refused)?;
    web_problems(&manifest, &dir.join(WEB_DIR)).map_err(Refused::one)?;
    let wasm = std::fs::read(dir.join(BACKEND_FILE)).map_err(|err| Refused::one(format!("{BACKEND_FILE}: {err}")))?;
    let built_for = inspect_wasm(&wasm)?;
    if !SUPPORTED_HOST_APIS.contains(&built_for) {
        return Err(Refused::one(format!(
            "{BACKEND_FILE} targets host API {built_for}; this host serves {SUPPORTED_HOST_APIS:?}"
        )));
    }
    if built_for != manifest.host_api {
        return Err(Refused::one(format!(
            "{MANIFEST_FILE} says host_api {} but {BACKEND_FILE} was built for {built_for}",
            manifest.host_api
        )));
    }
    Ok(Package { manifest, wasm, dir: dir.to_path_buf(), digest: sha256_hex(&digests_text), signed_by })
}

fn check_signature(dir: &Path, digests_text: &[u8], trust: &Trust) -> Result<Option<String>, Refused> {
    let Ok(signature_text) = std::fs::read_to_string(dir.join(SIGNATURE_FILE)) else {
        return if trust.allow_unsigned {
            Ok(None)
        } else {
            Err(Refused::one(
                "the package is not signed; sign it with a trusted key or set AUTOSCOPE_ALLOW_UNSIGNED_MODULES=true",
            ))
        };
    };
    let signature = STANDARD
        .decode(signature_text.trim())
        .ok()
        .and_then(|bytes| Signature::from_slice(&bytes).ok())
        .ok_or_else(|| Refused::one(format!("{SIGNATURE_FILE} is not an ed25519 signature")))?;
    trust
        .keys
        .iter()
        .find(|key| key.verify(digests_text, &signature).is_ok())
        .map(|key| Some(STANDARD.encode(key.as_bytes())))
        .ok_or_else(|| Refused::one("the package's signature does not match any trusted key"))
}

/// `<hex sha256>  <relative path>` per line, as `sha256sum` writes them.
fn parse_digests(text: &[u8]) -> Result<BTreeMap<String, String>, Refused> {
    let text = std::str::from_utf8(text).map_err(|_| Refused::one(format!("{DIGESTS_FILE} is not UTF-8 text")))?;
    let mut listed = BTreeMap::new();
    for (number, line) in text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty()) {
        let (digest, path) = line
            .split_once("  ")
            .filter(|(digest, path)| digest.len() == 64 && is_safe_relative(path))
            .ok_or_else(|| Refused::one(format!("{DIGESTS_FILE} line {} is not '<sha256>  <path>'", number + 1)))?;
        listed.insert(path.to_string(), digest.to_ascii_lowercase());
    }
    Ok(listed)
}

/// Every regular file under `dir`, as `/`-separated relative paths.
fn list_files(dir: &Path) -> std::io::Result<Vec<String>> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder)? {
            let entry = entry?;
            let kind = entry.file_type()?;
            if kind.is_dir() {
                pending.push(entry.path());
            } else if kind.is_file() {
                let relative = entry.path().strip_prefix(dir).map(Path::to_path_buf).unwrap_or_default();
                files.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    files.sort();
    Ok(files)
}

fn is_safe_relative(path: &str) -> bool {
    !path.is_empty() && !path.contains('\\') && Path::new(path).components().all(|c| matches!(c, Component::Normal(_)))
}

/// The host API version recorded by the SDK, after checking that the plugin exports
/// `handle` and imports nothing but the host's functions and Extism's kernel.
pub fn inspect_wasm(wasm: &[u8]) -> Result<u32, Refused> {
    use wasmparser::{Parser, Payload};
    let mut version = None;
    let mut exports_handle = false;
    let mut problems = Vec::new();
    for payload in Parser::new(0).parse_all(wasm) {
        match payload.map_err(|err| Refused::one(format!("{BACKEND_FILE} is not valid WebAssembly: {err}")))? {
            Payload::CustomSection(section) if section.name() == autoscope_wire::API_VERSION_SECTION => {
                let bytes: [u8; 4] = section.data().try_into().map_err(|_| {
                    Refused::one(format!("the {} section must hold 4 bytes", autoscope_wire::API_VERSION_SECTION))
                })?;
                version = Some(u32::from_le_bytes(bytes));
            }
            Payload::ExportSection(exports) => {
                for export in exports.into_iter().flatten() {
                    exports_handle |= export.name == autoscope_wire::HANDLE_EXPORT;
                }
            }
            Payload::ImportSection(imports) => {
                for import in imports.into_imports().flatten() {
                    if let Some(problem) = refused_import(import.module, import.name) {
                        problems.push(problem);
                    }
                }
            }
            _ => {}
        }
    }
    if !exports_handle {
        problems.push(format!("{BACKEND_FILE} does not export '{}'", autoscope_wire::HANDLE_EXPORT));
    }
    let Some(version) = version else {
        problems.push(format!(
            "{BACKEND_FILE} has no {} section: build it with the Autoscope SDK (autoscope_sdk::module!)",
            autoscope_wire::API_VERSION_SECTION
        ));
        return Err(Refused(problems));
    };
    if problems.is_empty() { Ok(version) } else { Err(Refused(problems)) }
}

/// Plugins reach the world only through the host's functions: no WASI, no Extism HTTP.
fn refused_import(module: &str, name: &str) -> Option<String> {
    let allowed = match module {
        autoscope_wire::HOST_NAMESPACE => autoscope_wire::HostFunction::from_name(name).is_some(),
        "extism:host/env" => !name.starts_with("http_"),
        _ => false,
    };
    (!allowed).then(|| {
        format!(
            "{BACKEND_FILE} imports {module}::{name}; plugins may only call the functions of {}",
            autoscope_wire::HOST_NAMESPACE
        )
    })
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// What `pack` puts in a package.
#[derive(Debug, Clone, Copy)]
pub struct PackSource<'a> {
    pub manifest: &'a Path,
    pub wasm: &'a Path,
    /// The remote's build output, if the module has pages.
    pub web: Option<&'a Path>,
}

/// Writes a package folder at `out` (replacing it) with its digests and, given a key,
/// its signature. The manifest is checked first, so a bad one is never packed.
pub fn pack(source: &PackSource<'_>, out: &Path, signing_key: Option<&SigningKey>) -> anyhow::Result<()> {
    let manifest_text = std::fs::read_to_string(source.manifest)
        .with_context(|| format!("cannot read {}", source.manifest.display()))?;
    let manifest = Manifest::parse(&manifest_text).map_err(|err| anyhow::anyhow!(err))?;
    manifest.validate().map_err(|problems| anyhow::anyhow!(problems.join("; ")))?;
    if out.exists() {
        std::fs::remove_dir_all(out).with_context(|| format!("cannot replace {}", out.display()))?;
    }
    std::fs::create_dir_all(out)?;
    std::fs::write(out.join(MANIFEST_FILE), manifest_text)?;
    std::fs::copy(source.wasm, out.join(BACKEND_FILE))
        .with_context(|| format!("cannot copy {}", source.wasm.display()))?;
    match source.web {
        Some(web) => {
            web_problems(&manifest, web).map_err(|problem| anyhow::anyhow!("{}: {problem}", web.display()))?;
            copy_dir(web, &out.join(WEB_DIR))?;
        }
        None => anyhow::ensure!(
            manifest.pages.is_empty(),
            "module.toml declares pages: pack needs the remote's build (--web <folder with {REMOTE_MANIFEST_FILE}>)"
        ),
    }
    let mut digests = String::new();
    for path in list_files(out)? {
        let bytes = std::fs::read(out.join(&path))?;
        digests.push_str(&format!("{}  {path}\n", sha256_hex(&bytes)));
    }
    std::fs::write(out.join(DIGESTS_FILE), &digests)?;
    if let Some(key) = signing_key {
        std::fs::write(out.join(SIGNATURE_FILE), STANDARD.encode(key.sign(digests.as_bytes()).to_bytes()))?;
    }
    Ok(())
}

/// Why the remote's build in `web` cannot serve `manifest`'s pages: missing, or not
/// exposing a page's component or widget (`mf-manifest.json`'s `exposes`). A module
/// without pages needs no build.
fn web_problems(manifest: &Manifest, web: &Path) -> Result<(), String> {
    #[derive(serde::Deserialize)]
    struct Exposed {
        path: String,
    }
    #[derive(serde::Deserialize)]
    struct RemoteManifest {
        exposes: Vec<Exposed>,
    }
    if manifest.pages.is_empty() {
        return Ok(());
    }
    let text = std::fs::read_to_string(web.join(REMOTE_MANIFEST_FILE)).map_err(|_| {
        format!("module.toml declares pages but the package has no web build ({WEB_DIR}/{REMOTE_MANIFEST_FILE})")
    })?;
    let remote: RemoteManifest = serde_json::from_str(&text)
        .map_err(|err| format!("{WEB_DIR}/{REMOTE_MANIFEST_FILE} is not a remote's manifest: {err}"))?;
    let missing: Vec<&str> = manifest
        .exposed_components()
        .filter(|component| !remote.exposes.iter().any(|exposed| &exposed.path == *component))
        .map(String::as_str)
        .collect();
    match missing.is_empty() {
        true => Ok(()),
        false => Err(format!("the web build does not expose {} (module.toml's pages name them)", missing.join(", "))),
    }
}

fn copy_dir(from: &Path, to: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from).with_context(|| format!("cannot read {}", from.display()))? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
}

/// The package folder's contents as a `.tar.gz`, for the install API.
pub fn archive(dir: &Path) -> anyhow::Result<Vec<u8>> {
    let encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    let mut tar = tar::Builder::new(encoder);
    for path in list_files(dir)? {
        tar.append_path_with_name(dir.join(&path), &path)?;
    }
    Ok(tar.into_inner()?.finish()?)
}

/// Unpacks an uploaded archive into `dest`, refusing anything but plain files at safe
/// relative paths, and archives beyond the size caps.
pub fn unpack(archive: &[u8], dest: &Path) -> Result<(), Refused> {
    let bad = |err: std::io::Error| Refused::one(format!("the archive cannot be read as .tar.gz: {err}"));
    let mut tar = tar::Archive::new(flate2::read::GzDecoder::new(archive).take(MAX_ARCHIVE_BYTES + 1));
    let mut total = 0u64;
    let mut count = 0usize;
    for entry in tar.entries().map_err(bad)? {
        let mut entry = entry.map_err(bad)?;
        let kind = entry.header().entry_type();
        if kind.is_dir() {
            continue;
        }
        let path = entry.path().map_err(bad)?.to_string_lossy().trim_start_matches("./").to_string();
        if !kind.is_file() || !is_safe_relative(&path) {
            return Err(Refused::one(format!("the archive entry '{path}' is not a plain file at a relative path")));
        }
        count += 1;
        total += entry.header().size().map_err(bad)?;
        if count > MAX_ARCHIVE_FILES || total > MAX_ARCHIVE_BYTES {
            return Err(Refused::one(format!(
                "the archive is larger than {MAX_ARCHIVE_FILES} files or {} MiB",
                MAX_ARCHIVE_BYTES >> 20
            )));
        }
        let target = dest.join(&path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(bad)?;
        }
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).map_err(bad)?;
        std::fs::write(&target, bytes).map_err(bad)?;
    }
    Ok(())
}

/// A new signing key: (secret, public), both base64.
pub fn generate_key() -> (String, String) {
    let secret: [u8; 32] = rand::random();
    let key = SigningKey::from_bytes(&secret);
    (STANDARD.encode(secret), STANDARD.encode(key.verifying_key().as_bytes()))
}

pub fn parse_signing_key(text: &str) -> anyhow::Result<SigningKey> {
    let bytes: [u8; 32] = STANDARD
        .decode(text.trim())
        .ok()
        .and_then(|bytes| bytes.try_into().ok())
        .context("a signing key is 32 bytes in base64")?;
    Ok(SigningKey::from_bytes(&bytes))
}

fn parse_public_key(text: &str) -> anyhow::Result<VerifyingKey> {
    let bytes: [u8; 32] = STANDARD
        .decode(text.trim())
        .ok()
        .and_then(|bytes| bytes.try_into().ok())
        .context("a public key is 32 bytes in base64")?;
    Ok(VerifyingKey::from_bytes(&bytes)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digest_lines_must_be_well_formed_and_relative() {
        let good = format!("{}  web/remoteEntry.js\n", "a".repeat(64));
        assert_eq!(parse_digests(good.as_bytes()).unwrap()["web/remoteEntry.js"], "a".repeat(64));
        for bad in
            [format!("{}  ../etc/passwd", "a".repeat(64)), format!("{}  /abs", "a".repeat(64)), "short  x".into()]
        {
            assert!(parse_digests(bad.as_bytes()).is_err(), "{bad}");
        }
    }

    #[test]
    fn wasm_without_the_sdk_section_is_refused_with_the_reason() {
        // The smallest module: magic and version, nothing else.
        let empty = b"\0asm\x01\0\0\0";
        let reasons = inspect_wasm(empty).unwrap_err().0;
        assert!(reasons.iter().any(|r| r.contains("does not export 'handle'")), "{reasons:?}");
        assert!(reasons.iter().any(|r| r.contains("autoscope.host_api")), "{reasons:?}");
        assert!(inspect_wasm(b"not wasm").unwrap_err().0[0].contains("not valid WebAssembly"));
    }

    #[test]
    fn only_host_functions_and_the_extism_kernel_may_be_imported() {
        assert!(refused_import("autoscope:host/v1", "storage").is_none());
        assert!(refused_import("extism:host/env", "alloc").is_none());
        assert!(refused_import("extism:host/env", "http_request").is_some());
        assert!(refused_import("wasi_snapshot_preview1", "fd_write").is_some());
        assert!(refused_import("autoscope:host/v1", "exec").is_some());
    }

    #[test]
    fn a_signature_from_an_unknown_key_is_refused() {
        let dir = std::env::temp_dir().join(format!("autoscope-sig-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let (secret, public) = generate_key();
        let key = parse_signing_key(&secret).unwrap();
        std::fs::write(dir.join(SIGNATURE_FILE), STANDARD.encode(key.sign(b"digests").to_bytes())).unwrap();
        let trusted = Trust::new(std::slice::from_ref(&public), false).unwrap();
        assert_eq!(check_signature(&dir, b"digests", &trusted).unwrap(), Some(public));
        assert!(check_signature(&dir, b"other digests", &trusted).is_err());
        let (_, stranger) = generate_key();
        assert!(check_signature(&dir, b"digests", &Trust::new(&[stranger], true).unwrap()).is_err());
        std::fs::remove_file(dir.join(SIGNATURE_FILE)).unwrap();
        assert_eq!(check_signature(&dir, b"digests", &Trust::new(&[], true).unwrap()).unwrap(), None);
        assert!(check_signature(&dir, b"digests", &Trust::new(&[], false).unwrap()).is_err());
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_web_build_must_expose_every_page_component_and_widget() {
        let manifest = Manifest::parse(
            r#"
key = "shop"
name = "Shop"
version = "1.0.0"
host_api = 1
rights_key = "process"
remote = "shop"
[[pages]]
route = "/Shop"
label = "Shop"
component = "./ShopPage"
widget = "./ShopWidget"
"#,
        )
        .unwrap();
        let web = std::env::temp_dir().join(format!("autoscope-web-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&web).unwrap();
        let write = |exposed: &[&str]| {
            let exposes: Vec<_> = exposed.iter().map(|path| serde_json::json!({ "path": path })).collect();
            let text = serde_json::json!({ "exposes": exposes }).to_string();
            std::fs::write(web.join(REMOTE_MANIFEST_FILE), text).unwrap();
        };
        write(&["./ShopPage"]);
        assert_eq!(
            web_problems(&manifest, &web).unwrap_err(),
            "the web build does not expose ./ShopWidget (module.toml's pages name them)"
        );
        write(&["./ShopPage", "./ShopWidget", "./Extra"]);
        assert_eq!(web_problems(&manifest, &web), Ok(()));
        std::fs::remove_file(web.join(REMOTE_MANIFEST_FILE)).unwrap();
        assert_eq!(
            web_problems(&manifest, &web).unwrap_err(),
            "module.toml declares pages but the package has no web build (web/mf-manifest.json)"
        );
        let no_pages = Manifest { pages: Vec::new(), ..manifest };
        assert_eq!(web_problems(&no_pages, &web), Ok(()), "a module without pages needs no build");
        std::fs::remove_dir_all(web).unwrap();
    }

    #[test]
    fn archives_with_escaping_paths_are_refused() {
        let mut tar = tar::Builder::new(Vec::new());
        let mut header = tar::Header::new_gnu();
        header.set_size(1);
        header.set_entry_type(tar::EntryType::Symlink);
        header.set_cksum();
        tar.append_data(&mut header, "link", &b"x"[..]).unwrap();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        std::io::Write::write_all(&mut gz, &tar.into_inner().unwrap()).unwrap();
        let dest = std::env::temp_dir().join(format!("autoscope-unpack-{}", uuid::Uuid::new_v4()));
        let refused = unpack(&gz.finish().unwrap(), &dest).unwrap_err();
        assert!(refused.0[0].contains("not a plain file"), "{refused:?}");
        assert!(unpack(b"plain bytes", &dest).is_err());
    }
}
