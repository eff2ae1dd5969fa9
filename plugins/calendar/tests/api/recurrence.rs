//! Series through the API: expansion in the event's zone, and changes to one occurrence,
//! the following ones or all.

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect, id, message};
use serde_json::{Value, json};

use crate::common::{DAY, HOUR, create, load, range, starts, titles};

autoscope_module_test::on_both_engines!(a_weekly_series_keeps_its_local_time, scopes_reach_one_following_or_all);

/// Monday 2026-03-23 10:00 in Berlin (09:00 UTC).
const MARCH_23_TEN: i64 = 1_774_256_400;

fn weekly(title: &str, count: Option<u32>) -> Value {
    json!({
        "title": title, "description": "", "location": "", "start": MARCH_23_TEN, "end": MARCH_23_TEN + HOUR,
        "all_day": false, "time_zone": "Europe/Berlin", "category": "meeting", "visibility": "attendees",
        "attendees": [], "links": [],
        "recurrence": { "freq": "weekly", "interval": 1, "by_weekday": ["MO", "WE"], "monthly_by": "date", "until": null, "count": count },
        "reminders": [],
    })
}

/// Across 2026-03-29 the UTC time moves an hour earlier and the local time stays.
async fn a_weekly_series_keeps_its_local_time(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    create(&harness, &acme, weekly("Sync", None)).await;
    let found = range(&harness, &acme, MARCH_23_TEN - HOUR, MARCH_23_TEN + 10 * DAY).await;
    // Mon 23 and Wed 25 at 09:00 UTC (CET), Mon 30 and Wed 1 April at 08:00 UTC (CEST).
    let expected =
        vec![MARCH_23_TEN, MARCH_23_TEN + 2 * DAY, MARCH_23_TEN + 7 * DAY - HOUR, MARCH_23_TEN + 9 * DAY - HOUR];
    assert_eq!(starts(&found), expected);
    assert!(found.iter().all(|o| o["recurring"] == json!(true) && o["occurrence"] == o["start"]));
}

/// Grouped: this (edit, move, cancel), following (split, end), all.
async fn scopes_reach_one_following_or_all(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let series = create(&harness, &acme, weekly("Sync", Some(6))).await;
    let path = format!("/events/{}", id(&series));
    let (from, to) = (MARCH_23_TEN - HOUR, MARCH_23_TEN + 30 * DAY);
    let all = starts(&range(&harness, &acme, from, to).await);
    assert_eq!(all.len(), 6);
    let second = all[1];

    // This: the second occurrence gets its own title; it is "changed", the others are not.
    let mut body = weekly("Sync (room B)", Some(6));
    body["start"] = json!(second);
    body["end"] = json!(second + HOUR);
    let edited =
        expect(call(&harness, &acme, "PUT", &format!("{path}?scope=this&occurrence={second}"), Some(body)).await, 200);
    assert_eq!((edited["title"].clone(), edited["occurrence"].clone()), (json!("Sync (room B)"), json!(second)));
    let found = range(&harness, &acme, from, to).await;
    assert_eq!(titles(&found)[..3], ["Sync", "Sync (room B)", "Sync"]);
    assert_eq!(found[1]["changed"], json!(true));

    // Move the third an hour later; cancel the fourth.
    let third = all[2];
    let moved = json!({ "occurrence": third, "scope": "this", "start": third + HOUR, "end": third + 2 * HOUR });
    expect(call(&harness, &acme, "POST", &format!("{path}/move"), Some(moved)).await, 200);
    expect(call(&harness, &acme, "DELETE", &format!("{path}?scope=this&occurrence={}", all[3]), None).await, 200);
    let found = range(&harness, &acme, from, to).await;
    assert_eq!(starts(&found), vec![all[0], all[1], third + HOUR, all[4], all[5]]);
    assert_eq!(found[2]["occurrence"], json!(third));
    let gone = call(&harness, &acme, "GET", &format!("{path}?occurrence={}", all[3]), None).await;
    assert_eq!(message(gone, 404), "This occurrence is not part of the series");
    let wrong = call(&harness, &acme, "DELETE", &format!("{path}?scope=this&occurrence={}", all[3] + 60), None).await;
    assert_eq!(message(wrong, 404), "This occurrence is not part of the series");

    // Following from the fifth: a new series renamed; the old one ends before it.
    let mut body = weekly("Sync v2", Some(2));
    body["start"] = json!(all[4]);
    body["end"] = json!(all[4] + HOUR);
    let split = expect(
        call(&harness, &acme, "PUT", &format!("{path}?scope=following&occurrence={}", all[4]), Some(body)).await,
        200,
    );
    assert_ne!(split["id"], series["id"]);
    let found = range(&harness, &acme, from, to).await;
    assert_eq!(titles(&found), vec!["Sync", "Sync (room B)", "Sync", "Sync v2", "Sync v2"]);
    assert_eq!(starts(&found)[3..], [all[4], all[5]]);

    // Delete following from the second of the old series: only the first stays of it.
    expect(call(&harness, &acme, "DELETE", &format!("{path}?scope=following&occurrence={}", all[1]), None).await, 200);
    let found = range(&harness, &acme, from, to).await;
    assert_eq!(titles(&found), vec!["Sync", "Sync v2", "Sync v2"]);

    // All: the new series goes entirely.
    let split_path = format!("/events/{}", id(&split));
    expect(call(&harness, &acme, "DELETE", &format!("{split_path}?scope=all"), None).await, 200);
    assert_eq!(titles(&range(&harness, &acme, from, to).await), vec!["Sync"]);
}
