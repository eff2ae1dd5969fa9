//! Reminders: the schedule sends each due reminder once, by bell and mail, to the
//! organiser and the attendees who did not decline.

use std::time::Duration;

use autoscope_module_test::shortcuts::{call, company, expect, id, stored, user};
use autoscope_module_test::{Engine, Harness, Session};
use serde_json::json;

use crate::common::{create, load, meeting};

autoscope_module_test::on_both_engines!(a_due_reminder_is_sent_once);

async fn reminder_bells(harness: &Harness, who: &dyn Session) -> usize {
    let bells = harness.notifications(who).await.expect("notifications");
    bells.iter().filter(|n| n.message.starts_with("Reminder: Demo")).count()
}

/// Grouped: not before it is due, then once (bell and mail), not to a decliner, not again
/// on later runs nor after a restart, and not after the start.
async fn a_due_reminder_is_sent_once(engine: Engine) {
    let mut harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let ann = user(&acme, "ann@acme.test").await;
    let bob = user(&acme, "bob@acme.test").await;
    // Starts in 30 minutes (on a whole minute), reminders 15 minutes and 1 day before.
    let start = (harness.now() / 60 + 30) * 60;
    let mut body = meeting("Demo", start, &[&ann.id, &bob.id]);
    body["reminders"] = json!([15, 1440]);
    let event = create(&harness, &acme, body).await;
    let answer = format!("/events/{}/answer", id(&event));
    expect(call(&harness, &bob, "POST", &answer, Some(json!({ "answer": "declined" }))).await, 200);

    harness.run_schedules().await.expect("the schedule runs");
    // The day-before reminder was found late but before the start: it goes now.
    assert_eq!(reminder_bells(&harness, &acme).await, 1);
    assert_eq!(reminder_bells(&harness, &ann).await, 1);
    assert_eq!(reminder_bells(&harness, &bob).await, 0, "declined");

    harness.advance(Duration::from_secs(16 * 60));
    harness.run_schedules().await.expect("the schedule runs");
    assert_eq!(reminder_bells(&harness, &acme).await, 2, "the 15-minute reminder");
    assert_eq!(reminder_bells(&harness, &ann).await, 2);
    let mails = harness.mails_to("ann@acme.test").await.expect("mails");
    assert_eq!(mails.iter().filter(|m| m.subject.starts_with("Reminder: Demo at ")).count(), 2, "{mails:?}");
    let link = format!("/Calendar?event={}", id(&event));
    assert!(mails.iter().all(|m| m.text_body.trim_end().ends_with(&link)), "the mail opens the event: {mails:?}");

    for _ in 0..3 {
        harness.advance(Duration::from_secs(61));
        harness.run_schedules().await.expect("the schedule runs");
    }
    assert_eq!(reminder_bells(&harness, &acme).await, 2, "each reminder once");
    // A restarted host knows only what was stored: it sends neither again, and sends a
    // reminder that came due since.
    harness.restart().await.expect("the host starts again");
    let mut standup = meeting("Standup", (harness.now() / 60 + 10) * 60, &[]);
    standup["reminders"] = json!([15]);
    create(&harness, &acme, standup).await;
    harness.advance(Duration::from_secs(61));
    harness.run_schedules().await.expect("the schedule runs");
    assert_eq!(reminder_bells(&harness, &acme).await, 2, "none again after a restart");
    let bells = harness.notifications(&acme).await.expect("notifications");
    assert_eq!(bells.iter().filter(|n| n.message.starts_with("Reminder: Standup")).count(), 1, "{bells:?}");
    assert_eq!(stored(&harness, &acme, "calendar.reminders_sent", "event_id", id(&event)).await, 2);

    // An event that already started gets no reminder.
    let mut late = meeting("Demo late", harness.now() - 60, &[]);
    late["reminders"] = json!([5]);
    create(&harness, &acme, late).await;
    harness.advance(Duration::from_secs(61));
    harness.run_schedules().await.expect("the schedule runs");
    let bells = harness.notifications(&acme).await.expect("notifications");
    assert!(!bells.iter().any(|n| n.message.contains("Demo late")), "{bells:?}");
}
