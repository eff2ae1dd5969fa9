//! The `autoscope-demo` binary as `make run` uses it: on the host's configuration it seeds
//! the demo company and its people (twice: the second run changes nothing), then the host
//! signs them in. No module is installed, so each product module is reported skipped.

use std::collections::HashMap;
use std::process::{Command, Output};

use axum::body::Body;
use axum::http::{Method, Request, header};
use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_autoscope-demo");

/// The password every demo person gets unless AUTOSCOPE_DEMO_PASSWORD says otherwise.
const DEFAULT_PASSWORD: &str = "Demo#Portal-2026";

struct Setup {
    data_dir: TempDir,
    database_url: Option<String>,
}

impl Setup {
    /// The host's configuration, as `autoscope serve` would read it from the environment.
    fn vars(&self) -> HashMap<&'static str, String> {
        let mut vars = HashMap::from([
            ("AUTOSCOPE_DATA_DIR", self.data_dir.0.display().to_string()),
            ("AUTOSCOPE_LOG", "warn".to_string()),
            ("AUTOSCOPE_WEB_DIR", self.data_dir.0.join("no-shell").display().to_string()),
        ]);
        if let Some(url) = &self.database_url {
            vars.insert("DATABASE_URL", url.clone());
        }
        vars
    }

    fn command(&self) -> Command {
        let mut command = Command::new(BIN);
        command
            .env_remove("DATABASE_URL")
            .env_remove("AUTOSCOPE_SECRET")
            .env_remove("SMTP_URL")
            .env_remove("AUTOSCOPE_DEMO_PASSWORD")
            .envs(self.vars());
        command
    }

    fn run(&self, command: &mut Command) -> (bool, String) {
        let Output { status, stdout, stderr } = command.output().expect("the binary runs");
        let (stdout, stderr) = (String::from_utf8_lossy(&stdout), String::from_utf8_lossy(&stderr));
        (status.success(), format!("{stdout}\n{stderr}"))
    }

    fn seed(&self) -> String {
        let (success, output) = self.run(&mut self.command());
        assert!(success, "autoscope-demo failed:\n{output}");
        output
    }

    /// The host on the same configuration, in this process.
    async fn host(&self) -> autoscope::AppState {
        let vars = self.vars();
        let config = autoscope::Config::from_lookup(|key| vars.get(key).cloned()).unwrap();
        autoscope::prepare(config).await.unwrap()
    }
}

/// `POST /api/users/signin` through the host's whole application.
async fn sign_in(state: &autoscope::AppState, email: &str, password: &str) -> (u16, Value) {
    let body = json!({ "email": email, "password": password }).to_string();
    let request = Request::builder()
        .method(Method::POST)
        .uri("/api/users/signin")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .unwrap();
    let (status, bytes) = autoscope::http::call_in_process(&autoscope::app(state.clone()), request).await.unwrap();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

async fn seed_twice_and_sign_in(database_url: Option<String>) {
    let setup = Setup { data_dir: TempDir::new(), database_url };

    // A password the policy refuses stops the seeding before it creates anyone.
    let (success, output) = setup.run(setup.command().env("AUTOSCOPE_DEMO_PASSWORD", "short"));
    assert!(!success && output.contains("AUTOSCOPE_DEMO_PASSWORD"), "{output}");

    let first = setup.seed();
    assert!(first.contains("demo company 'Autoscope Demo' (enterprise): 4 user(s) added"), "{first}");
    assert!(first.contains("Process Vault: not installed, skipped"), "{first}");
    assert!(first.contains("admin@autoscope.test"), "the demo makes its administrator: {first}");
    let second = setup.seed();
    assert!(second.contains("0 user(s) added, 4 in all"), "seeding twice changes nothing: {second}");

    let state = setup.host().await;
    let (status, demo) = sign_in(&state, "demo@autoscope.test", DEFAULT_PASSWORD).await;
    assert_eq!(status, 200, "{demo}");
    assert_eq!(demo["userdata"]["companyname"], "Autoscope Demo");
    assert_eq!(
        demo["userdata"]["userrole"][0]["rights"]["databaseIntegration"],
        json!({"view": true, "disabled": false}),
        "the demo company is on the enterprise edition"
    );
    for email in ["analyst@autoscope.test", "developer@autoscope.test", "support@autoscope.test"] {
        let (status, person) = sign_in(&state, email, DEFAULT_PASSWORD).await;
        assert_eq!(status, 200, "{email}: {person}");
        assert_eq!(person["userdata"]["companyname"], "Autoscope Demo", "{email}");
    }
    let (status, admin) = sign_in(&state, "admin@autoscope.test", DEFAULT_PASSWORD).await;
    assert_eq!(status, 200, "{admin}");
    assert_eq!(admin["userdata"]["is_admin"], true);
}

/// On the embedded default: SQLite under the data dir and a generated secret.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeds_the_demo_once_on_sqlite() {
    seed_twice_and_sign_in(None).await;
}

/// With DATABASE_URL=postgres://... the same seeding runs on PostgreSQL.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeds_the_demo_once_on_postgres() {
    let database = PgDatabase::create().await;
    seed_twice_and_sign_in(Some(database.url.clone())).await;
}

/// The server of `AUTOSCOPE_TEST_POSTGRES`, as the host's tests use it.
fn postgres_admin_url() -> String {
    std::env::var("AUTOSCOPE_TEST_POSTGRES").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

/// A fresh PostgreSQL database, dropped (with its connections) when this is dropped.
struct PgDatabase {
    url: String,
    name: String,
}

impl PgDatabase {
    async fn create() -> Self {
        let name = format!("autoscope_t_{}", uuid::Uuid::new_v4().simple());
        let admin = sqlx::PgPool::connect(&postgres_admin_url()).await.expect("PostgreSQL at 127.0.0.1:5432");
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&admin).await.unwrap();
        admin.close().await;
        let admin_url = postgres_admin_url();
        let (server, _) = admin_url.rsplit_once('/').unwrap();
        Self { url: format!("{server}/{name}"), name }
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
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new() -> Self {
        let dir = std::env::temp_dir().join(format!("autoscope-demo-test-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
