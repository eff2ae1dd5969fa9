//! Test an Autoscope module from `cargo test` against a **prebuilt** host: the `autoscope`
//! binary's throwaway portal (`autoscope module harness`), started once per [`Harness`]
//! on a free loopback port with its own SQLite database. Your module is built and packed
//! by the same binary (`autoscope module build`) and installed as an operator would, so
//! the tests see what a company's members will: the gateway, rights, runtime limits,
//! storage, events and schedules, nothing mocked. A module's tests compile this crate and
//! a small HTTP client, not the host.
//!
//! ```no_run
//! use autoscope_harness::Harness;
//! use serde_json::json;
//!
//! # fn main() -> anyhow::Result<()> {
//! let harness = Harness::load(env!("CARGO_MANIFEST_DIR"))?;
//! let acme = harness.company("Acme")?;
//! let reply = harness.call(&acme, "POST", "/notes", Some(json!({ "title": "x" })))?;
//! assert_eq!(reply.status, 201, "{}", reply.body);
//! # Ok(())
//! # }
//! ```
//!
//! The binary is `AUTOSCOPE_BIN` when set, else `autoscope` on the `PATH`. The host stops
//! when the harness is dropped, or when the test process ends in any way (it watches its
//! standard input).

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use serde_json::{Value, json};

/// What the host answered a request: the status and the body decoded.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    /// The JSON body; its text when it is not JSON; `null` when empty.
    pub body: Value,
}

/// Who makes a request: a signed-in user in one company.
pub trait Session {
    fn token(&self) -> &str;
    fn user_id(&self) -> &str;
    fn company_id(&self) -> &str;
}

/// A company with its first user (its administrator), signed in.
#[derive(Debug, Clone)]
pub struct Company {
    pub id: String,
    pub name: String,
    pub user_id: String,
    pub email: String,
    pub token: String,
}

/// Another user of a company, signed in.
#[derive(Debug, Clone)]
pub struct User {
    pub id: String,
    pub company_id: String,
    pub email: String,
    pub token: String,
}

impl Session for Company {
    fn token(&self) -> &str {
        &self.token
    }
    fn user_id(&self) -> &str {
        &self.user_id
    }
    fn company_id(&self) -> &str {
        &self.id
    }
}

impl Session for User {
    fn token(&self) -> &str {
        &self.token
    }
    fn user_id(&self) -> &str {
        &self.id
    }
    fn company_id(&self) -> &str {
        &self.company_id
    }
}

/// A running harness host and the module it was loaded with.
pub struct Harness {
    host: Child,
    /// Closing it stops the host.
    stdin: Option<ChildStdin>,
    url: String,
    control_token: String,
    agent: ureq::Agent,
    module: String,
    /// The rights keys of the modules installed here: a new company's role gets them.
    rights_keys: Mutex<Vec<String>>,
}

impl Harness {
    /// Builds the module in `dir` (`autoscope module build`: its plugin, its remote's build
    /// when it has one, the package in `dir/dist`), starts a host and installs it with the
    /// capabilities its manifest declares. The build runs once per test process.
    pub fn load(dir: impl AsRef<Path>) -> anyhow::Result<Self> {
        let archive = build_once(dir.as_ref())?;
        let mut harness = Self::start()?;
        harness.module = harness.install(&archive, "declared")?;
        Ok(harness)
    }

    /// Starts a host with no module installed.
    pub fn start() -> anyhow::Result<Self> {
        let mut host = Command::new(binary())
            .args(["module", "harness"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| {
                format!("cannot start {} (set AUTOSCOPE_BIN to the autoscope binary)", binary().display())
            })?;
        let stdout = host.stdout.take().context("the host's standard output")?;
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).context("cannot read the host's announcement")?;
        let started: Value = serde_json::from_str(&line)
            .with_context(|| format!("the host did not start (it printed {line:?}; its log is above)"))?;
        let field = |name: &str| started[name].as_str().map(str::to_string).context("the host's announcement");
        let agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
        Ok(Self {
            url: field("url")?,
            control_token: field("control_token")?,
            stdin: host.stdin.take(),
            host,
            agent,
            module: String::new(),
            rights_keys: Mutex::default(),
        })
    }

    /// Builds the module in `dir` with `autoscope module build`; answers its package archive.
    pub fn build(dir: impl AsRef<Path>) -> anyhow::Result<PathBuf> {
        let dir = dir.as_ref();
        let built = Command::new(binary())
            .args(["module", "build", "--dir"])
            .arg(dir)
            .arg("--out")
            .arg(dir.join("dist"))
            .stderr(Stdio::inherit())
            .output()
            .with_context(|| format!("cannot run {}", binary().display()))?;
        let printed = String::from_utf8_lossy(&built.stdout);
        ensure!(built.status.success(), "`autoscope module build` failed ({}):\n{printed}", built.status);
        // Its last line is `built <archive>`.
        let archive = printed.lines().rev().find_map(|line| line.strip_prefix("built "));
        archive.map(PathBuf::from).with_context(|| format!("`autoscope module build` printed {printed:?}"))
    }

    /// Installs (or upgrades to) a package archive, granting `grants` (`declared`,
    /// `declared,limits`, or capabilities comma-separated); answers the module's key. A
    /// refused package fails with every reason the registry gave.
    pub fn install(&self, archive: &Path, grants: &str) -> anyhow::Result<String> {
        let bytes = std::fs::read(archive).with_context(|| format!("cannot read {}", archive.display()))?;
        let answer = self.control_bytes("POST", &format!("/modules?grants={grants}"), bytes)?;
        self.rights_keys.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(text(&answer, "rights_key")?);
        text(&answer, "key")
    }

    /// The key of the module the harness was loaded with.
    pub fn module(&self) -> &str {
        &self.module
    }

    /// The portal's address, `http://127.0.0.1:<port>`: for a browser or any client.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// A new company whose role has the rights a sign-up gets plus those of the modules
    /// installed here, and its administrator signed in (`owner@<name>.test`).
    pub fn company(&self, name: &str) -> anyhow::Result<Company> {
        let slug: String =
            name.trim().chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
        let email = format!("owner@{slug}.test");
        let rights: serde_json::Map<String, Value> = (self.rights_keys.lock())
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .iter()
            .map(|key| (key.clone(), json!({ "view": true, "disabled": false })))
            .collect();
        let created = json!({ "name": name, "email": email, "rights": rights });
        let answer = self.control("POST", "/companies", Some(created))?;
        Ok(Company {
            id: text(&answer, "company_id")?,
            name: name.to_string(),
            user_id: text(&answer, "user_id")?,
            email,
            token: text(&answer, "token")?,
        })
    }

    /// Adds a user to the company (its role) and signs them in.
    pub fn add_user(&self, company: &Company, email: &str) -> anyhow::Result<User> {
        let answer =
            self.control("POST", &format!("/companies/{}/users", company.id), Some(json!({ "email": email })))?;
        Ok(User {
            id: text(&answer, "user_id")?,
            company_id: company.id.clone(),
            email: email.to_string(),
            token: text(&answer, "token")?,
        })
    }

    /// Replaces the rights of the company's role (every user of it):
    /// `{ "<rights key>": { "view": true, "disabled": false }, … }`.
    pub fn set_rights(&self, company: &Company, rights: Value) -> anyhow::Result<()> {
        self.control("PUT", &format!("/companies/{}/rights", company.id), Some(rights)).map(drop)
    }

    /// The company's edition: `community` (premium modules disabled) or `enterprise`.
    pub fn set_edition(&self, company: &Company, edition: &str) -> anyhow::Result<()> {
        self.control("PUT", &format!("/companies/{}/edition", company.id), Some(json!({ "edition": edition })))
            .map(drop)
    }

    /// `method` on the loaded module's `path` (with its query, if any), as `who`:
    /// `/api/m/<key><path>` through the whole host.
    pub fn call(&self, who: &dyn Session, method: &str, path: &str, body: Option<Value>) -> anyhow::Result<Reply> {
        self.request(Some(who), method, &format!("/api/m/{}{path}", self.module), body)
    }

    /// `method` on any path of the portal (a legacy or public route, say), as `who` or
    /// without a session.
    pub fn request(
        &self,
        who: Option<&dyn Session>,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> anyhow::Result<Reply> {
        let token = who.map(|who| format!("Bearer {}", who.token()));
        self.send(method, path, token.as_deref(), body.map(|body| body.to_string().into_bytes()))
    }

    /// Delivers the events that are due, as the host's worker does; answers how many
    /// deliveries succeeded.
    pub fn deliver_events(&self) -> anyhow::Result<u64> {
        count(&self.control("POST", "/events", None)?, "succeeded")
    }

    /// Runs the schedules that are due; answers how many runs succeeded. A schedule is due
    /// again `every_seconds` later by the host's clock ([`Harness::advance`]).
    pub fn run_schedules(&self) -> anyhow::Result<u64> {
        count(&self.control("POST", "/schedules", None)?, "succeeded")
    }

    /// Runs the module jobs that are due until none is; answers how many runs it took.
    pub fn run_jobs(&self) -> anyhow::Result<u64> {
        count(&self.control("POST", "/jobs", None)?, "runs")
    }

    /// Sends the webhooks that are due (to loopback receivers: the harness allows no other
    /// host), as the host's worker does; answers how many receivers accepted. A failed one
    /// is due again after its backoff by the host's clock ([`Harness::advance`]).
    pub fn deliver_webhooks(&self) -> anyhow::Result<u64> {
        count(&self.control("POST", "/webhooks", None)?, "delivered")
    }

    /// Moves the host's clock forward; answers its time now (unix seconds). Sessions end 12
    /// hours after they were opened by this clock.
    pub fn advance(&self, by: Duration) -> anyhow::Result<i64> {
        let answer = self.control("POST", "/clock", Some(json!({ "seconds": by.as_secs() })))?;
        answer["now"].as_i64().context("the clock's answer")
    }

    /// The user's notifications (the bell), newest first: `{ id, message, created_at, read_at }`.
    pub fn notifications(&self, who: &dyn Session) -> anyhow::Result<Vec<Value>> {
        let user = json!({ "company_id": who.company_id(), "user_id": who.user_id() });
        list(self.control("POST", "/notifications", Some(user))?)
    }

    /// The mail sent to `email`, newest first: `{ subject, text, html, created_at }`.
    pub fn mails_to(&self, email: &str) -> anyhow::Result<Vec<Value>> {
        list(self.control("POST", "/mail", Some(json!({ "to": email })))?)
    }

    /// A storage operation (as the SDK's storage client sends it, e.g.
    /// `{ "op": "list", "collection": "notes", "query": {} }`) straight on
    /// `<module>.<collection>` in the company: what no route shows.
    pub fn storage(&self, collection: &str, company: &dyn Session, op: Value) -> anyhow::Result<Value> {
        let call = json!({ "collection": collection, "company_id": company.company_id(), "op": op });
        self.control("POST", "/storage", Some(call))
    }

    fn control(&self, method: &str, path: &str, body: Option<Value>) -> anyhow::Result<Value> {
        self.control_send(method, path, body.map(|body| body.to_string().into_bytes()))
    }

    fn control_bytes(&self, method: &str, path: &str, body: Vec<u8>) -> anyhow::Result<Value> {
        self.control_send(method, path, Some(body))
    }

    fn control_send(&self, method: &str, path: &str, body: Option<Vec<u8>>) -> anyhow::Result<Value> {
        let token = format!("Bearer {}", self.control_token);
        let reply = self.send(method, &format!("/_harness{path}"), Some(&token), body)?;
        if reply.status != 200 {
            let error = reply.body["error"].as_str().map_or_else(|| reply.body.to_string(), str::to_string);
            bail!("the harness refused {method} {path}: {error}");
        }
        Ok(reply.body)
    }

    fn send(
        &self,
        method: &str,
        path: &str,
        authorization: Option<&str>,
        body: Option<Vec<u8>>,
    ) -> anyhow::Result<Reply> {
        let mut request = ureq::http::Request::builder().method(method).uri(format!("{}{path}", self.url));
        if let Some(authorization) = authorization {
            request = request.header("authorization", authorization);
        }
        if body.is_some() {
            request = request.header("content-type", "application/json");
        }
        let request = request.body(body.unwrap_or_default()).context("the request")?;
        let mut response = self.agent.run(request).with_context(|| format!("{method} {path}"))?;
        let status = response.status().as_u16();
        let text = response.body_mut().read_to_string().with_context(|| format!("the answer to {method} {path}"))?;
        let body =
            if text.is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap_or(Value::String(text)) };
        Ok(Reply { status, body })
    }
}

impl Drop for Harness {
    fn drop(&mut self) {
        // Closing its standard input asks the host to stop; a host that does not is killed.
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.host.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.host.kill();
        let _ = self.host.wait();
    }
}

/// The `autoscope` binary: `AUTOSCOPE_BIN`, else the one on the `PATH`.
fn binary() -> PathBuf {
    std::env::var_os("AUTOSCOPE_BIN").filter(|bin| !bin.is_empty()).map_or_else(|| "autoscope".into(), PathBuf::from)
}

/// [`Harness::build`] once per folder in this process: tests running in parallel share it.
fn build_once(dir: &Path) -> anyhow::Result<PathBuf> {
    static BUILT: OnceLock<Mutex<HashMap<PathBuf, PathBuf>>> = OnceLock::new();
    let mut built = BUILT.get_or_init(Mutex::default).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(archive) = built.get(dir) {
        return Ok(archive.clone());
    }
    let archive = Harness::build(dir)?;
    built.insert(dir.to_path_buf(), archive.clone());
    Ok(archive)
}

fn text(answer: &Value, field: &str) -> anyhow::Result<String> {
    answer[field].as_str().map(str::to_string).with_context(|| format!("the harness's answer has no {field}: {answer}"))
}

fn count(answer: &Value, field: &str) -> anyhow::Result<u64> {
    answer[field].as_u64().with_context(|| format!("the harness's answer has no {field}: {answer}"))
}

fn list(answer: Value) -> anyhow::Result<Vec<Value>> {
    match answer {
        Value::Array(items) => Ok(items),
        other => bail!("the harness answered {other}, not a list"),
    }
}
