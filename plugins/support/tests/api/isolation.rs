//! Isolation and rights: another company's ids are not found, and a company whose role
//! may not view `support` is refused.

use autoscope_module_test::shortcuts::{call, company, expect, id, message, text_file, user};
use autoscope_module_test::{Engine, Right, Session, default_role_rights};
use serde_json::json;

use crate::common::{Link, actions, ask_for_approval, create, int, links, load, ticket, titles};

autoscope_module_test::on_both_engines!(
    another_companys_ids_are_not_found,
    a_member_of_two_companies_sees_only_the_active_companys_tickets,
    a_user_without_the_support_right_is_refused
);

/// Ids of another company's tickets and attachments answer 404 on every route, and a link
/// of its approval mails posted with a person of the other company changes nothing.
async fn another_companys_ids_are_not_found(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let bob = user(&acme, "bob@acme.test").await;
    let created = create(&harness, &acme, json!({ "title": "Printer jams" })).await;
    let path = format!("/tickets/{}", id(&created));
    let attachment =
        expect(call(&harness, &acme, "POST", &format!("{path}/attachments"), Some(text_file("a.txt"))).await, 201);
    expect(ask_for_approval(&harness, &acme, id(&created), json!([bob.id])).await, 201);
    let (link, _) = links(&harness, "bob@acme.test").await;

    let calls = [
        ("GET", path.clone(), None),
        ("PATCH", path.clone(), Some(json!({ "version": 1, "title": "Taken over" }))),
        ("PATCH", path.clone(), Some(json!({ "version": 1, "status": "closed" }))),
        ("POST", format!("{path}/comments"), Some(json!({ "text": "planted" }))),
        ("POST", format!("{path}/attachments"), Some(text_file("planted.txt"))),
        ("POST", format!("{path}/approvals"), Some(json!({ "person_ids": [globex.user_id] }))),
    ];
    for (method, path, body) in calls {
        let reply = call(&harness, &globex, method, &path, body).await;
        assert_eq!(message(reply, 404), "Ticket not found", "{method} {path}");
    }
    for method in ["GET", "DELETE"] {
        let reply = call(&harness, &globex, method, &format!("/attachments/{}", id(&attachment)), None).await;
        assert_eq!(message(reply, 404), "Attachment not found", "{method}");
    }
    // A link posted with a Globex person runs in Globex: Acme's ticket is not there.
    let foreign = Link { person_id: globex.user_id.clone(), ..link.clone() };
    let reply = harness.call_public("POST", "/approve", Some(foreign.body())).await.expect("answered");
    assert_eq!(message(reply, 404), "Not found");
    let page = expect(call(&harness, &globex, "GET", "/tickets", None).await, 200);
    assert_eq!(page["total"], json!(0));
    let summary = expect(call(&harness, &globex, "GET", "/summary", None).await, 200);
    assert_eq!((&summary["total"], &summary["pending_approvals"]), (&json!(0), &json!(0)));
    // Untouched for its own company.
    // Asking for approval was its one change (the version `create` answered is 1, or 2
    // when the host's second moved on while it was created).
    let mine = ticket(&harness, &acme, id(&created)).await;
    assert_eq!(
        (&mine["ticket"]["title"], &mine["ticket"]["version"], &mine["ticket"]["approval"]),
        (&json!("Printer jams"), &json!(int(&created, "version") + 1), &json!("pending"))
    );
    assert_eq!(actions(&mine), ["approval_requested", "attachment", "created"]);
    assert_eq!(mine["approvals"][0]["status"], json!("pending"));
}

/// Ann belongs to Acme and Globex: with her Acme session the list and the summary hold
/// Acme's ticket only, and Globex's (hers among them) answer 404; with her Globex session
/// they hold Globex's two only.
async fn a_member_of_two_companies_sees_only_the_active_companys_tickets(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let ann_in_acme = user(&acme, "ann@acme.test").await;
    let ann_in_globex = globex.add_member(&ann_in_acme).await.expect("Ann joins Globex");
    create(&harness, &acme, json!({ "title": "Printer jams", "priority": "High" })).await;
    create(&harness, &globex, json!({ "title": "VPN is down", "priority": "Critical" })).await;
    let hers = create(&harness, &ann_in_globex, json!({ "title": "New laptop", "priority": "Low" })).await;

    let page = expect(call(&harness, &ann_in_acme, "GET", "/tickets", None).await, 200);
    assert_eq!((titles(&page), &page["total"]), (vec!["Printer jams"], &json!(1)));
    let summary = expect(call(&harness, &ann_in_acme, "GET", "/summary", None).await, 200);
    assert_eq!(summary["total"], json!(1));
    let path = format!("/tickets/{}", id(&hers));
    assert_eq!(message(call(&harness, &ann_in_acme, "GET", &path, None).await, 404), "Ticket not found");

    let page = expect(call(&harness, &ann_in_globex, "GET", "/tickets", None).await, 200);
    let mut listed = titles(&page);
    listed.sort_unstable();
    assert_eq!((listed, &page["total"]), (vec!["New laptop", "VPN is down"], &json!(2)));
    let summary = expect(call(&harness, &ann_in_globex, "GET", "/summary", None).await, 200);
    assert_eq!(summary["total"], json!(2));
    assert_eq!(ticket(&harness, &ann_in_globex, id(&hers)).await["ticket"]["title"], json!("New laptop"));
}

/// The module is closed (403) to a company whose role may not view `support`; a public
/// approval route still answers, checking only its body.
async fn a_user_without_the_support_right_is_refused(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let bob = user(&acme, "bob@acme.test").await;
    let created = create(&harness, &acme, json!({ "title": "Printer jams" })).await;
    let mut rights = default_role_rights();
    rights.insert("support".into(), Right { view: false, disabled: false });
    acme.set_rights(&rights).await.expect("rights set");
    let path = format!("/tickets/{}", id(&created));
    let calls = [
        ("GET", "/tickets".to_string(), None),
        ("POST", "/tickets".to_string(), Some(json!({ "title": "Sneaky" }))),
        ("GET", path.clone(), None),
        ("PATCH", path.clone(), Some(json!({ "version": 1, "status": "closed" }))),
        ("POST", format!("{path}/comments"), Some(json!({ "text": "x" }))),
        ("GET", "/sla".to_string(), None),
        ("GET", "/summary".to_string(), None),
        ("GET", "/people".to_string(), None),
    ];
    for (method, path, body) in calls {
        for who in [&acme as &dyn Session, &bob] {
            let reply = call(&harness, who, method, &path, body.clone()).await;
            assert_eq!(message(reply, 403), "Your rights do not allow this module", "{method} {path}");
        }
    }
    let legacy =
        harness.request("POST", "/api/support/approve_request", Some(&bob), Some(json!({}))).await.expect("answered");
    assert_eq!(message(legacy, 400), "person_id is required", "a public route checks no rights, only its body");
}
