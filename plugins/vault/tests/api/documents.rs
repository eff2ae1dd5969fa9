//! Documents of a process: checked by type, size (2 MB) and count (20 a process); listed
//! without their content, downloaded with it, deleted.

use std::time::Duration;

use autoscope_module_test::shortcuts::{call, company, expect, id, message, text_file};
use autoscope_module_test::{Company, Engine, Harness, Reply};
use serde_json::{Value, json};

use crate::common::{create, history, load, names};

autoscope_module_test::on_both_engines!(
    uploads_are_checked_by_type_content_and_size,
    a_document_is_stored_as_uploaded_and_listed_without_its_content,
    a_process_holds_at_most_20_documents_until_one_is_deleted,
);

/// Acme's process "Invoice posting", to attach documents to.
struct Invoice {
    harness: Harness,
    acme: Company,
    process_id: String,
}

impl Invoice {
    async fn new(engine: Engine) -> Self {
        let harness = load(engine).await;
        let acme = company(&harness, "Acme").await;
        let process = create(&harness, &acme, json!({ "name": "Invoice posting" })).await;
        Self { process_id: id(&process).to_string(), harness, acme }
    }

    fn documents(&self) -> String {
        format!("/processes/{}/documents", self.process_id)
    }

    /// `POST /processes/<id>/documents` with `body` (`{name, mime, data}`).
    async fn upload(&self, body: Value) -> Reply {
        call(&self.harness, &self.acme, "POST", &self.documents(), Some(body)).await
    }

    /// `GET /documents/<id>`: the document with its content.
    async fn download(&self, document: &Value) -> Value {
        expect(call(&self.harness, &self.acme, "GET", &format!("/documents/{}", id(document)), None).await, 200)
    }
}

/// Uploads are checked: a type not accepted, content not in base64, more than 2 MB, and
/// an unknown process are refused with the exact message; exactly 2 MB (2,097,152 bytes)
/// is accepted (its type found from its name) and comes back whole. Grouped: each check
/// is one call on one process.
async fn uploads_are_checked_by_type_content_and_size(engine: Engine) {
    let invoice = Invoice::new(engine).await;
    let refused = json!({ "name": "tool.exe", "mime": "application/x-msdownload", "data": "aGVsbG8=" });
    assert_eq!(message(invoice.upload(refused).await, 400), "This file type is not accepted");
    let broken = json!({ "name": "broken.txt", "mime": "text/plain", "data": "not base64!" });
    assert_eq!(message(invoice.upload(broken).await, 400), "The document's content is not valid base64");
    let missing =
        call(&invoice.harness, &invoice.acme, "POST", "/processes/nope/documents", Some(text_file("a.txt"))).await;
    assert_eq!(message(missing, 404), "Process not found");

    let too_big = json!({ "name": "big.txt", "mime": "text/plain", "data": "A".repeat(2_796_204) });
    assert_eq!(message(invoice.upload(too_big).await, 400), "A document may be at most 2 MB");

    // A document is checked by its content like an attachment.
    let disguised = json!({ "name": "tool.pdf", "mime": "application/pdf", "data": "TVqQAAMAAAAEAAAA" });
    assert_eq!(message(invoice.upload(disguised).await, 400), "The file content does not match its type");

    // Exactly 2 MB (2,097,152 bytes of text) is accepted, and comes back whole.
    let largest = format!("{}YWE=", "YWFh".repeat(699_050));
    let big = expect(invoice.upload(json!({ "name": "flow.bpmn", "mime": "", "data": largest })).await, 201);
    assert_eq!(
        (&big["size"], &big["mime"], &big["uploaded_by"]),
        (&json!(2_097_152), &json!("application/bpmn+xml"), &json!(invoice.acme.user_id))
    );
    let download = invoice.download(&big).await;
    assert_eq!((&download["name"], &download["size"]), (&json!("flow.bpmn"), &json!(2_097_152)));
    assert_eq!(download["data"].as_str().map(str::len), Some(2_796_204));
}

/// An upload answers the document without its content and is downloaded with it as
/// uploaded; the process's documents are listed newest first, without content.
async fn a_document_is_stored_as_uploaded_and_listed_without_its_content(engine: Engine) {
    let invoice = Invoice::new(engine).await;
    let bpmn = json!({ "name": "flow.bpmn", "mime": "", "data": "PGJwbW4vPg==" });
    expect(invoice.upload(bpmn).await, 201);
    invoice.harness.advance(Duration::from_secs(1));
    let notes = expect(invoice.upload(text_file("notes.txt")).await, 201);
    assert_eq!(
        notes,
        json!({ "id": notes["id"], "name": "notes.txt", "mime": "text/plain", "size": 5, "uploaded_by": invoice.acme.user_id, "created_at": notes["created_at"] })
    );
    assert_eq!(
        invoice.download(&notes).await,
        json!({ "id": notes["id"], "name": "notes.txt", "mime": "text/plain", "size": 5, "data": "aGVsbG8=" })
    );
    let listed = expect(call(&invoice.harness, &invoice.acme, "GET", &invoice.documents(), None).await, 200);
    assert_eq!(names(&listed), ["notes.txt", "flow.bpmn"]);
    assert!(listed["items"][0].get("data").is_none(), "lists leave the content out");
}

/// The 21st document of a process is refused; a deleted one is gone (404) and makes room.
/// Each addition and removal is in the history.
async fn a_process_holds_at_most_20_documents_until_one_is_deleted(engine: Engine) {
    let invoice = Invoice::new(engine).await;
    let (harness, acme) = (&invoice.harness, &invoice.acme);
    let notes = expect(invoice.upload(text_file("notes.txt")).await, 201);
    for n in 2..=20 {
        expect(invoice.upload(text_file(&format!("page {n}.txt"))).await, 201);
    }
    assert_eq!(
        message(invoice.upload(text_file("one too many.txt")).await, 400),
        "A process may have at most 20 documents"
    );
    let deleted = expect(call(harness, acme, "DELETE", &format!("/documents/{}", id(&notes)), None).await, 200);
    assert_eq!(deleted, json!({ "message": "Document deleted" }));
    assert_eq!(
        message(call(harness, acme, "GET", &format!("/documents/{}", id(&notes)), None).await, 404),
        "Document not found"
    );
    assert_eq!(
        message(call(harness, acme, "DELETE", &format!("/documents/{}", id(&notes)), None).await, 404),
        "Document not found"
    );
    expect(invoice.upload(text_file("room again.txt")).await, 201);

    let entries = history(harness, acme, &invoice.process_id).await;
    assert_eq!(
        entries.iter().filter(|entry| entry["action"] == "document").count(),
        22,
        "20 added, 1 removed, 1 added"
    );
    let removed = entries.iter().find(|entry| entry["changes"][0]["to"].is_null() && entry["action"] == "document");
    assert_eq!(
        removed.expect("a removal")["changes"],
        json!([{ "field": "document", "from": "notes.txt", "to": null }])
    );
}
