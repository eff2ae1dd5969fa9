//! The `autoscope` binary as `make run` uses it: migrate, make an admin, serve, and sign
//! in over HTTP. (The demo data is another binary's: `demo/tests/seed.rs`.)

use std::process::{Command, Output};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::maildev::free_port;
use crate::support::{PgDatabase, TempDir, http_client};

const BIN: &str = env!("CARGO_BIN_EXE_autoscope");

struct Setup {
    data_dir: TempDir,
    database_url: Option<String>,
    addr: String,
}

impl Setup {
    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(BIN);
        command
            .args(args)
            .env("AUTOSCOPE_DATA_DIR", &self.data_dir.0)
            .env("AUTOSCOPE_ADDR", &self.addr)
            .env("AUTOSCOPE_LOG", "warn")
            .env("AUTOSCOPE_WEB_DIR", self.data_dir.0.join("no-shell"))
            .env_remove("AUTOSCOPE_SECRET")
            .env_remove("SMTP_URL")
            .env_remove("AUTOSCOPE_ADMIN_PASSWORD");
        match &self.database_url {
            Some(url) => command.env("DATABASE_URL", url),
            None => command.env_remove("DATABASE_URL"),
        };
        command
    }

    fn run(&self, args: &[&str]) -> String {
        succeeded(self.command(args), args)
    }
}

/// The standard output of `command` (`autoscope <args>`), which must succeed.
fn succeeded(mut command: Command, args: &[&str]) -> String {
    let Output { status, stdout, stderr } = command.output().expect("the binary runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&stdout), String::from_utf8_lossy(&stderr));
    assert!(status.success(), "autoscope {args:?} failed:\n{stdout}\n{stderr}");
    stdout.into_owned()
}

/// Stops the server however the test ends, so a failed assertion leaves no process behind.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `serve` and waits until it answers; answers the process and its base URL.
async fn serving(setup: &Setup, mut serve: Command) -> (KillOnDrop, String) {
    let server = KillOnDrop(serve.spawn().expect("serve starts"));
    let base = format!("http://{}", setup.addr);
    let deadline = Instant::now() + Duration::from_secs(30);
    let client = http_client();
    while !client.get(format!("{base}/api/openapi.json")).send().await.is_ok_and(|r| r.status().is_success()) {
        assert!(Instant::now() < deadline, "the server did not answer within 30 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    (server, base)
}

async fn post(client: &reqwest::Client, base: &str, path: &str, body: Value) -> (u16, Value) {
    let response = client.post(format!("{base}{path}")).json(&body).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

async fn migrate_serve_and_sign_in(database_url: Option<String>) {
    let setup = Setup { data_dir: TempDir::new(), database_url, addr: format!("127.0.0.1:{}", free_port()) };
    assert!(setup.run(&["migrate"]).contains("migrations applied"));
    let admin = setup.run(&["user", "create-admin", "--email", "ops@example.com", "--password", "Ops-Desk#2026"]);
    assert!(admin.contains("ops@example.com"), "{admin}");

    let (_server, base) = serving(&setup, setup.command(&["serve"])).await;
    let client = http_client();

    let (status, ops) =
        post(&client, &base, "/api/users/signin", json!({"email": "ops@example.com", "password": "Ops-Desk#2026"}))
            .await;
    assert_eq!(status, 200, "{ops}");
    assert_eq!(ops["userdata"]["is_admin"], true);

    if setup.database_url.is_none() {
        let secret = setup.data_dir.0.join("secret.key");
        let mode = std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(&secret).unwrap().permissions());
        assert_eq!(mode & 0o777, 0o600, "the generated secret is private");
        assert!(setup.data_dir.0.join("autoscope.db").exists());
    }
}

/// On the embedded default: SQLite under the data dir and a generated secret.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_migrates_and_serves_on_sqlite() {
    migrate_serve_and_sign_in(None).await;
}

/// With DATABASE_URL=postgres://... the same commands run on PostgreSQL.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_migrates_and_serves_on_postgres() {
    let database = PgDatabase::create().await;
    migrate_serve_and_sign_in(Some(database.url.clone())).await;
}

/// The author's kit in a folder outside this repository: `module new` writes a module that
/// `module build` turns into a package, `module install` installs it into a portal, and
/// once a company admin grants its own rights key it keeps notes. The docs' quick start
/// builds the same way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_module_from_the_kit_builds_installs_and_answers_outside_the_repository() {
    let work = TempDir::new();
    let repository = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    // Its dependencies compile once across runs, beside the host's build cache when there is one.
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(|dir| std::path::PathBuf::from(dir).with_file_name("kit-target"))
        .unwrap_or_else(|| work.0.join("target"));
    let author = |args: &[&str]| {
        let mut command = Command::new(BIN);
        command.args(args).current_dir(&work.0).env("CARGO_TARGET_DIR", &target);
        succeeded(command, args)
    };
    let sdk = repository.join("sdk/plugin");
    for key in ["acme_notes", "quick_start"] {
        let wrote = author(&["module", "new", key, "--sdk-path", sdk.to_str().unwrap()]);
        assert!(wrote.contains(&format!("wrote the module {key}")), "{wrote}");
    }
    assert!(!work.0.join("data").exists(), "an author's command makes no portal data");
    let built = author(&["module", "build", "--dir", "acme_notes"]);
    let archive = work.0.join("acme_notes/dist/acme_notes.tar.gz");
    assert!(built.contains("acme_notes.tar.gz") && archive.is_file(), "{built}");
    // The plugin of docs/module-format.md's quick start builds as the docs show it.
    let docs = include_str!("../../../docs/module-format.md");
    let quick_start = docs.split("## Rust SDK quick start").nth(1).and_then(|rest| rest.split("```rust\n").nth(1));
    let quick_start = quick_start.and_then(|block| block.split("```").next()).expect("the quick start's plugin");
    std::fs::write(work.0.join("quick_start/src/lib.rs"), quick_start).unwrap();
    author(&["module", "build", "--dir", "quick_start"]);

    let setup = Setup { data_dir: TempDir::new(), database_url: None, addr: format!("127.0.0.1:{}", free_port()) };
    setup.run(&["migrate"]);
    setup.run(&["user", "create-admin", "--email", "ops@example.com", "--password", "Ops-Desk#2026"]);
    let mut install = setup.command(&["module", "install", archive.to_str().unwrap()]);
    let installed = install.env("AUTOSCOPE_ALLOW_UNSIGNED_MODULES", "true").output().unwrap();
    assert_eq!(String::from_utf8_lossy(&installed.stdout).trim(), "installed acme_notes 0.1.0", "{installed:?}");

    let mut serve = setup.command(&["serve"]);
    serve.env("AUTOSCOPE_ALLOW_UNSIGNED_MODULES", "true");
    let (_server, base) = serving(&setup, serve).await;
    let client = http_client();
    let (_, ops) =
        post(&client, &base, "/api/users/signin", json!({"email": "ops@example.com", "password": "Ops-Desk#2026"}))
            .await;
    let token = ops["token"].as_str().unwrap().to_string();
    let notes = format!("{base}/api/m/acme_notes/notes");
    let refused = client.get(&notes).bearer_auth(&token).send().await.unwrap();
    assert_eq!(refused.status(), 403, "no role has the module's own rights key yet");

    // As Team Master does: the company's role gets the module's right.
    let db = autoscope::storage::Db::connect(&format!(
        "sqlite://{}?mode=rwc",
        setup.data_dir.0.join("autoscope.db").display()
    ))
    .await
    .unwrap();
    let company = ops["userdata"]["company_id"].as_str().unwrap();
    for role in autoscope::storage::roles::list(&db, company).await.unwrap() {
        let mut rights: Value = serde_json::from_str(&role.rights).unwrap();
        rights["acme_notes"] = json!({ "view": true, "disabled": false });
        autoscope::storage::roles::set_rights(&db, company, &role.id, &rights.to_string()).await.unwrap();
    }
    let created = client.post(&notes).bearer_auth(&token).json(&json!({ "title": "First" })).send().await.unwrap();
    assert_eq!(created.status(), 201);
    let listed: Value = client.get(&notes).bearer_auth(&token).send().await.unwrap().json().await.unwrap();
    assert_eq!(listed["items"][0]["title"], "First", "{listed}");
}
