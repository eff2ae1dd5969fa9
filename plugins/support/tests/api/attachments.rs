//! Attachments: checked by type, content, size (5 MB) and count (20 a ticket); listed
//! without their content, downloaded with it, deleted.

use std::time::Duration;

use autoscope_module_test::shortcuts::{call, company, expect, id, message, text_file};
use autoscope_module_test::{Company, Engine, Harness, Reply};
use serde_json::{Value, json};

use crate::common::{create, load, ticket};

autoscope_module_test::on_both_engines!(
    uploads_are_checked_by_type_content_and_size,
    an_attachment_is_stored_as_uploaded_and_listed_without_its_content,
    a_ticket_holds_at_most_20_attachments_until_one_is_deleted,
);

/// A tiny PNG: the 8 bytes of the signature and the start of the IHDR chunk.
const PNG: &str = "iVBORw0KGgoAAAANSUhEUg==";

/// Acme's ticket "Scanner", to attach files to.
struct Scanner {
    harness: Harness,
    acme: Company,
    ticket_id: String,
}

impl Scanner {
    async fn new(engine: Engine) -> Self {
        let harness = load(engine).await;
        let acme = company(&harness, "Acme").await;
        let created = create(&harness, &acme, json!({ "title": "Scanner" })).await;
        Self { ticket_id: id(&created).to_string(), harness, acme }
    }

    /// `POST /tickets/<id>/attachments` with `body` (`{name, mime, data}`).
    async fn upload(&self, body: Value) -> Reply {
        let path = format!("/tickets/{}/attachments", self.ticket_id);
        call(&self.harness, &self.acme, "POST", &path, Some(body)).await
    }

    /// `GET /attachments/<id>`: the attachment with its content.
    async fn download(&self, attachment: &Value) -> Value {
        expect(call(&self.harness, &self.acme, "GET", &format!("/attachments/{}", id(attachment)), None).await, 200)
    }
}

/// Uploads are checked: a type not accepted, content not of its type (an executable
/// named as a PDF, a PNG as a JPEG, a WAV as a WebP, text with a NUL byte), content not
/// in base64, more than 5 MiB, and an unknown ticket are refused with the exact message;
/// a WebP is taken; exactly 5 MiB is accepted (its type found from its name) and comes
/// back whole. Grouped: each check is one call on one ticket.
async fn uploads_are_checked_by_type_content_and_size(engine: Engine) {
    let scanner = Scanner::new(engine).await;
    let refused = json!({ "name": "tool.exe", "mime": "application/x-msdownload", "data": "TVqQAA==" });
    assert_eq!(message(scanner.upload(refused).await, 400), "This file type is not accepted");
    // An executable ("MZ...") named and typed as a PDF.
    let disguised = json!({ "name": "invoice.pdf", "mime": "application/pdf", "data": "TVqQAAMAAAAEAAAA" });
    assert_eq!(message(scanner.upload(disguised).await, 400), "The file content does not match its type");
    // A PNG signature under a JPEG type, and text with a NUL byte.
    let png_as_jpeg = json!({ "name": "a.jpg", "mime": "image/jpeg", "data": "iVBORw0KGgo=" });
    assert_eq!(message(scanner.upload(png_as_jpeg).await, 400), "The file content does not match its type");
    // A WAV (RIFF of form WAVE) named as a WebP; a WebP (RIFF of form WEBP) is taken.
    let wav_as_webp = json!({ "name": "a.webp", "mime": "", "data": "UklGRhI0VnhXQVZFZm10IA==" });
    assert_eq!(message(scanner.upload(wav_as_webp).await, 400), "The file content does not match its type");
    let webp = json!({ "name": "screen.webp", "mime": "", "data": "UklGRhI0VnhXRUJQVlA4IA==" });
    assert_eq!(expect(scanner.upload(webp).await, 201)["mime"], "image/webp");
    let binary_text = json!({ "name": "a.txt", "mime": "text/plain", "data": "YQBi" });
    assert_eq!(message(scanner.upload(binary_text).await, 400), "The file content does not match its type");
    let broken = json!({ "name": "a.txt", "mime": "text/plain", "data": "not base64!" });
    assert_eq!(message(scanner.upload(broken).await, 400), "The file's content is not valid base64");
    let missing =
        call(&scanner.harness, &scanner.acme, "POST", "/tickets/nope/attachments", Some(text_file("a.txt"))).await;
    assert_eq!(message(missing, 404), "Ticket not found");

    // 5 MiB and one byte of text (5,242,881 = 1,747,627 × "aaa"; "YWFh" is "aaa").
    let over = "YWFh".repeat(1_747_627);
    assert_eq!(
        message(scanner.upload(json!({ "name": "big.txt", "mime": "text/plain", "data": over })).await, 400),
        "An attachment may be at most 5 MB"
    );

    // Exactly 5 MiB (5,242,880 bytes: 1,747,626 × "aaa" and "aa") is accepted and comes back whole.
    let largest = format!("{}YWE=", "YWFh".repeat(1_747_626));
    let big = expect(scanner.upload(json!({ "name": "trace.log", "mime": "", "data": largest })).await, 201);
    assert_eq!(
        (&big["size"], &big["mime"], &big["uploaded_by"]),
        (&json!(5_242_880), &json!("text/plain"), &json!(scanner.acme.user_id))
    );
    let download = scanner.download(&big).await;
    assert_eq!((&download["name"], &download["size"]), (&json!("trace.log"), &json!(5_242_880)));
    assert_eq!(download["data"].as_str().map(str::len), Some(largest.len()));
    assert!(download["data"].as_str() == Some(largest.as_str()));
}

/// An upload answers the attachment without its content and is downloaded with it as
/// uploaded; the ticket's detail lists its attachments newest first, without content.
async fn an_attachment_is_stored_as_uploaded_and_listed_without_its_content(engine: Engine) {
    let scanner = Scanner::new(engine).await;
    expect(scanner.upload(json!({ "name": "trace.log", "mime": "", "data": "YWFh" })).await, 201);
    scanner.harness.advance(Duration::from_secs(1));
    let png = expect(scanner.upload(json!({ "name": "screen.png", "mime": "image/png", "data": PNG })).await, 201);
    assert_eq!(
        png,
        json!({ "id": png["id"], "name": "screen.png", "mime": "image/png", "size": 16, "uploaded_by": scanner.acme.user_id, "created_at": png["created_at"] })
    );
    assert_eq!(
        scanner.download(&png).await,
        json!({ "id": png["id"], "name": "screen.png", "mime": "image/png", "size": 16, "data": PNG })
    );
    let pdf = json!({ "name": "form.pdf", "mime": "application/pdf", "data": "JVBERi0xLjcK" });
    expect(scanner.upload(pdf).await, 201);
    let detail = ticket(&scanner.harness, &scanner.acme, &scanner.ticket_id).await;
    let names: Vec<&str> =
        detail["attachments"].as_array().expect("attachments").iter().filter_map(|a| a["name"].as_str()).collect();
    assert_eq!(names, ["form.pdf", "screen.png", "trace.log"]);
    assert!(detail["attachments"][0].get("data").is_none(), "the detail leaves the content out");
}

/// The 21st attachment of a ticket is refused; a deleted one is gone (404) and makes room.
/// Each addition and removal is in the history.
async fn a_ticket_holds_at_most_20_attachments_until_one_is_deleted(engine: Engine) {
    let scanner = Scanner::new(engine).await;
    let (harness, acme) = (&scanner.harness, &scanner.acme);
    let png = expect(scanner.upload(json!({ "name": "screen.png", "mime": "image/png", "data": PNG })).await, 201);
    for n in 2..=20 {
        expect(scanner.upload(text_file(&format!("note {n}.txt"))).await, 201);
    }
    assert_eq!(
        message(scanner.upload(text_file("one too many.txt")).await, 400),
        "A ticket may have at most 20 attachments"
    );
    let deleted = expect(call(harness, acme, "DELETE", &format!("/attachments/{}", id(&png)), None).await, 200);
    assert_eq!(deleted, json!({ "message": "Attachment deleted" }));
    for method in ["GET", "DELETE"] {
        let gone = call(harness, acme, method, &format!("/attachments/{}", id(&png)), None).await;
        assert_eq!(message(gone, 404), "Attachment not found", "{method}");
    }
    expect(scanner.upload(text_file("room again.txt")).await, 201);
    let detail = ticket(harness, acme, &scanner.ticket_id).await;
    let entries: Vec<&Value> =
        detail["history"].as_array().expect("history").iter().filter(|e| e["action"] == "attachment").collect();
    assert_eq!(entries.len(), 22, "20 added, 1 removed, 1 added");
    assert!(
        entries
            .iter()
            .any(|entry| entry["changes"] == json!([{ "field": "attachment", "from": "screen.png", "to": null }]))
    );
}
