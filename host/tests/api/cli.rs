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
        let Output { status, stdout, stderr } = self.command(args).output().expect("the binary runs");
        let (stdout, stderr) = (String::from_utf8_lossy(&stdout), String::from_utf8_lossy(&stderr));
        assert!(status.success(), "autoscope {args:?} failed:\n{stdout}\n{stderr}");
        stdout.into_owned()
    }
}

/// Stops the server however the test ends, so a failed assertion leaves no process behind.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
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

    let _server = KillOnDrop(setup.command(&["serve"]).spawn().expect("serve starts"));
    let base = format!("http://{}", setup.addr);
    let deadline = Instant::now() + Duration::from_secs(30);
    let client = http_client();
    while !client.get(format!("{base}/api/openapi.json")).send().await.is_ok_and(|r| r.status().is_success()) {
        assert!(Instant::now() < deadline, "the server did not answer within 30 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

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
