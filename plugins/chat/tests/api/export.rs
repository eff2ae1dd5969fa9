//! The export of a channel: company admins only, as CSV or JSON.

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect, id, message, user};
use serde_json::Value;

use crate::common::{channel, load, reply, send};

autoscope_module_test::on_both_engines!(admins_export_a_channel_as_csv_or_json);

/// Grouped: a member who is not an admin is refused; the admin gets a CSV with a quoted
/// line per message (a reply naming its thread) and the same as JSON.
async fn admins_export_a_channel_as_csv_or_json(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let general = channel(&harness, &acme, "public", "general", &[&bob.id]).await;
    let root = send(&harness, &acme, &general, "Hello, \"team\"").await;
    reply(&harness, &bob, &general, id(&root), "hi").await;

    let path = format!("/channels/{general}/export?format=csv");
    assert_eq!(
        message(call(&harness, &bob, "GET", &path, None).await, 403),
        "Only company admins can export a channel"
    );
    let csv = expect(call(&harness, &acme, "GET", &path, None).await, 200);
    assert_eq!((csv["name"].as_str(), csv["mime"].as_str()), (Some("chat-general.csv"), Some("text/csv")));
    let lines: Vec<&str> = csv["data"].as_str().unwrap().split("\r\n").collect();
    assert_eq!(lines[0], "seq,time,author,email,text,thread,file,edited,deleted");
    assert!(lines[1].starts_with("1,") && lines[1].ends_with(",\"Hello, \"\"team\"\"\",,,no,no"), "{}", lines[1]);
    assert!(lines[2].contains("bob@acme.test,hi,1,,no,no"), "{}", lines[2]);
    assert_eq!(lines.len(), 4, "two lines and the end");

    let path = format!("/channels/{general}/export?format=json");
    let json = expect(call(&harness, &acme, "GET", &path, None).await, 200);
    let data: Value = serde_json::from_str(json["data"].as_str().unwrap()).unwrap();
    assert_eq!(data["messages"].as_array().unwrap().len(), 2);
    assert_eq!(data["messages"][1]["thread"], 1);
}
