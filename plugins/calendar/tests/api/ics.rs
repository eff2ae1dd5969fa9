//! iCalendar: an event's file, the export of a range, the private feed (read back with the
//! `ical` crate, a parser the plugin does not write with), and import.

use std::io::BufReader;

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect, id, message};
use serde_json::json;

use crate::common::{DAY, HOUR, JUNE_1, create, load, meeting, range, titles};

autoscope_module_test::on_both_engines!(
    files_and_the_feed_read_back,
    files_import_as_events,
    a_busy_feed_is_capped_within_the_limits
);

/// The VEVENTs of an iCalendar text as (UID, SUMMARY, DTSTART, DTEND).
fn vevents(text: &str) -> Vec<(String, String, String, String)> {
    let mut found = Vec::new();
    for calendar in ical::IcalParser::new(BufReader::new(text.as_bytes())) {
        for event in calendar.expect("a valid calendar").events {
            let value = |name: &str| {
                event.properties.iter().find(|p| p.name == name).and_then(|p| p.value.clone()).unwrap_or_default()
            };
            found.push((value("UID"), value("SUMMARY"), value("DTSTART"), value("DTEND")));
        }
    }
    found
}

/// Grouped: one event's file, a range's, the feed made, read, renewed and revoked.
async fn files_and_the_feed_read_back(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let now = harness.now();
    let start = (now / DAY + 1) * DAY + 9 * HOUR;
    let mut body = meeting("Retro; sprint 4, room \"B\"", start, &[]);
    body["recurrence"] =
        json!({ "freq": "daily", "interval": 1, "by_weekday": [], "monthly_by": "date", "until": null, "count": 3 });
    let event = create(&harness, &acme, body).await;
    let event_id = id(&event).to_string();

    let file = expect(
        call(&harness, &acme, "GET", &format!("/events/{event_id}/ics?occurrence={}", start + DAY), None).await,
        200,
    );
    assert!(file["filename"].as_str().expect("a name").ends_with(".ics"));
    let one = vevents(file["content"].as_str().expect("content"));
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].0, format!("{event_id}-{}@autoscope", start + DAY));
    assert_eq!(one[0].1, "Retro\\; sprint 4\\, room \"B\"");
    assert_eq!((one[0].2.clone(), one[0].3.clone()), (utc(start + DAY), utc(start + DAY + HOUR)));

    let export = expect(
        call(&harness, &acme, "GET", &format!("/export?from={}&to={}", start - DAY, start + 10 * DAY), None).await,
        200,
    );
    let all = vevents(export["content"].as_str().expect("content"));
    assert_eq!(
        all.iter().map(|e| e.2.clone()).collect::<Vec<_>>(),
        vec![utc(start), utc(start + DAY), utc(start + 2 * DAY)]
    );

    let none = expect(call(&harness, &acme, "GET", "/feed", None).await, 200);
    assert_eq!(none, json!({ "url": null, "active": false }));
    let made = expect(call(&harness, &acme, "POST", "/feed", None).await, 200);
    let url = made["url"].as_str().expect("a URL").to_string();
    let path = &url[url.find("/feed.ics").expect("the feed's path")..];
    assert!(path.contains(&format!("person_id={}", acme.user_id)), "{path}");
    assert_eq!(expect(call(&harness, &acme, "GET", "/feed", None).await, 200), json!({ "url": null, "active": true }));
    let feed = harness.call_public("GET", path, None).await.expect("the host answers");
    assert_eq!(feed.status, 200, "{feed:?}");
    let feed_events = vevents(feed.body.as_str().expect("iCalendar text"));
    assert_eq!(feed_events.len(), 3);
    assert!(feed_events.iter().all(|e| e.1.starts_with("Retro")));

    let wrong = path.replace("token=", "token=0");
    assert_eq!(harness.call_public("GET", &wrong, None).await.expect("an answer").status, 404);
    let renewed = expect(call(&harness, &acme, "POST", "/feed", None).await, 200);
    assert_ne!(renewed["url"], made["url"]);
    assert_eq!(harness.call_public("GET", path, None).await.expect("an answer").status, 404, "the old URL");
    let renewed = renewed["url"].as_str().expect("a URL").to_string();
    let renewed_path = &renewed[renewed.find("/feed.ics").expect("the feed's path")..];
    assert_eq!(harness.call_public("GET", renewed_path, None).await.expect("an answer").status, 200);
    expect(call(&harness, &acme, "DELETE", "/feed", None).await, 200);
    let revoked = harness.call_public("GET", renewed_path, None).await.expect("an answer");
    assert_eq!(revoked.status, 404, "{revoked:?}");
}

/// A UTC time as iCalendar writes it.
fn utc(time: i64) -> String {
    chrono::DateTime::from_timestamp(time, 0).expect("a time").format("%Y%m%dT%H%M%SZ").to_string()
}

/// Grouped: a file with a series in Berlin, an all-day event, an unsupported rule and a
/// broken event.
async fn files_import_as_events(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let file = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n\
        BEGIN:VEVENT\r\nUID:a\r\nSUMMARY:Stand-up\r\nDTSTART;TZID=Europe/Berlin:20260601T100000\r\n\
        DTEND;TZID=Europe/Berlin:20260601T101500\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4\r\nEND:VEVENT\r\n\
        BEGIN:VEVENT\r\nUID:b\r\nSUMMARY:Whit Monday\r\nDTSTART;VALUE=DATE:20260525\r\nDTEND;VALUE=DATE:20260526\r\nEND:VEVENT\r\n\
        BEGIN:VEVENT\r\nUID:c\r\nSUMMARY:Hourly\r\nDTSTART:20260602T080000Z\r\nDTEND:20260602T083000Z\r\nRRULE:FREQ=HOURLY\r\nEND:VEVENT\r\n\
        BEGIN:VEVENT\r\nUID:d\r\nSUMMARY:No start\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    let result = expect(call(&harness, &acme, "POST", "/import", Some(json!({ "content": file }))).await, 200);
    assert_eq!(result["imported"], json!(3));
    assert_eq!(result["skipped"], json!(["No start: no start"]));
    let found = range(&harness, &acme, JUNE_1 - 7 * DAY, JUNE_1 + 10 * DAY).await;
    assert_eq!(titles(&found), vec!["Whit Monday", "Stand-up", "Hourly", "Stand-up", "Stand-up", "Stand-up"]);
    // 10:00 in Berlin in summer is 08:00 UTC.
    assert_eq!(found[1]["start"], json!(JUNE_1 + 8 * HOUR));
    assert_eq!(found[0]["all_day"], json!(true));
    let bad = call(&harness, &acme, "POST", "/import", Some(json!({ "content": "not a calendar" }))).await;
    assert_eq!(message(bad, 400), "This is not an iCalendar file");
}

/// Six endless daily series over the feed's 395 days: 2,000 occurrences at most, within
/// the plugin's fuel, memory and answer limits.
async fn a_busy_feed_is_capped_within_the_limits(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    // One instant for the series and the week: the harness clock is the wall clock, and a
    // second passing between them let an eighth occurrence in.
    let now = harness.now();
    for n in 0..6 {
        let mut body =
            meeting(&format!("Daily {n} with a longer title to make the feed heavier"), now - 40 * DAY + n * HOUR, &[]);
        body["description"] = json!("Agenda: ".repeat(40));
        body["recurrence"] = json!({ "freq": "daily", "interval": 1, "by_weekday": [], "monthly_by": "date", "until": null, "count": null });
        create(&harness, &acme, body).await;
    }
    let made = expect(call(&harness, &acme, "POST", "/feed", None).await, 200);
    let url = made["url"].as_str().expect("a URL");
    let feed =
        harness.call_public("GET", &url[url.find("/feed.ics").expect("the path")..], None).await.expect("an answer");
    assert_eq!(feed.status, 200, "{:?}", feed.body.as_str().map(|text| &text[..text.len().min(300)]));
    assert_eq!(vevents(feed.body.as_str().expect("iCalendar text")).len(), 2000);
    let week = range(&harness, &acme, now, now + 7 * DAY).await;
    assert_eq!(week.len(), 42);
}
