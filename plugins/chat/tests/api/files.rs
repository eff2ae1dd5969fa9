//! Files of messages: checked by size and content, shown with the message, downloaded by
//! the channel's members only, gone with their message.

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect, id, message, user};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use serde_json::json;

use crate::common::{channel, load};

autoscope_module_test::on_both_engines!(files_are_checked_and_kept_to_the_channel, a_file_of_5_mb_fits_the_limits);

/// A tiny PNG: the 8 bytes of the signature and the start of the IHDR chunk.
const PNG: &str = "iVBORw0KGgoAAAANSUhEUg==";

/// Grouped: over 5 MB, an executable named as a PNG and a WAV named as a WebP are
/// refused; a PNG is an image
/// on its message, downloaded whole by a member and not found by someone outside the
/// private channel; deleting the message deletes the file.
async fn files_are_checked_and_kept_to_the_channel(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let carol = user(&acme, "carol@acme.test").await;
    let team = channel(&harness, &acme, "private", "team", &[&bob.id]).await;
    let path = format!("/channels/{team}/messages");

    let mut big = b"%PDF-".to_vec();
    big.resize(5 * 1024 * 1024 + 1, b'a');
    let file = json!({ "name": "big.pdf", "mime": "application/pdf", "data": STANDARD.encode(&big) });
    let refused = call(&harness, &acme, "POST", &path, Some(json!({ "text": "", "file": file }))).await;
    assert_eq!(message(refused, 400), "A file may be at most 5 MB");
    let disguised = json!({ "name": "cat.png", "mime": "image/png", "data": "TVqQAAMAAAAEAAAA" });
    let refused = call(&harness, &acme, "POST", &path, Some(json!({ "text": "look", "file": disguised }))).await;
    assert_eq!(message(refused, 400), "The file content does not match its type");

    let wav = json!({ "name": "cat.webp", "mime": "image/webp", "data": "UklGRhI0VnhXQVZFZm10IA==" });
    let refused = call(&harness, &acme, "POST", &path, Some(json!({ "text": "look", "file": wav }))).await;
    assert_eq!(message(refused, 400), "The file content does not match its type");

    // The name is kept cleaned: no right-to-left override, no path.
    let png = json!({ "name": "photos/cat\u{202E}.png", "mime": "image/png", "data": PNG });
    let sent = expect(call(&harness, &acme, "POST", &path, Some(json!({ "text": "", "file": png }))).await, 201);
    let file = &sent["file"];
    assert_eq!(
        (file["name"].as_str(), file["image"].as_bool(), file["size"].as_i64()),
        (Some("photos_cat.png"), Some(true), Some(16))
    );
    let download = format!("/files/{}", id(file));
    let got = expect(call(&harness, &bob, "GET", &download, None).await, 200);
    assert_eq!((got["data"].as_str(), got["mime"].as_str()), (Some(PNG), Some("image/png")));
    assert_eq!(message(call(&harness, &carol, "GET", &download, None).await, 404), "File not found");

    expect(call(&harness, &acme, "DELETE", &format!("/messages/{}", id(&sent)), None).await, 200);
    assert_eq!(call(&harness, &bob, "GET", &download, None).await.status, 404);
}

/// A file of exactly 5 MiB is taken and comes back whole, within the module's limits
/// (module.toml's [limits] leave room above what this costs).
async fn a_file_of_5_mb_fits_the_limits(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let general = channel(&harness, &acme, "public", "general", &[]).await;
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    bytes.resize(5 * 1024 * 1024, 7);
    let data = STANDARD.encode(&bytes);
    let png = json!({ "name": "big.png", "mime": "image/png", "data": data });
    let path = format!("/channels/{general}/messages");
    let sent = expect(call(&harness, &acme, "POST", &path, Some(json!({ "text": "big", "file": png }))).await, 201);
    assert_eq!(sent["file"]["size"], 5 * 1024 * 1024);
    let got = expect(call(&harness, &acme, "GET", &format!("/files/{}", id(&sent["file"])), None).await, 200);
    assert!(got["data"].as_str() == Some(data.as_str()), "the content comes back whole");
}
