//! Who sees what: organiser and attendees, the whole company for company-wide events,
//! never another company.

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, message, user};
use serde_json::json;

use crate::common::{HOUR, JUNE_1, create, load, meeting, range, titles};

autoscope_module_test::on_both_engines!(visibility_and_isolation);

/// Grouped: a private event, a company-wide one, and another company.
async fn visibility_and_isolation(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let ann = user(&acme, "ann@acme.test").await;
    let bob = user(&acme, "bob@acme.test").await;
    let globex = company(&harness, "Globex").await;
    let private = create(&harness, &acme, meeting("1:1", JUNE_1 + 9 * HOUR, &[&ann.id])).await;
    let mut all_hands = meeting("All hands", JUNE_1 + 11 * HOUR, &[]);
    all_hands["visibility"] = json!("company");
    let all_hands = create(&harness, &acme, all_hands).await;
    let day = (JUNE_1, JUNE_1 + 24 * HOUR);

    assert_eq!(titles(&range(&harness, &acme, day.0, day.1).await), vec!["1:1", "All hands"]);
    assert_eq!(titles(&range(&harness, &ann, day.0, day.1).await), vec!["1:1", "All hands"]);
    assert_eq!(titles(&range(&harness, &bob, day.0, day.1).await), vec!["All hands"]);
    let private_path = format!("/events/{}", private["id"].as_str().expect("an id"));
    assert_eq!(message(call(&harness, &bob, "GET", &private_path, None).await, 404), "Event not found");
    assert_eq!(
        message(call(&harness, &bob, "GET", &format!("{private_path}/ics"), None).await, 404),
        "Event not found"
    );
    let seen =
        call(&harness, &bob, "GET", &format!("/events/{}", all_hands["id"].as_str().expect("an id")), None).await;
    assert_eq!(seen.status, 200);

    assert!(range(&harness, &globex, day.0, day.1).await.is_empty());
    for event in [&private, &all_hands] {
        let path = format!("/events/{}", event["id"].as_str().expect("an id"));
        let calls = [
            ("GET", path.clone(), None),
            ("GET", format!("{path}/ics"), None),
            ("PUT", path.clone(), Some(meeting("Taken", JUNE_1, &[]))),
            (
                "POST",
                format!("{path}/move"),
                Some(json!({ "occurrence": null, "scope": "all", "start": JUNE_1, "end": JUNE_1 + HOUR })),
            ),
            ("POST", format!("{path}/answer"), Some(json!({ "answer": "accepted" }))),
            ("DELETE", path.clone(), None),
        ];
        for (method, path, body) in calls {
            let reply = call(&harness, &globex, method, &path, body).await;
            assert_eq!(reply.status, 404, "{method} {path}: {reply:?}");
        }
    }
    let export = call(&harness, &globex, "GET", &format!("/export?from={}&to={}", day.0, day.1), None).await;
    assert!(!export.body["content"].as_str().unwrap_or_default().contains("All hands"));
}
