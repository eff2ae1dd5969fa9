//! Test an Autoscope module end to end from `cargo test`: its **built** plugin runs in
//! the real host (session check, rights, gateway, runtime limits, host functions,
//! storage, events, schedules), driven in-process through the host's facade for tests
//! ([`autoscope::testing`]) with `tower`'s `oneshot`: no listener, no network, no servers.
//!
//! ```no_run
//! # async fn example() -> anyhow::Result<()> {
//! use autoscope_module_test::{Harness, Module, built_plugin};
//! use serde_json::json;
//!
//! let harness = Harness::load(Module::new("module.toml", built_plugin("my_module")?)).await?;
//! let acme = harness.company("Acme").await?;
//! let reply = harness.call(&acme, "POST", "/items", Some(json!({ "title": "x" }))).await?;
//! assert_eq!(reply.status, 201);
//! harness.deliver_events().await?;
//! # Ok(())
//! # }
//! ```
//!
//! Each [`Harness`] has its own database: a SQLite **file** in a temporary directory that
//! is removed when the harness is dropped (an in-memory SQLite database would be a
//! different, empty database on each connection of the host's pool), or with
//! [`Harness::load_on`] a fresh PostgreSQL database, dropped with the harness. Packages need no
//! signature, and compiled plugins are cached in one directory under the system's
//! temporary directory, shared by every harness, so repeated runs skip compilation.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, bail};
use autoscope::testing::{self as host, AppState, PackSource};
use autoscope_wire::host::Publish;
use autoscope_wire::storage::StorageOp;
use autoscope_wire::{Envelope, Reply as WireReply};
use axum::body::Body;
use axum::http::{Method, Request, header};
use serde_json::{Value, json};

pub use autoscope::testing::{
    COMMUNITY_ROLE, Capability, Edition, Engine, Grants, Notification, Right, Rights, StoredMail, default_role_rights,
};
pub use autoscope_wire::storage::{Filter, FilterOp};

/// What the host answered a request: the status and the body decoded.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    /// The JSON body; its text when it is not JSON; `null` when empty.
    pub body: Value,
}

/// A module package to install: its manifest, its built plugin, optionally its web
/// remote's build output, and what the installation grants.
#[derive(Debug, Clone)]
pub struct Module {
    pub manifest: PathBuf,
    pub wasm: PathBuf,
    /// The remote's build output (packed as `web/`), if the module has pages.
    pub web: Option<PathBuf>,
    pub grants: Grants,
}

impl Module {
    /// The package of `manifest` and `wasm`, without pages, granted everything it declares.
    pub fn new(manifest: impl Into<PathBuf>, wasm: impl Into<PathBuf>) -> Self {
        Self { manifest: manifest.into(), wasm: wasm.into(), web: None, grants: Grants::Declared }
    }

    /// The module whose crate is in `dir`: its `dir/module.toml` and the plugin of
    /// `crate_name` as `make modules` builds it ([`built_plugin`]). Fails with how to build
    /// the plugin when it is missing.
    pub fn from_dir(dir: impl AsRef<Path>, crate_name: &str) -> anyhow::Result<Self> {
        Ok(Self::new(dir.as_ref().join("module.toml"), built_plugin(crate_name)?))
    }

    pub fn with_web(mut self, dir: impl Into<PathBuf>) -> Self {
        self.web = Some(dir.into());
        self
    }

    pub fn with_grants(mut self, grants: Grants) -> Self {
        self.grants = grants;
        self
    }
}

/// The plugin of crate `crate_name` as `make modules` builds it:
/// `<target>/wasm32-unknown-unknown/plugin/<crate_name>.wasm`, where `<target>` is
/// `$CARGO_TARGET_DIR`, or else the nearest `target/` folder above the current directory.
/// Fails with how to build it when it is missing.
pub fn built_plugin(crate_name: &str) -> anyhow::Result<PathBuf> {
    let file = Path::new("wasm32-unknown-unknown/plugin").join(format!("{}.wasm", crate_name.replace('-', "_")));
    let target = match std::env::var_os("CARGO_TARGET_DIR").filter(|dir| !dir.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => {
            let here = std::env::current_dir()?;
            let mut found = here.ancestors().map(|dir| dir.join("target"));
            found.find(|target| target.join(&file).is_file()).unwrap_or_else(|| here.join("target"))
        }
    };
    let path = target.join(file);
    ensure_built(&path)?;
    Ok(path)
}

/// One of this repository's product modules, `plugins/<key>` (crate `module-<key>`), as
/// `make modules` builds it: to test a module together with the ones it reads (the
/// vault's processes, say). Fails with how to build the plugin when it is missing.
pub fn product_module(key: &str) -> anyhow::Result<Module> {
    // Found from where the test runs (cargo runs a crate's tests in its folder) rather than
    // from where this crate was compiled: checkouts that share one build directory (a CI
    // clone beside the work tree) would otherwise read each other's manifests.
    let here = std::env::current_dir()?;
    let dir = here
        .ancestors()
        .map(|dir| dir.join("plugins").join(key))
        .find(|dir| dir.join("module.toml").is_file())
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../plugins").join(key));
    anyhow::ensure!(dir.join("module.toml").is_file(), "{} has no module.toml: no product module {key}", dir.display());
    Module::from_dir(dir, &format!("module_{key}"))
}

fn ensure_built(wasm: &Path) -> anyhow::Result<()> {
    if !wasm.is_file() {
        bail!(
            "{} is missing: build the plugin with `make modules` \
             (cargo build --profile plugin --target wasm32-unknown-unknown)",
            wasm.display()
        );
    }
    Ok(())
}

/// Who calls: a [`Company`] (its first user) or a [`User`].
pub trait Session {
    /// The bearer token of the user's session.
    fn token(&self) -> &str;
    fn user_id(&self) -> &str;
    fn company_id(&self) -> &str;
}

/// A [`Session`] that can take a new token: [`Company`] and [`User`] (see
/// [`Harness::renew`]).
pub trait Renewable: Session + Sized {
    /// The same user with the session `token`.
    fn with_token(&self, token: String) -> Self;
}

/// A user's open realtime stream ([`Harness::listen`]); it closes when dropped.
pub struct Tap {
    events: tokio::sync::mpsc::UnboundedReceiver<(String, Value)>,
    reader: tokio::task::JoinHandle<()>,
}

/// An event with only an id: the stream's opening.
const ID_ONLY: &str = "";

impl Tap {
    async fn first_id(&mut self) -> anyhow::Result<()> {
        match tokio::time::timeout(Duration::from_secs(5), self.events.recv()).await {
            Ok(Some((channel, _))) if channel == ID_ONLY => Ok(()),
            other => bail!("the realtime stream did not open with its latest id: {other:?}"),
        }
    }

    /// The next message (`(channel, payload)`, e.g. `("chat.message", {...})`), waiting up
    /// to 2 seconds; `None` when none came or the stream ended.
    pub async fn next(&mut self) -> Option<(String, Value)> {
        loop {
            match tokio::time::timeout(Duration::from_secs(2), self.events.recv()).await {
                Ok(Some((channel, _))) if channel == ID_ONLY => continue,
                Ok(event) => return event,
                Err(_) => return None,
            }
        }
    }

    /// Every message that arrives within 300 ms of the last one (or of the call).
    pub async fn drain(&mut self) -> Vec<(String, Value)> {
        let mut seen = Vec::new();
        while let Ok(Some(event)) = tokio::time::timeout(Duration::from_millis(300), self.events.recv()).await {
            if event.0 != ID_ONLY {
                seen.push(event);
            }
        }
        seen
    }
}

impl Drop for Tap {
    fn drop(&mut self) {
        self.reader.abort();
    }
}

/// One server-sent event's channel (`event:`, empty for an id-only event) and JSON payload
/// (its text when not JSON); `None` for a keep-alive comment.
fn sse_event(block: &str) -> Option<(String, Value)> {
    let (mut channel, mut data, mut any) = (String::new(), Vec::new(), false);
    for line in block.lines() {
        if let Some(value) = line.strip_prefix("event:") {
            channel = value.trim_start().to_string();
            any = true;
        } else if let Some(value) = line.strip_prefix("data:") {
            data.push(value.strip_prefix(' ').unwrap_or(value));
            any = true;
        } else if line.starts_with("id:") {
            any = true;
        }
    }
    let data = data.join("\n");
    let payload = serde_json::from_str(&data).unwrap_or(Value::String(data));
    any.then_some((channel, payload))
}

/// A company of the harness with its first user (signed in). All its users share the
/// company's one role, [`COMMUNITY_ROLE`], with [`default_role_rights`] until
/// [`Company::set_rights`] changes them.
#[derive(Clone)]
pub struct Company {
    pub id: String,
    pub name: String,
    /// The first user: `owner@<name in lower case>.test`.
    pub user_id: String,
    pub email: String,
    pub token: String,
    state: AppState,
}

/// Another signed-in user of a company.
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

impl Renewable for Company {
    fn with_token(&self, token: String) -> Self {
        Self { token, ..self.clone() }
    }
}

impl Renewable for User {
    fn with_token(&self, token: String) -> Self {
        Self { token, ..self.clone() }
    }
}

impl Company {
    /// Adds a user to the company (its role) and opens a session for them.
    pub async fn add_user(&self, email: &str) -> anyhow::Result<User> {
        let id = host::add_user(&self.state, &self.id, email).await?;
        let token = host::open_session(&self.state, &id, &self.id).await?;
        Ok(User { id, company_id: self.id.clone(), email: email.to_string(), token })
    }

    /// Makes `user` (of another company) a member of this one too, and opens a session for
    /// them here: a person in two companies.
    pub async fn add_member(&self, user: &User) -> anyhow::Result<User> {
        host::join_company(&self.state, &self.id, &user.id).await?;
        let token = host::open_session(&self.state, &user.id, &self.id).await?;
        Ok(User { id: user.id.clone(), company_id: self.id.clone(), email: user.email.clone(), token })
    }

    /// Replaces the rights of the company's role (every user of the company); a module
    /// needs `view` and not `disabled` on its manifest's `rights_key`. Sessions see the
    /// change on their next request.
    pub async fn set_rights(&self, rights: &Rights) -> anyhow::Result<()> {
        host::set_rights(&self.state, &self.id, rights).await
    }

    /// Community (the default: premium modules disabled) or enterprise.
    pub async fn set_edition(&self, edition: Edition) -> anyhow::Result<()> {
        host::set_edition(&self.state, &self.id, edition).await
    }
}

/// A real host in this process with its own database, and the module it was loaded with.
pub struct Harness {
    state: AppState,
    app: axum::Router,
    /// What the host was started with: [`Harness::restart`] starts another with it.
    config: host::Config,
    module: String,
    // Dropped after `state` (fields drop in order); the drop ends any connection left.
    _database: Option<PgDatabase>,
    dir: tempfile::TempDir,
}

impl Harness {
    /// Starts a host on SQLite and installs `module` through the registry;
    /// [`Harness::call`] then addresses it.
    pub async fn load(module: Module) -> anyhow::Result<Self> {
        Self::load_on(Engine::Sqlite, module).await
    }

    /// The same on `engine`: SQLite in a temporary file, or a fresh PostgreSQL database on
    /// the server of `AUTOSCOPE_TEST_POSTGRES` (default `postgres://postgres@127.0.0.1:5432/test`),
    /// dropped with the harness.
    pub async fn load_on(engine: Engine, module: Module) -> anyhow::Result<Self> {
        let dir = tempfile::Builder::new().prefix("autoscope-module-test-").tempdir()?;
        let cache = std::env::temp_dir().join("autoscope-module-test-compile-cache");
        let (database_url, database) = match engine {
            Engine::Sqlite => (format!("sqlite://{}?mode=rwc", dir.path().join("autoscope.db").display()), None),
            Engine::Postgres => {
                let database = PgDatabase::create().await?;
                (database.url.clone(), Some(database))
            }
        };
        let config = host::config(dir.path(), &database_url, &cache)?;
        let state = host::prepare(config.clone()).await.context("the host did not start")?;
        let mut harness =
            Self { app: host::app(state.clone()), state, config, module: String::new(), _database: database, dir };
        harness.module = harness.install(module).await?;
        Ok(harness)
    }

    /// [`Harness::load_on`] with `module`, then `others` installed after it (the modules
    /// whose collections or events it uses); [`Harness::call`] addresses `module`.
    pub async fn load_with(
        engine: Engine,
        module: Module,
        others: impl IntoIterator<Item = Module>,
    ) -> anyhow::Result<Self> {
        let harness = Self::load_on(engine, module).await?;
        for other in others {
            harness.install(other).await?;
        }
        Ok(harness)
    }

    /// Packs and installs another module (or a new version of one); answers its key.
    /// A refused package fails with every reason the registry gave.
    pub async fn install(&self, module: Module) -> anyhow::Result<String> {
        ensure_built(&module.wasm)?;
        let out = self.dir.path().join("packages").join(host::new_id());
        let source = PackSource { manifest: &module.manifest, wasm: &module.wasm, web: module.web.as_deref() };
        host::install(&self.state, &source, &out, module.grants).await
    }

    /// The key of the module the harness was loaded with.
    pub fn module(&self) -> &str {
        &self.module
    }

    /// The database engine the host runs on.
    pub fn engine(&self) -> Engine {
        host::engine(&self.state)
    }

    /// The host's clock now (unix seconds): the wall clock plus what [`Harness::advance`] added.
    pub fn now(&self) -> i64 {
        self.state.clock.now()
    }

    /// Publishes `event` as module `source` in the company, as its `publish` host call
    /// does; answers how many subscribers will receive it.
    pub async fn publish(&self, source: &str, company_id: &str, event: &Publish) -> anyhow::Result<u64> {
        host::publish(&self.state, source, company_id, event).await
    }

    /// Calls the installed `module` with `envelope` directly, past the gateway: an event
    /// delivered again (at least once), say.
    pub async fn call_envelope(&self, module: &str, envelope: &Envelope) -> anyhow::Result<WireReply> {
        host::call(&self.state, module, envelope).await
    }

    /// A new company with one signed-in user (see [`Company`]).
    pub async fn company(&self, name: &str) -> anyhow::Result<Company> {
        let slug: String =
            name.trim().chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
        let email = format!("owner@{slug}.test");
        let created = host::create_company(&self.state, name, &email, &default_role_rights()).await?;
        let token = host::open_session(&self.state, &created.user_id, &created.company_id).await?;
        Ok(Company {
            id: created.company_id,
            name: name.to_string(),
            user_id: created.user_id,
            email,
            token,
            state: self.state.clone(),
        })
    }

    /// `method` on the loaded module's `path` (with its query, if any), as `who`:
    /// `/api/m/<key><path>` through the whole host.
    pub async fn call(
        &self,
        who: &dyn Session,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> anyhow::Result<Reply> {
        self.call_module(&self.module, who, method, path, body).await
    }

    /// [`Harness::call`] on the installed module `key`.
    pub async fn call_module(
        &self,
        key: &str,
        who: &dyn Session,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> anyhow::Result<Reply> {
        self.request(method, &module_uri(key, path), Some(who), body).await
    }

    /// `method` on the loaded module's `path` without a session: the public routes its
    /// manifest declares (bound to a company through their `company_from` user id).
    pub async fn call_public(&self, method: &str, path: &str, body: Option<Value>) -> anyhow::Result<Reply> {
        self.request(method, &module_uri(&self.module, path), None, body).await
    }

    /// Any request to the host, e.g. a module's legacy route (`/api/support/...`) or the
    /// host's own API; the answer's body is its JSON, its text, or `null` when empty.
    pub async fn request(
        &self,
        method: &str,
        uri: &str,
        who: Option<&dyn Session>,
        body: Option<Value>,
    ) -> anyhow::Result<Reply> {
        let method = Method::from_bytes(method.as_bytes()).with_context(|| format!("'{method}' is not a method"))?;
        let mut request = Request::builder().method(method).uri(uri);
        if let Some(who) = who {
            request = request.header(header::AUTHORIZATION, format!("Bearer {}", who.token()));
        }
        let request = match body {
            Some(body) => request.header(header::CONTENT_TYPE, "application/json").body(Body::from(body.to_string())),
            None => request.body(Body::empty()),
        }
        .with_context(|| format!("cannot build a request to {uri}"))?;
        self.send(request).await
    }

    /// Creates a company API key as the company's first user (its administrator), through
    /// `POST /api/ingest/keys`; answers the key.
    pub async fn api_key(&self, company: &Company) -> anyhow::Result<String> {
        let reply = self.request("POST", "/api/ingest/keys", Some(company), Some(json!({ "name": "harness" }))).await?;
        anyhow::ensure!(reply.status == 200, "creating an API key answered {}: {}", reply.status, reply.body);
        reply.body["key"].as_str().map(str::to_string).context("the new key's answer holds no key")
    }

    /// Posts `records` (a JSON array or `{"records": [...]}`) to the ingestion stream
    /// `module`/`stream` with the API key `key`.
    pub async fn ingest(&self, key: &str, module: &str, stream: &str, records: Value) -> anyhow::Result<Reply> {
        self.ingest_body(key, module, stream, "application/json", records.to_string()).await
    }

    /// [`Harness::ingest`] with an NDJSON body (one record a line).
    pub async fn ingest_ndjson(&self, key: &str, module: &str, stream: &str, lines: &str) -> anyhow::Result<Reply> {
        self.ingest_body(key, module, stream, "application/x-ndjson", lines.to_string()).await
    }

    async fn ingest_body(
        &self,
        key: &str,
        module: &str,
        stream: &str,
        content_type: &str,
        body: String,
    ) -> anyhow::Result<Reply> {
        let uri = format!("/api/ingest/{module}/{stream}");
        let request = Request::builder()
            .method(Method::POST)
            .uri(&uri)
            .header(header::AUTHORIZATION, format!("Bearer {key}"))
            .header(header::CONTENT_TYPE, content_type)
            .body(Body::from(body))
            .with_context(|| format!("cannot build a request to {uri}"))?;
        self.send(request).await
    }

    async fn send(&self, request: Request<Body>) -> anyhow::Result<Reply> {
        let (status, bytes) = host::call_in_process(&self.app, request).await?;
        let body = match serde_json::from_slice(&bytes) {
            Ok(json) => json,
            Err(_) if bytes.is_empty() => Value::Null,
            Err(_) => Value::String(String::from_utf8_lossy(&bytes).into_owned()),
        };
        Ok(Reply { status, body })
    }

    /// Opens `who`'s realtime stream (`GET /api/realtime`, as a browser tab does): the tap
    /// then hears every live message the host sends them, as `(channel, payload)`.
    pub async fn listen(&self, who: &dyn Session) -> anyhow::Result<Tap> {
        let request = Request::builder()
            .uri("/api/realtime")
            .header(header::AUTHORIZATION, format!("Bearer {}", who.token()))
            .body(Body::empty())?;
        let response = tower::ServiceExt::oneshot(self.app.clone(), request).await?;
        anyhow::ensure!(response.status() == 200, "the realtime stream answered {}", response.status());
        let (sender, events) = tokio::sync::mpsc::unbounded_channel();
        let reader = tokio::spawn(async move {
            let mut body = response.into_body().into_data_stream();
            let mut buffer = String::new();
            while let Some(Ok(chunk)) = futures_util::StreamExt::next(&mut body).await {
                buffer.push_str(&String::from_utf8_lossy(&chunk));
                while let Some(end) = buffer.find("\n\n") {
                    let block: String = buffer.drain(..end + 2).collect();
                    if let Some(event) = sse_event(&block)
                        && sender.send(event).is_err()
                    {
                        return;
                    }
                }
            }
        });
        // The stream's first event (its latest id) says it has joined the hub.
        let mut tap = Tap { events, reader };
        tap.first_id().await?;
        Ok(tap)
    }

    /// Delivers every event that is due (as the host's worker does), again until none is
    /// left, so events published by handlers arrive too; answers how many were delivered.
    /// A failed delivery is retried only after its backoff (see [`Harness::advance`]).
    pub async fn deliver_events(&self) -> anyhow::Result<usize> {
        let mut delivered = 0;
        for _ in 0..100 {
            match host::deliver_events(&self.state).await? {
                0 => break,
                count => delivered += count,
            }
        }
        Ok(delivered)
    }

    /// Runs every module job that is due to its end (or its failed step), as the host's
    /// worker does in the background; answers how many runs that took. A failed step is
    /// tried again only after its backoff (see [`Harness::advance`]).
    pub async fn run_jobs(&self) -> anyhow::Result<usize> {
        host::run_jobs(&self.state).await
    }

    /// Sends every webhook that is due (as the host's worker does in the background), again
    /// until none is; answers how many receivers accepted (a 2xx). A failed attempt is tried
    /// again only after its backoff (10 s doubling, see [`Harness::advance`]). The harness
    /// allows webhooks to loopback hosts only (`127.0.0.1`, `localhost`, `[::1]`), where a
    /// test runs its receiver.
    pub async fn deliver_webhooks(&self) -> anyhow::Result<usize> {
        host::deliver_webhooks(&self.state).await
    }

    /// Runs every schedule that is due, once per company; answers how many runs
    /// succeeded. A schedule is due again `every_seconds` later by the host's clock.
    pub async fn run_schedules(&self) -> anyhow::Result<usize> {
        host::run_schedules(&self.state).await
    }

    /// Starts a new host on the same database and data directory, with the clock where it
    /// was, and talks to it from now on: what a module keeps must hold across a restart (a
    /// reminder claimed before the restart is not sent again after it). Nothing of the old
    /// host is kept: the harness runs no background work.
    pub async fn restart(&mut self) -> anyhow::Result<()> {
        let moved = self.state.clock.now() - host::Clock::default().now();
        let state = host::prepare(self.config.clone()).await.context("the host did not start again")?;
        state.clock.advance(Duration::from_secs(moved.max(0).unsigned_abs()));
        self.app = host::app(state.clone());
        self.state = state;
        Ok(())
    }

    /// Moves the host's clock forward (schedules, event retries). Sessions end 12 hours
    /// after they were opened by this clock.
    pub fn advance(&self, by: Duration) {
        self.state.clock.advance(by);
    }

    /// `who` with a new session: sessions end 12 hours after they opened, so a test that
    /// moves the clock by days signs its users in again.
    pub async fn renew<S: Renewable>(&self, who: &S) -> anyhow::Result<S> {
        let token = host::open_session(&self.state, who.user_id(), who.company_id()).await?;
        Ok(who.with_token(token))
    }

    /// The notifications of `who`, newest first.
    pub async fn notifications(&self, who: &dyn Session) -> anyhow::Result<Vec<Notification>> {
        host::notifications(&self.state, who.company_id(), who.user_id()).await
    }

    /// The mail sent to `email` (kept in the host's outbox: no mail leaves), newest first.
    pub async fn mails_to(&self, email: &str) -> anyhow::Result<Vec<StoredMail>> {
        host::mails_to(&self.state, email).await
    }

    /// How many records of `<module>.<collection>` in `who`'s company match `filters`,
    /// read from storage directly: what no route shows any more (the data a deletion
    /// removed, say).
    pub async fn count(&self, who: &dyn Session, collection: &str, filters: Vec<Filter>) -> anyhow::Result<u64> {
        let name = collection.split_once('.').map_or(collection, |(_, name)| name);
        let op = StorageOp::Count { collection: name.into(), filters };
        let count = host::storage(&self.state, collection, who.company_id(), op).await?;
        count.as_u64().context("a count is a number")
    }
}

/// Shortcuts for tests that panic rather than return a `Result`: each unwraps, saying what
/// failed, and the reply checks show the whole reply when the status is not the one
/// expected.
///
/// ```no_run
/// # async fn example(harness: autoscope_module_test::Harness) {
/// use autoscope_module_test::shortcuts::{call, company, expect, id, message};
/// use serde_json::json;
///
/// let acme = company(&harness, "Acme").await;
/// let item = expect(call(&harness, &acme, "POST", "/items", Some(json!({ "title": "x" }))).await, 201);
/// let missing = call(&harness, &acme, "GET", "/items/nope", None).await;
/// assert_eq!(message(missing, 404), "Item not found");
/// # let _ = id(&item);
/// # }
/// ```
pub mod shortcuts {
    use serde_json::{Value, json};

    use crate::{Company, Filter, FilterOp, Harness, Renewable, Reply, Session, User};

    /// [`Harness::company`].
    pub async fn company(harness: &Harness, name: &str) -> Company {
        harness.company(name).await.expect("a company")
    }

    /// [`Company::add_user`].
    pub async fn user(company: &Company, email: &str) -> User {
        company.add_user(email).await.expect("a user")
    }

    /// [`Harness::call`].
    pub async fn call(harness: &Harness, who: &dyn Session, method: &str, path: &str, body: Option<Value>) -> Reply {
        harness.call(who, method, path, body).await.expect("the host answers")
    }

    /// The body of a reply with `status`.
    pub fn expect(reply: Reply, status: u16) -> Value {
        assert_eq!(reply.status, status, "{reply:?}");
        reply.body
    }

    /// The message (`{"message": ...}`) of a reply with `status`.
    pub fn message(reply: Reply, status: u16) -> String {
        expect(reply, status)["message"].as_str().expect("a message").to_string()
    }

    /// The `id` of a record.
    pub fn id(record: &Value) -> &str {
        record["id"].as_str().expect("an id")
    }

    /// [`Harness::renew`].
    pub async fn renew<S: Renewable>(harness: &Harness, who: &S) -> S {
        harness.renew(who).await.expect("a session")
    }

    /// How many records of `collection` (`<module>.<collection>`) in `who`'s company have
    /// `field` = `value`, read from storage ([`Harness::count`]).
    pub async fn stored(harness: &Harness, who: &dyn Session, collection: &str, field: &str, value: &str) -> u64 {
        let filters = vec![Filter { field: field.into(), op: FilterOp::Eq, value: value.into() }];
        harness.count(who, collection, filters).await.expect("the count runs")
    }

    /// The body of a file upload (`{name, mime, data}`, as the SDK's `files::Upload` reads
    /// it) of a text file that says `hello`.
    pub fn text_file(name: &str) -> Value {
        json!({ "name": name, "mime": "text/plain", "data": "aGVsbG8=" })
    }
}

/// `/api/m/<key>` with `path` (`/items?done=true`; `/` or empty is the module's root).
fn module_uri(key: &str, path: &str) -> String {
    match path.trim_start_matches('/') {
        rest if rest.is_empty() || rest.starts_with('?') => format!("/api/m/{key}{rest}"),
        rest => format!("/api/m/{key}/{rest}"),
    }
}

/// Where PostgreSQL test databases are created.
fn postgres_admin_url() -> String {
    std::env::var("AUTOSCOPE_TEST_POSTGRES").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

/// A fresh PostgreSQL database, dropped (with its connections) when this is dropped.
struct PgDatabase {
    url: String,
    name: String,
}

impl PgDatabase {
    async fn create() -> anyhow::Result<Self> {
        let name = format!("autoscope_mt_{}", host::new_id().replace('-', ""));
        let admin_url = postgres_admin_url();
        let admin = sqlx::PgPool::connect(&admin_url).await.with_context(|| format!("PostgreSQL at {admin_url}"))?;
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&admin).await?;
        admin.close().await;
        let (server, _) = admin_url.rsplit_once('/').context("AUTOSCOPE_TEST_POSTGRES names no database")?;
        Ok(Self { url: format!("{server}/{name}"), name })
    }
}

impl Drop for PgDatabase {
    fn drop(&mut self) {
        let name = std::mem::take(&mut self.name);
        // Drop may run inside a runtime: a short-lived one on its own thread.
        let _ = std::thread::spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread().enable_all().build() else { return };
            runtime.block_on(async {
                if let Ok(admin) = sqlx::PgPool::connect(&postgres_admin_url()).await {
                    let drop = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
                    let _ = sqlx::query(sqlx::AssertSqlSafe(drop)).execute(&admin).await;
                    admin.close().await;
                }
            });
        })
        .join();
    }
}

/// Runs each named test on SQLite and on PostgreSQL: `on_both_engines!(lists_items)` makes
/// `lists_items::sqlite` and `lists_items::postgres`, each calling
/// `async fn lists_items(engine: Engine)` on the multi-threaded runtime. The function may
/// return `()` or a `Result` (an error fails the test with its debug text).
#[macro_export]
macro_rules! on_both_engines {
    ($($name:ident),+ $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                $crate::TestOutcome::check(super::$name($crate::Engine::Sqlite).await)
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                $crate::TestOutcome::check(super::$name($crate::Engine::Postgres).await)
            }
        }
    )+};
}

/// What a test of [`on_both_engines!`] may return.
#[doc(hidden)]
pub trait TestOutcome {
    fn check(self);
}

impl TestOutcome for () {
    fn check(self) {}
}

impl<E: std::fmt::Debug> TestOutcome for Result<(), E> {
    fn check(self) {
        if let Err(err) = self {
            panic!("{err:?}");
        }
    }
}
