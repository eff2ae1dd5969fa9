//! The API against its own document: schemathesis generates valid and invalid requests for
//! every operation of `/api/openapi.json` (a fixed seed, a bounded number per operation) and
//! checks each answer: no server error, and a documented status, content type, headers and
//! body. `make test` installs it into a virtualenv and points $SCHEMATHESIS at its `st`.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::binary::Setup;
use crate::support::http_client;
use crate::support::modules::{archive, product_archive};

const ADMIN: (&str, &str) = ("conformance@example.com", "Conform-Desk#2026");

/// Installed first, so that module lists, ingestion and sample data (bots, vault) answer
/// with something to check; and the test module `crud` for outside database connections
/// (db_integration has them too, but is premium and the run may set its company's edition).
const MODULES: [&str; 2] = ["bots", "vault"];
const SOURCES_MODULE: &str = "crud";

const CHECKS: &str = "not_a_server_error,status_code_conformance,content_type_conformance,\
    response_headers_conformance,response_schema_conformance";
const SEED: &str = "20261130";
const MAX_EXAMPLES: &str = "10";
/// A run takes about a minute here; past this it is stopped and fails.
const RUN_LIMIT: Duration = Duration::from_secs(600);

const INSTALL_HINT: &str = "SCHEMATHESIS must name schemathesis's `st`: run `make test`, which installs it, or \
    `python3 -m venv ~/.cache/autoscope/schemathesis-venv && ~/.cache/autoscope/schemathesis-venv/bin/pip install \
    schemathesis==4.32.5` and set SCHEMATHESIS=~/.cache/autoscope/schemathesis-venv/bin/st";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_agrees_with_the_openapi_document() {
    let st = std::env::var_os("SCHEMATHESIS").unwrap_or_else(|| panic!("{INSTALL_HINT}"));
    assert!(Path::new(&st).is_file(), "{} is not a file. {INSTALL_HINT}", st.to_string_lossy());

    let setup = Setup::new(None);
    setup.run(&["user", "create-admin", "--email", ADMIN.0, "--password", ADMIN.1]);
    let packages =
        MODULES.map(|key| (key, product_archive(key))).into_iter().chain([(SOURCES_MODULE, archive(SOURCES_MODULE))]);
    for (key, package) in packages {
        let path = setup.data_dir.0.join(format!("{key}.tar.gz"));
        std::fs::write(&path, package).unwrap();
        setup.install(&path);
    }
    let _server = setup.serve("conformance").await;

    let run = sign_in(&setup).await;
    let tokens = Tokens {
        ingest: ingestion_key(&setup, &run).await,
        logout: sign_in(&setup).await,
        switch: sign_in(&setup).await,
        run,
    };
    let dir = &setup.data_dir.0;
    std::fs::write(dir.join("hooks.py"), HOOKS).unwrap();
    std::fs::write(dir.join("schemathesis.toml"), config(dir, &tokens)).unwrap();

    let report = dir.join("report.json");
    let output = dir.join("schemathesis.out");
    let mut command = Command::new(&st);
    command
        .arg("--no-color")
        .arg("--config-file")
        .arg(dir.join("schemathesis.toml"))
        .arg("run")
        .arg(format!("{}/api/openapi.json", setup.base()))
        .args(["--checks", CHECKS, "--seed", SEED, "--max-examples", MAX_EXAMPLES])
        // One worker: the same requests in the same order for a seed (and Python 3.11's
        // parser is not safe to use from two threads, which hypothesis does).
        .args(["--workers", "1", "--request-timeout", "30", "--report", "json"])
        // Hypothesis's one check that depends on the machine's speed, not on the document.
        .args(["--suppress-health-check", "too_slow"])
        .arg("--report-json-path")
        .arg(&report)
        // Its caches and example database in the data dir, fresh each run: no replay of an
        // earlier run's failures, nothing written into the clone.
        .current_dir(dir)
        // Loopback only, whatever proxy the environment names.
        .env("NO_PROXY", "127.0.0.1")
        .env("no_proxy", "127.0.0.1")
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&output).unwrap())
        .stderr(Stdio::from(std::fs::File::create(dir.join("schemathesis.err")).unwrap()));
    let started = Instant::now();
    let mut child =
        command.spawn().unwrap_or_else(|err| panic!("{} does not run ({err}). {INSTALL_HINT}", st.to_string_lossy()));
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > RUN_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let printed = std::fs::read_to_string(&output).unwrap_or_default()
        + &std::fs::read_to_string(dir.join("schemathesis.err")).unwrap_or_default();
    let status = status.unwrap_or_else(|| panic!("schemathesis ran past {RUN_LIMIT:?}:\n{printed}"));

    let summary: Value = std::fs::read_to_string(&report)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_else(|| panic!("schemathesis wrote no report ({status}):\n{printed}"));
    let failures = summary["test_cases"]["unique_failures"].as_u64().unwrap_or_default()
        + summary["errors"].as_array().map_or(0, |errors| errors.len() as u64);
    println!(
        "conformance operations={} requests={} failures={failures} seconds={:.0}",
        summary["operations"]["tested"],
        summary["test_cases"]["generated"],
        started.elapsed().as_secs_f64()
    );
    assert!(
        status.success(),
        "schemathesis found answers that differ from the document ({status}):\n{printed}\n{}",
        setup.logs()
    );
    assert_eq!(
        summary["operations"]["tested"], summary["operations"]["total"],
        "every operation is tested:\n{printed}"
    );
}

/// What the run's requests authenticate with.
struct Tokens {
    run: String,
    /// Logout and the company switch end the session they are called with: each has its
    /// own, and the rest of the run keeps one that lasts.
    logout: String,
    switch: String,
    /// Ingestion takes a company API key, not a session.
    ingest: String,
}

async fn sign_in(setup: &Setup) -> String {
    let body = json!({ "email": ADMIN.0, "password": ADMIN.1 });
    let answer = http_client().post(format!("{}/api/users/signin", setup.base())).json(&body).send().await.unwrap();
    let answer: Value = answer.json().await.unwrap();
    answer["token"].as_str().unwrap_or_else(|| panic!("no token: {answer}")).to_string()
}

async fn ingestion_key(setup: &Setup, token: &str) -> String {
    let created = http_client()
        .post(format!("{}/api/ingest/keys", setup.base()))
        .bearer_auth(token)
        .json(&json!({ "name": "conformance" }))
        .send()
        .await
        .unwrap();
    let created: Value = created.json().await.unwrap();
    created["key"].as_str().unwrap_or_else(|| panic!("no key: {created}")).to_string()
}

/// A module package (`POST /api/admin/modules`) is a gzip archive, which schemathesis has no
/// serializer for: the generated body goes as raw bytes, as an octet stream's would.
const HOOKS: &str = r#"import schemathesis

schemathesis.serializer.alias("application/gzip", "application/octet-stream")
"#;

/// The run's settings beyond its command line: whose requests, and what of the portal
/// each operation is pointed at.
fn config(dir: &Path, tokens: &Tokens) -> String {
    let Tokens { run, logout, switch, ingest } = tokens;
    format!(
        r#"headers = {{ Authorization = "Bearer {run}" }}
hooks = "{hooks}"
generation.database = "none"
# Defects of the document (or of this file) rather than of the data: they fail the run.
warnings.fail-on = ["unresolvable_reference", "missing_deserializer", "unmatched_filter"]

# An event stream that does not end: each request reads it until its timeout.
[[operations]]
include-path = "/api/realtime"
request-timeout = 3
phases.coverage.enabled = false
generation.max-examples = 2

[[operations]]
include-path = "/api/users/logout"
headers = {{ Authorization = "Bearer {logout}" }}

[[operations]]
include-path = "/api/users/switchCompany"
headers = {{ Authorization = "Bearer {switch}" }}

# An installed module's stream, rather than names that only find nothing.
[[operations]]
include-path = "/api/ingest/{{module}}/{{stream}}"
headers = {{ Authorization = "Bearer {ingest}" }}
parameters = {{ module = "bots", stream = "runs" }}

[[operations]]
include-path-regex = '^/api/modules/[^/]+/connections'
parameters = {{ key = "{SOURCES_MODULE}" }}
"#,
        hooks = dir.join("hooks.py").display()
    )
}
