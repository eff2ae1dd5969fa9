//! The `autoscope` binary as `make run` uses it: migrate, make an admin, serve, and sign
//! in over HTTP. (The demo data is another binary's: `demo/tests/seed.rs`.)

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::binary::{BIN, KillOnDrop, Setup, succeeded};
use crate::support::{PgDatabase, TempDir, http_client};

async fn post(client: &reqwest::Client, base: &str, path: &str, body: Value) -> (u16, Value) {
    let response = client.post(format!("{base}{path}")).json(&body).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

async fn migrate_serve_and_sign_in(database_url: Option<String>) {
    let setup = Setup::new(database_url);
    assert!(setup.run(&["migrate"]).contains("migrations applied"));
    let admin = setup.run(&["user", "create-admin", "--email", "ops@example.com", "--password", "Ops-Desk#2026"]);
    assert!(admin.contains("ops@example.com"), "{admin}");

    let _server = setup.serve("only").await;
    let base = setup.base();
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

/// An author's folder outside this repository, running the binary's author commands in it.
struct Author {
    work: TempDir,
    /// Its builds' cache: they compile once across runs, beside the host's build cache
    /// when there is one.
    target: std::path::PathBuf,
}

impl Author {
    fn new() -> Self {
        let work = TempDir::new();
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map(|dir| std::path::PathBuf::from(dir).with_file_name("kit-target"))
            .unwrap_or_else(|| work.0.join("target"));
        Self { work, target }
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(BIN);
        command.args(args).current_dir(&self.work.0).env("CARGO_TARGET_DIR", &self.target);
        command
    }

    fn run(&self, args: &[&str]) -> String {
        succeeded(self.command(args), args)
    }

    /// `module new <key>`, with the SDK of this checkout.
    fn new_module(&self, key: &str) {
        let repository = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let wrote = self.run(&["module", "new", key, "--sdk-path", repository.to_str().unwrap()]);
        assert!(wrote.contains(&format!("wrote the module {key}")), "{wrote}");
    }
}

const OPS: (&str, &str) = ("ops@example.com", "Ops-Desk#2026");

/// A portal served by this binary on SQLite, which allows unsigned packages, with its
/// platform administrator signed in.
struct Portal {
    setup: Setup,
    server: KillOnDrop,
    base: String,
    client: reqwest::Client,
    token: String,
    company: String,
}

impl Portal {
    /// Migrates, makes the administrator, runs `before_serving` (an offline install, say),
    /// and serves.
    async fn start(before_serving: impl FnOnce(&Setup)) -> Self {
        Self::start_on(Setup::new(None), before_serving).await
    }

    async fn start_on(setup: Setup, before_serving: impl FnOnce(&Setup)) -> Self {
        setup.run(&["migrate"]);
        setup.run(&["user", "create-admin", "--email", OPS.0, "--password", OPS.1]);
        before_serving(&setup);
        let server = setup.serve("portal").await;
        let base = setup.base();
        let client = http_client();
        let (_, ops) = post(&client, &base, "/api/users/signin", json!({ "email": OPS.0, "password": OPS.1 })).await;
        let token = ops["token"].as_str().unwrap().to_string();
        let company = ops["userdata"]["company_id"].as_str().unwrap().to_string();
        Self { setup, server, base, client, token, company }
    }

    /// As a company admin does in Team Master: every role of the company gets `key`'s right.
    async fn grant(&self, key: &str) {
        let db = autoscope::storage::Db::connect(&self.setup.database_url()).await.unwrap();
        for role in autoscope::storage::roles::list(&db, &self.company).await.unwrap() {
            let mut rights: Value = serde_json::from_str(&role.rights).unwrap();
            rights[key] = json!({ "view": true, "disabled": false });
            autoscope::storage::roles::set_rights(&db, &self.company, &role.id, &rights.to_string()).await.unwrap();
        }
    }

    async fn get(&self, path: &str) -> (u16, Value) {
        let reply = self.client.get(format!("{}{path}", self.base)).bearer_auth(&self.token).send().await.unwrap();
        (reply.status().as_u16(), reply.json().await.unwrap_or(Value::Null))
    }
}

/// The author's kit in a folder outside this repository: `module new` writes a module that
/// `module build` turns into a package (plugin and remote), whose own tests pass against
/// this binary, that `module install` installs into a portal, and that keeps notes and
/// shows its page once a company admin grants its own rights key. The reference's example
/// plugin builds the same way.
/// By default the last CPU of two is set apart for heavy work: password hashing runs there
/// only, and a module call that computes for long moves there until it ends, while every
/// other thread keeps off it; with no heavy work running, requests have every CPU. A
/// reservation (`AUTOSCOPE_RESERVED_CPUS`) that leaves requests no CPU is refused at start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heavy_work_runs_alone_on_the_cpus_set_apart_for_it() {
    let cpus = std::thread::available_parallelism().map_or(1, usize::from);
    let every = format!("0-{}", cpus - 1);
    let greedy = Setup::new(None).with_env("AUTOSCOPE_RESERVED_CPUS", every.as_str());
    let refused = greedy.command(&["serve"]).output().unwrap();
    assert!(!refused.status.success());
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(message.contains("AUTOSCOPE_RESERVED_CPUS must leave at least one"), "{message}");
    assert!(cpus > 1, "this test needs two CPUs to set one apart");

    // The last quarter of the CPUs, one at least.
    let apart = cpus.div_ceil(4);
    let range = |first: usize, last: usize| if first == last { first.to_string() } else { format!("{first}-{last}") };
    let (heavy, rest) = (range(cpus - apart, cpus - 1), range(0, cpus - apart - 1));
    // A loop of a few hundred milliseconds: fuel for far more than the moment after which it moves.
    let manifest = crate::support::modules::manifest("faults")
        .replace("fuel = 50_000_000", "fuel = 1_000_000_000")
        .replace("timeout_ms = 2000", "timeout_ms = 10000");
    let setup = Setup::new(None);
    let archive = setup.data_dir.0.join("faults.tar.gz");
    std::fs::write(&archive, crate::support::modules::archive_with("faults", &manifest, None)).unwrap();
    // Its administrator's sign-in is a password check.
    let portal = Portal::start_on(setup, |setup| {
        setup.install(&archive);
    })
    .await;
    portal.grant("support").await;
    let pid = portal.server.0.id();
    let (hashing, others) = threads(pid);
    assert!(!hashing.is_empty(), "no hashing thread after a sign-in: {others:?}");
    assert!(hashing.iter().all(|(_, allowed)| *allowed == heavy), "{hashing:?}");
    assert!(others.iter().all(|(_, allowed)| *allowed == every), "no heavy work, every CPU: {others:?}");

    let looping = portal.client.get(format!("{}/api/m/faults/loop", portal.base)).bearer_auth(&portal.token).send();
    let looping = tokio::spawn(looping);
    let started = Instant::now();
    let others = loop {
        let (_, others) = threads(pid);
        if others.iter().any(|(_, allowed)| *allowed == heavy) {
            break others;
        }
        assert!(started.elapsed() < Duration::from_secs(5) && !looping.is_finished(), "the loop never moved");
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    assert!(others.iter().all(|(_, allowed)| *allowed == heavy || *allowed == rest), "{others:?}");
    let status = looping.await.unwrap().unwrap().status().as_u16();
    assert_eq!(status, 502, "the loop ends out of fuel");
    let (_, others) = threads(pid);
    assert!(others.iter().all(|(_, allowed)| *allowed == every), "heavy work over, every CPU again: {others:?}");
}

/// Threads as (name, CPUs allowed).
type Threads = Vec<(String, String)>;

/// The threads of process `pid`: password hashing's, and the others.
fn threads(pid: u32) -> (Threads, Threads) {
    let (mut hashing, mut others) = (Vec::new(), Vec::new());
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).unwrap() {
        let task = task.unwrap().path();
        let name = std::fs::read_to_string(task.join("comm")).unwrap_or_default().trim().to_string();
        let status = std::fs::read_to_string(task.join("status")).unwrap_or_default();
        let allowed = status.lines().find_map(|line| line.strip_prefix("Cpus_allowed_list:")).unwrap_or_default();
        // Thread names are cut to 15 bytes.
        let list = if name.starts_with("password-hash") { &mut hashing } else { &mut others };
        list.push((name, allowed.trim().to_string()));
    }
    (hashing, others)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_module_from_the_kit_builds_installs_and_answers_outside_the_repository() {
    let author = Author::new();
    author.new_module("acme_notes");
    author.new_module("docs_example");
    assert!(!author.work.0.join("data").exists(), "an author's command makes no portal data");
    let built = author.run(&["module", "build", "--dir", "acme_notes"]);
    let archive = author.work.0.join("acme_notes/dist/acme_notes.tar.gz");
    assert!(built.contains("acme_notes.tar.gz") && archive.is_file(), "{built}");
    // Its remote type-checks against the web SDK it installed.
    let mut typecheck = Command::new("npm");
    typecheck.args(["run", "typecheck"]).current_dir(author.work.0.join("acme_notes/remote"));
    succeeded(typecheck, &["npm run typecheck"]);
    // Its own tests run against this binary, prebuilt: the host is not compiled into them.
    let mut tests = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    tests.args(["test", "--manifest-path", "acme_notes/Cargo.toml"]).current_dir(&author.work.0);
    tests.env("CARGO_TARGET_DIR", &author.target).env("AUTOSCOPE_BIN", BIN);
    let tested = succeeded(tests, &["test"]);
    assert!(tested.contains("2 passed"), "{tested}");
    // The example plugin of docs/module-reference.md builds as the docs show it.
    let docs = include_str!("../../../docs/module-reference.md");
    let example = docs.split("## The Rust SDK").nth(1).and_then(|rest| rest.split("```rust\n").nth(1));
    let example = example.and_then(|block| block.split("```").next()).expect("the reference's example plugin");
    std::fs::write(author.work.0.join("docs_example/src/lib.rs"), example).unwrap();
    author.run(&["module", "build", "--dir", "docs_example"]);

    let portal = Portal::start(|setup| {
        assert_eq!(setup.install(&archive).trim(), "installed acme_notes 0.1.0");
    })
    .await;
    let (status, _) = portal.get("/api/m/acme_notes/notes").await;
    assert_eq!(status, 403, "no role has the module's own rights key yet");
    portal.grant("acme_notes").await;
    let notes = format!("{}/api/m/acme_notes/notes", portal.base);
    let created = portal.client.post(&notes).bearer_auth(&portal.token).json(&json!({ "title": "First" })).send();
    assert_eq!(created.await.unwrap().status(), 201);
    let (_, listed) = portal.get("/api/m/acme_notes/notes").await;
    assert_eq!(listed["items"][0]["title"], "First", "{listed}");
    // Its page is in the menu, served from the remote its build packed.
    let (_, modules) = portal.get("/api/modules").await;
    let module = modules["data"].as_array().unwrap().iter().find(|module| module["key"] == "acme_notes").unwrap();
    assert_eq!(module["pages"][0]["route"], "/AcmeNotes", "{module}");
    let (_, remote) = portal.get(module["remote"]["manifestUrl"].as_str().unwrap()).await;
    let exposed: Vec<&str> = remote["exposes"].as_array().unwrap().iter().filter_map(|e| e["path"].as_str()).collect();
    assert_eq!(exposed, ["./NotesPage", "./NotesWidget"], "{remote}");
}

/// `autoscope module dev` against a running portal: it builds and installs the module, and
/// installs it again, as a newer development build, once its source changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn module_dev_reinstalls_a_module_into_a_running_portal_when_its_source_changes() {
    use std::io::BufRead;
    let author = Author::new();
    author.new_module("dev_notes");
    let portal = Portal::start(|_| {}).await;
    portal.grant("dev_notes").await;
    let mut dev = author.command(&["module", "dev", "--dir", "dev_notes", "--portal", &portal.base]);
    dev.args(["--email", OPS.0]).env("AUTOSCOPE_ADMIN_PASSWORD", OPS.1).stdout(std::process::Stdio::piped());
    let mut dev = KillOnDrop(dev.spawn().unwrap());
    let (lines, installs) = std::sync::mpsc::channel();
    let stdout = std::io::BufReader::new(dev.0.stdout.take().unwrap());
    std::thread::spawn(move || {
        for line in stdout.lines().map_while(Result::ok) {
            if line.starts_with("installed ") && lines.send(line).is_err() {
                break;
            }
        }
    });
    let next_install = || installs.recv_timeout(Duration::from_secs(300)).expect("an install within 5 minutes");
    let first = next_install();
    assert!(first.starts_with("installed dev_notes 0.1.0+dev."), "{first}");
    let (status, _) = portal.get("/api/m/dev_notes/hello").await;
    assert_eq!(status, 404, "not written yet");

    let lib = author.work.0.join("dev_notes/src/lib.rs");
    let source = std::fs::read_to_string(&lib).unwrap();
    let added = r#".get("/notes/count", count).get("/hello", |_: &Request| ok(&json!({ "hello": "dev" })))"#;
    std::fs::write(&lib, source.replace(r#".get("/notes/count", count)"#, added)).unwrap();
    let second = next_install();
    assert!(second.starts_with("installed dev_notes 0.1.0+dev.") && second != first, "{second}");
    let (status, hello) = portal.get("/api/m/dev_notes/hello").await;
    assert_eq!((status, hello), (200, json!({ "hello": "dev" })));
    // The shell loads the page from the development build's remote.
    let (_, modules) = portal.get("/api/modules").await;
    let module = modules["data"].as_array().unwrap().iter().find(|module| module["key"] == "dev_notes").unwrap();
    let (status, remote) = portal.get(module["remote"]["manifestUrl"].as_str().unwrap()).await;
    assert_eq!((status, remote["name"].as_str()), (200, Some("dev_notes")), "{module}");
}

/// `autoscope module harness`, as the autoscope-harness crate drives it: it announces its
/// address and control token on one line, serves the portal, keeps its control API to the
/// token's holder, and stops when its standard input closes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_harness_serves_a_throwaway_portal_until_its_input_closes() {
    use std::io::BufRead;
    let mut harness = Command::new(BIN)
        .args(["module", "harness"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(harness.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let started: Value = serde_json::from_str(&line).unwrap();
    let (url, token) = (started["url"].as_str().unwrap(), started["control_token"].as_str().unwrap());
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");

    let client = http_client();
    let company = json!({ "name": "Acme", "email": "owner@acme.test" });
    let refused = client.post(format!("{url}/_harness/companies")).json(&company).send().await.unwrap();
    assert_eq!(refused.status(), 401, "no control without the token");
    let wrong = client.post(format!("{url}/_harness/companies")).bearer_auth("guess").json(&company).send().await;
    assert_eq!(wrong.unwrap().status(), 401);
    let created: Value = client
        .post(format!("{url}/_harness/companies"))
        .bearer_auth(token)
        .json(&company)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    // The session it opened is the portal's own: its API answers it.
    let session = created["token"].as_str().unwrap();
    let me: Value =
        client.get(format!("{url}/api/users/me")).bearer_auth(session).send().await.unwrap().json().await.unwrap();
    assert_eq!(me["email"], "owner@acme.test", "{me}");
    let clock = |seconds: u64| {
        client.post(format!("{url}/_harness/clock")).bearer_auth(token).json(&json!({ "seconds": seconds })).send()
    };
    let before: Value = clock(0).await.unwrap().json().await.unwrap();
    let after: Value = clock(86_400).await.unwrap().json().await.unwrap();
    assert!(after["now"].as_i64().unwrap() >= before["now"].as_i64().unwrap() + 86_400);
    let bad = client.post(format!("{url}/_harness/modules")).bearer_auth(token).body("not a package").send().await;
    let bad = bad.unwrap();
    assert_eq!(bad.status(), 400);
    assert!(bad.text().await.unwrap().contains("refused"), "a refused package says why");

    drop(harness.stdin.take());
    let deadline = Instant::now() + Duration::from_secs(10);
    while harness.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "the harness did not stop when its input closed");
        std::thread::sleep(Duration::from_millis(50));
    }
}
