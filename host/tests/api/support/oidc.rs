//! A real OpenID Connect provider for tests: `tests/oidc-provider.mjs` (oauth2-mock-server
//! from npm, installed in tests/ by `make test`) on a loopback port, with its test
//! controls to mint ID tokens, access tokens and codes.

use std::process::Stdio;
use std::time::Duration;

use autoscope::config::{Secret, SocialProvider};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

pub struct OidcProvider {
    pub issuer: String,
    client: reqwest::Client,
    /// Killed on drop; its closed stdin also tells the script to stop.
    child: Child,
}

/// The client id the host is configured with for provider `name`.
pub fn client_id(name: &str) -> String {
    format!("autoscope-{name}")
}

pub fn client_secret(name: &str) -> String {
    format!("secret-of-{name}")
}

impl OidcProvider {
    pub async fn start() -> Self {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/oidc-provider.mjs");
        let module = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/node_modules/oauth2-mock-server");
        assert!(std::path::Path::new(module).exists(), "oauth2-mock-server is missing: run `make test-tools`");
        let mut child = Command::new("node")
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .expect("node runs tests/oidc-provider.mjs");
        let stdout = child.stdout.take().expect("piped stdout");
        let line = tokio::time::timeout(Duration::from_secs(20), BufReader::new(stdout).lines().next_line())
            .await
            .expect("the provider starts within 20 s")
            .expect("the provider's stdout is readable")
            .expect("the provider prints its issuer");
        let started: Value = serde_json::from_str(&line).expect("the first line is JSON");
        let issuer = started["issuer"].as_str().expect("the line names the issuer").to_string();
        assert!(issuer.starts_with("http://127.0.0.1:"), "{issuer}");
        // The provider starts before the host, which would install rustls' provider.
        let client = super::http_client();
        Self { issuer, client, child }
    }

    /// The host's configuration for this provider under `name`.
    pub fn config(&self, name: &str) -> SocialProvider {
        SocialProvider {
            name: name.to_string(),
            issuer: self.issuer.clone(),
            client_id: client_id(name),
            client_secret: Secret::new(client_secret(name).into_bytes()),
        }
    }

    async fn control(&self, path: &str, body: Value) -> Value {
        let response =
            self.client.post(format!("{}{path}", self.issuer)).json(&body).send().await.expect("provider answers");
        assert!(response.status().is_success(), "{path}: {}", response.status());
        response.json().await.expect("provider answers JSON")
    }

    /// An ID token signed by the provider's published key, with `claims` (iss, iat, exp
    /// and nbf are set by the provider unless given).
    pub async fn id_token(&self, claims: Value) -> String {
        let answer = self.control("/test/id-token", json!({ "claims": claims })).await;
        answer["id_token"].as_str().unwrap().to_string()
    }

    /// Like `id_token`, but signed by a key the provider never published (same key id).
    pub async fn forged_id_token(&self, claims: Value) -> String {
        let answer = self.control("/test/id-token", json!({ "claims": claims, "forge": true })).await;
        answer["id_token"].as_str().unwrap().to_string()
    }

    /// An access token for which the userinfo endpoint answers `userinfo`.
    pub async fn access_token(&self, userinfo: Value) -> String {
        let answer = self.control("/test/access-token", json!({ "userinfo": userinfo })).await;
        answer["access_token"].as_str().unwrap().to_string()
    }

    /// A single-use authorization code whose access token reads `userinfo`.
    pub async fn code(&self, userinfo: Value) -> String {
        let answer = self.control("/test/code", json!({ "userinfo": userinfo })).await;
        answer["code"].as_str().unwrap().to_string()
    }

    /// The form bodies the token endpoint received, oldest first.
    pub async fn token_requests(&self) -> Vec<Value> {
        let response =
            self.client.get(format!("{}/test/token-requests", self.issuer)).send().await.expect("provider answers");
        response.json().await.expect("provider answers JSON")
    }

    /// Stops the provider now (to test a provider that is down).
    pub async fn stop(&mut self) {
        let _ = self.child.kill().await;
    }
}
