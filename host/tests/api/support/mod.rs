//! The test harness: a real host on a loopback port with its own database per test
//! (a temporary SQLite file, or a fresh PostgreSQL database dropped afterwards).

#![allow(dead_code)]

pub mod binary;
pub mod maildev;
pub mod modules;
pub mod oidc;
pub mod sources;
pub mod webhooks;

use std::collections::HashMap;
use std::time::Duration;

use autoscope::storage::{Db, Engine, mail_outbox};
use autoscope::{AppState, Config};
use serde_json::{Value, json};

/// Where test databases are created; override with AUTOSCOPE_TEST_POSTGRES.
pub fn postgres_admin_url() -> String {
    std::env::var("AUTOSCOPE_TEST_POSTGRES").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

/// The HTTP client of every test: bounded waits, and the process's TLS provider
/// installed (reqwest needs one even for plain http).
pub fn http_client() -> reqwest::Client {
    autoscope::install_crypto_provider();
    reqwest::Client::builder().timeout(Duration::from_secs(30)).build().unwrap()
}

/// A password that passes the policy.
pub const PASSWORD: &str = "Tr4vel-Kite#2";

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub state: AppState,
    pub engine: Engine,
    database: Option<PgDatabase>,
    _data_dir: TempDir,
}

/// An answer: status and JSON body (Null when the body is not JSON).
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
}

impl Answer {
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or_default()
    }
}

impl TestApp {
    pub async fn sqlite() -> Self {
        Self::start(Engine::Sqlite, |_| {}).await
    }

    pub async fn postgres() -> Self {
        Self::start(Engine::Postgres, |_| {}).await
    }

    /// Starts a host; `adjust` may change the configuration first (limits, SMTP, providers).
    pub async fn start(engine: Engine, adjust: impl FnOnce(&mut Config)) -> Self {
        // AUTOSCOPE_TEST_LOG=debug shows the host's log (errors included) while debugging.
        if let Ok(filter) = std::env::var("AUTOSCOPE_TEST_LOG") {
            let _ = tracing_subscriber::fmt().with_env_filter(filter).with_test_writer().try_init();
        }
        let data_dir = TempDir::new();
        let (database_url, database) = match engine {
            Engine::Sqlite => (format!("sqlite://{}?mode=rwc", data_dir.0.join("test.db").display()), None),
            Engine::Postgres => {
                let database = PgDatabase::create().await;
                (database.url.clone(), Some(database))
            }
        };
        Self::launch(engine, database_url, database, data_dir, adjust).await
    }

    /// Another host instance on this one's database, as behind a load balancer (the
    /// database stays this instance's to drop).
    pub async fn another_instance(&self, adjust: impl FnOnce(&mut Config)) -> Self {
        let database_url = self.state.config.database_url.clone();
        Self::launch(self.engine, database_url, None, TempDir::new(), adjust).await
    }

    async fn launch(
        engine: Engine,
        database_url: String,
        database: Option<PgDatabase>,
        data_dir: TempDir,
        adjust: impl FnOnce(&mut Config),
    ) -> Self {
        let vars: HashMap<&str, String> = HashMap::from([
            ("AUTOSCOPE_SECRET", "test-secret-test-secret-test-secret-0123".to_string()),
            ("DATABASE_URL", database_url),
            ("AUTOSCOPE_DATA_DIR", data_dir.0.display().to_string()),
            ("AUTOSCOPE_ADDR", "127.0.0.1:0".to_string()),
            ("AUTOSCOPE_LOG", "warn".to_string()),
            // Most tests install the unsigned test packages; signature tests turn this off.
            ("AUTOSCOPE_ALLOW_UNSIGNED_MODULES", "true".to_string()),
            // One compile cache for every test, so each plugin compiles once per run.
            ("AUTOSCOPE_COMPILE_CACHE_DIR", modules::compile_cache_dir().display().to_string()),
        ]);
        let mut config = Config::from_lookup(|k| vars.get(k).cloned()).unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        config.public_url = base.clone();
        adjust(&mut config);
        let state = autoscope::prepare(config).await.unwrap();
        tokio::spawn(autoscope::serve(state.clone(), listener, std::future::pending()));
        Self { base, client: http_client(), state, engine, database, _data_dir: data_dir }
    }

    pub fn db(&self) -> &Db {
        &self.state.db
    }

    /// The name of the app's PostgreSQL database; `None` on SQLite.
    pub fn database_name(&self) -> Option<&str> {
        self.database.as_ref().map(PgDatabase::name)
    }

    /// Moves the host's clock forward.
    pub fn advance(&self, by: Duration) {
        self.state.clock.advance(by);
    }

    pub async fn request(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Answer {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("the host answers");
        let status = response.status().as_u16();
        let text = response.text().await.unwrap_or_default();
        Answer { status, body: serde_json::from_str(&text).unwrap_or(Value::Null) }
    }

    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.request(reqwest::Method::POST, path, None, Some(body)).await
    }

    pub async fn post_as(&self, token: &str, path: &str, body: Value) -> Answer {
        self.request(reqwest::Method::POST, path, Some(token), Some(body)).await
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.request(reqwest::Method::GET, path, None, None).await
    }

    pub async fn get_as(&self, token: &str, path: &str) -> Answer {
        self.request(reqwest::Method::GET, path, Some(token), None).await
    }

    /// Mail the host kept in its outbox for `to`, newest first.
    pub async fn mails_to(&self, to: &str) -> Vec<mail_outbox::StoredMail> {
        mail_outbox::for_recipient(self.db(), to).await.unwrap()
    }

    /// The 6-digit code of the newest sign-up mail to `to`.
    pub async fn signup_code_for(&self, to: &str) -> String {
        let mails = self.mails_to(to).await;
        let mail = mails.first().expect("a sign-up mail was sent");
        six_digits(&mail.text_body).expect("the mail has a code")
    }

    /// Runs the whole e-mail sign-up for a new company and returns the session token.
    pub async fn sign_up(&self, email: &str, company: &str) -> String {
        let asked =
            self.post("/api/users/newUserSignUp", json!({"firstname": "Ann", "lastname": "Lee", "email": email})).await;
        assert_eq!(asked.status, 200, "{asked:?}");
        let code = self.signup_code_for(email).await;
        let verified = self
            .post("/api/users/userSignUpTokenVerification", json!({"email": email, "verificationCode": code}))
            .await;
        assert_eq!(verified.message(), "Token verified", "{verified:?}");
        let registered = self.post("/api/users/communitySignUp", signup_payload(email, company)).await;
        assert_eq!(registered.status, 200, "{registered:?}");
        self.sign_in(email, PASSWORD).await
    }

    /// Signs in and returns the token (panics when refused).
    pub async fn sign_in(&self, email: &str, password: &str) -> String {
        let answer = self.post("/api/users/signin", json!({"email": email, "password": password})).await;
        assert_eq!(answer.status, 200, "{answer:?}");
        answer.body["token"].as_str().unwrap().to_string()
    }
}

/// The realtime stream (`GET /api/realtime`) of the session `token`.
pub async fn open_stream(app: &TestApp, token: &str) -> reqwest::Response {
    let response = app.client.get(format!("{}/api/realtime", app.base)).bearer_auth(token).send().await.unwrap();
    assert_eq!(response.status(), 200);
    response
}

/// The next server-sent event with data, if one arrives within a second.
pub async fn read_event(response: &mut reqwest::Response) -> Option<String> {
    let mut text = String::new();
    loop {
        match tokio::time::timeout(Duration::from_secs(1), response.chunk()).await {
            Ok(Ok(Some(chunk))) => {
                text.push_str(&String::from_utf8_lossy(&chunk));
                if text.contains("data:") && text.contains("\n\n") {
                    return Some(text);
                }
            }
            _ => return None,
        }
    }
}

/// The community sign-up payload for `email` and `company`.
pub fn signup_payload(email: &str, company: &str) -> Value {
    json!({
        "firstname": "Ann", "lastname": "Lee", "email": email, "companyname": company,
        "password": PASSWORD, "country": "IN", "department": "Information Technology",
        "gender": "Female", "job_title": "RPA Lead", "currency_name": "INR", "currency_symbol": "₹",
        "userrole": "communityuser", "agreedToTermsAndConditions": true
    })
}

pub fn six_digits(text: &str) -> Option<String> {
    text.split(|c: char| !c.is_ascii_digit()).find(|w| w.len() == 6).map(str::to_string)
}

/// A fresh PostgreSQL database, dropped (with its connections) when this is dropped.
pub struct PgDatabase {
    pub url: String,
    name: String,
}

impl PgDatabase {
    pub async fn create() -> Self {
        let name = format!("autoscope_t_{}", uuid::Uuid::new_v4().simple());
        let admin = sqlx::PgPool::connect(&postgres_admin_url()).await.expect("PostgreSQL at 127.0.0.1:5432");
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&admin).await.unwrap();
        admin.close().await;
        let admin_url = postgres_admin_url();
        let (server, _) = admin_url.rsplit_once('/').unwrap();
        Self { url: format!("{server}/{name}"), name }
    }

    pub fn name(&self) -> &str {
        &self.name
    }
}

impl Drop for PgDatabase {
    fn drop(&mut self) {
        let name = std::mem::take(&mut self.name);
        // Drop runs outside async context: a short-lived runtime on its own thread.
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            runtime.block_on(async {
                if let Ok(admin) = sqlx::PgPool::connect(&postgres_admin_url()).await {
                    let _ = sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")))
                        .execute(&admin)
                        .await;
                    admin.close().await;
                }
            });
        })
        .join();
    }
}

/// A temporary directory removed on drop.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new() -> Self {
        let dir = std::env::temp_dir().join(format!("autoscope-test-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs each named test on SQLite and on PostgreSQL. `fn name(app: TestApp)` gets a
/// default host; with `engine:` the test gets the engine and starts its own.
#[macro_export]
macro_rules! on_both_engines {
    (engine: $($name:ident),+ $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() { super::$name(autoscope::storage::Engine::Sqlite).await }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() { super::$name(autoscope::storage::Engine::Postgres).await }
        }
    )+};
    ($($name:ident),+ $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() { super::$name($crate::support::TestApp::sqlite().await).await }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() { super::$name($crate::support::TestApp::postgres().await).await }
        }
    )+};
}
