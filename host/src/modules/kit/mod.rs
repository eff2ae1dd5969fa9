//! The module author's kit behind `autoscope module new`, `autoscope module build` and
//! `autoscope module dev`: a module that builds, packs, installs and is tested as it is, in
//! any folder, outside this repository (its tests run on `crate::testing::harness`).
//! docs/module-tutorial.md walks through it.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, ensure};

use crate::modules::manifest::{Manifest, is_name};
use crate::modules::registry::package::{self, PackSource, REMOTE_MANIFEST_FILE};

pub mod dev;

/// Where a new module takes the SDK's crates from: the plugin SDK (`autoscope-sdk`) and
/// the test harness (`autoscope-harness`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sdk {
    /// A tag of the portal's repository, as each release publishes it (`sdk-v<version>`).
    Git { url: String, tag: String },
    /// A checkout of the portal's repository (its `sdk/plugin` and `sdk/harness` folders).
    Path(PathBuf),
}

/// The repository the released SDK is fetched from, unless `--sdk-git` names another.
pub const SDK_REPOSITORY: &str = "https://github.com/autoscope/autoscope";

impl Sdk {
    /// This host's own SDK, as released: the tag of its version.
    pub fn released(url: &str) -> Self {
        Self::Git { url: url.to_string(), tag: format!("sdk-v{}", env!("CARGO_PKG_VERSION")) }
    }

    /// The table in `Cargo.toml` of the SDK's crate in the repository's folder `sdk/<folder>`.
    fn dependency(&self, folder: &str) -> String {
        let quoted = |text: &str| toml::Value::String(text.to_string()).to_string();
        match self {
            Self::Git { url, tag } => format!("{{ git = {}, tag = {} }}", quoted(url), quoted(tag)),
            Self::Path(checkout) => {
                format!("{{ path = {} }}", quoted(&checkout.join("sdk").join(folder).display().to_string()))
            }
        }
    }

    /// The version of the SDK's npm package in the repository's folder `sdk/<folder>`, as
    /// the remote's package.json names it: the release of this version on the registry, or
    /// the checkout's folder.
    fn web_dependency(&self, folder: &str) -> String {
        match self {
            Self::Git { .. } => env!("CARGO_PKG_VERSION").to_string(),
            Self::Path(checkout) => format!("file:{}", checkout.join("sdk").join(folder).display()),
        }
    }
}

/// The files of a new module, with `{{key}}`, `{{name}}`, `{{route}}`, `{{host_api}}`,
/// `{{sdk}}` and `{{harness}}` to fill.
const TEMPLATE: [(&str, &str); 10] = [
    ("Cargo.toml", include_str!("template/Cargo.toml.tmpl")),
    ("module.toml", include_str!("template/module.toml.tmpl")),
    ("src/lib.rs", include_str!("template/lib.rs.tmpl")),
    ("tests/notes.rs", include_str!("template/notes_test.rs.tmpl")),
    ("README.md", include_str!("template/README.md.tmpl")),
    (".gitignore", include_str!("template/gitignore.tmpl")),
    ("remote/rspack.config.mjs", include_str!("template/remote/rspack.config.mjs.tmpl")),
    ("remote/tsconfig.json", include_str!("template/remote/tsconfig.json.tmpl")),
    ("remote/src/NotesPage.tsx", include_str!("template/remote/NotesPage.tsx.tmpl")),
    ("remote/src/NotesWidget.tsx", include_str!("template/remote/NotesWidget.tsx.tmpl")),
];

/// The product remotes' package.json: a new remote pins the same versions of what the
/// shell shares and of the build tools.
const PRODUCT_REMOTES_PACKAGE: &str = include_str!("../../../../modules-web/package.json");

/// What a new remote depends on (besides the SDK's two packages), by section.
const REMOTE_DEPENDENCIES: [&str; 4] = ["react", "react-dom", "@mantine/core", "@mantine/hooks"];
const REMOTE_DEV_DEPENDENCIES: [&str; 7] = [
    "@module-federation/enhanced",
    "@rspack/cli",
    "@rspack/core",
    "smol-toml",
    "typescript",
    "@types/react",
    "@types/react-dom",
];

/// The toolchain the SDK is built and tested with, and the versions of its dependencies:
/// a new module starts from both, so its first build is the one tested here.
const TOOLCHAIN: &str = include_str!("../../../../rust-toolchain.toml");
const LOCK: &str = include_str!("../../../../Cargo.lock");

/// Writes a new module `key` into `dir` (which must not exist or be empty); answers the
/// files written.
pub fn new(key: &str, dir: &Path, sdk: &Sdk) -> anyhow::Result<Vec<PathBuf>> {
    ensure!(is_name(key, 24), "'{key}' is not a module key: 1-24 lower-case letters, digits and single underscores");
    let empty = std::fs::read_dir(dir).map_or(true, |mut entries| entries.next().is_none());
    ensure!(empty, "{} is not empty", dir.display());
    let fill = |text: &str| {
        text.replace("{{key}}", key)
            .replace("{{name}}", &display_name(key))
            .replace("{{route}}", &display_name(key).replace(' ', ""))
            .replace("{{host_api}}", &autoscope_wire::HOST_API_VERSION.to_string())
            .replace("{{sdk}}", &sdk.dependency("plugin"))
            .replace("{{harness}}", &sdk.dependency("harness"))
    };
    let files = TEMPLATE.iter().map(|(path, text)| (*path, fill(text))).chain([
        ("rust-toolchain.toml", TOOLCHAIN.to_string()),
        ("Cargo.lock", LOCK.to_string()),
        ("remote/package.json", remote_package(key, sdk)?),
    ]);
    let mut written = Vec::new();
    for (path, text) in files {
        let path = dir.join(path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
        }
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

/// The package.json of a new module's remote: the SDK's packages, and the product remotes'
/// pins of the rest (and their overrides).
fn remote_package(key: &str, sdk: &Sdk) -> anyhow::Result<String> {
    let product: serde_json::Value = serde_json::from_str(PRODUCT_REMOTES_PACKAGE)?;
    let pinned = |names: &[&str]| -> anyhow::Result<serde_json::Map<String, serde_json::Value>> {
        names
            .iter()
            .map(|name| {
                let version = product["dependencies"].get(*name).or_else(|| product["devDependencies"].get(*name));
                Ok((name.to_string(), version.with_context(|| format!("modules-web pins no {name}"))?.clone()))
            })
            .collect()
    };
    let mut dependencies = pinned(&REMOTE_DEPENDENCIES)?;
    for (name, folder) in [("@autoscope/web-sdk", "web"), ("@autoscope/remote-build", "remote-build")] {
        dependencies.insert(name.to_string(), sdk.web_dependency(folder).into());
    }
    let package = serde_json::json!({
        "name": format!("{}-remote", key.replace('_', "-")),
        "version": "0.1.0",
        "private": true,
        "type": "module",
        "scripts": { "build": "rspack build", "typecheck": "tsc --noEmit -p tsconfig.json" },
        "dependencies": dependencies,
        "devDependencies": pinned(&REMOTE_DEV_DEPENDENCIES)?,
        "overrides": product["overrides"],
    });
    Ok(serde_json::to_string_pretty(&package)? + "\n")
}

/// `acme_notes` as people read it: `Acme Notes`.
fn display_name(key: &str) -> String {
    key.split('_')
        .filter(|word| !word.is_empty())
        .map(|word| {
            let mut letters = word.chars();
            letters.next().map(|first| first.to_uppercase().chain(letters).collect::<String>()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Builds the module in `dir` (its plugin for `wasm32-unknown-unknown`, release, and its
/// remote in `remote/` when it has a package.json) and packs it with the remote's build
/// when there is one (`remote/dist`), unsigned or signed with `signing_key`, into
/// `out/<key>/` and `out/<key>.tar.gz`; answers the archive's path. With `version`, the
/// package carries that version instead of module.toml's (`module dev`'s builds).
pub fn build(
    dir: &Path,
    out: &Path,
    signing_key: Option<&package::SigningKey>,
    version: Option<&semver::Version>,
) -> anyhow::Result<PathBuf> {
    let dir = &std::path::absolute(dir)?;
    let mut manifest_path = dir.join("module.toml");
    let text =
        std::fs::read_to_string(&manifest_path).with_context(|| format!("cannot read {}", manifest_path.display()))?;
    let manifest = Manifest::parse(&text).map_err(anyhow::Error::msg)?;
    if let Some(version) = version {
        let mut table: toml::Table = toml::from_str(&text)?;
        table.insert("version".into(), version.to_string().into());
        std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
        manifest_path = out.join("module.toml");
        std::fs::write(&manifest_path, toml::to_string(&table)?)
            .with_context(|| format!("cannot write {}", manifest_path.display()))?;
    }
    let cargo_toml = dir.join("Cargo.toml");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    // From the module's folder, so rustup takes its rust-toolchain.toml.
    let built = Command::new(&cargo)
        .args(["build", "--release", "--target", "wasm32-unknown-unknown", "--manifest-path"])
        .arg(&cargo_toml)
        .current_dir(dir)
        .status()
        .context("cannot run cargo")?;
    ensure!(built.success(), "the plugin did not build (cargo build answered {built})");
    let wasm = built_wasm(&cargo, &cargo_toml)?;
    let remote = dir.join("remote");
    if remote.join("package.json").is_file() {
        build_remote(&remote)?;
    }
    let remote = remote.join("dist");
    let web = remote.join(REMOTE_MANIFEST_FILE).is_file().then_some(remote.as_path());
    let source = PackSource { manifest: &manifest_path, wasm: &wasm, web };
    let folder = out.join(&manifest.key);
    package::pack(&source, &folder, signing_key)?;
    let archive = out.join(format!("{}.tar.gz", manifest.key));
    std::fs::write(&archive, package::archive(&folder)?)
        .with_context(|| format!("cannot write {}", archive.display()))?;
    Ok(archive)
}

/// Installs the remote's npm packages when they are missing or older than its package.json
/// or lock (`npm ci` when there is a lock, `npm install` writes the first), then runs its
/// `build` script (rspack, into `remote/dist`).
fn build_remote(remote: &Path) -> anyhow::Result<()> {
    let npm = std::env::var_os("NPM").unwrap_or_else(|| "npm".into());
    let modified = |file: &str| std::fs::metadata(remote.join(file)).and_then(|meta| meta.modified()).ok();
    let installed = modified("node_modules/.package-lock.json");
    let lock = modified("package-lock.json");
    if installed.is_none() || installed < modified("package.json").max(lock) {
        let install = if lock.is_some() { "ci" } else { "install" };
        run_npm(&npm, remote, &[install, "--no-audit", "--no-fund", "--loglevel=error"])?;
    }
    run_npm(&npm, remote, &["run", "build"])
}

fn run_npm(npm: &std::ffi::OsStr, remote: &Path, args: &[&str]) -> anyhow::Result<()> {
    let status =
        Command::new(npm).args(args).current_dir(remote).status().with_context(|| {
            format!("cannot run npm (Node.js 20.19 or later) for the remote in {}", remote.display())
        })?;
    ensure!(status.success(), "npm {} failed in {} ({status})", args.join(" "), remote.display());
    Ok(())
}

/// Where cargo put the crate's `cdylib` for `wasm32-unknown-unknown`, release.
fn built_wasm(cargo: &std::ffi::OsStr, cargo_toml: &Path) -> anyhow::Result<PathBuf> {
    let metadata = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--manifest-path"])
        .arg(cargo_toml)
        .current_dir(cargo_toml.parent().context("the module's folder")?)
        .output()
        .context("cannot run cargo metadata")?;
    ensure!(metadata.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&metadata.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&metadata.stdout).context("cargo metadata's answer")?;
    let target_dir = metadata["target_directory"].as_str().context("cargo metadata names no target directory")?;
    let library = metadata["packages"][0]["targets"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|target| target["kind"].as_array().is_some_and(|kinds| kinds.iter().any(|kind| kind == "cdylib")))
        .and_then(|target| target["name"].as_str())
        .context("Cargo.toml has no cdylib library: a module's plugin is one ([lib] crate-type = [\"cdylib\"])")?;
    Ok(Path::new(target_dir).join("wasm32-unknown-unknown/release").join(format!("{}.wasm", library.replace('-', "_"))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_module_is_a_valid_manifest_with_its_own_rights_key_and_the_sdk_asked_for() {
        let dir = std::env::temp_dir().join(format!("autoscope-kit-{}", uuid::Uuid::new_v4()));
        let sdk = Sdk::Path(PathBuf::from("/checkout"));
        let written = new("acme_notes", &dir, &sdk).unwrap();
        assert_eq!(written.len(), 13);
        let manifest = Manifest::parse(&std::fs::read_to_string(dir.join("module.toml")).unwrap()).unwrap();
        manifest.validate().unwrap();
        assert_eq!((manifest.name.as_str(), manifest.rights_key.as_str()), ("Acme Notes", "acme_notes"));
        let cargo: toml::Table = toml::from_str(&std::fs::read_to_string(dir.join("Cargo.toml")).unwrap()).unwrap();
        assert_eq!(cargo["dependencies"]["autoscope-sdk"]["path"].as_str(), Some("/checkout/sdk/plugin"));
        assert_eq!(cargo["dev-dependencies"]["autoscope-harness"]["path"].as_str(), Some("/checkout/sdk/harness"));
        let remote: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("remote/package.json")).unwrap()).unwrap();
        assert_eq!(remote["dependencies"]["@autoscope/web-sdk"], "file:/checkout/sdk/web");
        assert_eq!(remote["dependencies"]["@autoscope/remote-build"], "file:/checkout/sdk/remote-build");
        let product: serde_json::Value = serde_json::from_str(PRODUCT_REMOTES_PACKAGE).unwrap();
        assert_eq!(remote["dependencies"]["react"], product["dependencies"]["react"], "the shell's React");
        assert_eq!(remote["devDependencies"]["@rspack/core"], product["devDependencies"]["@rspack/core"]);
        assert_eq!(manifest.exposed_components().collect::<Vec<_>>(), ["./NotesPage", "./NotesWidget"]);
        assert_eq!(manifest.pages[0].route, "/AcmeNotes");
        assert!(new("acme_notes", &dir, &sdk).unwrap_err().to_string().ends_with("is not empty"));
        assert!(new("Acme", &dir.join("other"), &sdk).is_err(), "not a key");
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// The example module pins what a new module does (its remote's packages, its
    /// toolchain): it is one as the kit writes it.
    #[test]
    fn the_example_module_remote_is_the_kits() {
        let example = include_str!("../../../../examples/maintenance/remote/package.json");
        let example: serde_json::Value = serde_json::from_str(example).unwrap();
        let kit = remote_package("maintenance", &Sdk::Path(PathBuf::from("../../.."))).unwrap();
        assert_eq!(example, serde_json::from_str::<serde_json::Value>(&kit).unwrap());
        assert_eq!(include_str!("../../../../examples/maintenance/rust-toolchain.toml"), TOOLCHAIN);
    }

    /// The docs show a new module's files: what they show is what the kit writes.
    #[test]
    fn the_docs_samples_of_a_new_module_are_its_files() {
        let reference = include_str!("../../../../docs/module-reference.md");
        let config = include_str!("template/remote/rspack.config.mjs.tmpl");
        assert!(reference.contains(&format!("```js\n{config}```")), "the reference's remote config");
        let tutorial = include_str!("../../../../docs/module-tutorial.md");
        let test = include_str!("template/notes_test.rs.tmpl");
        let sample = tutorial.split("```rust\n").nth(1).and_then(|rest| rest.split("```").next()).unwrap();
        for line in sample.lines() {
            assert!(test.contains(line.trim()), "the tutorial's test line '{line}' is not the template's");
        }
    }

    #[test]
    fn the_released_sdk_is_the_tag_of_this_version() {
        let dependency = Sdk::released(SDK_REPOSITORY).dependency("plugin");
        let table: toml::Table = toml::from_str(&format!("sdk = {dependency}")).unwrap();
        assert_eq!(table["sdk"]["git"].as_str(), Some(SDK_REPOSITORY));
        assert_eq!(table["sdk"]["tag"].as_str(), Some(&*format!("sdk-v{}", env!("CARGO_PKG_VERSION"))));
    }
}
