//! Live pushes: `calendar.changed` reaches the people an event concerns (everyone for a
//! company-wide one), `calendar.non_working` the company.

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect, id, user};
use serde_json::{Value, json};

use crate::common::{DAY, HOUR, JUNE_1, create, load, meeting};

autoscope_module_test::on_both_engines!(changes_are_pushed_to_the_people_concerned);

/// The `calendar.*` messages among `events`.
fn calendar(events: Vec<(String, Value)>) -> Vec<(String, Value)> {
    events.into_iter().filter(|(channel, _)| channel.starts_with("calendar.")).collect()
}

/// Grouped: a private event (attendee hears it, another member and another company do
/// not), a company-wide one (everyone of the company), a non-working day.
async fn changes_are_pushed_to_the_people_concerned(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let ann = user(&acme, "ann@acme.test").await;
    let bob = user(&acme, "bob@acme.test").await;
    let globex = company(&harness, "Globex").await;
    let mut anns = harness.listen(&ann).await.expect("ann listens");
    let mut bobs = harness.listen(&bob).await.expect("bob listens");
    let mut globexs = harness.listen(&globex).await.expect("globex listens");

    let private = create(&harness, &acme, meeting("1:1", JUNE_1 + 9 * HOUR, &[&ann.id])).await;
    assert_eq!(
        calendar(anns.drain().await),
        vec![("calendar.changed".to_string(), json!({ "event_id": id(&private) }))]
    );
    assert_eq!(calendar(bobs.drain().await), vec![]);

    let mut all_hands = meeting("All hands", JUNE_1 + 11 * HOUR, &[]);
    all_hands["visibility"] = json!("company");
    let all_hands = create(&harness, &acme, all_hands).await;
    let expected = vec![("calendar.changed".to_string(), json!({ "event_id": id(&all_hands) }))];
    assert_eq!(calendar(bobs.drain().await), expected);
    assert_eq!(calendar(anns.drain().await), expected);

    let holiday = json!({ "name": "Whit Monday", "kind": "holiday", "start": JUNE_1 - 7 * DAY, "end": JUNE_1 - 6 * DAY, "all_day": true });
    expect(call(&harness, &acme, "POST", "/non-working", Some(holiday)).await, 201);
    assert_eq!(calendar(bobs.drain().await), vec![("calendar.non_working".to_string(), json!({}))]);
    assert_eq!(calendar(globexs.drain().await), vec![]);
}
