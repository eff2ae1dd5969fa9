//! Isolation: another company's channels, messages and files are not found.

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect, id, message};
use serde_json::json;

use crate::common::{channel, load, send};

autoscope_module_test::on_both_engines!(another_companys_ids_are_not_found);

/// Every route given Acme's ids answers Globex 404, and Globex's list holds none of them.
async fn another_companys_ids_are_not_found(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let general = channel(&harness, &acme, "public", "general", &[]).await;
    let png = json!({ "name": "a.png", "mime": "image/png", "data": "iVBORw0KGgoAAAANSUhEUg==" });
    let path = format!("/channels/{general}/messages");
    let sent = expect(call(&harness, &acme, "POST", &path, Some(json!({ "text": "hi", "file": png }))).await, 201);
    send(&harness, &acme, &general, "again").await;
    let message_path = format!("/messages/{}", id(&sent));

    let calls = [
        ("GET", format!("/channels/{general}"), None),
        ("GET", path.clone(), None),
        ("POST", path.clone(), Some(json!({ "text": "planted" }))),
        ("PATCH", format!("/channels/{general}"), Some(json!({ "archived": true }))),
        ("POST", format!("/channels/{general}/join"), None),
        ("POST", format!("/channels/{general}/read"), None),
        ("GET", format!("/channels/{general}/export"), None),
        ("GET", format!("{message_path}/thread"), None),
        ("PATCH", message_path.clone(), Some(json!({ "text": "taken" }))),
        ("DELETE", message_path.clone(), None),
        ("POST", format!("{message_path}/reactions"), Some(json!({ "emoji": "👍" }))),
        ("GET", format!("/files/{}", id(&sent["file"])), None),
    ];
    for (method, path, body) in calls {
        let reply = call(&harness, &globex, method, &path, body).await;
        assert_eq!(reply.status, 404, "{method} {path}: {reply:?}");
    }
    let list = expect(call(&harness, &globex, "GET", "/channels", None).await, 200);
    assert_eq!(list["channels"], json!([]));
    let dm = call(&harness, &globex, "POST", "/direct", Some(json!({ "user_ids": [acme.user_id] }))).await;
    assert_eq!(message(dm, 400), "Someone chosen is not a member of the company");
}
