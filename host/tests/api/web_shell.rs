//! The web shell's files and compression on the wire: precompressed copies where the build
//! left them, hashed files cached for good, `index.html` revalidated, other answers
//! compressed per request, event streams never.

use std::io::Read;

use crate::on_both_engines;
use crate::support::{TempDir, TestApp};

on_both_engines!(engine: the_shell_is_served_precompressed_and_cached_by_content_hash);
on_both_engines!(answers_are_compressed_for_clients_that_accept_it_but_event_streams_are_not);

const CHUNK: &str = "/main.1a2b3c4d.js";

/// A built shell: `index.html`, a hashed chunk with the `.br` and `.gz` copies the build
/// writes (marked, so that the test can tell which one was served), and an unhashed file.
fn built_shell() -> TempDir {
    let dir = TempDir::new();
    std::fs::write(dir.0.join("index.html"), "<!doctype html><title>Autoscope</title>").unwrap();
    std::fs::write(dir.0.join("main.1a2b3c4d.js"), "console.log('plain');").unwrap();
    std::fs::write(dir.0.join("main.1a2b3c4d.js.br"), "brotli copy").unwrap();
    std::fs::write(dir.0.join("main.1a2b3c4d.js.gz"), "gzip copy").unwrap();
    std::fs::write(dir.0.join("robots.txt"), "User-agent: *").unwrap();
    dir
}

async fn the_shell_is_served_precompressed_and_cached_by_content_hash(engine: autoscope::storage::Engine) {
    let shell = built_shell();
    let web_dir = shell.0.clone();
    let app = TestApp::start(engine, |config| config.web_dir = web_dir).await;
    let get = |path: &str, accept: &str| {
        let request = app.client.get(format!("{}{path}", app.base));
        let request = if accept.is_empty() { request } else { request.header("accept-encoding", accept) };
        request.send()
    };

    for (accept, encoding, body) in [
        ("gzip, deflate, br, zstd", Some("br"), "brotli copy"),
        ("gzip", Some("gzip"), "gzip copy"),
        ("", None, "console.log('plain');"),
    ] {
        let response = get(CHUNK, accept).await.unwrap();
        assert_eq!(response.status(), 200, "{accept}");
        let headers = response.headers().clone();
        assert_eq!(headers.get("content-encoding").map(|v| v.to_str().unwrap()), encoding, "{accept}");
        assert_eq!(headers["cache-control"], "public, max-age=31536000, immutable", "{accept}");
        assert!(headers["content-type"].to_str().unwrap().contains("javascript"), "{accept}");
        assert_eq!(response.text().await.unwrap(), body, "{accept}");
    }

    // The page and the browser's routes: index.html, checked on every load.
    for path in ["/", "/BusinessInsight", "/resetPassword"] {
        let response = get(path, "").await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert_eq!(response.text().await.unwrap(), "<!doctype html><title>Autoscope</title>", "{path}");
    }
    let head = app.client.head(format!("{}/BusinessInsight", app.base)).send().await.unwrap();
    assert_eq!(head.status(), 200);
    assert_eq!(head.text().await.unwrap(), "", "a HEAD has no body");
    let plain = get("/robots.txt", "").await.unwrap();
    assert_eq!((plain.status().as_u16(), plain.headers()["cache-control"].to_str().unwrap()), (200, "no-cache"));

    // A chunk of an older build is a 404, never the page.
    let stale = get("/main.0badc0de.js", "br").await.unwrap();
    assert_eq!(stale.status(), 404);
    assert!(!stale.text().await.unwrap().contains("<title>"));
}

async fn answers_are_compressed_for_clients_that_accept_it_but_event_streams_are_not(app: TestApp) {
    let plain = app.client.get(format!("{}/api/openapi.json", app.base)).send().await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none(), "only when asked");
    let plain = plain.bytes().await.unwrap();
    let compressed = app
        .client
        .get(format!("{}/api/openapi.json", app.base))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(compressed.headers()["content-encoding"], "gzip");
    let compressed = compressed.bytes().await.unwrap();
    assert!(compressed.len() * 4 < plain.len(), "{} of {} bytes", compressed.len(), plain.len());
    let mut unpacked = Vec::new();
    flate2::read::GzDecoder::new(&compressed[..]).read_to_end(&mut unpacked).unwrap();
    assert_eq!(unpacked, plain);

    // A module's files, compressed on the way out as well.
    app.install_test_module("crud").await;
    let manifest = app
        .client
        .get(format!("{}/modules/crud/1.0.0/mf-manifest.json", app.base))
        .header("accept-encoding", "br")
        .send()
        .await
        .unwrap();
    assert_eq!(manifest.headers()["content-encoding"], "br");
    assert_eq!(manifest.headers()["cache-control"], "public, max-age=31536000, immutable");

    let token = app.sign_up("streams@example.com", "Streams Co").await;
    let stream = app
        .client
        .get(format!("{}/api/realtime", app.base))
        .bearer_auth(&token)
        .header("accept-encoding", "br, gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status(), 200);
    assert!(stream.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    assert!(stream.headers().get("content-encoding").is_none(), "events reach the client as written");
}
