//! The `autoscope` binary as an operator runs it: its commands on a data dir (and a
//! PostgreSQL database when given), and `serve` on a loopback port, stopped however the
//! test ends.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use super::maildev::free_port;
use super::{TempDir, http_client};

pub const BIN: &str = env!("CARGO_BIN_EXE_autoscope");

/// A portal's data dir, database and address.
pub struct Setup {
    pub data_dir: TempDir,
    /// PostgreSQL's; SQLite under the data dir when `None`.
    pub database_url: Option<String>,
    pub addr: String,
    /// Set on every command after the caller's environment is cleared.
    env: Vec<(&'static str, String)>,
}

impl Setup {
    pub fn new(database_url: Option<String>) -> Self {
        Self { data_dir: TempDir::new(), database_url, addr: format!("127.0.0.1:{}", free_port()), env: Vec::new() }
    }

    /// This portal with `name` set to `value` for each of its commands.
    pub fn with_env(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.env.push((name, value.into()));
        self
    }

    /// `autoscope <args>` on this portal, with nothing of the caller's environment that
    /// would point it elsewhere.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(BIN);
        command
            .args(args)
            .env("AUTOSCOPE_DATA_DIR", &self.data_dir.0)
            .env("AUTOSCOPE_ADDR", &self.addr)
            .env("AUTOSCOPE_LOG", "warn")
            .env("AUTOSCOPE_WEB_DIR", self.data_dir.0.join("no-shell"))
            // The api tests' cache: each plugin compiles once across runs.
            .env("AUTOSCOPE_COMPILE_CACHE_DIR", super::modules::compile_cache_dir())
            .env_remove("AUTOSCOPE_SECRET")
            .env_remove("AUTOSCOPE_MODULES_DIR")
            .env_remove("SMTP_URL")
            .env_remove("NATS_URL")
            .env_remove("AUTOSCOPE_ADMIN_PASSWORD");
        match &self.database_url {
            Some(url) => command.env("DATABASE_URL", url),
            None => command.env_remove("DATABASE_URL"),
        };
        command.envs(self.env.iter().map(|(name, value)| (name, value)));
        command
    }

    /// `autoscope <args>`, which must succeed; its standard output.
    pub fn run(&self, args: &[&str]) -> String {
        succeeded(self.command(args), args)
    }

    /// `autoscope module install <archive> --grants declared`, offline and allowing unsigned
    /// packages; its standard output.
    pub fn install(&self, archive: &std::path::Path) -> String {
        let args = ["module", "install", archive.to_str().expect("a UTF-8 path"), "--grants", "declared"];
        let mut install = self.command(&args);
        install.env("AUTOSCOPE_ALLOW_UNSIGNED_MODULES", "true");
        succeeded(install, &args)
    }

    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The database's URL, SQLite's file included.
    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.clone(),
            None => format!("sqlite://{}?mode=rw", self.data_dir.0.join("autoscope.db").display()),
        }
    }

    fn log(&self, name: &str) -> PathBuf {
        self.data_dir.0.join(format!("serve-{name}.log"))
    }

    /// Starts `serve` (allowing unsigned packages; its output into `serve-<name>.log`) and
    /// waits until it answers.
    pub async fn serve(&self, name: &str) -> KillOnDrop {
        let log = std::fs::File::create(self.log(name)).unwrap();
        let mut serve = self.command(&["serve"]);
        serve.env("AUTOSCOPE_ALLOW_UNSIGNED_MODULES", "true").stdout(log.try_clone().unwrap()).stderr(log);
        let mut server = KillOnDrop(serve.spawn().expect("serve starts"));
        let deadline = Instant::now() + Duration::from_secs(60);
        let client = http_client();
        loop {
            let answer = client.get(format!("{}/api/health", self.base())).send().await;
            if answer.is_ok_and(|answer| answer.status().is_success()) {
                return server;
            }
            let exited = server.0.try_wait().unwrap();
            assert!(exited.is_none(), "serve ({name}) exited with {exited:?}:\n{}", self.logs());
            assert!(Instant::now() < deadline, "serve ({name}) did not answer within 60 s:\n{}", self.logs());
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The last lines of every server's log, for a failure's message.
    pub fn logs(&self) -> String {
        let Ok(entries) = std::fs::read_dir(&self.data_dir.0) else { return String::new() };
        let mut logs: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| path.file_name().is_some_and(|name| name.to_string_lossy().starts_with("serve-")))
            .collect();
        logs.sort();
        logs.iter()
            .map(|path| {
                let text = std::fs::read_to_string(path).unwrap_or_default();
                let lines: Vec<&str> = text.lines().collect();
                let tail = &lines[lines.len().saturating_sub(40)..];
                format!("--- {}, last lines:\n{}", path.display(), tail.join("\n"))
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The standard output of `command` (`autoscope <args>`), which must succeed.
pub fn succeeded(mut command: Command, args: &[&str]) -> String {
    let Output { status, stdout, stderr } = command.output().expect("the binary runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&stdout), String::from_utf8_lossy(&stderr));
    assert!(status.success(), "autoscope {args:?} failed:\n{stdout}\n{stderr}");
    stdout.into_owned()
}

/// Stops a server however the test ends; `kill` stops it at once (SIGKILL on Unix), as a
/// crash would.
pub struct KillOnDrop(pub std::process::Child);

impl KillOnDrop {
    /// Sends SIGTERM, as systemd's stop does.
    pub fn terminate(&self) {
        let pid = self.0.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status().expect("kill runs");
        assert!(sent.success(), "SIGTERM was not sent to {pid}");
    }

    /// Its exit status, if it exits within `within`.
    pub async fn exit_within(&mut self, within: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = self.0.try_wait().expect("the server's status") {
                return Some(status);
            }
            if Instant::now() > deadline {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub fn kill(mut self) {
        self.0.kill().expect("the server is killed");
        self.0.wait().expect("the killed server is reaped");
    }
}

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
