//! Non-working days: company admins keep them, every member reads them (in /range too).

use autoscope_module_test::Engine;
use autoscope_module_test::shortcuts::{call, company, expect, id, message, user};
use serde_json::json;

use crate::common::{DAY, HOUR, JUNE_1, load};

autoscope_module_test::on_both_engines!(admins_keep_non_working_days);

/// Grouped: create, list, change, delete by an admin; 403 for a member; checks.
async fn admins_keep_non_working_days(engine: Engine) {
    let harness = load(engine).await;
    let acme = company(&harness, "Acme").await;
    let ann = user(&acme, "ann@acme.test").await;
    let holiday = json!({ "name": "Whit Monday", "kind": "holiday", "start": JUNE_1 - 7 * DAY, "end": JUNE_1 - 6 * DAY, "all_day": true });
    let made = expect(call(&harness, &acme, "POST", "/non-working", Some(holiday.clone())).await, 201);
    let window = json!({ "name": "DB upgrade", "kind": "maintenance", "start": JUNE_1 + 20 * HOUR, "end": JUNE_1 + 22 * HOUR, "all_day": false });
    expect(call(&harness, &acme, "POST", "/non-working", Some(window)).await, 201);

    let denied = call(&harness, &ann, "POST", "/non-working", Some(holiday.clone())).await;
    assert_eq!(message(denied, 403), "Only a company admin can change non-working days");
    let path = format!("/non-working/{}", id(&made));
    assert_eq!(
        message(call(&harness, &ann, "DELETE", &path, None).await, 403),
        "Only a company admin can change non-working days"
    );

    let listed = expect(
        call(&harness, &ann, "GET", &format!("/non-working?from={}&to={}", JUNE_1 - 30 * DAY, JUNE_1 + DAY), None)
            .await,
        200,
    );
    let names: Vec<&str> = listed.as_array().expect("a list").iter().filter_map(|n| n["name"].as_str()).collect();
    assert_eq!(names, vec!["Whit Monday", "DB upgrade"]);
    let day =
        expect(call(&harness, &ann, "GET", &format!("/range?from={JUNE_1}&to={}", JUNE_1 + DAY), None).await, 200);
    assert_eq!(day["non_working"][0]["name"], json!("DB upgrade"));

    let mut renamed = holiday.clone();
    renamed["name"] = json!("Pentecost Monday");
    renamed["version"] = made["version"].clone();
    let changed = expect(call(&harness, &acme, "PUT", &path, Some(renamed.clone())).await, 200);
    assert_eq!(changed["name"], json!("Pentecost Monday"));
    assert_eq!(
        message(call(&harness, &acme, "PUT", &path, Some(renamed)).await, 409),
        "Someone else changed this meanwhile; reload it and try again"
    );
    expect(call(&harness, &acme, "DELETE", &path, None).await, 200);
    assert_eq!(message(call(&harness, &acme, "DELETE", &path, None).await, 404), "Non-working day not found");

    let mut partial = holiday;
    partial["start"] = json!(JUNE_1 - 7 * DAY + HOUR);
    let refused = call(&harness, &acme, "POST", "/non-working", Some(partial)).await;
    assert_eq!(message(refused, 400), "A holiday is whole days: all day, from midnight UTC to midnight UTC");
}
