//! Events: create, read, change, delete; invitations, answers and their bells.

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect, id, message, user};
use serde_json::json;

use crate::common::{HOUR, JUNE_1, create, load, meeting, range, titles};

autoscope_module_test::on_both_engines!(
    events_are_created_changed_and_deleted,
    invitations_are_answered,
    input_is_checked
);

/// Grouped: create, read, update with a version, move, delete.
async fn events_are_created_changed_and_deleted(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let event = create(&harness, &acme, meeting("Planning", JUNE_1 + 9 * HOUR, &[])).await;
    let path = format!("/events/{}", id(&event));
    assert_eq!((event["title"].clone(), event["can_edit"].clone()), (json!("Planning"), json!(true)));
    assert_eq!(event["organiser"]["user_id"], json!(acme.user_id));
    assert_eq!(event["organiser"]["answer"], json!("accepted"));
    assert_eq!(event["occurrence"], json!(JUNE_1 + 9 * HOUR));
    let read = expect(call(&harness, &acme, "GET", &path, None).await, 200);
    assert_eq!(read, event);

    let mut body = meeting("Planning Q3", JUNE_1 + 10 * HOUR, &[]);
    body["version"] = event["version"].clone();
    body["location"] = json!("https://meet.example.com/q3");
    let changed = expect(call(&harness, &acme, "PUT", &path, Some(body.clone())).await, 200);
    assert_eq!((changed["title"].clone(), changed["start"].clone()), (json!("Planning Q3"), json!(JUNE_1 + 10 * HOUR)));
    let stale = call(&harness, &acme, "PUT", &path, Some(body)).await;
    assert_eq!(message(stale, 409), "Someone else changed this meanwhile; reload it and try again");

    let moved = json!({ "occurrence": null, "scope": "all", "start": JUNE_1 + 14 * HOUR, "end": JUNE_1 + 16 * HOUR });
    let moved = expect(call(&harness, &acme, "POST", &format!("{path}/move"), Some(moved)).await, 200);
    assert_eq!((moved["start"].clone(), moved["end"].clone()), (json!(JUNE_1 + 14 * HOUR), json!(JUNE_1 + 16 * HOUR)));
    let day = range(&harness, &acme, JUNE_1, JUNE_1 + 24 * HOUR).await;
    assert_eq!(titles(&day), vec!["Planning Q3"]);
    assert_eq!(day[0]["start"], json!(JUNE_1 + 14 * HOUR));

    expect(call(&harness, &acme, "DELETE", &path, None).await, 200);
    assert_eq!(message(call(&harness, &acme, "GET", &path, None).await, 404), "Event not found");
    assert!(range(&harness, &acme, JUNE_1, JUNE_1 + 24 * HOUR).await.is_empty());
}

/// Grouped: attendees get a bell, answer, the organiser sees the answers and gets bells;
/// only the organiser changes the event, only attendees answer.
async fn invitations_are_answered(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let ann = user(&acme, "ann@acme.test").await;
    let bob = user(&acme, "bob@acme.test").await;
    let carl = user(&acme, "carl@acme.test").await;
    let event = create(&harness, &acme, meeting("Review", JUNE_1 + 9 * HOUR, &[&ann.id, &bob.id])).await;
    let path = format!("/events/{}", id(&event));
    let bells = harness.notifications(&ann).await.expect("notifications");
    let invited = bells.iter().find(|n| n.message.contains("invited you to Review"));
    assert_eq!(invited.and_then(|n| n.link.clone()), Some(format!("/Calendar?event={}", id(&event))), "{bells:?}");

    let answered = expect(
        call(&harness, &ann, "POST", &format!("{path}/answer"), Some(json!({ "answer": "accepted" }))).await,
        200,
    );
    assert_eq!(answered["my_answer"], json!("accepted"));
    assert_eq!(answered["can_edit"], json!(false));
    expect(call(&harness, &bob, "POST", &format!("{path}/answer"), Some(json!({ "answer": "declined" }))).await, 200);
    let seen = expect(call(&harness, &acme, "GET", &path, None).await, 200);
    let answers: Vec<(String, String)> = seen["attendees"]
        .as_array()
        .expect("attendees")
        .iter()
        .map(|a| {
            (a["email"].as_str().unwrap_or_default().to_string(), a["answer"].as_str().unwrap_or_default().to_string())
        })
        .collect();
    assert!(answers.contains(&("ann@acme.test".into(), "accepted".into())), "{answers:?}");
    assert!(answers.contains(&("bob@acme.test".into(), "declined".into())), "{answers:?}");
    let bells = harness.notifications(&acme).await.expect("notifications");
    assert!(bells.iter().any(|n| n.message.ends_with("accepted Review")), "{bells:?}");
    assert!(bells.iter().any(|n| n.message.ends_with("declined Review")), "{bells:?}");
    let mine = range(&harness, &ann, JUNE_1, JUNE_1 + 24 * HOUR).await;
    assert_eq!(mine[0]["my_answer"], json!("accepted"));

    let answer = call(&harness, &carl, "POST", &format!("{path}/answer"), Some(json!({ "answer": "accepted" }))).await;
    assert_eq!(message(answer, 404), "Event not found");
    let change = call(&harness, &ann, "PUT", &path, Some(meeting("Mine now", JUNE_1, &[]))).await;
    assert_eq!(message(change, 403), "Only the organiser can change this event");
    let delete = call(&harness, &ann, "DELETE", &path, None).await;
    assert_eq!(message(delete, 403), "Only the organiser can change this event");
    let organiser =
        call(&harness, &acme, "POST", &format!("{path}/answer"), Some(json!({ "answer": "accepted" }))).await;
    assert_eq!(message(organiser, 403), "Only an invited person can answer");
}

/// Grouped: bad input answers 400 with its message.
async fn input_is_checked(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let globex = company(&harness, "Globex").await;
    let cases = [
        (json!({ "title": " " }), "A title is required"),
        (json!({ "end": JUNE_1 }), "The end must be after the start"),
        (json!({ "end": JUNE_1 + 15 * 24 * HOUR }), "An event may last at most 14 days"),
        (json!({ "time_zone": "Mars/Olympus" }), "Unknown time zone"),
        (json!({ "all_day": true }), "An all-day event starts and ends at midnight UTC"),
        (json!({ "attendees": [globex.user_id] }), "Someone chosen is not a member of the company"),
        (
            json!({ "reminders": [10, 10] }),
            "A reminder is 0 to 40,320 minutes (4 weeks) before the start, each one once",
        ),
        (
            json!({ "recurrence": { "freq": "daily", "interval": 1, "by_weekday": [], "monthly_by": "date", "until": "2026-06-10", "count": 3 } }),
            "Choose an end date or a number of times, not both",
        ),
        (
            json!({ "recurrence": { "freq": "daily", "interval": 0, "by_weekday": [], "monthly_by": "date", "until": null, "count": null } }),
            "Repeat every 1 to 99 periods",
        ),
    ];
    for (change, expected) in cases {
        let mut body = meeting("Checked", JUNE_1 + 9 * HOUR, &[]);
        for (key, value) in change.as_object().expect("an object") {
            body[key] = value.clone();
        }
        assert_eq!(message(call(&harness, &acme, "POST", "/events", Some(body)).await, 400), expected);
    }
    let long =
        call(&harness, &acme, "GET", &format!("/range?from={JUNE_1}&to={}", JUNE_1 + 101 * 24 * HOUR), None).await;
    assert_eq!(message(long, 400), "A range may be at most 100 days");
}
