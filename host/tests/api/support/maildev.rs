//! A real SMTP server for tests: maildev (npm, installed in tests/ by `make test`),
//! with its HTTP API to read back what the host sent.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

pub struct MailDev {
    pub smtp_port: u16,
    web_port: u16,
    child: Child,
    client: reqwest::Client,
}

/// A port that was free a moment ago on the loopback interface.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

impl MailDev {
    pub async fn start() -> Self {
        let bin = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/node_modules/maildev/bin/maildev");
        assert!(std::path::Path::new(bin).exists(), "maildev is missing: run `make test-tools`");
        let (smtp_port, web_port) = (free_port(), free_port());
        let child = Command::new("node")
            .args([
                bin,
                "--ip",
                "127.0.0.1",
                "--smtp",
                &smtp_port.to_string(),
                "--web",
                &web_port.to_string(),
                "--silent",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("node runs maildev");
        let maildev = Self { smtp_port, web_port, child, client: super::http_client() };
        let deadline = Instant::now() + Duration::from_secs(20);
        while maildev.all().await.is_none() {
            assert!(Instant::now() < deadline, "maildev did not start within 20 s");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        maildev
    }

    pub fn smtp_url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.smtp_port)
    }

    async fn all(&self) -> Option<Vec<Value>> {
        let response = self.client.get(format!("http://127.0.0.1:{}/email", self.web_port)).send().await.ok()?;
        response.json().await.ok()
    }

    /// Waits (at most 10 s) for a message to `address` and returns it as maildev's JSON.
    pub async fn message_to(&self, address: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let found = self
                .all()
                .await
                .unwrap_or_default()
                .into_iter()
                .find(|mail| mail["to"].as_array().is_some_and(|to| to.iter().any(|r| r["address"] == address)));
            if let Some(mail) = found {
                return mail;
            }
            assert!(Instant::now() < deadline, "no mail to {address} within 10 s");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for MailDev {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
